// `goalie test-case show | enable | disable UUID` (Goalie extensions of the API): a test case's
// burn-in state, its message and its steps; enabling (only once the burn-in is COMPLETED) and disabling.
import type { TestCaseView } from '../api/types.js';
import { UUID_PATTERN } from '../short-ids.js';
import { onePositional, parseCommandArgs, UsageError } from './args.js';
import { connect } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export function testCaseUuid(command: string, positionals: string[]): string {
  const id = onePositional(command, positionals, 'test case UUID');
  if (!UUID_PATTERN.test(id)) {
    throw new UsageError(
      `${JSON.stringify(id)} is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c (goalie test-case create and goalie apply --json print it)`,
      command,
    );
  }
  return id;
}

const indent = (text: string, by = '  ') => text.replace(/^/gm, by);

/** What to do next, in commands: wait, fix the goal, or enable. */
export function nextStep(tc: TestCaseView): string {
  if (tc.generationStatus === 'GENERATING')
    return `Its burn-in is still recording the steps (a worker must be running: goalie serve or goalie worker). Follow it with: goalie test-case show ${tc.id}`;
  if (tc.generationStatus === 'FAILED') {
    return tc.createdVia === 'apply'
      ? 'Fix its goal in the project file and run goalie apply --wait again; it can be enabled once its burn-in is COMPLETED.'
      : `Fix its goal, which burns it in again: goalie test-case update ${tc.id} --goal "..." --wait (add --enable to enable it once the burn-in is COMPLETED).`;
  }
  return tc.isEnabled
    ? `It runs in the test plans that hold it. Disable it with: goalie test-case disable ${tc.id}`
    : `Enable it to run it in test plans: goalie test-case enable ${tc.id}`;
}

export function describeTestCase(tc: TestCaseView): string {
  const burnIn =
    tc.generationStatus === 'COMPLETED'
      ? `COMPLETED, ${tc.stepCount} step${tc.stepCount === 1 ? '' : 's'} recorded`
      : tc.generationStatus === 'GENERATING'
        ? 'GENERATING (queued or recording the steps)'
        : 'FAILED';
  const lines = [
    `Test case "${tc.name}" (${tc.id}): ${tc.url}`,
    `  Application:     ${tc.applicationShortId}`,
    `  Goal:            ${tc.goal.replace(/\n/g, '\n                   ')}`,
    `  Expected result: ${tc.expectedResult ?? '—'}`,
    `  Burn-in:         ${burnIn}`,
    `  Enabled:         ${tc.isEnabled ? 'yes' : 'no'}${tc.createdVia === 'apply' ? ' (declared in a project file: goalie apply sets it to the file\'s "enabled")' : ''}`,
  ];
  if (tc.generationError) lines.push('', 'The burn-in failed:', indent(tc.generationError));
  if (tc.steps.length) lines.push('', 'Recorded steps:', ...tc.steps.map((s, i) => `  ${i + 1}. ${s}`));
  lines.push('', nextStep(tc));
  return lines.join('\n') + '\n';
}

export async function testCaseShowCommand(args: string[], io: ClientIo): Promise<number> {
  const command = 'test-case show';
  const { values, positionals } = parseCommandArgs(command, args, {});
  if (values.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const id = testCaseUuid(command, positionals);
  const testCase = await connect(command, values, io).getTestCase(id);
  io.stdout(values.json ? JSON.stringify(testCase, null, 2) + '\n' : describeTestCase(testCase));
  // Like `status`: reading succeeded, whatever the burn-in's state.
  return EXIT_OK;
}

export async function testCaseEnableCommand(enable: boolean, args: string[], io: ClientIo): Promise<number> {
  const command = `test-case ${enable ? 'enable' : 'disable'}`;
  const { values, positionals } = parseCommandArgs(command, args, {});
  if (values.help) {
    io.stdout(COMMAND_HELP['test-case']);
    return EXIT_OK;
  }
  const id = testCaseUuid(command, positionals);
  // A burn-in that is not COMPLETED is a 409 whose message says what to do: exit 2 with it.
  const testCase = await connect(command, values, io).updateTestCase(id, { isEnabled: enable });
  if (values.json) {
    io.stdout(JSON.stringify(testCase, null, 2) + '\n');
    return EXIT_OK;
  }
  io.stdout(
    enable
      ? `Enabled test case "${testCase.name}" (${testCase.id}): its test plans run it from now on.\n`
      : `Disabled test case "${testCase.name}" (${testCase.id}): test plans leave it out (unless an enabled test case depends on it).\n`,
  );
  if (testCase.createdVia === 'apply') {
    io.stdout(
      'It is declared in a project file: the next goalie apply sets it back to the file\'s "enabled" (default true); change it there to keep it.\n',
    );
  }
  return EXIT_OK;
}
