// A burn-in followed to its end (`test-case create --wait`, `test-case update --wait`), and the
// --wait, --timeout and --enable flags that ask for it.
import type { GoalieClient } from '../client/api-client.js';
import { waitForBurnIn } from '../client/wait-for-burn-in.js';
import { formatDuration, parseTimeout, UsageError } from './args.js';
import { EXIT_FAILED, EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { describeTestCase, nextStep } from './test-case-state.js';

/** A burn-in takes seconds to a minute or two; ten minutes means no worker is taking it. */
export const DEFAULT_BURN_IN_TIMEOUT_MS = 10 * 60_000;

/** --wait [--timeout]: how long to follow a burn-in (null: do not); --enable waits for it. */
export function burnInWait(
  command: string,
  values: { wait?: boolean; timeout?: string; enable?: boolean },
  enableNeedsWait = true,
): number | null {
  if (!values.wait && values.timeout !== undefined)
    throw new UsageError('--timeout limits --wait: add --wait, or leave --timeout out', command);
  if (values.enable && !values.wait && enableNeedsWait)
    throw new UsageError(
      '--enable enables it once its burn-in is COMPLETED, so it needs --wait; or enable it later with goalie test-case enable <UUID>',
      command,
    );
  if (!values.wait) return null;
  return values.timeout === undefined ? DEFAULT_BURN_IN_TIMEOUT_MS : parseTimeout(values.timeout, command);
}

/**
 * `create --wait`, `update --wait`: 0 when the burn-in COMPLETED (then enabled with `enable`); 1 with
 * its message when it FAILED, or when the time ran out.
 */
export async function followBurnIn(
  client: GoalieClient,
  id: string,
  headline: string,
  options: { timeoutMs: number; enable: boolean },
  json: boolean,
  io: ClientIo,
): Promise<number> {
  const { timeoutMs } = options;
  const began = io.now();
  // In --json mode stdout carries only the JSON, so the lines go to stderr.
  const say = json ? io.stderr : io.stdout;
  say(`${headline}\nWaiting for its burn-in (at most ${formatDuration(timeoutMs)})...\n`);
  const waited = await waitForBurnIn(client, id, { timeoutMs, sleep: io.sleep, now: io.now });
  const { finished } = waited;
  let { testCase } = waited;
  if (options.enable && testCase.generationStatus === 'COMPLETED' && !testCase.isEnabled)
    testCase = await client.updateTestCase(id, { isEnabled: true });
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
