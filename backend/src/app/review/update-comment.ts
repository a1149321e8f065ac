// Shows the newest review of a change request in Goalie's one comment there (updated in place).
import { commentMarker } from '../../domain/review/comment-marker.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import type { AppContext } from '../context.js';
import type { ConnectionRecord, ReviewRecord } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';
import { renderComment, type CheckResult, type CommentContext } from './render-comment.js';
import { platformFor, runTestCasesOf, type Exploration } from './review-context.js';

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
  const exploration = review.exploration as Exploration | null;
  const missing = review.status === 'WAITING'
    ? deploymentsReady(connection.environmentMapping, await store.reviews.deploymentsFor(connection.id, review.headSha), review.headSha).missing
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
    checks: (review.checks as CheckResult[] | null) ?? [],
    missing,
    mention: connection.mention,
    supersededBySha: review.supersededBySha || null,
    // The comment shows the newest review only: it also tells when that one replaced a review in progress.
    replaced: previous?.status === 'SUPERSEDED' ? { headSha: previous.headSha, supersededBySha: previous.supersededBySha || null } : null,
  };
}

export async function updateComment(ctx: AppContext, connection: ConnectionRecord, changeRequestNumber: number): Promise<void> {
  // One writer at a time per change request: jobs of the same change request run at once (a
  // superseded review's update beside the new review's start), and each renders the newest state
  // only once the previous writer is done, so the comment is never created twice nor left stale.
  await ctx.store.transaction(async (tx) => {
    await tx.reviews.lockChangeRequest(connection.id, changeRequestNumber);
    const [latest, previous] = await tx.reviews.latestTwo(connection.id, changeRequestNumber);
    if (!latest) return;
    const body = renderComment(latest, await commentContext(ctx, tx, connection, latest, previous));
    const comment = await platformFor(ctx, connection).upsertComment(changeRequestNumber, commentMarker(changeRequestNumber), body);
    await tx.reviews.update(latest.id, { commentId: comment.id });
  });
}
