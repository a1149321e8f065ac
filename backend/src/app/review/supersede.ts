// A newer commit (or a closed change request, or a new review request) makes reviews in progress
// stale: they end SUPERSEDED, their end-to-end run is cancelled, and the comment says so.
import type { AppContext } from '../context.js';
import type { ConnectionRecord } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { advanceRun } from '../run-engine/advance-run.js';

const ACTIVE = new Set(['WAITING', 'QUEUED', 'RUNNING']);

export async function supersede(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  target: { number: number; sha: string | null } | { branch: string; sha: string },
): Promise<number> {
  const reviews =
    'number' in target
      ? await tx.reviews.active(connection.id, target.number)
      : await tx.reviews.activeOnBranch(connection.id, target.branch);
  let count = 0;
  for (const listed of reviews) {
    // A review of the same commit is not stale; a comment-requested one without a commit yet is.
    if (target.sha && listed.headSha === target.sha) continue;
    // Locked and read again: the start step may be attaching its run right now, and that run must
    // be seen here (or the start step sees this review SUPERSEDED and cancels the run itself).
    const review = await tx.reviews.lock(listed.id);
    if (!review || !ACTIVE.has(review.status)) continue;
    const now = ctx.now();
    await tx.reviews.update(review.id, { status: 'SUPERSEDED', supersededBySha: target.sha ?? '', finishedAt: now });
    if (review.runId) await cancelReviewRun(ctx, tx, review.runId);
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'comment' } }], tx.sql);
    // A started review set its commit's status to pending: it must not stay so (one queued again
    // after its worker was lost has started too).
    if (review.status === 'RUNNING' || review.startedAt)
      await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'superseded' } }], tx.sql);
    count++;
  }
  return count;
}

/** Cancels a review's end-to-end run when it has not ended yet. */
export async function cancelReviewRun(ctx: AppContext, tx: Repositories, runId: string): Promise<void> {
  const run = await tx.execution.lockRun(runId);
  if (run && (run.status === 'INITIATED' || run.status === 'RUNNING')) {
    const now = ctx.now();
    await tx.execution.requestCancel(runId, now);
    await tx.execution.cancelPending(runId, now);
    await advanceRun(ctx, tx, runId);
  }
}
