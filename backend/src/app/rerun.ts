// Rerun a run as a new run: all of its test cases, the failed ones, or chosen ones, with the
// environments and device presets the original ran with, and the dependencies they need. The run
// is written as start-run.ts writes one (write-run.ts).
import { randomUUID } from 'node:crypto';
import type { RerunInput } from '../../../shared/src/api/schemas.js';
import { withDependencies, type DependencyMap } from '../domain/dependency-graph.js';
import { isFailedOutcome } from '../domain/run-state.js';
import { makePlainShortId } from '../domain/short-id.js';
import type { AppContext } from './context.js';
import { BadRequest } from './errors.js';
import { findRun } from './get-run.js';
import type { NewRun } from './ports/store.js';
import type { Caller, RunTestCaseRecord } from './records.js';
import { remapRunTestCases, writeRun } from './write-run.js';

export interface RerunResult {
  id: string;
  shortId: string;
  url: string;
  testCount: number;
}

/** `by`: who asked, when not the API (Slack's Rerun failed button: MANUAL, the Slack user). */
export async function rerun(
  ctx: AppContext,
  caller: Caller,
  shortId: string,
  input: RerunInput,
  by?: { trigger: 'MANUAL'; actor: string },
): Promise<RerunResult> {
  if (input.failedOnly !== undefined && input.projectTestCaseIds !== undefined) {
    throw new BadRequest(
      'Give either failedOnly or projectTestCaseIds, not both: failedOnly reruns the failed, skipped and errored test cases; projectTestCaseIds reruns exactly those.',
    );
  }
  const original = await findRun(ctx, caller, shortId);
  const rows = await ctx.store.runs.testCasesOf(original.id);

  let chosen: RunTestCaseRecord[];
  if (input.projectTestCaseIds) {
    chosen = chooseTestCases(rows, input.projectTestCaseIds, shortId);
  } else if (input.failedOnly) {
    chosen = rows.filter(isFailedOutcome);
  } else {
    chosen = rows;
  }
  chosen = chosen.filter((row) => row.testCaseId !== null);
  if (chosen.length === 0) {
    throw new BadRequest(
      input.failedOnly
        ? `There are no tests to rerun: run ${shortId} has no failed, skipped or errored test cases.`
        : `There are no tests to rerun in run ${shortId}.`,
    );
  }

  // Within the original run, dependencies are run test case ids; the chosen ones bring theirs along.
  const graph: DependencyMap = new Map(
    rows.map((row) => [row.id, { resumeFrom: row.resumeFromId, waitFor: row.waitForIds }]),
  );
  const included = new Set(
    withDependencies(
      chosen.map((row) => row.id),
      graph,
    ),
  );
  const selected = rows.filter((row) => included.has(row.id));

  const runId = randomUUID();
  const rerunRows = remapRunTestCases(runId, selected, (row) => ({
    testCaseId: row.testCaseId,
    name: row.name,
    promptGoal: row.promptGoal,
    promptExamples: null,
    expectedResult: row.expectedResult,
    applicationId: row.applicationId,
    environmentId: row.environmentId,
    environmentUrl: row.environmentUrl,
    devicePresetId: row.devicePresetId,
  }));
  const newShortId = makePlainShortId();
  const run: NewRun = {
    id: runId,
    shortId: newShortId,
    projectId: original.projectId,
    testPlanId: original.testPlanId,
    testPlanName: original.testPlanName,
    testPlanShortId: original.testPlanShortId,
    trigger: by?.trigger ?? original.trigger,
    actor: by ? by.actor : original.actor,
    branch: original.branch,
    commitHash: original.commitHash,
    commitMessage: original.commitMessage,
    repository: original.repository,
    rerunOfRunId: original.id,
    scheduleId: null,
    notifications: original.notifications,
  };
  await ctx.store.transaction((tx) => writeRun(ctx, tx, caller, { run, previews: [], rows: rerunRows }));
  return { id: runId, shortId: newShortId, url: ctx.links.run(newShortId), testCount: rerunRows.length };
}

/**
 * The rows of the named test cases. An id may also be a run test case's own id in this run (what the
 * run's page and GET /v1/run show as `id`): it stands for that row's test case. Ids are UUIDs, so one
 * can never be both; an id that is neither is a 400 saying what to pass.
 */
function chooseTestCases(
  rows: readonly RunTestCaseRecord[],
  ids: readonly string[],
  shortId: string,
): RunTestCaseRecord[] {
  const byTestCase = new Map(rows.flatMap((row) => (row.testCaseId ? [[row.testCaseId, row] as const] : [])));
  const byRunTestCase = new Map(rows.map((row) => [row.id, row]));
  const chosen = new Set<RunTestCaseRecord>();
  const absent: string[] = [];
  const deleted: RunTestCaseRecord[] = [];
  for (const id of ids) {
    const row = byTestCase.get(id) ?? byRunTestCase.get(id);
    if (!row) absent.push(id);
    else if (!row.testCaseId) deleted.push(row);
    else chosen.add(row);
  }
  if (deleted.length > 0) {
    throw new BadRequest(
      `The test case${deleted.length === 1 ? '' : 's'} of ${deleted.map((row) => `"${row.name}"`).join(', ')} in run ${shortId} ${deleted.length === 1 ? 'was' : 'were'} deleted since; it cannot be rerun.`,
    );
  }
  if (absent.length > 0) {
    throw new BadRequest(
      `Test case${absent.length === 1 ? '' : 's'} ${absent.join(', ')} did not run in run ${shortId}: neither a test case nor a run test case of that run has ${absent.length === 1 ? 'that id' : 'those ids'}. ` +
        `Pass the test case's UUID (projectTestCaseId in GET /v1/run/${shortId}?testCases=all, the TEST CASE UUID column of goalie status ${shortId}).`,
    );
  }
  return rows.filter((row) => chosen.has(row));
}
