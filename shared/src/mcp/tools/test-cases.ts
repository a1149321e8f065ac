// list_test_cases, create_test_case, get_test_case: GET /v1/test-cases, POST /v1/test-cases and
// GET /v1/test-cases/{id} (burn-in state and recorded steps, optionally waiting for the burn-in).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createTestCaseSchema, uuid } from '../../api/schemas.js';
import { waitForBurnIn } from '../../client/wait-for-burn-in.js';
import type { McpContext } from '../context.js';
import { formatTestCase, formatTestCaseList } from '../format.js';
import { sleepUnless, untilAborted } from '../abortable.js';
import { apiCall } from '../results.js';
import { MAX_WAIT_SECONDS } from './wait-for-run.js';

const GOAL_HELP =
  "What to do, one sentence per action, e.g. \"Go to /login. Fill 'Email' with '{{config.email}}'. Click 'Sign in'\".";

export function registerTestCaseTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'list_test_cases',
    {
      title: 'List test cases',
      description:
        "The project's test cases: their UUIDs, burn-in state (GENERATING, COMPLETED, FAILED), whether enabled, their plans and last result.",
      annotations: { readOnlyHint: true },
    },
    () =>
      apiCall(async () => {
        const { testCases, truncated } = await ctx.client.listTestCases();
        return formatTestCaseList(testCases, truncated);
      }),
  );

  const shape = createTestCaseSchema.shape;
  server.registerTool(
    'create_test_case',
    {
      title: 'Create a test case',
      description:
        'Creates a test case from a goal in plain language. It is stored disabled while its burn-in records the steps (a worker must be running); get_test_case with waitSeconds reports the burn-in result.',
      inputSchema: {
        name: shape.name.describe('1 to 80 characters, unique in the project.'),
        goal: shape.goal.describe(GOAL_HELP),
        applicationShortId: shape.applicationShortId.describe('The application it tests (app_...).'),
        expectedResult: shape.expectedResult.describe('What success looks like, e.g. "\'Your orders\' is shown".'),
        configShortIds: shape.configShortIds.describe('Configs (cfg_...) the test may use as {{config.key}}.'),
        scenarioShortId: shape.scenarioShortId,
        resumeFromDependencyProjectTestCaseId: shape.resumeFromDependencyProjectTestCaseId.describe(
          "Continue from this test case's browser state (its UUID).",
        ),
        waitForDependenciesProjectTestCaseIds: shape.waitForDependenciesProjectTestCaseIds.describe(
          'Run after these test cases passed (their UUIDs).',
        ),
      },
    },
    (input) =>
      apiCall(async () => {
        const { testCase } = await ctx.client.createTestCase(input);
        return `Created test case ${JSON.stringify(testCase.name)} (${testCase.id}).\nPage: ${testCase.url}\nIt is burning in (recording its steps) and stays disabled until then: call get_test_case with id ${testCase.id} and waitSeconds to get the burn-in's result.`;
      }),
  );

  server.registerTool(
    'get_test_case',
    {
      title: 'Get a test case and its recorded steps',
      description: `A test case's goal, burn-in state (and why it failed), whether it is enabled, and its recorded steps. waitSeconds (up to ${MAX_WAIT_SECONDS}) waits for a burn-in that is still GENERATING.`,
      inputSchema: {
        id: uuid.describe('The test case UUID (create_test_case or list_test_cases gives it).'),
        waitSeconds: z
          .number()
          .int()
          .min(0)
          .max(MAX_WAIT_SECONDS)
          .default(0)
          .describe(
            `Wait up to this long for the burn-in to end (0 to ${MAX_WAIT_SECONDS}; default 0: answer at once).`,
          ),
      },
      annotations: { readOnlyHint: true },
    },
    ({ id, waitSeconds }, extra) =>
      apiCall(async () => {
        if (waitSeconds === 0 || extra.signal.aborted) return formatTestCase(await ctx.client.getTestCase(id));
        const { finished, testCase } = await waitForBurnIn(ctx.client, id, {
          timeoutMs: waitSeconds * 1000,
          maxIntervalMs: 5000,
          sleep: sleepUnless(extra.signal),
          now: untilAborted(extra.signal),
        });
        return `${finished ? '' : `The burn-in has not ended after ${waitSeconds} s.\n`}${formatTestCase(testCase)}`;
      }),
  );
}
