// list_test_cases, create_test_case, get_test_case, update_test_case, set_test_case_enabled,
// run_test_case: GET and POST /v1/test-cases, GET and PATCH /v1/test-cases/{id} (burn-in state and
// recorded steps, optionally waiting for the burn-in) and POST /v1/test-cases/{id}/run.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { applicationOverrideSchema, createTestCaseSchema, updateTestCaseSchema, uuid } from '../../api/schemas.js';
import { waitForBurnIn } from '../../client/wait-for-burn-in.js';
import type { McpContext } from '../context.js';
import { formatTestCase, formatTestCaseList } from '../format.js';
import { sleepUnless, untilAborted } from '../abortable.js';
import { apiCall, ToolRefusal } from '../results.js';
import { planRef, planShortIdOf } from './test-plans.js';
import { MAX_WAIT_SECONDS } from './wait-for-run.js';

const GOAL_HELP =
  "What to do, one sentence per action, e.g. \"Go to /login. Fill 'Email' with '{{config.email}}'. Click 'Sign in'\".";

/** Seconds to wait for a burn-in, 0 to MAX_WAIT_SECONDS. */
const waitSeconds = (byDefault: number, what: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(byDefault)
    .describe(`${what} (0 to ${MAX_WAIT_SECONDS}; default ${byDefault}${byDefault ? '' : ': answer at once'}).`);

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
        'Creates a test case from a goal in plain language and adds it to `plans`. It is stored disabled while its burn-in records the steps (a worker must be running). With enabled: true the call waits for the burn-in (up to waitSeconds) and enables it once COMPLETED; otherwise get_test_case with waitSeconds reports the burn-in result.',
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
        plans: z.array(planRef).max(50).optional().describe('Test plans to add it to, by name or short ID.'),
        enabled: z
          .boolean()
          .default(false)
          .describe('true: wait for the burn-in and enable the test case once it is COMPLETED, so its plans run it.'),
        waitSeconds: waitSeconds(120, 'With enabled: how long to wait for the burn-in'),
      },
    },
    ({ plans, enabled, waitSeconds: wait, ...input }, extra) =>
      apiCall(async () => {
        // Plans by name are resolved first: a misspelled one creates nothing.
        const shortIds = await Promise.all((plans ?? []).map((plan) => planShortIdOf(ctx.client, plan)));
        const { testCase } = await ctx.client.createTestCase(input);
        const lines = [`Created test case ${JSON.stringify(testCase.name)} (${testCase.id}).`, `Page: ${testCase.url}`];
        for (const shortId of shortIds) {
          const { testPlan } = await ctx.client.setPlanMembership(shortId, testCase.id, true);
          lines.push(`Added it to test plan ${testPlan.name} (${testPlan.shortId}).`);
        }
        if (!enabled) {
          lines.push(
            `It is burning in (recording its steps) and stays disabled until enabled: call get_test_case with id ${testCase.id} and waitSeconds to get the burn-in's result, then set_test_case_enabled.`,
          );
          return lines.join('\n');
        }
        const { finished, testCase: burnedIn } = await waitForBurnIn(ctx.client, testCase.id, {
          timeoutMs: wait * 1000,
          maxIntervalMs: 5000,
          sleep: sleepUnless(extra.signal),
          now: untilAborted(extra.signal),
        });
        if (!finished || burnedIn.generationStatus !== 'COMPLETED') {
          lines.push(
            finished
              ? `Not enabled: its burn-in FAILED. Fix the goal with update_test_case (it burns in again), then set_test_case_enabled.`
              : `Not enabled yet: its burn-in has not ended after ${wait} s. Call get_test_case with waitSeconds, then set_test_case_enabled.`,
            formatTestCase(burnedIn),
          );
          return lines.join('\n');
        }
        lines.push('Its burn-in COMPLETED and it is enabled: its plans run it.');
        lines.push(formatTestCase(await ctx.client.updateTestCase(testCase.id, { isEnabled: true })));
        return lines.join('\n');
      }),
  );

  const update = updateTestCaseSchema.shape;
  server.registerTool(
    'update_test_case',
    {
      title: 'Change a test case',
      description:
        "Changes a test case's name, goal, expected result, application, configs, scenario or dependencies; only what is given changes. A changed goal or application is burned in again (get_test_case with waitSeconds reports it). Test cases declared in a project file are changed in the file instead.",
      inputSchema: {
        id: uuid.describe('The test case UUID.'),
        name: update.name.describe('New name, 1 to 80 characters, unique in the project.'),
        goal: update.goal.describe(GOAL_HELP),
        expectedResult: update.expectedResult.describe('What success looks like; null or "" clears it.'),
        applicationShortId: update.applicationShortId.describe('The application it tests (app_...).'),
        configShortIds: update.configShortIds.describe('The configs (cfg_...); replaces the list, [] clears it.'),
        scenarioShortId: update.scenarioShortId.describe('The scenario (scenario_...); null clears it.'),
        resumeFromDependencyProjectTestCaseId: update.resumeFromDependencyProjectTestCaseId.describe(
          'Continue from this test case (its UUID); null clears it.',
        ),
        waitForDependenciesProjectTestCaseIds: update.waitForDependenciesProjectTestCaseIds.describe(
          'Run after these test cases passed (UUIDs); replaces the list, [] clears it.',
        ),
      },
      annotations: { idempotentHint: true },
    },
    ({ id, ...change }) =>
      apiCall(async () => {
        if (Object.values(change).every((value) => value === undefined))
          throw new ToolRefusal('Nothing to change: give at least one field besides id, e.g. goal.');
        const testCase = await ctx.client.updateTestCase(id, change);
        const again =
          testCase.generationStatus === 'GENERATING'
            ? `\nIt is burning in: call get_test_case with id ${testCase.id} and waitSeconds for the result.`
            : '';
        return `Updated test case ${JSON.stringify(testCase.name)} (${testCase.id}).${again}\n${formatTestCase(testCase)}`;
      }),
  );

  server.registerTool(
    'set_test_case_enabled',
    {
      title: 'Enable or disable a test case',
      description:
        'Enabled test cases run in their test plans. Enabling needs a COMPLETED burn-in (the error says to wait, or to fix the goal); disabling always works.',
      inputSchema: {
        id: uuid.describe('The test case UUID.'),
        enabled: z.boolean().describe('true to enable, false to disable.'),
      },
      annotations: { idempotentHint: true },
    },
    ({ id, enabled }) =>
      apiCall(async () => {
        const testCase = await ctx.client.updateTestCase(id, { isEnabled: enabled });
        return `${enabled ? 'Enabled' : 'Disabled'} test case ${JSON.stringify(testCase.name)} (${testCase.id}).\n${formatTestCase(testCase)}`;
      }),
  );

  server.registerTool(
    'run_test_case',
    {
      title: 'Run one test case',
      description:
        'Runs one test case now (with the test cases it depends on), enabled or not, once its burn-in is COMPLETED; with the environments of a plan (default: the default plan when it is in it, else its first plan) and applications overrides as start_run takes them. Follow it with wait_for_run.',
      inputSchema: {
        id: uuid.describe('The test case UUID.'),
        plan: planRef.optional().describe('Whose environments and device presets to use: a plan name or short ID.'),
        applications: z
          .array(applicationOverrideSchema)
          .max(50)
          .optional()
          .describe('As start_run: a preview URL or another environment per application, a device preset.'),
      },
    },
    ({ id, plan, applications }) =>
      apiCall(async () => {
        const testPlanShortId = plan === undefined ? undefined : await planShortIdOf(ctx.client, plan);
        const { run } = await ctx.client.runTestCase(id, {
          ...(testPlanShortId ? { testPlanShortId } : {}),
          ...(applications ? { applications } : {}),
        });
        return `Started run ${run.shortId} of the test case with ${run.testCount} test case(s) (with what it depends on), with the settings of test plan ${run.testPlan.name} (${run.testPlan.shortId}).\nPage: ${run.url}\nNext: wait_for_run with shortId ${run.shortId}.`;
      }),
  );

  server.registerTool(
    'get_test_case',
    {
      title: 'Get a test case and its recorded steps',
      description: `A test case's goal, burn-in state (and why it failed), whether it is enabled, and its recorded steps. waitSeconds (up to ${MAX_WAIT_SECONDS}) waits for a burn-in that is still GENERATING.`,
      inputSchema: {
        id: uuid.describe('The test case UUID (create_test_case or list_test_cases gives it).'),
        waitSeconds: waitSeconds(0, 'Wait up to this long for the burn-in to end'),
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
