// What the test cases of a finished run came to, as the "run finished" log line and the run.finished
// webhook count them. Pure.
import type { RunTestCaseResult, RunTestCaseStatus } from './run-state.js';

export interface RunOutcomeCounts {
  passed: number;
  failed: number;
  error: number;
  skipped: number;
  cancelled: number;
}

/** `skippedNow`: test cases being skipped in the same step that finishes the run. */
export function countOutcomes(
  rows: readonly { id: string; status: RunTestCaseStatus; result: RunTestCaseResult | null }[],
  skippedNow: ReadonlySet<string>,
): RunOutcomeCounts {
  const counts: RunOutcomeCounts = { passed: 0, failed: 0, error: 0, skipped: 0, cancelled: 0 };
  for (const row of rows) {
    if (skippedNow.has(row.id) || row.status === 'SKIPPED') counts.skipped++;
    else if (row.status === 'ERROR') counts.error++;
    else if (row.status === 'CANCELLED') counts.cancelled++;
    else if (row.status === 'COMPLETED' && row.result === 'PASSED') counts.passed++;
    else if (row.status === 'COMPLETED') counts.failed++;
  }
  return counts;
}
