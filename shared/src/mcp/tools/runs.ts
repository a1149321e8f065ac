// start_run, get_run, rerun_run, cancel_run: POST /v1/run, GET /v1/run/{shortId}, POST /v1/run/{shortId}
// and its /cancel extension, with the API's arguments.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { applicationOverrideSchema, shortId, uuid } from '../../api/schemas.js';
import type { McpContext } from '../context.js';
import { formatRun } from '../format.js';
import { apiCall } from '../results.js';

/** A run's short ID as the API gives it; the API says whether such a run exists in the project. */
export const runShortId = z
  .string()
  .min(1)
  .max(64)
  // A dot segment would leave the path: `POST /v1/run/.` is `POST /v1/run`, a new run.
  .refine((id) => id !== '.' && id !== '..', 'is not a run short ID')
  .describe('The run short ID, e.g. x7k2m9 (start_run answers it).');

export function registerRunTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'start_run',
    {
      title: 'Start a run',
      description:
        "Starts a run of a test plan (the project's default plan without testPlanShortId). applications points an application at a preview URL or another environment, as POST /v1/run takes them. Follow it with wait_for_run or get_run.",
      inputSchema: {
        testPlanShortId: shortId('testPlan')
          .optional()
          .describe('The plan to run (list_test_plans); default: the default plan.'),
        applications: z
          .array(applicationOverrideSchema)
          .max(50)
          .optional()
          .describe(
            'Per application: {"applicationShortId": "app_...", "environment": {"url": "https://preview.example.com"} or {"shortId": "env_..."}, "devicePresetShortId": "preset_..."}.',
          ),
      },
    },
    ({ testPlanShortId, applications }) =>
      apiCall(async () => {
        const { run } = await ctx.client.startRun({ trigger: 'API', testPlanShortId, applications });
        return `Started run ${run.shortId} of test plan ${run.testPlan.name} (${run.testPlan.shortId}) with ${run.testCount} test case(s).\nPage: ${run.url}\nNext: wait_for_run with shortId ${run.shortId}.`;
      }),
  );

  server.registerTool(
    'get_run',
    {
      title: 'Get a run',
      description:
        "A run's status and result, and each test case's result, what went wrong, the evaluation and a link to its evidence.",
      inputSchema: {
        shortId: runShortId,
        testCases: z
          .enum(['all', 'failed'])
          .default('all')
          .describe('all, or failed (failed, skipped or errored) only.'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ shortId: id, testCases }) =>
      apiCall(async () => formatRun(await ctx.client.getRun(id, testCases), ctx.runPage(id))),
  );

  server.registerTool(
    'rerun_run',
    {
      title: 'Rerun a run',
      description:
        'Starts a new run of the same plan with the same environments: all of it, only what failed (failedOnly), or chosen test cases (testCaseIds, the test case UUIDs get_run shows).',
      inputSchema: {
        shortId: runShortId,
        failedOnly: z.boolean().optional().describe('Only the test cases that failed, were skipped or errored.'),
        testCaseIds: z.array(uuid).min(1).max(500).optional().describe('Only these test cases (their UUIDs).'),
      },
    },
    ({ shortId: id, failedOnly, testCaseIds }) =>
      apiCall(async () => {
        const { run } = await ctx.client.rerun(id, { failedOnly, projectTestCaseIds: testCaseIds });
        return `Started run ${run.shortId} (a rerun of ${id}) with ${run.testCount} test case(s).\nPage: ${run.url}\nNext: wait_for_run with shortId ${run.shortId}.`;
      }),
  );

  server.registerTool(
    'cancel_run',
    {
      title: 'Cancel a run',
      description: 'Cancels a run that has not ended; test cases not started are cancelled, running ones stop.',
      inputSchema: { shortId: runShortId },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ shortId: id }) =>
      apiCall(async () => {
        const { run } = await ctx.client.cancelRun(id);
        return `Run ${run.shortId} is ${run.status}${run.status === 'CANCELLED' ? '' : ' (its running test cases are stopping)'}.`;
      }),
  );
}
