// Shows the newest review of a change request in Goalie's one comment there (updated in place). The
// host is called outside any transaction (write-note.ts); one writer at a time per change request.
import { commentMarker } from '../../domain/review/comment-marker.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import type { AppContext } from '../context.js';
import type { ConnectionRecord, ReviewRecord } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { renderComment, type CommentContext } from './render-comment.js';
import { runTestCasesOf } from './review-context.js';
import { writeNote } from './write-note.js';

/** `store`: the repositories to read with (the caller's transaction, or ctx.store). */
export async function commentContext(
  ctx: AppContext,
  store: Repositories,
  connection: ConnectionRecord,
  review: ReviewRecord,
  previous?: ReviewRecord,
): Promise<CommentContext> {
  const project = await store.projects.findById(review.projectId);
  const run = review.runId ? await store.runs.findById(review.runId) : null;
  const exploration = review.exploration;
  const missing =
    review.status === 'WAITING'
      ? deploymentsReady(
          connection.environmentMapping,
          await store.reviews.deploymentsFor(connection.id, review.headSha),
          review.headSha,
        ).missing
      : [];
  return {
    host: connection.host,
    projectName: project?.name ?? '',
    reviewUrl: ctx.links.review(review.shortId),
    runUrl: run ? ctx.links.run(run.shortId) : null,
    testPlanName: run?.testPlanName ?? null,
    testCases: await runTestCasesOf(store, review.runId),
    findings: exploration?.findings ?? [],
    pagesVisited: exploration?.pagesVisited.length ?? 0,
    checks: review.checks ?? [],
    missing,
    mention: connection.mention,
    supersededBySha: review.supersededBySha || null,
    // The comment shows the newest review only: it also tells when that one replaced a review in progress.
    replaced:
      previous?.status === 'SUPERSEDED'
        ? { headSha: previous.headSha, supersededBySha: previous.supersededBySha || null }
        : null,
  };
}

/** Writes the comment; throws when the host call fails (the comment job is then retried). */
export async function updateComment(
  ctx: AppContext,
  connection: ConnectionRecord,
  changeRequestNumber: number,
): Promise<void> {
  let shown: string | null = null;
  await writeNote(ctx, connection, {
    key: { connectionId: connection.id, changeRequestNumber, note: 'review' },
    marker: commentMarker(changeRequestNumber),
    async render(tx) {
      const [latest, previous] = await tx.reviews.latestTwo(connection.id, changeRequestNumber);
      if (!latest) return null;
      shown = latest.id;
      return renderComment(latest, await commentContext(ctx, tx, connection, latest, previous));
    },
    written: async (tx, commentId) => {
      if (shown) await tx.reviews.update(shown, { commentId });
    },
  });
}

/**
 * Writes the comment from a step that goes on whatever the host says: a failed write is logged and
 * left marked stale, and the scheduler has it written again, so a flaky host delays the comment but
 * never fails the review.
 */
export async function showNewest(
  ctx: AppContext,
  connection: ConnectionRecord,
  changeRequestNumber: number,
): Promise<void> {
  try {
    await updateComment(ctx, connection, changeRequestNumber);
  } catch (error) {
    ctx.log.warn({ err: error, changeRequestNumber }, 'could not update the review comment; the scheduler tries again');
  }
}
