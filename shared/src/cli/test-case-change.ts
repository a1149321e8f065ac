// `goalie test-case update | delete | run` (Goalie extensions of the API): change a test case (a
// changed goal or application is burned in again; --wait follows it), its plans by name or short
// ID; delete it (--yes, never a question: it runs in scripts); run it alone now.
import type { UpdateTestCaseRequest } from '../api/types.js';
import { parseCommandArgs, UsageError } from './args.js';
import { connect } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import { followRun } from './follow.js';
import { FOLLOW_OPTIONS, followFlags } from './follow-flags.js';
import type { ClientIo } from './io.js';
import { changePlans, planShortId } from './plan-option.js';
import { applicationOverrides } from './run-request.js';
import { burnInWait, followBurnIn } from './follow-burn-in.js';
import { shortIdOf, uuidOf } from './id-flags.js';
import { describeTestCase, testCaseUuid } from './test-case-state.js';
import { COMMAND_HELP } from './usage.js';

const UPDATE = 'test-case update';

/** `none` clears a single reference (--scenario none, --resume-from none). */
const NONE = 'none';

export interface TestCaseUpdateArgs {
  id: string;
  request: UpdateTestCaseRequest;
  addToPlans: string[];
  removeFromPlans: string[];
  enable: boolean;
  waitMs: number | null;
  json: boolean;
  help: boolean;
  connection: { 'api-url'?: string; token?: string };
}

