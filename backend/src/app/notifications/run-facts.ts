// What every run message says, whatever the channel (Slack, email, Teams): the outcome in words,
// the counts, how long it took, and the test cases worth a look. Pure.
import type { RunRecord, RunTestCaseRecord } from '../records.js';

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

export function countOutcomes(testCases: readonly RunTestCaseRecord[]): RunCounts {
  return {
    passed: testCases.filter((t) => t.result === 'PASSED').length,
    failed: testCases.filter((t) => t.result === 'FAILED').length,
    skipped: testCases.filter((t) => t.status === 'SKIPPED').length,
    errored: testCases.filter((t) => t.status === 'ERROR').length,
  };
}

export type Outcome = 'passed' | 'nothing' | 'failed' | 'cancelled' | 'error';

export function outcomeOf(run: RunRecord): Outcome {
  if (run.status === 'COMPLETED' && run.result === 'PASSED') return 'passed';
  if (run.status === 'COMPLETED' && run.result === 'SKIPPED') return 'nothing';
  if (run.status === 'COMPLETED') return 'failed';
  if (run.status === 'CANCELLED') return 'cancelled';
  return 'error';
}

export const OUTCOME_WORDS: Record<Outcome, string> = {
  passed: 'passed',
  nothing: 'had nothing to run',
  failed: 'failed',
  cancelled: 'was cancelled',
  error: 'ended in an error',
};

export function duration(run: RunRecord): string {
  if (!run.finishedAt) return '—';
  const seconds = Math.round((run.finishedAt.getTime() - (run.startedAt ?? run.createdAt).getTime()) / 1000);
  return seconds < 90 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Test cases that did not pass: failed, errored or skipped. */
export const notPassed = (testCases: readonly RunTestCaseRecord[]) =>
  testCases.filter((t) => t.result === 'FAILED' || t.status === 'ERROR' || t.status === 'SKIPPED');

/** A test case's result in one word, and why: its result title (the failing step's reason). */
export function resultOf(t: RunTestCaseRecord): { result: string; reason: string } {
  const result = t.result ?? t.status;
  return { result, reason: t.resultTitle ?? (t.errorMessage ? t.errorMessage.split('\n')[0]!.slice(0, 200) : '') };
}

export const countsLine = (c: RunCounts) =>
  `${c.passed} passed · ${c.failed} failed · ${c.skipped} skipped · ${c.errored} errored`;

/** Who and what started the run, as label/value pairs. */
export function attributionFacts(run: RunRecord): { title: string; value: string }[] {
  const facts: { title: string; value: string }[] = [{ title: 'Trigger', value: run.trigger }];
  if (run.repository) facts.push({ title: 'Repository', value: run.repository });
  if (run.branch) facts.push({ title: 'Branch', value: run.branch });
  if (run.commitHash)
    facts.push({
      title: 'Commit',
      value: `${run.commitHash.slice(0, 7)}${run.commitMessage ? ` ${run.commitMessage.split('\n')[0]!.slice(0, 80)}` : ''}`,
    });
  if (run.actor) facts.push({ title: 'By', value: run.actor });
  return facts;
}

/** A finished run as email and Teams show it: a title, label/value facts, and one row per test case. */
export function runSummary(run: RunRecord, testCases: readonly RunTestCaseRecord[]) {
  const outcome = outcomeOf(run);
  const counts = countOutcomes(testCases);
  return {
    outcome,
    counts,
    title: `Goalie run ${run.shortId} of ${run.testPlanName} ${OUTCOME_WORDS[outcome]}`,
    facts: [
      { title: 'Status', value: `${run.status}${run.result ? ` · ${run.result}` : ''}` },
      { title: 'Duration', value: duration(run) },
      { title: 'Test cases', value: countsLine(counts) },
      ...attributionFacts(run),
    ],
    rows: testCases.map((t) => ({ name: t.name, ...resultOf(t) })),
  };
}
