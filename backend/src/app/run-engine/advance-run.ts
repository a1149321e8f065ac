// After anything changes in a run: skip what can no longer run, queue what became ready, and end
// the run when every test case has ended. Runs inside the caller's transaction, under the run lock.
import { progress } from '../../domain/run-progress.js';
import { runFinishedData } from '../../domain/webhooks.js';
import { countOutcomes } from '../../domain/run-outcomes.js';
import { runFinished } from '../activity-log.js';
import type { AppContext } from '../context.js';
import { queueFinishedNotifications } from '../notifications/queue-notifications.js';
import type { Repositories } from '../ports/store.js';
import { queueWebhookEvent } from '../webhooks/queue-webhooks.js';

export async function advanceRun(ctx: AppContext, tx: Repositories, runId: string): Promise<void> {
  const run = await tx.execution.lockRun(runId);
  if (!run || run.status === 'COMPLETED' || run.status === 'ERROR' || run.status === 'CANCELLED') return;
  const now = ctx.now();
  const rows = await tx.execution.progressRows(runId);
  const next = progress(rows, new Set(rows.filter((r) => r.queued).map((r) => r.id)));
  await tx.execution.skip(next.skip, now);
  if (!run.cancelRequested && next.ready.length) {
    await tx.execution.markQueued(next.ready, now);
    const attempts = new Map(rows.map((r) => [r.id, r.attempt]));
    await ctx.queue.enqueue(
      next.ready.map((id) => ({ queue: 'run-test-case', data: { runTestCaseId: id, attempt: attempts.get(id)! } })),
      tx.sql,
    );
  }
  if (next.finished) {
    const status = run.cancelRequested ? 'CANCELLED' : next.finished.status;
    await tx.execution.finishRun(runId, status, status === 'COMPLETED' ? next.finished.result : null, now);
    const finishedRun = await tx.runs.findById(runId);
    const result = status === 'COMPLETED' ? next.finished.result : null;
    if (finishedRun) {
      await queueFinishedNotifications(ctx, tx, finishedRun, result);
      const counts = countOutcomes(rows, new Set(next.skip.map((s) => s.id)));
      const url = ctx.links.run(finishedRun.shortId);
      await queueWebhookEvent(
        ctx,
        tx,
        finishedRun.projectId,
        'run.finished',
        runFinishedData(finishedRun, status, result, counts, url),
      );
      tx.afterCommit(() =>
        runFinished(ctx.log, finishedRun, status, result, counts, ctx.links.run(finishedRun.shortId)),
      );
    }
    // A review waiting on this run can now reach its verdict.
    const review = await tx.reviews.byRun(runId);
    if (review && review.status === 'RUNNING')
      await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: review.id, step: 'finish' } }], tx.sql);
  }
}