export function parseTestCaseUpdateArgs(args: string[]): TestCaseUpdateArgs {
  const { values, positionals } = parseCommandArgs(UPDATE, args, {
    name: { type: 'string' },
    goal: { type: 'string' },
    expected: { type: 'string' },
    app: { type: 'string' },
    config: { type: 'string', multiple: true },
    'no-configs': { type: 'boolean' },
    scenario: { type: 'string' },
    'resume-from': { type: 'string' },
    'wait-for': { type: 'string', multiple: true },
    'no-wait-for': { type: 'boolean' },
    'add-to-plan': { type: 'string', multiple: true },
    'remove-from-plan': { type: 'string', multiple: true },
    enable: { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  });
  const base = {
    json: values.json ?? false,
    help: values.help ?? false,
    connection: values,
    addToPlans: values['add-to-plan'] ?? [],
    removeFromPlans: values['remove-from-plan'] ?? [],
    enable: values.enable ?? false,
  };
  if (base.help) return { ...base, id: '', request: {}, waitMs: null };
  const id = testCaseUuid(UPDATE, positionals);
  const request: UpdateTestCaseRequest = {};
  if (values.name !== undefined) request.name = values.name;
  if (values.goal !== undefined) {
    if (!values.goal.trim()) throw new UsageError('--goal is empty: write what the test does', UPDATE);
    request.goal = values.goal;
  }
  if (values.expected !== undefined) request.expectedResult = values.expected.trim() ? values.expected : null;
  if (values.app !== undefined) request.applicationShortId = shortIdOf('app', 'application', values.app, UPDATE);
  if (values.config?.length && values['no-configs'])
    throw new UsageError('--config and --no-configs exclude each other: give the new list, or clear it', UPDATE);
  if (values.config?.length)
    request.configShortIds = values.config.map((c) => shortIdOf('config', 'config', c, UPDATE));
  if (values['no-configs']) request.configShortIds = [];
  if (values.scenario !== undefined)
    request.scenarioShortId =
      values.scenario === NONE ? null : shortIdOf('scenario', 'scenario', values.scenario, UPDATE);
  if (values['resume-from'] !== undefined)
    request.resumeFromDependencyProjectTestCaseId =
      values['resume-from'] === NONE ? null : uuidOf('resume-from', values['resume-from'], UPDATE);
  if (values['wait-for']?.length && values['no-wait-for'])
    throw new UsageError('--wait-for and --no-wait-for exclude each other: give the new list, or clear it', UPDATE);
  if (values['wait-for']?.length)
    request.waitForDependenciesProjectTestCaseIds = values['wait-for'].map((w) => uuidOf('wait-for', w, UPDATE));
  if (values['no-wait-for']) request.waitForDependenciesProjectTestCaseIds = [];
  if (Object.keys(request).length === 0 && !base.addToPlans.length && !base.removeFromPlans.length && !base.enable)
    throw new UsageError(
      'nothing to change: give --name, --goal, --expected, --app, --config, --scenario, --resume-from, --wait-for, --add-to-plan, --remove-from-plan or --enable, ' +
        `e.g. goalie test-case update ${id} --goal "Go to /. Click 'Checkout'" --wait`,
      UPDATE,
    );
  const reburn = request.goal !== undefined || request.applicationShortId !== undefined;
  // Without a new burn-in, --enable is sent with the change; after one, it needs --wait for it.
  const waitMs = burnInWait(UPDATE, values, reburn);
  return { ...base, id, request, waitMs };
}

export async function testCaseUpdateCommand(args: string[], io: ClientIo): Promise<number> {
  const parsed = parseTestCaseUpdateArgs(args);
  if (parsed.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const client = connect(UPDATE, parsed.connection, io);
  const say = parsed.json ? io.stderr : io.stdout;
  // Every plan is looked up before anything changes: a misspelled one changes nothing.
  const add = await Promise.all(parsed.addToPlans.map((p) => planShortId(client, p, UPDATE, '--add-to-plan')));
  const remove = await Promise.all(
    parsed.removeFromPlans.map((p) => planShortId(client, p, UPDATE, '--remove-from-plan')),
  );
  const reburn = parsed.request.goal !== undefined || parsed.request.applicationShortId !== undefined;
  const request = { ...parsed.request, ...(parsed.enable && !reburn ? { isEnabled: true } : {}) };
  const testCase = Object.keys(request).length
    ? await client.updateTestCase(parsed.id, request)
    : await client.getTestCase(parsed.id);
  await changePlans(client, testCase.id, add, true, say);
  await changePlans(client, testCase.id, remove, false, say);
  const headline = `Updated test case "${testCase.name}" (${testCase.id}): ${testCase.url}`;
  if (parsed.waitMs !== null && testCase.generationStatus === 'GENERATING')
    return followBurnIn(
      client,
      testCase.id,
      headline,
      { timeoutMs: parsed.waitMs, enable: parsed.enable },
      parsed.json,
      io,
    );
  if (parsed.json) {
    io.stdout(JSON.stringify(testCase, null, 2) + '\n');
    return EXIT_OK;
  }
  io.stdout(`${headline}\n`);
  if (testCase.generationStatus === 'GENERATING' && Object.keys(parsed.request).length)
    io.stdout(
      'Its burn-in is recording the steps (again) now; follow it with: goalie test-case show ' +
        `${testCase.id} (or update with --wait).\n`,
    );
  io.stdout(`\n${describeTestCase(testCase)}`);
  return EXIT_OK;
}

const DELETE = 'test-case delete';

export async function testCaseDeleteCommand(args: string[], io: ClientIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(DELETE, args, { yes: { type: 'boolean' } });
  if (values.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const id = testCaseUuid(DELETE, positionals);
  if (!values.yes)
    throw new UsageError(
      `deleting test case ${id} cannot be undone (it leaves its test plans; past runs keep their results): add --yes to delete it`,
      DELETE,
    );
  const answer = await connect(DELETE, values, io).deleteTestCase(id);
  if (values.json) {
    io.stdout(JSON.stringify(answer, null, 2) + '\n');
    return EXIT_OK;
  }
  const plans = answer.removedFromTestPlans.map((p) => `"${p.name}" (${p.shortId})`);
  io.stdout(
    `Deleted test case "${answer.testCase.name}" (${answer.testCase.id}).` +
      (plans.length ? ` It left test plan${plans.length === 1 ? '' : 's'} ${plans.join(', ')}.` : '') +
      ' Past runs keep its results.\n',
  );
  return EXIT_OK;
}

const RUN = 'test-case run';

export async function testCaseRunCommand(args: string[], io: ClientIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(RUN, args, {
    plan: { type: 'string' },
    app: { type: 'string', multiple: true },
    device: { type: 'string', multiple: true },
    ...FOLLOW_OPTIONS,
  });
  if (values.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const id = testCaseUuid(RUN, positionals);
  const follow = followFlags(RUN, values);
  const applications = applicationOverrides(values.app ?? [], values.device ?? [], RUN);
  if (values.plan !== undefined && !values.plan.trim())
    throw new UsageError('--plan is empty: give the name or short ID of the plan whose settings to use', RUN);
  const client = connect(RUN, values, io);
  const testPlanShortId = values.plan === undefined ? undefined : await planShortId(client, values.plan, RUN);
  const answer = await client.runTestCase(id, {
    ...(testPlanShortId ? { testPlanShortId } : {}),
    ...(applications.length ? { applications } : {}),
  });
  const { run } = answer;
  const json = values.json ?? false;
  if (!json)
    io.stdout(
      `Started run ${run.shortId} of the test case with ${run.testCount} test case${run.testCount === 1 ? '' : 's'} (with what it depends on), ` +
        `with the settings of plan "${run.testPlan.name}" (${run.testPlan.shortId}): ${run.url}\n`,
    );
  if (follow.wait) return followRun(RUN, client, run, { ...follow, json }, io);
  if (json) io.stdout(JSON.stringify(answer, null, 2) + '\n');
  return EXIT_OK;
}
