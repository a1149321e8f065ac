// The Chromium command line: Playwright's disabled features survive ours (Chromium honours only the
// last --disable-features), and a new context no longer loads the browser window's omnibox WebUI.
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../backend/src/agent/browser.js';

/** The command lines of the Chromium browser processes (not their helpers) started by this process. */
function browserCommandLines(): string[][] {
  const parents = new Map<number, number>();
  const lines = new Map<number, string[]>();
  for (const entry of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      lines.set(Number(entry), fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0'));
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number) => {
    for (let p = parents.get(pid); p && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...lines]
    .filter(
      ([pid, args]) =>
        ours(pid) && args.includes('--remote-debugging-pipe') && !args.some((a) => a.startsWith('--type=')),
    )
    .map(([, args]) => args);
}

describe('Chromium command line', function () {
  this.timeout(60_000);
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
  });
  after(async () => {
    await browser?.close();
  });

  it('keeps every feature Playwright disables in the one --disable-features Chromium reads (the last)', () => {
    const withPipe = browserCommandLines();
    expect(withPipe.length, 'the browser process of this test').to.be.at.least(1);
    const args = withPipe.at(-1)!;
    const lists = args
      .filter((a) => a.startsWith('--disable-features='))
      .map((a) => a.slice('--disable-features='.length).split(',').filter(Boolean));
    expect(lists.length).to.be.at.least(1);
    const honoured = new Set(lists.at(-1));
    const dropped = lists.flat().filter((feature) => !honoured.has(feature));
    expect(
      dropped,
      'features Playwright disables that our --disable-features would switch back on: add them to PLAYWRIGHT_DISABLED_FEATURES in backend/src/agent/chromium-args.ts',
    ).to.deep.equal([]);
    expect([...honoured]).to.include.members(['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  });

  it('opens no browser-UI pages (the omnibox popups) for a new context', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent('<h1>Hello</h1>');
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets');
      await cdp.detach();
      const ui = targetInfos.filter((t) => t.url.startsWith('chrome://')).map((t) => `${t.type} ${t.url}`);
      expect(
        ui,
        'Chromium renamed a feature? Find it with `strings /usr/lib/chromium/chromium | grep WebUIOmnibox`',
      ).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });
});
