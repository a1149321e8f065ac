// Run and run test case states, and how a run's result follows from its test cases.

export const RUN_STATUSES = ['INITIATED', 'RUNNING', 'COMPLETED', 'ERROR', 'CANCELLED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunResult = 'PASSED' | 'FAILED' | 'SKIPPED';

export function isTerminalRunStatus(status: RunStatus): boolean {
  return status === 'COMPLETED' || status === 'ERROR' || status === 'CANCELLED';
}

/**
 * Run test case statuses (the spec leaves them open; docs/runs.md describes them):
 * PENDING   waiting for its turn or for dependencies
 * RUNNING   a worker is executing it
 * COMPLETED finished; result PASSED or FAILED
 * SKIPPED   not executed because a dependency did not pass; result SKIPPED
 * ERROR     could not be executed to a verdict (browser crash, unreachable site, ...)
 * CANCELLED the run was cancelled before it finished
 */
export const RUN_TEST_CASE_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'ERROR', 'CANCELLED'] as const;
export type RunTestCaseStatus = (typeof RUN_TEST_CASE_STATUSES)[number];
export type RunTestCaseResult = 'PASSED' | 'FAILED' | 'SKIPPED';

export interface Outcome {
  status: RunTestCaseStatus;
  result: RunTestCaseResult | null;
}

/** "failed" in the API: failed, skipped or errored test cases (what `failedOnly` reruns). */
export function isFailedOutcome(outcome: Outcome): boolean {
  return (
    outcome.result === 'FAILED' ||
    outcome.status === 'SKIPPED' ||
    outcome.result === 'SKIPPED' ||
    outcome.status === 'ERROR'
  );
}

/** Result of a COMPLETED run: PASSED when all passed, FAILED when any failed or errored, SKIPPED when nothing ran. */
export function runResult(outcomes: readonly Outcome[]): RunResult {
  if (outcomes.some((o) => o.result === 'FAILED' || o.status === 'ERROR')) return 'FAILED';
  if (outcomes.some((o) => o.result === 'PASSED')) {
    return outcomes.every((o) => o.result === 'PASSED') ? 'PASSED' : 'FAILED';
  }
  return 'SKIPPED';
}
