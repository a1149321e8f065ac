// `goalie rerun <shortId>`: a new run of the same plan, all of it, its failures, or chosen test cases.
import type { RerunRequest } from '../api/types.js';
import type { GoalieClient } from '../client/api-client.js';
import { ApiError } from '../client/api-error.js';
import { countTestCases, describeCounts } from '../report/summary.js';
import { UUID_PATTERN } from '../short-ids.js';
import { onePositional, parseCommandArgs, UsageError } from './args.js';
import { connect, type ConnectionFlags } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import { followRun } from './follow.js';
import { FOLLOW_OPTIONS, followFlags, type FollowFlags } from './follow-flags.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export interface RerunArgs {
  shortId: string;
  request: RerunRequest;
  follow: FollowFlags;
  json: boolean;
  help: boolean;
  connection: ConnectionFlags;
}

const C = 'rerun';

export function parseRerunArgs(args: string[]): RerunArgs {
  const { values, positionals } = parseCommandArgs(C, args, {
    'failed-only': { type: 'boolean' },
    'test-case': { type: 'string', multiple: true },
    ...FOLLOW_OPTIONS,
  });
  const base = { json: values.json ?? false, help: values.help ?? false, connection: values };
  if (base.help) return { ...base, shortId: '', request: {}, follow: { wait: false, timeoutMs: 0 } };
  const shortId = onePositional(C, positionals, 'run short ID');
  const ids = values['test-case'] ?? [];
  if (values['failed-only'] && ids.length)
    throw new UsageError(
      '--failed-only and --test-case exclude each other: rerun the failures, or the test cases you name',
      C,
    );
  for (const id of ids) {
    if (!UUID_PATTERN.test(id))
      throw new UsageError(
        `--test-case ${JSON.stringify(id)} is not a test case UUID such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c (the TEST CASE UUID column of \`goalie status ${shortId}\`)`,
        C,
      );
  }
  const request: RerunRequest = values['failed-only']
    ? { failedOnly: true }
    : ids.length
      ? { projectTestCaseIds: ids }
      : {};
  return { ...base, shortId, request, follow: followFlags(C, values) };
}

export async function rerunCommand(args: string[], io: ClientIo): Promise<number> {
  const parsed = parseRerunArgs(args);
  if (parsed.help) {
    io.stdout(COMMAND_HELP.rerun);
    return EXIT_OK;
  }
  const client = connect(C, parsed.connection, io);
  let answer;
  try {
    answer = await client.rerun(parsed.shortId, parsed.request);
  } catch (error) {
    const nothing =
      parsed.request.failedOnly && error instanceof ApiError && error.status === 400
        ? await nothingFailed(client, parsed.shortId)
        : null;
    if (!nothing) throw error;
    // Not a mistake: the run needs no rerun. A CI step "rerun what failed" passes.
    io.stdout(
      parsed.json ? JSON.stringify({ success: true, run: null, message: nothing }, null, 2) + '\n' : `${nothing}\n`,
    );
    return EXIT_OK;
  }
  const { run } = answer;
  if (!parsed.json)
    io.stdout(
      `Started run ${run.shortId}, a rerun of ${parsed.shortId}, with ${run.testCount} test case${run.testCount === 1 ? '' : 's'}: ${run.url}\n`,
    );
  if (parsed.follow.wait) return followRun(C, client, run, { ...parsed.follow, json: parsed.json }, io);
  if (parsed.json) io.stdout(JSON.stringify(answer, null, 2) + '\n');
  return EXIT_OK;
}

/** Why --failed-only found nothing, when that is why the server refused; null when it is not. */
async function nothingFailed(client: GoalieClient, shortId: string): Promise<string | null> {
  const view = await client.getRun(shortId, 'all');
  const counts = countTestCases(view.runTestCases);
  if (counts.failed + counts.skipped + counts.errored > 0) return null;
  const ended = view.status !== 'INITIATED' && view.status !== 'RUNNING';
  if (ended && counts.total > 0 && counts.passed === counts.total)
    return `nothing to rerun: every test case of run ${shortId} passed`;
  const state = ended ? '' : ` yet; it is still ${view.status}`;
  return `nothing to rerun: no test case of run ${shortId} failed, was skipped or errored${state} (${describeCounts(counts)})`;
}
