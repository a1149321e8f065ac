// `goalie test-case create | show | enable | disable`: a new test case, stored disabled while its
// burn-in records the steps (--wait follows the burn-in to its end); its state; enabling it.
import type { CreateTestCaseRequest } from '../api/types.js';
import { shortIdExample } from '../short-ids.js';
import { noPositionals, parseCommandArgs, UsageError } from './args.js';
import { connect, type ConnectionFlags } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import { burnInWait, followBurnIn } from './follow-burn-in.js';
import { shortIdOf, uuidOf } from './id-flags.js';
import type { ClientIo } from './io.js';
import { changePlans, planShortId } from './plan-option.js';
import { testCaseDeleteCommand, testCaseRunCommand, testCaseUpdateCommand } from './test-case-change.js';
import { testCaseEnableCommand, testCaseShowCommand } from './test-case-state.js';
import { COMMAND_HELP } from './usage.js';

export interface TestCaseCreateArgs {
  request: CreateTestCaseRequest;
  json: boolean;
  help: boolean;
  connection: ConnectionFlags;
  /** With --wait: how long to follow the burn-in. */
  waitMs: number | null;
  /** --plan: plans (names or short IDs) to add it to. */
  plans: string[];
  /** --enable: enable it once the burn-in is COMPLETED (needs --wait). */
  enable: boolean;
}

const C = 'test-case create';

export function parseTestCaseCreateArgs(args: string[]): TestCaseCreateArgs {
  const { values, positionals } = parseCommandArgs(C, args, {
    name: { type: 'string' },
    goal: { type: 'string' },
    app: { type: 'string' },
    expected: { type: 'string' },
    'resume-from': { type: 'string' },
    'wait-for': { type: 'string', multiple: true },
    config: { type: 'string', multiple: true },
    scenario: { type: 'string' },
    plan: { type: 'string', multiple: true },
    enable: { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  });
  const waitMs = burnInWait(C, values);
  const base = {
    json: values.json ?? false,
    help: values.help ?? false,
    connection: values,
    waitMs,
    plans: values.plan ?? [],
    enable: values.enable ?? false,
  };
  if (base.help) return { ...base, request: { name: '', goal: '', applicationShortId: '' } };
  noPositionals(C, positionals);
  const missing = (['name', 'goal', 'app'] as const).filter((flag) => !values[flag]?.trim());
  if (missing.length) {
    throw new UsageError(
      `missing ${missing.map((f) => `--${f}`).join(', ')}: e.g. goalie test-case create --name "Sign in" --goal "Log in with config 'shopper'" --app ${shortIdExample('application')}`,
      C,
    );
  }
  const request: CreateTestCaseRequest = {
    name: values.name!,
    goal: values.goal!,
    applicationShortId: shortIdOf('app', 'application', values.app!),
  };
  if (values.expected !== undefined) request.expectedResult = values.expected;
  if (values.config?.length) request.configShortIds = values.config.map((id) => shortIdOf('config', 'config', id));
  if (values.scenario !== undefined) request.scenarioShortId = shortIdOf('scenario', 'scenario', values.scenario);
  if (values['resume-from'] !== undefined)
    request.resumeFromDependencyProjectTestCaseId = uuidOf('resume-from', values['resume-from']);
  if (values['wait-for']?.length)
    request.waitForDependenciesProjectTestCaseIds = values['wait-for'].map((id) => uuidOf('wait-for', id));
  return { ...base, request };
}

const SUBCOMMANDS = 'create, show, update, enable, disable, run, delete';

export async function testCaseCommand(args: string[], io: ClientIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  if (sub === 'show') return testCaseShowCommand(rest, io);
  if (sub === 'enable' || sub === 'disable') return testCaseEnableCommand(sub === 'enable', rest, io);
  if (sub === 'update') return testCaseUpdateCommand(rest, io);
  if (sub === 'delete') return testCaseDeleteCommand(rest, io);
  if (sub === 'run') return testCaseRunCommand(rest, io);
  if (sub !== 'create') {
    throw new UsageError(
      sub === undefined
        ? `give a subcommand (${SUBCOMMANDS}): e.g. goalie test-case create --name ... --goal ... --app app_... --wait, or goalie test-case show UUID`
        : `unknown subcommand ${JSON.stringify(sub)}; the subcommands are ${SUBCOMMANDS}`,
      'test-case',
    );
  }
  const parsed = parseTestCaseCreateArgs(rest);
  if (parsed.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const client = connect(C, parsed.connection, io);
  // Plans by name are looked up first: a misspelled one creates nothing.
  const plans = await Promise.all(parsed.plans.map((plan) => planShortId(client, plan, C)));
  const answer = await client.createTestCase(parsed.request);
  const { testCase } = answer;
  const say = parsed.json ? io.stderr : io.stdout;
  await changePlans(client, testCase.id, plans, true, say);
  if (parsed.waitMs !== null) {
    const headline = `Created test case "${testCase.name}" (${testCase.id}): ${testCase.url}`;
    return followBurnIn(
      client,
      testCase.id,
      headline,
      { timeoutMs: parsed.waitMs, enable: parsed.enable },
      parsed.json,
      io,
    );
  }
  if (parsed.json) {
    io.stdout(JSON.stringify(answer, null, 2) + '\n');
    return EXIT_OK;
  }
  io.stdout(`Created test case "${testCase.name}" (${testCase.id}): ${testCase.url}\n`);
  io.stdout(
    'Its burn-in is recording the steps now. It is stored disabled: once the burn-in is COMPLETED, enable it to run it in test plans:\n' +
      `  goalie test-case show ${testCase.id}     (the burn-in's state, its message, the steps)\n` +
      `  goalie test-case enable ${testCase.id}   (or the Enable button on its page)\n` +
      'Or create it with --wait to wait for the burn-in.\n',
  );
  return EXIT_OK;
}
