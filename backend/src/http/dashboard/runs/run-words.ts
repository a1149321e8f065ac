// How runs read on the dashboard's pages: states in words, test cases counted ("1 failed, 8 passed of
// 9"), triggers explained.
import type { RunCounts } from '../../../app/ports/run-queries.js';
import type { RunTestCaseRecord, StoredTrigger } from '../../../app/records.js';
import type { RunResult, RunStatus } from '../../../domain/run-state.js';

export const isLive = (status: RunStatus) => status === 'INITIATED' || status === 'RUNNING';

/** The result once the run has ended (a live run has none yet, as in the API). */
export const shownResult = (run: { status: RunStatus; result: RunResult | null }) =>
  isLive(run.status) ? null : run.result;

export function runStateWords(run: { status: RunStatus; result: RunResult | null }): string {
  switch (run.status) {
    case 'INITIATED':
      return 'waiting to start';
    case 'RUNNING':
      return 'running';
    case 'CANCELLED':
      return 'cancelled';
    case 'ERROR':
      return 'ended with an error';
    case 'COMPLETED':
      return run.result === 'PASSED'
        ? 'passed'
        : run.result === 'FAILED'
          ? 'failed'
          : run.result === 'SKIPPED'
            ? 'skipped: nothing ran'
            : 'completed';
  }
}

export const TRIGGER_WORDS: Record<StoredTrigger, string> = {
  API: 'API',
  REPOHOST: 'repository host',
  SCHEDULE: 'scheduled',
  MANUAL: 'manual',
};

export const TRIGGER_EXPLAINED: Record<StoredTrigger, string> = {
  API: 'API: a script, CI job or the goalie command',
  REPOHOST: 'repository host: a merge request review or a CI job',
  SCHEDULE: "schedule: the plan's cron schedule",
  MANUAL: 'manual: started in the dashboard or Slack',
};

export function countTestCases(testCases: readonly Pick<RunTestCaseRecord, 'status' | 'result'>[]): RunCounts {
  const count = (test: (t: Pick<RunTestCaseRecord, 'status' | 'result'>) => boolean) => testCases.filter(test).length;
  return {
    total: testCases.length,
    passed: count((t) => t.status === 'COMPLETED' && t.result === 'PASSED'),
    failed: count((t) => t.status === 'COMPLETED' && t.result === 'FAILED'),
    errored: count((t) => t.status === 'ERROR'),
    skipped: count((t) => t.status === 'SKIPPED'),
    cancelled: count((t) => t.status === 'CANCELLED'),
    toGo: count((t) => t.status === 'PENDING' || t.status === 'RUNNING'),
  };
}

/** "1 failed, 8 passed of 9": what did not pass first, only the parts that are not zero. */
export function countsSentence(counts: RunCounts): string {
  if (counts.total === 0) return 'no test cases';
  const parts: [number, string][] = [
    [counts.failed, 'failed'],
    [counts.errored, 'errored'],
    [counts.skipped, 'skipped'],
    [counts.cancelled, 'cancelled'],
    [counts.passed, 'passed'],
    [counts.toGo, 'to go'],
  ];
  return `${parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`)
    .join(', ')} of ${counts.total}`;
}

export const shortSha = (sha: string) => sha.slice(0, 7);
