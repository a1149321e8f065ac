// The pages behind the API's `url` fields (runs and reviews; test cases: test-cases/routes.tsx) and
// their evidence files. Each needs a member of the project's organization, or a project with
// `publicResults` for reading; cancelling a run needs a member who may run.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../app/context.js';
import { NotFound } from '../../app/errors.js';
import { runPage } from '../../app/pages.js';
import type { EvidenceStore } from '../../app/ports/evidence.js';
import type { ProjectRecord } from '../../app/records.js';
import { cancelRun } from '../../app/run-engine/cancel-run.js';
import type { AppState } from '../state.js';
import { projectAccess } from './access.js';
import { csrfToken, requireCsrf } from './csrf.js';
import { renderReviewPage } from './reviews/review-page.js';
import { renderRunPage } from './runs/run-page.js';

const NOT_FOUND = 'Nothing was found at this address, or you are not a member of its organization.';

async function projectById(app: AppContext, id: string): Promise<ProjectRecord> {
  const project = await app.store.projects.findById(id);
  if (!project) throw new NotFound(NOT_FOUND);
  return project;
}

/** The project an evidence key belongs to: runs/<run id>/..., reviews/<review id>/..., generation/<test case id>/... */
async function projectOfEvidence(app: AppContext, key: string): Promise<string | null> {
  const [kind, id] = key.split('/');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!id || !uuid.test(id)) return null;
  if (kind === 'runs') return (await app.store.runs.findById(id))?.projectId ?? null;
  if (kind === 'reviews') return (await app.store.reviews.byId(id))?.projectId ?? null;
  if (kind === 'generation') return (await app.store.testCases.findAnywhere(id))?.projectId ?? null;
  return null;
}

export function resultsRoutes(app: AppContext, evidence: EvidenceStore): Router<AppState> {
  const router = new Router<AppState>();
  const read = (ctx: Context, project: ProjectRecord, what: string) => projectAccess(app, ctx, project, 'read', what, { results: true });

  router.get('/runs/:shortId', async (ctx) => {
    const { run, testCases } = await runPage(app, ctx.params.shortId!);
    await read(ctx, await projectById(app, run.projectId), 'see this run');
    ctx.type = 'html';
    ctx.body = renderRunPage(run, testCases, csrfToken(ctx));
  });

  router.post('/runs/:shortId/cancel', async (ctx) => {
    await requireCsrf(ctx, { page: 'run page', alternative: "Open the run's page and press Cancel run there, or use POST /v1/run/{shortId}/cancel with an API token." });
    const { run } = await runPage(app, ctx.params.shortId!);
    await projectAccess(app, ctx, await projectById(app, run.projectId), 'run', 'cancel runs');
    await cancelRun(app, null, ctx.params.shortId!);
    ctx.redirect(`/runs/${encodeURIComponent(ctx.params.shortId!)}`);
  });

  router.get('/reviews/:shortId', async (ctx) => {
    const review = await app.store.reviews.byShortId(ctx.params.shortId!);
    if (!review) throw new NotFound(`Review ${ctx.params.shortId} was not found.`);
    await read(ctx, await projectById(app, review.projectId), 'see this review');
    const run = review.runId ? await app.store.runs.findById(review.runId) : null;
    ctx.type = 'html';
    ctx.body = renderReviewPage(review, run, run ? await app.store.runs.testCasesOf(run.id) : []);
  });

  router.get('/evidence/*key', async (ctx) => {
    const raw = (ctx.params as Record<string, string | string[]>).key ?? '';
    const key = Array.isArray(raw) ? raw.join('/') : raw;
    const projectId = await projectOfEvidence(app, key);
    if (!projectId) throw new NotFound(`No evidence at ${key}.`);
    await read(ctx, await projectById(app, projectId), 'see this evidence');
    const file = await evidence.get(key);
    if (!file) throw new NotFound(`No evidence at ${key}.`);
    ctx.type = file.contentType;
    // Only the signed-in browser may keep it: never a shared cache.
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.body = file.data;
  });

  return router;
}
