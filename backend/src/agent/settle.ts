// After an action that may navigate or load data: wait until the page's network has been quiet for
// a moment and the document has loaded, bounded by a deadline. Requests that began before the
// action (long polls, streams) do not count.
import type { Page, Request } from 'playwright-core';

const IGNORED_TYPES = new Set(['websocket', 'eventsource', 'manifest', 'ping', 'beacon']);

class NetworkTracker {
  private readonly started = new Map<Request, number>();
  private lastActivity = Date.now();
  lastRequestAt = 0;
  private waiters: (() => void)[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (IGNORED_TYPES.has(request.resourceType())) return;
      this.started.set(request, Date.now());
      this.lastRequestAt = Date.now();
      this.touch();
    });
    const done = (request: Request) => {
      if (this.started.delete(request)) this.touch();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }

  private touch(): void {
    this.lastActivity = Date.now();
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Requests in flight that began at or after `since`. */
  busy(since: number): boolean {
    for (const at of this.started.values()) if (at >= since) return true;
    return false;
  }

  quietFor(): number {
    return Date.now() - this.lastActivity;
  }

  /** Resolves on the next network event, or after `ms`. */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  mark(): void {
    this.lastActivity = Date.now();
  }
}

const trackers = new WeakMap<Page, NetworkTracker>();

/** Starts watching the page's requests (once per page); call before the action. Returns the action's start time. */
export function watchNetwork(page: Page): number {
  let tracker = trackers.get(page);
  if (!tracker) {
    tracker = new NetworkTracker(page);
    trackers.set(page, tracker);
  }
  tracker.mark();
  return Date.now();
}

export interface SettleOptions {
  /** How long the network must be quiet after the action caused requests. */
  quietMs?: number;
  /** How long to watch for a first request when the action has caused none (most fills and toggles). */
  graceMs?: number;
  /** The most to wait in all. Not an error when reached: busy pages (polling, analytics) still go on. */
  maxMs?: number;
}

export async function settle(page: Page, since: number, options: SettleOptions = {}): Promise<void> {
  const quietMs = options.quietMs ?? 50;
  const graceMs = options.graceMs ?? 30;
  const deadline = Date.now() + (options.maxMs ?? 5000);
  const tracker = trackers.get(page);
  if (!tracker || page.isClosed()) return;
  while (Date.now() < deadline && !page.isClosed()) {
    // An action that started no request needs only the short grace; one that did, a quiet network.
    const needed = tracker.lastRequestAt >= since ? quietMs : graceMs;
    const quiet = tracker.quietFor();
    if (!tracker.busy(since) && quiet >= needed) break;
    await tracker.next(Math.max(1, Math.min(needed - (tracker.busy(since) ? 0 : quiet), deadline - Date.now())));
  }
  const left = deadline - Date.now();
  if (left > 0 && !page.isClosed()) await page.waitForLoadState('load', { timeout: left }).catch(() => undefined);
}
