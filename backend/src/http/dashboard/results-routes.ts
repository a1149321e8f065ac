// Server-rendered pages behind the API's `url` fields, and their evidence files. Read-only except
// cancelling a run and enabling or disabling a test case; addressed by unguessable IDs.
import Router from '@koa/router';
import type { AppContext } from '../../app/context.js';
import { NotFound } from '../../app/errors.js';
import { runPage, testCasePage } from '../../app/pages.js';
import type { EvidenceStore } from '../../app/ports/evidence.js';
import { cancelRun } from '../../app/run-engine/cancel-run.js';
import { setTestCaseEnabled } from '../../app/test-case-state.js';
import type { AppState } from '../state.js';
import { renderReviewPage } from './review-page.js';
import { renderRunPage } from './run-page.js';
import { formToken, requireFormToken } from './form-token.js';
import { requireSameOrigin } from './same-origin.js';
import { renderTestCasePage } from './test-case-page.js';

export function pageRoutes(app: AppContext, evidence: EvidenceStore): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/runs/:shortId', async (ctx) => {
    const { run, testCases } = await runPage(app, ctx.params.shortId!);
    ctx.type = 'html';
    ctx.body = renderRunPage(run, testCases, formToken(ctx));
  });

  router.get('/reviews/:shortId', async (ctx) => {
    const review = await app.store.reviews.byShortId(ctx.params.shortId!);
    if (!review) throw new NotFound(`Review ${ctx.params.shortId} was not found.`);
    const run = review.runId ? await app.store.runs.findById(review.runId) : null;
    ctx.type = 'html';
    ctx.body = renderReviewPage(review, run, run ? await app.store.runs.testCasesOf(run.id) : []);
  });

  router.post('/runs/:shortId/cancel', async (ctx) => {
    requireSameOrigin(ctx);
    await requireFormToken(ctx, "Open the run's page in a browser and press Cancel run there, or use POST /v1/run/{shortId}/cancel with an API token.");
    await cancelRun(app, null, ctx.params.shortId!);
    ctx.redirect(`/runs/${encodeURIComponent(ctx.params.shortId!)}`);
  });

  router.get('/test-cases/:id', async (ctx) => {
    const { testCase, steps } = await testCasePage(app, ctx.params.id!);
    ctx.type = 'html';
    ctx.body = renderTestCasePage(testCase, steps);
  });

  for (const verb of ['enable', 'disable'] as const) {
    router.post(`/test-cases/:id/${verb}`, async (ctx) => {
      requireSameOrigin(ctx, {
        page: 'test case page',
        alternative: `Open the test case's page and press ${verb === 'enable' ? 'Enable' : 'Disable'} there, run goalie test-case ${verb} <id>, or use PATCH /v1/test-cases/{id} with an API token.`,
      });
      await setTestCaseEnabled(app, null, ctx.params.id!, verb === 'enable');
      ctx.redirect(`/test-cases/${encodeURIComponent(ctx.params.id!)}`);
    });
  }

  router.get('/evidence/*key', async (ctx) => {
    const raw = (ctx.params as Record<string, string | string[]>).key ?? '';
    const key = Array.isArray(raw) ? raw.join('/') : raw;
    const file = await evidence.get(key);
    if (!file) throw new NotFound(`No evidence at ${key}.`);
    ctx.type = file.contentType;
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.body = file.data;
  });

  return router;
}
