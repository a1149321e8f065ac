// list_test_plans: GET /v1/test-plans.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from '../context.js';
import { formatTestPlans } from '../format.js';
import { apiCall } from '../results.js';

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
}
