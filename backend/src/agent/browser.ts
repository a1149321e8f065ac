// The browser port: one Chromium per worker process (local, or remote through a WebSocket endpoint),
// a fresh context per test case with the effective device preset, and browser state that includes
// sessionStorage (Playwright's storageState has none).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { DevicePresetRecord } from '../app/ports/test-executor.js';

import { CHROMIUM_ARGS } from './chromium-args.js';

export const DEFAULT_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export interface BrowserOptions {
  chromiumPath: string | null;
  wsEndpoint: string | null;
}

export async function launchBrowser(options: BrowserOptions): Promise<Browser> {
  if (options.wsEndpoint) return connectRemote(options.wsEndpoint);
  const fs = await import('node:fs');
  const executablePath = options.chromiumPath ?? DEFAULT_CHROMIUM_PATHS.find((p) => fs.existsSync(p));
  if (!executablePath) {
    throw new Error(
      'No Chromium found. Install the `chromium` package (apt-get install chromium), set GOALIE_CHROMIUM_PATH, or set GOALIE_BROWSER_WS_ENDPOINT to a remote browser.',
    );
  }
  // Goalie shuts down on SIGINT and SIGTERM itself (docs/operations.md, Graceful shutdown) and closes
  // the browser last; Playwright's own handlers would close it first, and on SIGINT exit with 130
  // in the middle of the shutdown, leaving the embedded PostgreSQL running.
  return chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
}

/**
 * A remote browser (Browserless, a Playwright browser server). Its address may carry a token
 * (`wss://…?token=…`): what a failure says, which reaches test case results, never shows it.
 */
async function connectRemote(endpoint: string): Promise<Browser> {
  try {
    return await chromium.connect(endpoint, { timeout: 30_000 });
  } catch (error) {
    const shown = redactEndpoint(endpoint);
    const reason = ((error as Error).message ?? String(error)).split('\n')[0]!.split(endpoint).join(shown);
    // No `cause`: Playwright's error quotes the endpoint, token included, and would carry it into logs.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `Could not connect to the remote browser at ${shown} (GOALIE_BROWSER_WS_ENDPOINT): ${reason}. Check that it runs and that this worker can reach it.`,
    );
  }
}

/** The endpoint without credentials: user, password and query values hidden. */
export function redactEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    if (url.username) url.username = '***';
    if (url.password) url.password = '***';
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, '***');
    return url.toString().replace(/%2A%2A%2A/g, '***');
  } catch {
    return 'the configured address';
  }
}

/** The effective device preset of a test case (its shape is the executor port's). */
export type DevicePreset = DevicePresetRecord;

/** Cookies, localStorage and sessionStorage per origin, and where it ended: what Resume From carries over. */
export interface BrowserState {
  /** The page the test case ended on: a test case that resumes from it starts there. */
  url?: string;
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>;
  origins: {
    origin: string;
    localStorage: { name: string; value: string }[];
    sessionStorage: { name: string; value: string }[];
  }[];
}

/** `guarded`: the network guard's options for the context (NetworkGuard.contextOptions), which take precedence. */
export async function newContext(
  browser: Browser,
  preset: DevicePreset | null,
  state?: BrowserState,
  guarded: Pick<BrowserContextOptions, 'proxy'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: preset?.viewportWidth ?? 1280, height: preset?.viewportHeight ?? 800 },
    locale: preset?.locale ?? undefined,
    timezoneId: preset?.timezone ?? undefined,
    userAgent: preset?.userAgent ?? undefined,
    extraHTTPHeaders: preset?.extraHeaders && Object.keys(preset.extraHeaders).length ? preset.extraHeaders : undefined,
    colorScheme: preset?.colorScheme ?? undefined,
    storageState: state
      ? {
          cookies: state.cookies,
          origins: state.origins.map((o) => ({ origin: o.origin, localStorage: o.localStorage })),
        }
      : undefined,
    ...guarded,
  });
  if (state) {
    // sessionStorage is per tab; restore it before any page script runs, once per origin.
    const sessions = Object.fromEntries(
      state.origins.filter((o) => o.sessionStorage.length).map((o) => [o.origin, o.sessionStorage]),
    );
    if (Object.keys(sessions).length) {
      await context.addInitScript((all: Record<string, { name: string; value: string }[]>) => {
        const items = all[location.origin];
        const marker = '__goalie_session_restored__';
        if (!items || sessionStorage.getItem(marker)) return;
        for (const { name, value } of items) sessionStorage.setItem(name, value);
        sessionStorage.setItem(marker, '1');
      }, sessions);
    }
  }
  return context;
}

/** The state of `context`, with the sessionStorage of every open page's origin. */
export async function captureState(context: BrowserContext): Promise<BrowserState> {
  const storage = await context.storageState();
  const sessions = new Map<string, { name: string; value: string }[]>();
  for (const page of context.pages()) {
    const captured = await readSessionStorage(page);
    if (captured) sessions.set(captured.origin, captured.items);
  }
  const origins = new Map(
    storage.origins.map((o) => [
      o.origin,
      { origin: o.origin, localStorage: o.localStorage, sessionStorage: [] as { name: string; value: string }[] },
    ]),
  );
  for (const [origin, items] of sessions) {
    const entry = origins.get(origin) ?? { origin, localStorage: [], sessionStorage: [] };
    entry.sessionStorage = items;
    origins.set(origin, entry);
  }
  const url = context.pages().at(-1)?.url();
  return { ...(url && /^https?:/.test(url) ? { url } : {}), cookies: storage.cookies, origins: [...origins.values()] };
}

async function readSessionStorage(
  page: Page,
): Promise<{ origin: string; items: { name: string; value: string }[] } | null> {
  try {
    return await page.evaluate(() => {
      if (location.origin === 'null') return null;
      const items: { name: string; value: string }[] = [];
      for (let i = 0; i < sessionStorage.length; i++) {
        const name = sessionStorage.key(i)!;
        if (name !== '__goalie_session_restored__') items.push({ name, value: sessionStorage.getItem(name) ?? '' });
      }
      return { origin: location.origin, items };
    });
  } catch {
    return null;
  }
}
