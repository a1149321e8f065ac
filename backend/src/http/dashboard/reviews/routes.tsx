// The reviews of a project (/p/:slug/reviews: its change requests, each by its newest review) and a
// review's page (/reviews/:shortId, the link Goalie posts on change requests; readable by anyone when
// the project has publicResults).
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { BadRequest, NotFound } from '../../../app/errors.js';
import type { ChangeRequestFilter } from '../../../app/ports/reviews-queries.js';
import type { ReviewRecord } from '../../../app/ports/review-store.js';
import { deploymentsReady } from '../../../domain/review/readiness.js';
import type { AppState } from '../../state.js';
import { projectAccess } from '../access.js';
import { projectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { ReviewList, PAGE_SIZE, STATE_FILTERS, VERDICT_FILTERS, type ListQuery } from './review-list.js';
import { isLive, ReviewPage, reviewTitle, type ReviewPageData } from './review-page.js';
import { IN_PROGRESS } from './review-words.js';

/** Reviews of the change request shown under the review. */
const HISTORY = 20;

async function reviewPageData(app: AppContext, review: ReviewRecord): Promise<ReviewPageData> {
  const [connection, run, history] = await Promise.all([
    app.store.reviewsQueries.connectionOf(review.projectId),
    review.runId ? app.store.runs.findById(review.runId) : null,
    app.store.reviewsQueries.reviewsOf(review.connectionId, review.changeRequestNumber, HISTORY),
  ]);
  const testCases = run ? await app.store.runs.testCasesOf(run.id) : [];
  const missing =
    review.status === 'WAITING' && connection
      ? deploymentsReady(
          connection.environmentMapping,
          await app.store.reviews.deploymentsFor(review.connectionId, review.headSha),
          review.headSha,
        ).missing
      : [];
  return {
    review,
    connection: connection?.id === review.connectionId ? connection : null,
    run,
    testCases,
    history,
    missing,
  };
}

export async function showReviewPage(app: AppContext, ctx: Context, shortId: string): Promise<void> {
  const review = await app.store.reviews.byShortId(shortId);
  const notFound = `Review ${shortId} was not found, or you are not a member of its organization.`;
  if (!review) throw new NotFound(notFound);
  const project = await app.store.projects.findById(review.projectId);
  if (!project) throw new NotFound(notFound);
  const role = await projectAccess(app, ctx, project, 'read', 'see this review', { results: true });
  const [data, summary] = await Promise.all([
    reviewPageData(app, review),
    role ? app.store.overview.projectBySlug(project.slug) : null,
  ]);
  // The project's sections only for its members: a reader of a public review sees the review alone.
  const nav = summary ? { slug: summary.slug, name: summary.name, organizationName: summary.organizationName } : null;
  renderPage(
    ctx,
    { title: reviewTitle(data), project: nav, section: 'reviews', live: isLive(review) },
    <ReviewPage data={data} />,
  );
}

function one(ctx: Context, name: string): string {
  const value = ctx.query[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The list's filters and page from the address; an unknown value is a 400 that lists the known ones. */
function listQuery(ctx: Context): ListQuery {
  const state = one(ctx, 'state');
  const verdict = one(ctx, 'verdict');
  const page = one(ctx, 'page');
  if (state && !STATE_FILTERS.some((f) => f.value === state)) {
    throw new BadRequest(
      `There is no review state "${state}" to filter by. Use one of: ${STATE_FILTERS.map((f) => f.value).join(', ')}.`,
    );
  }
  if (verdict && !VERDICT_FILTERS.some((f) => f.value === verdict)) {
    throw new BadRequest(
      `There is no verdict "${verdict}" to filter by. Use one of: ${VERDICT_FILTERS.map((f) => f.value).join(', ')}.`,
    );
  }
  if (page && !/^[1-9][0-9]{0,5}$/.test(page)) throw new BadRequest(`The page must be a number from 1, not "${page}".`);
  return { state, verdict, page: page ? Number(page) : 1 };
}

function filterOf(query: ListQuery): ChangeRequestFilter {
  return {
    statuses: STATE_FILTERS.find((f) => f.value === query.state)?.statuses ?? null,
    verdict: VERDICT_FILTERS.find((f) => f.value === query.verdict)?.verdict ?? null,
  };
}

export function reviewsRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/p/:slug/reviews', async (ctx) => {
    const { project, nav } = await projectPage(app, ctx, ctx.params.slug!, 'read', 'see the reviews');
    const query = listQuery(ctx);
    const connection = await app.store.reviewsQueries.connectionOf(project.id);
    const [list, live] = connection
      ? await Promise.all([
          app.store.reviewsQueries.changeRequests(connection.id, filterOf(query), {
            limit: PAGE_SIZE,
            offset: (query.page - 1) * PAGE_SIZE,
          }),
          app.store.reviewsQueries.anyReviewIn(connection.id, IN_PROGRESS),
        ])
      : [{ items: [], total: 0 }, false];
    renderPage(
      ctx,
      { title: `Reviews · ${project.name}`, project: nav, section: 'reviews', live },
      <ReviewList slug={project.slug} connection={connection} query={query} list={list} live={live} />,
    );
  });
  return router;
}
