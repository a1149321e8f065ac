// Read models of the run and test case pages (the `url` fields of the API point at them).
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { RunRecord, RunTestCaseRecord, TestCaseRecord } from './records.js';
import { findTestCase, readTestCase, type RecordedSteps } from './test-case-state.js';

export async function runPage(ctx: AppContext, shortId: string): Promise<{ run: RunRecord; testCases: RunTestCaseRecord[] }> {
  const run = await ctx.store.runs.findAnywhere(shortId);
  if (!run) throw new NotFound(`Run ${shortId} was not found.`);
  return { run, testCases: await ctx.store.runs.testCasesOf(run.id) };
}

/** Secrets masked as in the API (test-case-state.ts). */
export async function testCasePage(ctx: AppContext, id: string): Promise<{ testCase: TestCaseRecord; steps: RecordedSteps | null }> {
  return readTestCase(ctx, await findTestCase(ctx, null, id));
}
