// Read model of the run page (the `url` of a run in the API points at it). The test case page's is
// test-case-details.ts.
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { RunRecord, RunTestCaseRecord } from './records.js';

export async function runPage(
  ctx: AppContext,
  shortId: string,
): Promise<{ run: RunRecord; testCases: RunTestCaseRecord[] }> {
  const run = await ctx.store.runs.findAnywhere(shortId);
  if (!run) throw new NotFound(`Run ${shortId} was not found.`);
  return { run, testCases: await ctx.store.runs.testCasesOf(run.id) };
}
