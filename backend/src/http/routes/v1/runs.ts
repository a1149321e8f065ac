import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  rerunSchema,
  runExtensionsQuerySchema,
  runTestCasesQuerySchema,
  startRunSchema,
} from '../../../../../shared/src/api/schemas.js';
import type { AppContext } from '../../../app/context.js';
import { findRun, readRunStatus, type TestCaseFilter } from '../../../app/get-run.js';
import { cancelRun } from '../../../app/run-engine/cancel-run.js';
import { rerun } from '../../../app/rerun.js';
import { startRun } from '../../../app/start-run.js';
import { BadRequest } from '../../../app/errors.js';
import { presentRunStatus } from '../../present.js';
import type { AppState } from '../../state.js';
import { bodyObject, parse } from '../../validate.js';

export function testCaseFilter(query: unknown): TestCaseFilter {
  if (query === undefined) return 'none';
  if (Array.isArray(query))
    throw new BadRequest('Give the testCases query parameter once: testCases=failed or testCases=all.');
  const parsed = runTestCasesQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw new BadRequest(
      `Invalid query parameter testCases=${String(query)}: use testCases=failed (failed, skipped or errored test cases) or testCases=all, or omit it.`,
    );
  }
  return parsed.data;
}

/** `?extensions=true` asks for Goalie's fields beside the specification's (docs/api.md). */
export function withExtensions(query: unknown): boolean {
  if (query === undefined) return false;
  const parsed = runExtensionsQuerySchema.safeParse(query);
  if (!parsed.success)
    throw new BadRequest(
      `Invalid query parameter extensions=${String(query)}: use extensions=true (each run test case also carries projectTestCaseId, startedAt and finishedAt) or omit it.`,
    );
  return parsed.data === 'true';
}

export function runRoutes(app: AppContext, guard: Middleware<AppState>[]): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/run', ...guard, async (ctx) => {
    const input = parse(startRunSchema, bodyObject(ctx.state.body, { required: false }));
    const run = await startRun(app, ctx.state.caller!, input);
    ctx.body = { success: true, run };
  });

  router.get('/run/:shortId', ...guard, async (ctx) => {
    const filter = testCaseFilter(ctx.query.testCases);
    const answer = presentRunStatus(
      await readRunStatus(app, ctx.state.caller!, ctx.params.shortId!, filter, withExtensions(ctx.query.extensions)),
    );
    // JSON text already: the type is set as Koa sets it for an object.
    ctx.type = 'json';
    ctx.body = answer;
  });

  router.post('/run/:shortId', ...guard, async (ctx) => {
    const input = parse(rerunSchema, bodyObject(ctx.state.body, { required: true }));
    const run = await rerun(app, ctx.state.caller!, ctx.params.shortId!, input);
    ctx.body = { success: true, run };
  });

  // Goalie extension (docs/api.md): cancel a run.
  router.post('/run/:shortId/cancel', ...guard, async (ctx) => {
    const run = await findRun(app, ctx.state.caller!, ctx.params.shortId!);
    const { status } = await cancelRun(app, ctx.state.caller!, run.shortId);
    ctx.body = { success: true, run: { id: run.id, shortId: run.shortId, status } };
  });

  return router;
}
