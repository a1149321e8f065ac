// The lines someone watching `goalie serve` wants: one at info for each run started and finished,
// each burn-in failed, each review started and each verdict posted. Each line carries `event` and
// says everything in its message (a terminal shows only that); the fields are for log collectors.
// Called once what they report is committed (Repositories.afterCommit), so each appears once.
import type { RunOutcomeCounts } from '../domain/run-outcomes.js';
import type { RunResult } from '../domain/run-state.js';
import type { Logger } from './ports/logger.js';

export function runStarted(
  log: Logger,
  run: { id: string; shortId: string; testPlanName: string; trigger: string },
  testCases: number,
  url: string,
): void {
  log.info(
    {
      event: 'run.started',
      runId: run.id,
      run: run.shortId,
      plan: run.testPlanName,
      trigger: run.trigger,
      testCases,
      url,
    },
    `run ${run.shortId} started: plan "${run.testPlanName}", ${testCases} test case${testCases === 1 ? '' : 's'} (${run.trigger}) ${url}`,
  );
}

export function runFinished(
  log: Logger,
  run: { id: string; shortId: string; testPlanName: string },
  status: string,
  result: RunResult | null,
  counts: RunOutcomeCounts,
  url: string,
): void {
  const outcome = status === 'COMPLETED' ? (result ?? 'COMPLETED') : status;
  const said = [
    `${counts.passed} passed`,
    `${counts.failed} failed`,
    `${counts.error} error`,
    ...(counts.skipped ? [`${counts.skipped} skipped`] : []),
    ...(counts.cancelled ? [`${counts.cancelled} cancelled`] : []),
  ];
  log.info(
    { event: 'run.finished', runId: run.id, run: run.shortId, plan: run.testPlanName, status, result, ...counts, url },
    `run ${run.shortId} finished: ${outcome} (${said.join(', ')}) ${url}`,
  );
}

export function burnInFailed(log: Logger, testCase: { id: string; name: string }, reason: string, url: string): void {
  log.info(
    { event: 'burn-in.failed', testCaseId: testCase.id, testCase: testCase.name, reason, url },
    `burn-in of test case "${testCase.name}" failed: ${reason} ${url}`,
  );
}

export function reviewStarted(
  log: Logger,
  review: { id: string; shortId: string; changeRequestNumber: number },
  repository: string,
  previews: readonly string[],
  url: string,
): void {
  log.info(
    {
      event: 'review.started',
      reviewId: review.id,
      review: review.shortId,
      repository,
      changeRequest: review.changeRequestNumber,
      previews,
      url,
    },
    `review ${review.shortId} started: ${repository} #${review.changeRequestNumber}, preview ${previews.join(', ') || '(none)'} ${url}`,
  );
}

export function verdictPosted(
  log: Logger,
  review: { id: string; shortId: string; changeRequestNumber: number; verdict: string },
  repository: string,
  url: string,
): void {
  log.info(
    {
      event: 'review.verdict',
      reviewId: review.id,
      review: review.shortId,
      repository,
      changeRequest: review.changeRequestNumber,
      verdict: review.verdict,
      url,
    },
    `review ${review.shortId} verdict posted: ${review.verdict} on ${repository} #${review.changeRequestNumber} ${url}`,
  );
}
