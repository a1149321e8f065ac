// A worker that stops beating (killed, crashed, lost its network) leaves RUNNING test cases behind.
// Each gets one more attempt on another worker; a second loss ends it in ERROR, and one whose run
// was asked to cancel ends CANCELLED (a retry would never be claimed). Either way the run goes on
// and reaches an end.
import type { AppContext } from '../context.js';
import { advanceRun } from './advance-run.js';
import { retryOnConflict } from './retry-on-conflict.js';

export const MAX_ATTEMPTS = 2;

export async function recoverStaleWork(ctx: AppContext, staleAfterMs: number): Promise<number> {
  const now = ctx.now();
  const stale = await ctx.store.execution.staleWork(new Date(now.getTime() - staleAfterMs));
  for (const work of stale) {
    // The claim it was found under: another process may have recovered it since, and its new
    // attempt must not be ended here.
    const claim = { attempt: work.attempt, workerId: work.workerId };
    await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        const run = await tx.execution.lockRun(work.runId);
        if (run?.cancelRequested) {
          ctx.log.warn(
            { runId: work.runId, runTestCaseId: work.runTestCaseId },
            'worker lost after a cancel; the test case ends CANCELLED',
          );
          await tx.execution.recordOutcome(work.runTestCaseId, claim, {
            status: 'CANCELLED',
            result: null,
            resultTitle: 'Cancelled',
            evaluationThought: `The run was cancelled, and the worker process running "${work.name}" stopped before it had stopped the test case.`,
            promptExamples: null,
            stepVersion: null,
            healed: [],
            evidence: [],
            browserState: null,
            errorMessage: null,
            finishedAt: now,
          });
        } else if (work.attempt + 1 < MAX_ATTEMPTS) {
          if (!(await tx.execution.retry(work.runTestCaseId, work.attempt, now))) return;
          ctx.log.warn(
            { runTestCaseId: work.runTestCaseId, attempt: work.attempt },
            'worker lost; retrying the test case',
          );
          await ctx.queue.enqueue(
            [{ queue: 'run-test-case', data: { runTestCaseId: work.runTestCaseId, attempt: work.attempt + 1 } }],
            tx.sql,
          );
        } else {
          ctx.log.error({ runTestCaseId: work.runTestCaseId }, 'worker lost twice; the test case ends in ERROR');
          await tx.execution.recordOutcome(work.runTestCaseId, claim, {
            status: 'ERROR',
            result: null,
            resultTitle: 'The worker executing this test case stopped',
            evaluationThought: `The worker process running "${work.name}" stopped responding ${MAX_ATTEMPTS} times, so it has no verdict.`,
            promptExamples: null,
            stepVersion: null,
            healed: [],
            evidence: [],
            browserState: null,
            errorMessage: 'worker lost',
            finishedAt: now,
          });
        }
        await advanceRun(ctx, tx, work.runId);
      }),
    );
  }
  await ctx.store.execution.forgetWorkers(new Date(now.getTime() - staleAfterMs * 4));
  return stale.length;
}

/**
 * A worker lost after it took a test case's job from the queue but before it claimed the test case
 * leaves no RUNNING row to time out: the test case stays PENDING and its job stays taken by a dead
 * process. A live worker claims right after taking a job, so a job taken longer than the stale
 * timeout ago whose test case is still unclaimed at its attempt was lost: it is given up and the
 * test case queued again (at the same attempt: it never started). A job whose test case has ended or
 * moved to another attempt is given up too; one whose test case is claimed at its attempt is the
 * claimer's, and left to the heartbeat.
 */
export async function requeueLostJobs(ctx: AppContext, staleAfterMs: number): Promise<number> {
  let requeued = 0;
  for (const job of await ctx.queue.takenLongAgo('run-test-case', staleAfterMs)) {
    const { runTestCaseId, attempt } = job.data;
    const outcome = await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        const seen = await tx.execution.jobTarget(runTestCaseId, attempt);
        if (seen?.state === 'claimed') return 'claimed';
        if (seen) {
          // The run row first, as everywhere; then the row again, as the lock leaves it.
          const run = await tx.execution.lockRun(seen.runId);
          const target = await tx.execution.jobTarget(runTestCaseId, attempt);
          if (target?.state === 'claimed') return 'claimed';
          await ctx.queue.abandon('run-test-case', [job.id], tx.sql);
          // A run asked to cancel claims nothing more: its PENDING rows end with it.
          if (target?.state === 'unclaimed' && run && !run.cancelRequested) {
            await ctx.queue.enqueue([{ queue: 'run-test-case', data: { runTestCaseId, attempt } }], tx.sql);
            return 'requeued';
          }
          return 'abandoned';
        }
        await ctx.queue.abandon('run-test-case', [job.id], tx.sql);
        return 'abandoned';
      }),
    );
    if (outcome === 'requeued') {
      ctx.log.warn(
        { runTestCaseId, attempt, jobId: job.id },
        'worker lost after it took the test case from the queue; queued again',
      );
      requeued++;
    }
  }
  return requeued;
}
