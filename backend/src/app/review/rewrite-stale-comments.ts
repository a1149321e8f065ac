// The safety net of "a review comment ends showing the newest state": a comment whose write failed,
// or whose writer crashed while newer states waited (its claim has run out), is written again by a
// queued comment job. Run by the scheduler; safe in several processes at once (rows are taken with
// SKIP LOCKED and cleared as they are taken).
import type { AppContext } from '../context.js';
import { retryOnConflict } from '../run-engine/retry-on-conflict.js';

const BATCH = 50;

export async function rewriteStaleComments(ctx: AppContext): Promise<number> {
  return retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      const notes = await tx.reviews.takeStaleComments(ctx.now(), BATCH);
      for (const note of notes) {
        const [latest] = await tx.reviews.latestTwo(note.connectionId, note.changeRequestNumber);
        if (latest)
          await ctx.queue.enqueue([{ queue: 'review', data: { reviewId: latest.id, step: 'comment' } }], tx.sql);
      }
      return notes.length;
    }),
  );
}
