// Goalie extensions for API clients such as the MCP server (docs/api.md): the project's test plans,
// and its test cases with their burn-in state and last result. Read-only, the token's project only.
import type { TestCaseListEntry, TestPlanListEntry } from '../../../shared/src/api/types.js';
import type { AppContext } from './context.js';
import type { Caller } from './records.js';

/** More test cases than this: the answer says so (`truncated`) instead of growing without bound. */
export const TEST_CASE_LIST_LIMIT = 500;

export async function listTestPlans(ctx: AppContext, caller: Caller): Promise<{ testPlans: TestPlanListEntry[] }> {
  const plans = await ctx.store.planQueries.plans(caller.project.id);
  // Only what a client needs to choose a plan: no badge token, no Slack channel.
  return {
    testPlans: plans.map((plan) => ({
      shortId: plan.shortId,
      name: plan.name,
      description: plan.description,
      isDefault: plan.isDefault,
      testCases: plan.testCases.map((tc) => ({
        id: tc.id,
        name: tc.name,
        isEnabled: tc.isEnabled,
        generationStatus: tc.generationStatus,
      })),
    })),
  };
}

export async function listTestCasesForApi(
  ctx: AppContext,
  caller: Caller,
): Promise<{ testCases: TestCaseListEntry[]; truncated: boolean }> {
  const q = ctx.store.testCaseQueries;
  const page = await q.page(
    caller.project.id,
    { search: null, planShortId: null, state: null, ids: null },
    { limit: TEST_CASE_LIST_LIMIT + 1, offset: 0 },
  );
  const rows = page.rows.slice(0, TEST_CASE_LIST_LIMIT);
  const results = await q.lastResults(
    rows.map((row) => row.id),
    1,
  );
  const last = new Map(results.map((result) => [result.testCaseId, result]));
  return {
    truncated: page.rows.length > TEST_CASE_LIST_LIMIT,
    testCases: rows.map((row) => {
      const result = last.get(row.id);
      return {
        id: row.id,
        name: row.name,
        url: ctx.links.testCase(row.id),
        applicationName: row.applicationName,
        isEnabled: row.isEnabled,
        generationStatus: row.generationStatus,
        createdVia: row.createdVia,
        testPlans: row.plans,
        lastResult: result
          ? {
              result: result.outcome,
              resultTitle: result.resultTitle,
              runShortId: result.runShortId,
              runUrl: ctx.links.run(result.runShortId),
              finishedAt: result.finishedAt.toISOString(),
            }
          : null,
      };
    }),
  };
}
