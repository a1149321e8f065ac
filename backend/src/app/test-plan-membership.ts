// Add a test case to a test plan, or take it out (POST /v1/test-plans/{shortId}/test-cases and
// DELETE /v1/test-plans/{shortId}/test-cases/{id}, Goalie extensions). Both are idempotent: the
// answer's `changed` says whether anything was written. The plan and the test case must be the
// caller's project's (404 otherwise, as for one that does not exist).
import type { TestPlanMembershipResponse } from '../../../shared/src/api/types.js';
import { isShortId, shortIdExample } from '../../../shared/src/short-ids.js';
import { listTestPlans } from './api-lists.js';
import type { AppContext } from './context.js';
import { BadRequest, NotFound } from './errors.js';
import type { Caller, TestPlanRecord } from './records.js';
import { findTestCase } from './test-case-state.js';

async function findPlan(ctx: AppContext, caller: Caller, shortId: string): Promise<TestPlanRecord> {
  if (!isShortId('testPlan', shortId))
    throw new BadRequest(
      `${JSON.stringify(shortId)} is not a test plan short ID such as ${shortIdExample('testPlan')}; GET /v1/test-plans lists the project's plans with their short IDs.`,
    );
  const plan = await ctx.store.testPlans.findByShortId(caller.project.id, shortId);
  if (!plan)
    throw new NotFound(
      `Test plan ${shortId} was not found in project ${caller.project.name}; GET /v1/test-plans lists its plans.`,
    );
  return plan;
}

export async function changePlanMembership(
  ctx: AppContext,
  caller: Caller,
  planShortId: string,
  testCaseId: string,
  member: boolean,
): Promise<TestPlanMembershipResponse> {
  const plan = await findPlan(ctx, caller, planShortId);
  const testCase = await findTestCase(ctx, caller, testCaseId);
  const changed = await ctx.store.transaction(async (tx) => {
    // A delete of the test case meanwhile (which takes the same lock) is either before: 404; or after.
    await tx.testCaseChanges.lockProject(caller.project.id);
    if (!(await tx.testCases.findByIds(caller.project.id, [testCase.id])).length)
      throw new NotFound(`Test case ${testCase.id} was not found in project ${caller.project.name}.`);
    return member
      ? await tx.testCaseChanges.addToPlan(plan.id, testCase.id)
      : await tx.testCaseChanges.removeFromPlan(plan.id, testCase.id);
  });
  const { testPlans } = await listTestPlans(ctx, caller);
  return { success: true, changed, testPlan: testPlans.find((p) => p.shortId === plan.shortId)! };
}
