// Goalie's notes on a change request (its review comment, the reply explaining a refusal) are written
// to the host outside any database transaction, so a slow host never holds a row lock or a pooled
// connection:
//   1. a short transaction claims the note (one writer at a time) and renders its body;
//   2. the host is called after commit;
//   3. a second short transaction stores what was written and ends the claim.
// A writer that finds the note claimed marks it stale and leaves: the holder renders it again before
// it lets go, so the note ends showing the newest state. A note left stale (its writer failed or
// crashed, whose claim then runs out) is written again by the scheduler (rewrite-stale-comments.ts).
import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { ConnectionRecord, NoteKey } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { retryOnConflict } from '../run-engine/retry-on-conflict.js';
import { platformFor } from './review-context.js';

/** Longer than one host write with its retries (four tries of up to 15 s, waits, a few requests). */
export const NOTE_CLAIM_MS = 5 * 60_000;
/** Newer states arriving while a writer writes make it write again, a bounded number of times. */
const ROUNDS = 5;

export interface NoteWriting {
  key: NoteKey;
  /** The hidden marker the body carries, by which the host adapter finds the note again. */
  marker: string;
  /** The body (with the marker), or null when there is nothing to show. Reads through the claim's transaction. */
  render(tx: Repositories): Promise<string | null>;
  /** Post only when the note was never posted (a refusal's reply is said once). */
  once?: boolean;
  /** The host has the body: store what follows from it (such as the comment's id). */
  written?(tx: Repositories, commentId: string): Promise<void>;
}

export function bodyHash(body: string): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * Writes the note, unless another writer is at it (who then writes the newest state). Throws when
 * the host call fails, leaving the note marked stale.
 */
export async function writeNote(ctx: AppContext, connection: ConnectionRecord, writing: NoteWriting): Promise<void> {
  const { key } = writing;
  for (let round = 1; ; round++) {
    const writer = randomUUID();
    const claim = await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        const now = ctx.now();
        const claimed = await tx.reviews.claimNote(key, writer, new Date(now.getTime() + NOTE_CLAIM_MS), now);
        if (!claimed.claimed) return null;
        const body = writing.once && claimed.bodyHash ? null : await writing.render(tx);
        const hash = body === null ? null : bodyHash(body);
        // Nothing new to say: the host is not called at all.
        if (body === null || hash === claimed.bodyHash) {
          await tx.reviews.releaseNote(key, writer, { stale: false }, now);
          return null;
        }
        return { body, hash: hash! };
      }),
    );
    if (!claim) return;

    let commentId: string;
    try {
      commentId = (
        await platformFor(ctx, connection).upsertComment(key.changeRequestNumber, writing.marker, claim.body)
      ).id;
    } catch (error) {
      // Let go at once, marked stale: a retry need not wait for the claim to run out.
      await ctx.store
        .transaction((tx) => tx.reviews.releaseNote(key, writer, { stale: true }, ctx.now()))
        .catch(() => {});
      throw error;
    }
    const last = round >= ROUNDS;
    const { stale } = await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        // After the last round a newer state is left to the scheduler, so a stream of changes cannot keep a writer here.
        const released = await tx.reviews.releaseNote(
          key,
          writer,
          { written: { commentId, bodyHash: claim.hash }, stale: false, keepStale: last },
          ctx.now(),
        );
        await writing.written?.(tx, commentId);
        return released;
      }),
    );
    if (!stale || last) return;
  }
}
