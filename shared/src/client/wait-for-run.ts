// Polls a run until it ends, with backoff (2 s, growing to 15 s), reporting progress.
import type { RunStatusView } from '../api/types.js';
import { TERMINAL_RUN_STATUSES } from '../api/types.js';
import type { GoalieClient } from './api-client.js';

export interface WaitOptions {
  timeoutMs: number;
  firstIntervalMs?: number;
  maxIntervalMs?: number;
  onProgress?: (run: RunStatusView) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export type WaitOutcome = { finished: true; run: RunStatusView } | { finished: false; run: RunStatusView };

/** Resolves with the final view (testCases=all), or with the last view when the time is up. */
export async function waitForRun(client: GoalieClient, shortId: string, options: WaitOptions): Promise<WaitOutcome> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  let interval = options.firstIntervalMs ?? 2000;
  for (;;) {
    const run = await client.getRun(shortId, 'all');
    options.onProgress?.(run);
    if (TERMINAL_RUN_STATUSES.includes(run.status)) return { finished: true, run };
    const left = deadline - now();
    if (left <= 0) return { finished: false, run };
    await sleep(Math.min(interval, left));
    interval = Math.min(Math.round(interval * 1.5), options.maxIntervalMs ?? 15_000);
  }
}
