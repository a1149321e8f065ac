// The Explorer port over Playwright: each exploration crawls in a fresh browser context of a browser
// it is given (the composition root decides whether that is a local Chromium or a remote one), and
// closes the context when it ends, whether it finished, ran out of time or was aborted.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { ExplorationOptions, ExplorationResult, Explorer } from '../app/ports/explorer.js';
import type { ProjectNetworkSettings } from '../app/ports/test-executor.js';
import { Budget } from './budget.js';
import { crawl, type CrawlSettings } from './crawl.js';
import { refusedRequestFinding } from './findings.js';
import { mergeFindings } from './merge-findings.js';
import { settleWithin } from '../settle-within.js';

export interface PlaywrightExplorerOptions {
  /** How long one page may take to load; a slower page is read as far as it got. Default 15 s. */
  pageTimeoutMs?: number;
  /** How long axe-core may take on one page. Default 15 s. */
  axeTimeoutMs?: number;
  /** How long one link check may take. Default 10 s. */
  linkTimeoutMs?: number;
  /** Distinct links checked per exploration, at most. Default 200. */
  maxLinkChecks?: number;
  /** Link checks in flight at once. Default 4. */
  linkCheckConcurrency?: number;
  /** Query variants of one path taken, at most. Default 3. */
  maxQueryVariants?: number;
  /** Extra options for the exploration's context: HTTP credentials, extra headers, a user agent... */
  contextOptions?: BrowserContextOptions;
  /** Keeps each exploration's browser from what its project may not reach (docs/security.md); absent: no checks. */
  guard?: (project: ProjectNetworkSettings | undefined) => ExplorationGuard;
}

/** The network guard (agent/network-guard.ts), handed in by the composition root. */
export interface ExplorationGuard {
  /** Why the browser may not go to `url`; null also for Goalie's own ports, which it finds closed. */
  refusal(url: string): Promise<string | null>;
  /** The same for a request made from Node (context.request): the link checks. */
  requestRefusal(url: string): Promise<string | null>;
  /** What the context must be created with (its proxy), then `protect` it; `close` once it is closed. */
  contextOptions(): Promise<Pick<BrowserContextOptions, 'proxy'>>;
  protect(context: BrowserContext): Promise<void>;
  close(): Promise<void>;
  /** A browser error message naming the real cause of a request its proxy could not complete. */
  explain(message: string): string;
  readonly refusals: readonly { url: string; reason: string }[];
}

const DEFAULTS = {
  pageTimeoutMs: 15_000,
  axeTimeoutMs: 15_000,
  linkTimeoutMs: 10_000,
  maxLinkChecks: 200,
  linkCheckConcurrency: 4,
  maxQueryVariants: 3,
};

const CLOSE_TIMEOUT_MS = 5_000;

export class PlaywrightExplorer implements Explorer {
  private readonly options: Required<Omit<PlaywrightExplorerOptions, 'contextOptions' | 'guard'>> & {
    contextOptions: BrowserContextOptions;
    guard: PlaywrightExplorerOptions['guard'];
  };

  constructor(
    private readonly getBrowser: () => Promise<Browser>,
    options: PlaywrightExplorerOptions = {},
  ) {
    this.options = {
      ...DEFAULTS,
      ...withoutUndefined(options),
      contextOptions: options.contextOptions ?? {},
      guard: options.guard,
    };
  }

  async explore(options: ExplorationOptions): Promise<ExplorationResult> {
    const started = Date.now();
    const origin = checkOptions(options);
    const guard = this.options.guard?.(options.network) ?? null;
    const refused = await guard?.refusal(options.startUrl);
    if (refused) throw new Error(`Cannot explore ${options.startUrl}: ${refused}.`);
    const budget = new Budget(options.maxDurationMs, options.signal);
    const result = (outcome: Omit<ExplorationResult, 'durationMs'>): ExplorationResult => ({
      ...outcome,
      durationMs: Date.now() - started,
    });
    const nothing = { pagesVisited: [], findings: [], unreachable: false };

    try {
      const browser = await budget.bounded(this.getBrowser());
      if (!browser.done) return result(nothing);
      // The guard's options come last: nothing configured may take its proxy away.
      const opened = await budget.bounded(
        (async () =>
          browser.value.newContext({
            viewport: { width: 1280, height: 800 },
            serviceWorkers: 'block',
            ...this.options.contextOptions,
            ...(await guard?.contextOptions()),
          }))(),
      );
      if (!opened.done) return result(nothing);
      const context = opened.value;
      try {
        await guard?.protect(context);
        const settings: CrawlSettings = {
          ...this.options,
          origin,
          maxPages: options.maxPages,
          refusal: guard ? (url) => guard.requestRefusal(url) : undefined,
        };
        const outcome = await crawl(context, options.startUrl, budget, settings);
        const refusals = (guard?.refusals ?? []).map((r) =>
          refusedRequestFinding(outcome.pagesVisited.at(-1) ?? options.startUrl, r.url, r.reason),
        );
        // A page the guard's proxy could not reach reads as the browser's own network error.
        const findings = guard
          ? outcome.findings.map((f) => ({ ...f, evidence: guard.explain(f.evidence) }))
          : outcome.findings;
        return result({
          pagesVisited: outcome.pagesVisited,
          findings: mergeFindings([...findings, ...refusals]),
          unreachable: outcome.unreachable,
        });
      } finally {
        await closeWithin(context, CLOSE_TIMEOUT_MS);
      }
    } finally {
      await guard?.close();
    }
  }
}

/** The origin to explore; throws a clear error on options no exploration can run with. */
function checkOptions(options: ExplorationOptions): string {
  let url: URL;
  try {
    url = new URL(options.startUrl);
  } catch {
    throw new Error(
      `Cannot explore "${options.startUrl}": not a URL. Give an absolute http(s) URL such as https://preview.example.com/.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Cannot explore "${options.startUrl}": only http and https URLs can be explored.`);
  if (!Number.isInteger(options.maxPages) || options.maxPages < 1)
    throw new Error(`maxPages must be a whole number of at least 1, not ${options.maxPages}.`);
  if (!Number.isFinite(options.maxDurationMs) || options.maxDurationMs <= 0)
    throw new Error(`maxDurationMs must be a positive number of milliseconds, not ${options.maxDurationMs}.`);
  return url.origin;
}

async function closeWithin(context: BrowserContext, ms: number): Promise<void> {
  await settleWithin(
    context.close().catch(() => {}),
    ms,
    () => undefined,
  );
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
