import Router from '@koa/router';
import type { Middleware } from 'koa';
import { createTestCaseSchema } from '../../../../../shared/src/api/schemas.js';
import type { AppContext } from '../../../app/context.js';
import { createTestCase } from '../../../app/create-test-case.js';
import type { AppState } from '../../state.js';
import { bodyObject, parse } from '../../validate.js';

export function testCaseRoutes(app: AppContext, guard: Middleware<AppState>[]): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/test-cases', ...guard, async (ctx) => {
    const input = parse(createTestCaseSchema, bodyObject(ctx.state.body, { required: true }));
    const testCase = await createTestCase(app, ctx.state.caller!, input);
    ctx.body = { success: true, testCase };
  });
  return router;
}
