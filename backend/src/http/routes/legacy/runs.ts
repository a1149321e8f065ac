// The deprecated form `/api/projects/{projectUuid}/runs`, kept for older clients. Answers in v1 shapes.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { startRunSchema } from '../../../../../shared/src/api/schemas.js';
import type { AppContext } from '../../../app/context.js';
import { NotFound } from '../../../app/errors.js';
import { readRunStatus } from '../../../app/get-run.js';
import { startRun } from '../../../app/start-run.js';
import { presentRunStatus } from '../../present.js';
import type { AppState, Ctx } from '../../state.js';
import { bodyObject, parse } from '../../validate.js';
import { testCaseFilter, withExtensions } from '../v1/runs.js';
import { normalizeLegacyStartRun } from './normalize.js';

function checkProject(ctx: Ctx): void {
  const projectUuid = ctx.params?.projectUuid as string;
  // Another project's UUID is "not found", exactly like its runs.
  if (projectUuid.toLowerCase() !== ctx.state.caller!.project.id) {
    throw new NotFound(
      `Project ${projectUuid} was not found. The API token belongs to project ${ctx.state.caller!.project.name} (${ctx.state.caller!.project.id}).`,
    );
  }
}

export function legacyRunRoutes(app: AppContext, guard: Middleware<AppState>[]): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/projects/:projectUuid/runs' });
  const deprecated: Middleware<AppState> = async (ctx, next) => {
    ctx.set('Deprecation', 'true');
    ctx.set('Link', '</v1/openapi.json>; rel="successor-version"');
    await next();
  };

  router.post('/', deprecated, ...guard, async (ctx) => {
    checkProject(ctx);
    const input = parse(startRunSchema, normalizeLegacyStartRun(bodyObject(ctx.state.body, { required: false })));
    const run = await startRun(app, ctx.state.caller!, input);
    ctx.body = { success: true, run: { ...run, testPlan: { ...run.testPlan, short_id: run.testPlan.shortId } } };
  });

  router.get('/:shortId', deprecated, ...guard, async (ctx) => {
    checkProject(ctx);
    const answer = presentRunStatus(
      await readRunStatus(
        app,
        ctx.state.caller!,
        ctx.params.shortId!,
        testCaseFilter(ctx.query.testCases),
        withExtensions(ctx.query.extensions),
      ),
    );
    // JSON text already: the type is set as Koa sets it for an object.
    ctx.type = 'json';
    ctx.body = answer;
  });

  return router;
}
