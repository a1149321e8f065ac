import { isFailedOutcome } from '../domain/run-state.js';
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { Caller, RunRecord, RunTestCaseRecord } from './records.js';

export type TestCaseFilter = 'none' | 'failed' | 'all';

export async function findRun(ctx: AppContext, caller: Caller, shortId: string): Promise<RunRecord> {
  const run = await ctx.store.runs.findByShortId(caller.project.id, shortId);
  // Another project's run is simply not found: never reveal that it exists.
  if (!run) throw new NotFound(`Run ${shortId} was not found in project ${caller.project.name}.`);
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
