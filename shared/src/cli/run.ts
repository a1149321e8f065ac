// `goalie run`: start a run, optionally wait for it.
import type { StartRunRequest } from '../api/types.js';
import { detectCi, type DetectedCi } from '../ci/attribution.js';
import { connect } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import { followRun } from './follow.js';
import type { ClientIo } from './io.js';
import { planShortId } from './plan-option.js';
import { parseRunArgs, withTrigger } from './run-request.js';
import { COMMAND_HELP } from './usage.js';

export async function runCommand(args: string[], io: ClientIo): Promise<number> {
  const parsed = parseRunArgs(args);
  if (parsed.help) {
    io.stdout(COMMAND_HELP.run);
    return EXIT_OK;
  }
  const client = connect('run', parsed.connection, io);
  const ci = parsed.noCi || parsed.trigger === 'API' ? null : detectCi(io.env, (path) => readOrNull(io, path));
  if (parsed.planName !== undefined) parsed.request.testPlanShortId = await planShortId(client, parsed.planName, 'run');
  const request = withTrigger(parsed.request, parsed, ci);
  const answer = await client.startRun(request);
  const { run } = answer;

  if (!parsed.json) {
    if (ci && request.trigger === 'REPOHOST') io.stdout(attributionLine(ci, request) + '\n');
    io.stdout(
      `Started run ${run.shortId} of plan "${run.testPlan.name}" (${run.testPlan.shortId}) with ${run.testCount} test case${run.testCount === 1 ? '' : 's'}: ${run.url}\n`,
    );
  }
  if (parsed.follow.wait) return followRun('run', client, run, { ...parsed.follow, json: parsed.json }, io);
  if (parsed.json) io.stdout(JSON.stringify(answer, null, 2) + '\n');
  return EXIT_OK;
}

function attributionLine(ci: DetectedCi, request: StartRunRequest): string {
  const parts = [
    request.repository,
    request.branch && `branch ${request.branch}`,
    request.commitHash && `commit ${request.commitHash.slice(0, 12)}`,
    request.actor && `by ${request.actor}`,
  ];
  return `${ci.name} detected: trigger REPOHOST, ${parts.filter(Boolean).join(', ') || 'no attribution found'} (--no-ci to leave it out)`;
}

function readOrNull(io: ClientIo, path: string): string | null {
  try {
    return io.readFile(path);
  } catch {
    return null;
  }
}
