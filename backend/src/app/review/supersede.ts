// A newer commit (or a closed change request, or a new review request) makes reviews in progress
// stale: they end SUPERSEDED, their end-to-end run is cancelled, and the comment says so.
import type { AppContext } from '../context.js';
import type { ConnectionRecord } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { advanceRun } from '../run-engine/advance-run.js';

export async function supersede(
  ctx: AppContext,
  tx: Repositories,
  connection: ConnectionRecord,
  target: { number: number; sha: string | null } | { branch: string; sha: string },
): Promise<number> {
  const reviews = 'number' in target ? await tx.reviews.active(connection.id, target.number) : await tx.reviews.activeOnBranch(connection.id, target.branch);
  let count = 0;
  for (const review of reviews) {
    // A review of the same commit is not stale; a comment-requested one without a commit yet is.
    if (target.sha && review.headSha === target.sha) continue;
    const now = ctx.now();
    await tx.reviews.update(review.id, { status: 'SUPERSEDED', supersededBySha: target.sha ?? '', finishedAt: now });
    if (review.runId) {
      const run = await tx.execution.lockRun(review.runId);
      if (run && (run.status === 'INITIATED' || run.status === 'RUNNING')) {
        await tx.execution.requestCancel(review.runId, now);
        await tx.execution.cancelPending(review.runId, now);
        await advanceRun(ctx, tx, review.runId);
      }
    }
    await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'comment' } }], tx.sql);
    count++;
  }
  return count;
}
