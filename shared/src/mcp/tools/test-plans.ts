// list_test_plans, add_to_plan, remove_from_plan: GET /v1/test-plans and a test case's place in a
// plan (POST /v1/test-plans/{shortId}/test-cases, DELETE .../test-cases/{id}); a plan by name or short ID.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { uuid } from '../../api/schemas.js';
import type { GoalieClient } from '../../client/api-client.js';
import { resolvePlanRef } from '../../client/plan-ref.js';
import { isShortId } from '../../short-ids.js';
import type { McpContext } from '../context.js';
import { formatTestPlans } from '../format.js';
import { apiCall, ToolRefusal } from '../results.js';

/** A plan's name or short ID as an agent gives it; resolved against list_test_plans. */
export const planRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('The test plan: its name (any case) or short ID (pln_...), as list_test_plans shows them.');

/** The plan's short ID; a name that names no plan is refused with the closest names. */
export async function planShortIdOf(client: GoalieClient, ref: string): Promise<string> {
  if (isShortId('testPlan', ref)) return ref;
  const resolved = resolvePlanRef(ref, (await client.listTestPlans()).testPlans);
  if ('problem' in resolved) throw new ToolRefusal(`Test plan ${JSON.stringify(ref)}: ${resolved.problem}.`);
  return resolved.plan.shortId;
}

export function registerTestPlanTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'list_test_plans',
    {
      title: 'List test plans',
      description:
        "The project's test plans with their short IDs (pln_...) and test cases; the default plan is what start_run runs without a plan.",
      annotations: { readOnlyHint: true },
    },
    () => apiCall(async () => formatTestPlans((await ctx.client.listTestPlans()).testPlans)),
  );

  for (const member of [true, false]) {
    server.registerTool(
      member ? 'add_to_plan' : 'remove_from_plan',
      {
        title: member ? 'Add a test case to a test plan' : 'Take a test case out of a test plan',
        description: member
          ? 'Adds a test case to a test plan (at its end), so runs of the plan include it once it is enabled (set_test_case_enabled). A plan declared in a project file gets its test cases from the file again at the next goalie apply.'
          : 'Takes a test case out of a test plan; runs of the plan leave it out (unless a test case of the plan depends on it).',
        inputSchema: {
          testCaseId: uuid.describe('The test case UUID (create_test_case or list_test_cases gives it).'),
          plan: planRef,
        },
        annotations: { idempotentHint: true },
      },
      ({ testCaseId, plan }) =>
        apiCall(async () => {
          const shortId = await planShortIdOf(ctx.client, plan);
          const { changed, testPlan } = await ctx.client.setPlanMembership(shortId, testCaseId, member);
          const done = member
            ? changed
              ? 'Added the test case to'
              : 'The test case was already in'
            : changed
              ? 'Took the test case out of'
              : 'The test case was not in';
          return `${done} test plan ${testPlan.name} (${testPlan.shortId}).\n${formatTestPlans([testPlan])}`;
        }),
    );
  }
}
