// `goalie apply <file.yaml> --api-url URL` (or GOALIE_API_URL): the project file applied over the API,
// from CI or a laptop, with a token of the admin scope. `--dry-run` prints the plan and writes nothing;
// `--wait` follows the burn-ins it queued. `${NAME}`s are filled from this machine's environment.
import { referencedVariables } from '../project-file/variables.js';
import {
  describeBurnIns,
  describeSummary,
  generating,
  type BurnInEnd,
  type BurnInsReport,
} from '../project-file/apply-summary.js';
import type { ProjectFileAnswer } from '../api/project-file-types.js';
import type { GoalieClient } from '../client/api-client.js';
import { waitForBurnIn } from '../client/wait-for-burn-in.js';
import { formatDuration, onePositional, parseCommandArgs, UsageError } from './args.js';
import { connect } from './connection.js';
import { EXIT_FAILED, EXIT_OK } from './exit-codes.js';
import { burnInWait } from './follow-burn-in.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export async function applyCommand(args: string[], io: ClientIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('apply', args, {
    'dry-run': { type: 'boolean' },
    wait: { type: 'boolean' },
    timeout: { type: 'string' },
  });
  if (values.help) {
    io.stdout(COMMAND_HELP.apply);
    return EXIT_OK;
  }
  const file = onePositional('apply', positionals, 'file.yaml');
  const waitMs = burnInWait('apply', values);
  if (values.wait && values['dry-run'])
    throw new UsageError('--dry-run queues no burn-in to wait for: leave out --wait, or --dry-run', 'apply');
  let text: string;
  try {
    text = io.readFile(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`, 'apply');
  }
  const client = connect('apply', values, io);
  // Only the variables the file names, and only those set: an empty one counts as unset, as locally.
  // Never the token this command holds: a file that names it would print it in a plan.
  const variables = Object.fromEntries(
    referencedVariables(text).flatMap((name) =>
      io.env[name] && name !== 'GOALIE_API_TOKEN' ? [[name, io.env[name]]] : [],
    ),
  );
  const request = { file, text, variables };
  const answer = values['dry-run'] ? await client.planProjectFile(request) : await client.applyProjectFile(request);
  const report = waitMs === null ? null : await waitAndReport(client, answer, waitMs, io);
  if (values.json) {
    io.stdout(JSON.stringify({ ...answer, ...(report ? { burnIns: report.outcome } : {}) }, null, 2) + '\n');
  } else {
    io.stdout(
      describeSummary(file, answer.summary, {
        database: client.apiUrl.replace(/\/v1$/, ''),
        defaulted: answer.defaultedVariables,
        waiting: waitMs !== null,
        dryRun: answer.dryRun,
      }),
    );
    if (report) io.stdout('\n' + report.text);
    else if (!answer.dryRun && generating(answer.summary).length)
      io.stdout(`  To wait for them and see the ones that failed: goalie apply ${file} --wait\n`);
  }
  const webhookFailed = answer.summary.repository !== null && !answer.summary.repository.webhook.ok;
  const burnInsFailed = report ? report.outcome.failed.length > 0 || report.outcome.timedOut : false;
  return webhookFailed || burnInsFailed ? EXIT_FAILED : EXIT_OK;
}

/** Follows the file's burn-ins that are not COMPLETED, one test case after the other; progress on stderr. */
async function waitAndReport(
  client: GoalieClient,
  answer: ProjectFileAnswer,
  waitMs: number,
  io: ClientIo,
): Promise<{ outcome: BurnInsReport; text: string }> {
  const pending = answer.summary.testCases.filter((t) => t.generationStatus !== 'COMPLETED');
  const outcome: BurnInsReport = { completed: [], failed: [], generating: [], timedOut: false, liveWorkers: null };
  const began = io.now();
  for (const [i, t] of pending.entries()) {
    const left = waitMs - (io.now() - began);
    const { finished, testCase } = await waitForBurnIn(client, t.id, {
      timeoutMs: Math.max(0, left),
      sleep: io.sleep,
      now: io.now,
    });
    const end: BurnInEnd = { name: t.name, id: t.id, generationError: testCase.generationError };
    if (!finished) {
      outcome.timedOut = true;
      outcome.generating.push(end, ...pending.slice(i + 1).map(({ name, id }) => ({ name, id })));
      break;
    }
    (testCase.generationStatus === 'FAILED' ? outcome.failed : outcome.completed).push(end);
    io.stderr(
      `[${formatDuration(io.now() - began)}] burn-ins: ${outcome.completed.length + outcome.failed.length} of ${pending.length} done${outcome.failed.length ? `, ${outcome.failed.length} failed` : ''}\n`,
    );
  }
  if (!pending.length)
    return { outcome, text: 'No burn-in to wait for: every test case of the file has its steps recorded.\n' };
  return { outcome, text: describeBurnIns(outcome, formatDuration(io.now() - began)) };
}
