import { isFailedOutcome, type Outcome } from '../domain/run-state.js';
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { RunStatusRow } from './ports/run-queries.js';
import type { Caller, RunRecord, RunTestCaseRecord } from './records.js';

export type TestCaseFilter = 'none' | 'failed' | 'all';

// Another project's run is simply not found: never reveal that it exists.
const notFound = (caller: Caller, shortId: string) =>
  new NotFound(`Run ${shortId} was not found in project ${caller.project.name}.`);

export async function findRun(ctx: AppContext, caller: Caller, shortId: string): Promise<RunRecord> {
  const run = await ctx.store.runs.findByShortId(caller.project.id, shortId);
  if (!run) throw notFound(caller, shortId);
  return run;
}

export async function getRun(
  ctx: AppContext,
  caller: Caller,
  shortId: string,
  filter: TestCaseFilter,
): Promise<{ run: RunRecord; testCases: RunTestCaseRecord[] }> {
  const run = await findRun(ctx, caller, shortId);
  if (filter === 'none') return { run, testCases: [] };
  const all = await ctx.store.runs.testCasesOf(run.id);
  return { run, testCases: filter === 'all' ? all : all.filter(isFailedOutcome) };
}

/** What the API answers for a run (GET /v1/run/{id}): one statement, the test cases as the answer's JSON text. */
export async function readRunStatus(
  ctx: AppContext,
  caller: Caller,
  shortId: string,
  filter: TestCaseFilter,
  extensions = false,
): Promise<RunStatusRow> {
  const row = await ctx.store.runQueries.runStatus(caller.project.id, shortId, filter !== 'none', extensions);
  if (!row) throw notFound(caller, shortId);
  if (filter !== 'failed') return row;
  // The API's test case carries the stored status and result, so the same rule picks the failed ones.
  const testCases = (JSON.parse(row.testCasesJson) as Outcome[]).filter(isFailedOutcome);
  return { ...row, testCasesJson: JSON.stringify(testCases) };
}
