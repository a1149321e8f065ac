// Read models of the run and test case pages (the `url` fields of the API point at them).
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { RunRecord, RunTestCaseRecord, TestCaseRecord } from './records.js';

export async function runPage(ctx: AppContext, shortId: string): Promise<{ run: RunRecord; testCases: RunTestCaseRecord[] }> {
  const run = await ctx.store.runs.findAnywhere(shortId);
  if (!run) throw new NotFound(`Run ${shortId} was not found.`);
  return { run, testCases: await ctx.store.runs.testCasesOf(run.id) };
}

export async function testCasePage(
  ctx: AppContext,
  id: string,
): Promise<{ testCase: TestCaseRecord; steps: { version: number; steps: unknown; createdAt: Date } | null }> {
  const testCase = /^[0-9a-f-]{36}$/i.test(id) ? await ctx.store.testCases.findAnywhere(id) : null;
  if (!testCase) throw new NotFound(`Test case ${id} was not found.`);
  return { testCase, steps: await ctx.store.testCases.latestSteps(id) };
}
