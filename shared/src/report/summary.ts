// What a finished run comes to, for exit codes, job summaries and messages.
import type { RunStatusView, RunTestCase } from '../api/types.js';

export interface RunCounts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
  cancelled: number;
  pending: number;
  /** Steps healed across the test cases (with the API's extensions; 0 without them). */
  healedSteps: number;
}

export function countTestCases(testCases: readonly RunTestCase[]): RunCounts {
  const counts: RunCounts = {
    total: testCases.length,
    passed: 0,
    failed: 0,
    skipped: 0,
    errored: 0,
    cancelled: 0,
    pending: 0,
    healedSteps: 0,
  };
  for (const tc of testCases) {
    counts.healedSteps += tc.healed?.length ?? 0;
    if (tc.result === 'PASSED') counts.passed++;
    else if (tc.result === 'FAILED') counts.failed++;
    else if (tc.status === 'SKIPPED' || tc.result === 'SKIPPED') counts.skipped++;
    else if (tc.status === 'ERROR') counts.errored++;
    else if (tc.status === 'CANCELLED') counts.cancelled++;
    else counts.pending++;
  }
  return counts;
}

/** How a CI job should end for a run: pass, fail, or pass with a warning (nothing ran). */
export type Verdict = 'pass' | 'fail' | 'warn';

export function verdictOf(run: Pick<RunStatusView, 'status' | 'result'> | null, timedOut: boolean): Verdict {
  if (timedOut || !run) return 'fail';
  if (run.status !== 'COMPLETED') return 'fail';
  if (run.result === 'PASSED') return 'pass';
  if (run.result === 'SKIPPED') return 'warn';
  return 'fail';
}

export function describeCounts(c: RunCounts): string {
  const parts = [`${c.passed} passed`, `${c.failed} failed`];
  if (c.skipped) parts.push(`${c.skipped} skipped`);
  if (c.errored) parts.push(`${c.errored} errored`);
  if (c.cancelled) parts.push(`${c.cancelled} cancelled`);
  if (c.pending) parts.push(`${c.pending} not finished`);
  // A heal means the page changed under a test case: said wherever the verdict is.
  if (c.healedSteps) parts.push(`healed ${c.healedSteps} step${c.healedSteps === 1 ? '' : 's'}`);
  return parts.join(', ');
}
