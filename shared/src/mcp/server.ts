// Goalie's MCP server: tools, resources and prompts over one API client. The same server serves the
// Streamable HTTP endpoint (/mcp on the API port) and `goalie mcp` over stdio; only the client differs.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './context.js';
import { registerPrompts } from './prompts.js';
import { registerResources } from './resources.js';
import { registerRunTools } from './tools/runs.js';
import { registerTestCaseTools } from './tools/test-cases.js';
import { registerTestPlanTools } from './tools/test-plans.js';
import { registerWaitForRunTool } from './tools/wait-for-run.js';

export type { McpContext } from './context.js';

const INSTRUCTIONS =
  "Goalie runs goal-driven browser tests of this project's applications. list_test_plans, then start_run and wait_for_run; " +
  'get_run explains failures with links to the evidence; rerun_run with failedOnly checks a fix. New test cases: create_test_case ' +
  '(plans, enabled), then get_test_case with waitSeconds for the burn-in result; update_test_case fixes a goal, set_test_case_enabled ' +
  'and add_to_plan put it in runs, run_test_case runs it alone. Every call acts for the one project of the API token.';

export function createGoalieMcpServer(ctx: McpContext, version: string): McpServer {
  const server = new McpServer({ name: 'goalie', title: 'Goalie', version }, { instructions: INSTRUCTIONS });
  registerTestPlanTools(server, ctx);
  registerRunTools(server, ctx);
  registerWaitForRunTool(server, ctx);
  registerTestCaseTools(server, ctx);
  registerResources(server, ctx);
  registerPrompts(server, ctx);
  return server;
}
