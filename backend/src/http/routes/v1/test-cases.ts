import Router from '@koa/router';
import type { Middleware } from 'koa';
import { createTestCaseSchema, updateTestCaseSchema } from '../../../../../shared/src/api/schemas.js';
import type { AppContext } from '../../../app/context.js';
import { listTestCasesForApi, listTestPlans } from '../../../app/api-lists.js';
import { createTestCase } from '../../../app/create-test-case.js';
import { BadRequest } from '../../../app/errors.js';
import { getTestCase, setTestCaseEnabled } from '../../../app/test-case-state.js';
import type { AppState } from '../../state.js';
import { bodyObject, parse } from '../../validate.js';

export function testCaseRoutes(app: AppContext, guard: Middleware<AppState>[]): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/test-cases', ...guard, async (ctx) => {
    const input = parse(createTestCaseSchema, bodyObject(ctx.state.body, { required: true }));
    const testCase = await createTestCase(app, ctx.state.caller!, input);
    ctx.body = { success: true, testCase };
  });

  // Goalie extensions (docs/api.md): the project's test plans and test cases (the MCP server lists
  // them), a test case's burn-in state and steps, and enabling it.
  router.get('/test-plans', ...guard, async (ctx) => {
    ctx.body = await listTestPlans(app, ctx.state.caller!);
  });

  router.get('/test-cases', ...guard, async (ctx) => {
    ctx.body = await listTestCasesForApi(app, ctx.state.caller!);
  });

  router.get('/test-cases/:id', ...guard, async (ctx) => {
    ctx.body = await getTestCase(app, ctx.state.caller!, ctx.params.id!);
  });

  router.patch('/test-cases/:id', ...guard, async (ctx) => {
    if (ctx.state.body === undefined)
      throw new BadRequest(
        'A JSON object body is required: send {"isEnabled": true} to enable the test case or {"isEnabled": false} to disable it.',
      );
    const input = parse(updateTestCaseSchema, bodyObject(ctx.state.body, { required: true }));
    ctx.body = await setTestCaseEnabled(app, ctx.state.caller!, ctx.params.id!, input.isEnabled);
  });
  return router;
}
