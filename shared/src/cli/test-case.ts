// `goalie test-case create | show | enable | disable`: a new test case, stored disabled while its
// burn-in records the steps (--wait follows the burn-in to its end); its state; enabling it.
import type { CreateTestCaseRequest } from '../api/types.js';
import type { GoalieClient } from '../client/api-client.js';
import { waitForBurnIn } from '../client/wait-for-burn-in.js';
import { isShortId, shortIdExample, UUID_PATTERN, type ShortIdKind } from '../short-ids.js';
import { formatDuration, noPositionals, parseCommandArgs, parseTimeout, UsageError } from './args.js';
import { connect, type ConnectionFlags } from './connection.js';
import { EXIT_FAILED, EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { describeTestCase, nextStep, testCaseEnableCommand, testCaseShowCommand } from './test-case-state.js';
import { COMMAND_HELP } from './usage.js';

export interface TestCaseCreateArgs {
  request: CreateTestCaseRequest;
  json: boolean;
  help: boolean;
  connection: ConnectionFlags;
  /** With --wait: how long to follow the burn-in. */
  waitMs: number | null;
}

/** A burn-in takes seconds to a minute or two; ten minutes means no worker is taking it. */
export const DEFAULT_BURN_IN_TIMEOUT_MS = 10 * 60_000;

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
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  });
  if (!values.wait && values.timeout !== undefined)
    throw new UsageError('--timeout limits --wait: add --wait, or leave --timeout out', C);
  const waitMs = values.wait
    ? values.timeout === undefined
      ? DEFAULT_BURN_IN_TIMEOUT_MS
      : parseTimeout(values.timeout, C)
    : null;
  const base = { json: values.json ?? false, help: values.help ?? false, connection: values, waitMs };
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

const KIND_WORDS: Partial<Record<ShortIdKind, string>> = {
  application: 'an application',
  config: 'a config',
  scenario: 'a scenario',
};

function shortIdOf(flag: string, kind: ShortIdKind, value: string): string {
  if (!isShortId(kind, value))
    throw new UsageError(
      `--${flag} ${JSON.stringify(value)} is not ${KIND_WORDS[kind]} short ID such as ${shortIdExample(kind)}`,
      C,
    );
  return value;
}

function uuidOf(flag: string, value: string): string {
  if (!UUID_PATTERN.test(value))
    throw new UsageError(
      `--${flag} ${JSON.stringify(value)} is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c`,
      C,
    );
  return value;
}

const SUBCOMMANDS = 'create, show, enable, disable';

export async function testCaseCommand(args: string[], io: ClientIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  if (sub === 'show') return testCaseShowCommand(rest, io);
  if (sub === 'enable' || sub === 'disable') return testCaseEnableCommand(sub === 'enable', rest, io);
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
  const answer = await client.createTestCase(parsed.request);
  const { testCase } = answer;
  if (parsed.waitMs !== null) return followBurnIn(client, testCase, parsed.waitMs, parsed.json, io);
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

/** `create --wait`: 0 when the burn-in COMPLETED; 1 with its message when it FAILED, or when the time ran out. */
async function followBurnIn(
  client: GoalieClient,
  created: { id: string; name: string; url: string },
  timeoutMs: number,
  json: boolean,
  io: ClientIo,
): Promise<number> {
  const began = io.now();
  // In --json mode stdout carries only the JSON, so the lines go to stderr.
  const say = json ? io.stderr : io.stdout;
  say(
    `Created test case "${created.name}" (${created.id}): ${created.url}\nWaiting for its burn-in (at most ${formatDuration(timeoutMs)})...\n`,
  );
  const { finished, testCase } = await waitForBurnIn(client, created.id, { timeoutMs, sleep: io.sleep, now: io.now });
  const after = formatDuration(io.now() - began);
  if (json) io.stdout(JSON.stringify({ ...testCase, timedOut: !finished }, null, 2) + '\n');
  if (!finished) {
    say(
      `The burn-in of "${testCase.name}" is still GENERATING after ${after}; it goes on on the server. ` +
        `A worker must be running for it to finish (goalie serve or goalie worker on the same database). Follow it with: goalie test-case show ${testCase.id}\n`,
    );
    return EXIT_FAILED;
  }
  if (!json) io.stdout(`\nBurn-in ${testCase.generationStatus} after ${after}.\n\n${describeTestCase(testCase)}`);
  if (testCase.generationStatus === 'FAILED') {
    // With --json the JSON holds the message; a person reading the terminal gets it on stderr too.
    if (json)
      io.stderr(
        `The burn-in of "${testCase.name}" FAILED:\n${testCase.generationError ?? '(no message)'}\n${nextStep(testCase)}\n`,
      );
    return EXIT_FAILED;
  }
  return EXIT_OK;
}
