// Exit codes of the client commands.
import type { RunStatusView } from '../api/types.js';
import { verdictOf } from '../report/summary.js';

/** Passed, or (without --wait) the request succeeded; also a run where nothing ran (SKIPPED), with a warning. */
export const EXIT_OK = 0;
/** The run failed, errored, was cancelled, or --wait timed out. */
export const EXIT_FAILED = 1;
/** A usage mistake or an API error (4xx, 5xx after retries, no answer). */
export const EXIT_USAGE = 2;

export function exitCodeFor(run: Pick<RunStatusView, 'status' | 'result'> | null, timedOut: boolean): number {
  return verdictOf(run, timedOut) === 'fail' ? EXIT_FAILED : EXIT_OK;
}
