// A worker that dies while it holds a review step, a burn-in or a notification would keep that job
// until the queue's expiry (15 to 30 minutes), and a review it had started would stay RUNNING for
// good (a retried start step only starts QUEUED reviews). The scheduler hands such jobs out again
// once their worker's heartbeat is stale, as it does with test cases: a job lost once is queued
// again (a review being started goes back to QUEUED, keeping a run it had started); lost twice, it
// ends: the review in ERROR (comment and commit status say so), the burn-in FAILED, a
// notification dropped. A try of a goal (the dashboard) ends in ERROR at its first loss. Each step is one transaction; several processes may run this at once.
import type { AppContext } from './context.js';
import { failBurnIn } from './fail-burn-in.js';
import type { HeldJob, Job } from './ports/queue.js';
import type { Repositories } from './ports/store.js';
import { retryOnConflict } from './run-engine/retry-on-conflict.js';

export const MAX_LOSSES = 2;

export async function recoverLostJobs(ctx: AppContext, staleAfterMs: number): Promise<number> {
  let recovered = 0;
  const before = new Date(ctx.now().getTime() - staleAfterMs);
  for (const { workerId, jobs } of await ctx.store.execution.workersWithHeldJobs(before)) {
    for (const job of jobs) {
      const handled = await retryOnConflict(() =>
        ctx.store.transaction(async (tx) => {
          await tx.execution.dropHeldJob(workerId, job.id);
          // Completed, failed (and retried by the queue) or given up meanwhile: nothing was lost.
          if (!(await ctx.queue.isTaken(job.queue, job.id, tx.sql))) return false;
          await ctx.queue.abandon(job.queue, [job.id], tx.sql);
          await handOutAgain(ctx, tx, job, (job.data.lost ?? 0) + 1);
          return true;
        }),
      );
      if (handled) recovered++;
    }
  }
  return recovered;
}

/** `handedBack`: its worker gave it back while shutting down (hand-back-work.ts), not lost. */
export async function handOutAgain(
  ctx: AppContext,
  tx: Repositories,
  job: HeldJob,
  lost: number,
  handedBack = false,
): Promise<void> {
  const log = { queue: job.queue, jobId: job.id, data: job.data, lost };
  if (job.queue === 'review' && job.data.step === 'start') {
    const review = await tx.reviews.lock(job.data.reviewId);
    // Claimed by the dead worker and not through its start step: it must start again, or end.
    if (review?.status === 'RUNNING' && !review.exploration) {
      if (lost >= MAX_LOSSES) {
        ctx.log.error(log, 'worker lost twice while starting a review; the review ends in ERROR');
        const message = `The worker reviewing this commit stopped ${MAX_LOSSES} times. Comment \`@goalie <preview URL>\` to try again.`;
        await tx.reviews.update(review.id, { status: 'ERROR', errorMessage: message, finishedAt: ctx.now() });
        await ctx.queue.enqueue(
          [
            { queue: 'review', data: { reviewId: review.id, step: 'comment' } },
            { queue: 'review', data: { reviewId: review.id, step: 'errored' } },
          ],
          tx.sql,
        );
        return;
      }
      await tx.reviews.update(review.id, { status: 'QUEUED' });
    }
  } else if (job.queue === 'generate-test-case' && lost >= MAX_LOSSES) {
    ctx.log.error(log, 'worker lost twice during a burn-in; the test case ends FAILED');
    const testCase = await tx.execution.generationInput(job.data.testCaseId);
    // Deleted meanwhile: nothing to fail.
    if (testCase)
      await failBurnIn(
        ctx,
        tx,
        { id: job.data.testCaseId, name: testCase.name, projectId: testCase.projectId },
        `The worker burning it in stopped ${MAX_LOSSES} times. Burn it in again (goalie apply, or the test case page).`,
      );
    return;
  } else if (job.queue === 'try-goal' && !handedBack) {
    // Someone waits on the page for it, longer than pressing Try it again takes: it ends, saying why.
    ctx.log.warn(log, 'worker lost during a try of a goal; the try ends in ERROR');
    await tx.goalTries.finish(
      job.data.tryId,
      {
        status: 'ERROR',
        goalDone: false,
        steps: [],
        finalScreenshot: null,
        resultTitle: 'The worker running this try stopped before it ended',
        resultThought: 'Nothing was recorded. Press Try it again.',
      },
      ctx.now(),
    );
    return;
  } else if (lost >= MAX_LOSSES) {
    ctx.log.error(log, 'worker lost twice holding a job; the job is dropped');
    return;
  }
  if (handedBack) ctx.log.info(log, 'shutting down: job handed back to the queue');
  else ctx.log.warn(log, 'worker lost holding a job; queued again');
  await ctx.queue.enqueue([{ queue: job.queue, data: { ...job.data, lost } } as Job], tx.sql);
}
