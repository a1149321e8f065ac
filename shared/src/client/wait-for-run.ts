// Polls a run until it ends, with backoff (2 s, growing to 15 s), reporting progress.
import type { RunStatusView } from '../api/types.js';
import { TERMINAL_RUN_STATUSES } from '../api/types.js';
import type { GoalieClient } from './api-client.js';
import { pollUntil, type PollOptions } from './poll.js';

export type WaitOptions = PollOptions<RunStatusView>;

export type WaitOutcome = { finished: true; run: RunStatusView } | { finished: false; run: RunStatusView };

/** Resolves with the final view (testCases=all), or with the last view when the time is up. */
export async function waitForRun(client: GoalieClient, shortId: string, options: WaitOptions): Promise<WaitOutcome> {
  const { finished, value } = await pollUntil(
    () => client.getRun(shortId, 'all'),
    (run) => TERMINAL_RUN_STATUSES.includes(run.status),
    options,
  );
  return { finished, run: value };
}
