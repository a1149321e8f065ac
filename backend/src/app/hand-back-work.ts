// A worker shutting down (SIGTERM, SIGINT) gives back what it could not finish within its grace
// period, at once: another worker takes it now instead of after the stale timeout, and the attempt
// is not counted (the test case did not fail, its worker left). Each job is one transaction.
import type { AppContext } from './context.js';
import type { HeldJob } from './ports/queue.js';
import { handOutAgain } from './recover-lost-jobs.js';
import { retryOnConflict } from './run-engine/retry-on-conflict.js';

/** The abort reason of work handed back: the execution stops and its outcome is not recorded. */
export class HandedBack extends Error {
  constructor() {
    super('The worker is shutting down; the work goes back to the queue.');
    this.name = 'HandedBack';
  }
}

export function handedBack(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason instanceof HandedBack;
}

export type Unfinished =
  { jobId: string; runTestCase: { id: string; attempt: number } } | { jobId: string; held: HeldJob };

/** Returns how many jobs went back to the queue. */
export async function handBackWork(ctx: AppContext, workerId: string, jobs: Unfinished[]): Promise<number> {
  let handed = 0;
  for (const job of jobs) {
    try {
      const back =
        'runTestCase' in job
          ? await handBackTestCase(ctx, workerId, job.jobId, job.runTestCase)
          : await handBackHeld(ctx, job.held);
      if (back) handed++;
    } catch (error) {
      // The stale timeout takes it back instead (the attempt is then counted).
      ctx.log.error(
        { err: error, jobId: job.jobId },
        'handing back a job failed; it is taken back after the stale timeout',
      );
    }
  }
  return handed;
}

async function handBackTestCase(
  ctx: AppContext,
  workerId: string,
  jobId: string,
  target: { id: string; attempt: number },
): Promise<boolean> {
  return retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      const seen = await tx.execution.jobTarget(target.id, target.attempt);
      if (!seen) return false;
      // The run row first, as everywhere (retry-on-conflict.ts).
      const run = await tx.execution.lockRun(seen.runId);
      // A run asked to cancel takes nothing back: its test case ends CANCELLED as it stops here.
      if (!run || run.cancelRequested) return false;
      const now = ctx.now();
      // Claimed by this worker: back to PENDING at the same attempt. Taken from the queue but not
      // claimed (the claim sees the abort and gives up): queued again as it is.
      const back =
        (await tx.execution.release(target.id, { attempt: target.attempt, workerId }, now)) ||
        (await tx.execution.jobTarget(target.id, target.attempt))?.state === 'unclaimed';
      if (!back) return false;
      await ctx.queue.abandon('run-test-case', [jobId], tx.sql);
      await ctx.queue.enqueue(
        [{ queue: 'run-test-case', data: { runTestCaseId: target.id, attempt: target.attempt } }],
        tx.sql,
      );
      ctx.log.info(
        { runTestCaseId: target.id, attempt: target.attempt },
        'shutting down: test case handed back to the queue',
      );
      return true;
    }),
  );
}

async function handBackHeld(ctx: AppContext, job: HeldJob): Promise<boolean> {
  return retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      // Completed or failed meanwhile: nothing to give back.
      if (!(await ctx.queue.isTaken(job.queue, job.id, tx.sql))) return false;
      await ctx.queue.abandon(job.queue, [job.id], tx.sql);
      // Not a loss: the count of losses stays as it was.
      await handOutAgain(ctx, tx, job, job.data.lost ?? 0, true);
      return true;
    }),
  );
}
