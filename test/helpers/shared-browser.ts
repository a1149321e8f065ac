// One Chromium per test process, for the files that need a browser to open pages in and not a
// browser of their own: mocha's workers run file after file, and a launch and a close cost seconds
// each on a busy machine. A file makes its own contexts and closes them (what it leaves open is
// closed after it by the root hooks); none closes the browser, which ends with the process
// (Playwright kills what it launched on exit). A test of the browser itself (its launch, its crash,
// its arguments, its events) launches its own.
import type { Browser } from 'playwright-core';

let launched: Promise<Browser> | null = null;

/** This process's Chromium: launched on first use, and again if it went away. */
export function sharedBrowser(): Promise<Browser> {
  // Each call waits for the one before: two at once share one launch.
  const previous = launched;
  launched = (async () => {
    const browser = await previous?.catch(() => null);
    if (browser?.isConnected()) return browser;
    // (Imported here: the root hooks load this file in every test process, most of which open no page.)
    const { launchBrowser } = await import('../../backend/src/agent/browser.js');
    return launchBrowser({ chromiumPath: null, wsEndpoint: null });
  })();
  return launched;
}

/** Closes every context left open in the shared browser: what one file made never reaches the next. */
export async function closeContexts(): Promise<void> {
  const browser = await launched?.catch(() => null);
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => {})));
}
