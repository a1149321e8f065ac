import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  addToPlanSchema,
  createTestCaseSchema,
  runTestCaseSchema,
  updateTestCaseSchema,
  UPDATABLE_TEST_CASE_FIELDS,
} from '../../../../../shared/src/api/schemas.js';
import type { AppContext } from '../../../app/context.js';
import { listTestCasesForApi, listTestPlans } from '../../../app/api-lists.js';
import { createTestCase } from '../../../app/create-test-case.js';
import { deleteTestCase } from '../../../app/delete-test-case.js';
import { BadRequest } from '../../../app/errors.js';
import { startOneTestCase } from '../../../app/start-run.js';
import { findTestCase, getTestCase } from '../../../app/test-case-state.js';
import { changePlanMembership } from '../../../app/test-plan-membership.js';
import { updateTestCase } from '../../../app/update-test-case.js';
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
  // them), a test case's burn-in state and steps, changing, deleting and running it, and its plans.
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
        `A JSON object body is required: send the fields to change (${UPDATABLE_TEST_CASE_FIELDS.join(', ')}), e.g. {"goal": "..."}, or {"isEnabled": true} to enable the test case.`,
      );
    // The id first: a body that is wrong for a test case that is not there would hide the 404.
    await findTestCase(app, ctx.state.caller!, ctx.params.id!);
    const input = parse(updateTestCaseSchema, bodyObject(ctx.state.body, { required: true }));
    ctx.body = await updateTestCase(app, ctx.state.caller!, ctx.params.id!, input);
  });

  router.delete('/test-cases/:id', ...guard, async (ctx) => {
    ctx.body = await deleteTestCase(app, ctx.state.caller!, ctx.params.id!);
  });

  router.post('/test-cases/:id/run', ...guard, async (ctx) => {
    const caller = ctx.state.caller!;
    const testCase = await findTestCase(app, caller, ctx.params.id!);
    const input = parse(runTestCaseSchema, bodyObject(ctx.state.body, { required: false }));
    ctx.body = { success: true, run: await startOneTestCase(app, caller, testCase.id, { trigger: 'API', ...input }) };
  });

  router.post('/test-plans/:shortId/test-cases', ...guard, async (ctx) => {
    const input = parse(addToPlanSchema, bodyObject(ctx.state.body, { required: true }));
    ctx.body = await changePlanMembership(app, ctx.state.caller!, ctx.params.shortId!, input.testCaseId, true);
  });

  router.delete('/test-plans/:shortId/test-cases/:id', ...guard, async (ctx) => {
    ctx.body = await changePlanMembership(app, ctx.state.caller!, ctx.params.shortId!, ctx.params.id!, false);
  });
  return router;
}
