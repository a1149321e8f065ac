// `goalie test-case create`: a new test case, stored disabled while its burn-in records the steps.
import type { CreateTestCaseRequest } from '../api/types.js';
import { isShortId, shortIdExample, UUID_PATTERN, type ShortIdKind } from '../short-ids.js';
import { noPositionals, parseCommandArgs, UsageError } from './args.js';
import { connect, type ConnectionFlags } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export interface TestCaseCreateArgs {
  request: CreateTestCaseRequest;
  json: boolean;
  help: boolean;
  connection: ConnectionFlags;
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
  });
  const base = { json: values.json ?? false, help: values.help ?? false, connection: values };
  if (base.help) return { ...base, request: { name: '', goal: '', applicationShortId: '' } };
  noPositionals(C, positionals);
  const missing = (['name', 'goal', 'app'] as const).filter((flag) => !values[flag]?.trim());
  if (missing.length) {
    throw new UsageError(`missing ${missing.map((f) => `--${f}`).join(', ')}: e.g. goalie test-case create --name "Sign in" --goal "Log in with config 'shopper'" --app ${shortIdExample('application')}`, C);
  }
  const request: CreateTestCaseRequest = {
    name: values.name!,
    goal: values.goal!,
    applicationShortId: shortIdOf('app', 'application', values.app!),
  };
  if (values.expected !== undefined) request.expectedResult = values.expected;
  if (values.config?.length) request.configShortIds = values.config.map((id) => shortIdOf('config', 'config', id));
  if (values.scenario !== undefined) request.scenarioShortId = shortIdOf('scenario', 'scenario', values.scenario);
  if (values['resume-from'] !== undefined) request.resumeFromDependencyProjectTestCaseId = uuidOf('resume-from', values['resume-from']);
  if (values['wait-for']?.length) request.waitForDependenciesProjectTestCaseIds = values['wait-for'].map((id) => uuidOf('wait-for', id));
  return { ...base, request };
}

const KIND_WORDS: Partial<Record<ShortIdKind, string>> = { application: 'an application', config: 'a config', scenario: 'a scenario' };

function shortIdOf(flag: string, kind: ShortIdKind, value: string): string {
  if (!isShortId(kind, value)) throw new UsageError(`--${flag} ${JSON.stringify(value)} is not ${KIND_WORDS[kind]} short ID such as ${shortIdExample(kind)}`, C);
  return value;
}

function uuidOf(flag: string, value: string): string {
  if (!UUID_PATTERN.test(value)) throw new UsageError(`--${flag} ${JSON.stringify(value)} is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c`, C);
  return value;
}

export async function testCaseCommand(args: string[], io: ClientIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  if (sub !== 'create') {
    throw new UsageError(sub === undefined ? 'give a subcommand: goalie test-case create --name ... --goal ... --app app_...' : `unknown subcommand ${JSON.stringify(sub)}; the one there is: goalie test-case create`, 'test-case');
  }
  const parsed = parseTestCaseCreateArgs(rest);
  if (parsed.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const client = connect(C, parsed.connection, io);
  const answer = await client.createTestCase(parsed.request);
  if (parsed.json) {
    io.stdout(JSON.stringify(answer, null, 2) + '\n');
    return EXIT_OK;
  }
  const { testCase } = answer;
  io.stdout(`Created test case "${testCase.name}" (${testCase.id}): ${testCase.url}\n`);
  io.stdout('Its burn-in is recording the steps now. It is stored disabled: enable it on its page to run it in test plans.\n');
  return EXIT_OK;
}
