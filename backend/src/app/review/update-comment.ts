// Shows the newest review of a change request in Goalie's one comment there (updated in place).
import type { RunTestCase } from '../../../../shared/src/api/types.js';
import { commentMarker } from '../../domain/review/comment-marker.js';
import { deploymentsReady } from '../../domain/review/readiness.js';
import type { AppContext } from '../context.js';
import type { ChangeRequestPlatform } from '../ports/change-request-platform.js';
import type { Finding } from '../ports/explorer.js';
import type { ConnectionRecord, ReviewRecord } from '../ports/review-store.js';
import { renderComment, type CheckResult, type CommentContext } from './render-comment.js';

export interface Exploration {
  pagesVisited: string[];
  findings: Finding[];
  unreachable: boolean;
}

export function platformFor(ctx: AppContext, connection: ConnectionRecord): ChangeRequestPlatform {
  return ctx.platforms.platform({ host: connection.host, apiUrl: connection.apiUrl, repository: connection.repository, token: connection.token });
}

export async function runTestCasesOf(ctx: AppContext, runId: string | null): Promise<RunTestCase[]> {
  if (!runId) return [];
  return (await ctx.store.runs.testCasesOf(runId)).map((row) => ({
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    status: row.status,
    result: row.result,
    resultTitle: row.resultTitle,
    evaluationThought: row.evaluationThought,
    promptGoal: row.promptGoal,
    promptExamples: row.promptExamples,
  }));
}

export async function commentContext(ctx: AppContext, connection: ConnectionRecord, review: ReviewRecord): Promise<CommentContext> {
  const [project, run] = await Promise.all([ctx.store.projects.findById(review.projectId), review.runId ? ctx.store.runs.findById(review.runId) : null]);
  const exploration = review.exploration as Exploration | null;
  const missing = review.status === 'WAITING'
    ? deploymentsReady(connection.environmentMapping, await ctx.store.reviews.deploymentsFor(connection.id, review.headSha), review.headSha).missing
    : [];
  return {
    host: connection.host,
    projectName: project?.name ?? '',
    reviewUrl: ctx.links.review(review.shortId),
    runUrl: run ? ctx.links.run(run.shortId) : null,
    testPlanName: run?.testPlanName ?? null,
    testCases: await runTestCasesOf(ctx, review.runId),
    findings: exploration?.findings ?? [],
    pagesVisited: exploration?.pagesVisited.length ?? 0,
    checks: (review.checks as CheckResult[] | null) ?? [],
    missing,
    mention: connection.mention,
    supersededBySha: review.supersededBySha || null,
  };
}

export async function updateComment(ctx: AppContext, connection: ConnectionRecord, changeRequestNumber: number): Promise<void> {
  const [latest] = await ctx.store.reviews.latestTwo(connection.id, changeRequestNumber);
  if (!latest) return;
  const body = renderComment(latest, await commentContext(ctx, connection, latest));
  const comment = await platformFor(ctx, connection).upsertComment(changeRequestNumber, commentMarker(changeRequestNumber), body);
  await ctx.store.reviews.update(latest.id, { commentId: comment.id });
}
