// Delete a test case through the API (DELETE /v1/test-cases/{id}, a Goalie extension). Refused while
// other test cases resume from it or wait for it (checked with its row locked, in the transaction
// that deletes it). Its plan memberships, configs and recorded steps go with it; past runs keep
// their rows and results, with no test case behind them (projectTestCaseId null).
import type { DeleteTestCaseResponse } from '../../../shared/src/api/types.js';
import type { AppContext } from './context.js';
import { Conflict, NotFound } from './errors.js';
import type { Caller } from './records.js';
import { findTestCase } from './test-case-state.js';
import { requireScope } from './tokens.js';

export async function deleteTestCase(ctx: AppContext, caller: Caller, id: string): Promise<DeleteTestCaseResponse> {
  const testCase = await findTestCase(ctx, caller, id);
  // The project file is the admins': a merge request's pipeline (a run or plan token) may delete the
  // test cases made through the API, not those the file declares (the next apply would bring them back).
  if (testCase.createdVia === 'apply')
    requireScope(caller, 'admin', `delete test case ${JSON.stringify(testCase.name)}, which the project file declares`);
  const plans = await ctx.store.transaction(async (tx) => {
    // Also against a change that makes another test case depend on this one meanwhile.
    await tx.testCaseChanges.lockProject(caller.project.id);
    if (!(await tx.testCases.findByIds(caller.project.id, [testCase.id])).length)
      throw new NotFound(`Test case ${testCase.id} was not found in project ${caller.project.name}.`);
    const dependents = await tx.testCaseChanges.dependentsOf(testCase.id);
    if (dependents.length) {
      const who = dependents.map((d) => `${JSON.stringify(d.name)} (${d.id}) ${d.how} it`).join('; ');
      throw new Conflict(
        `Test case ${JSON.stringify(testCase.name)} cannot be deleted: other test cases depend on it: ${who}. ` +
          'Change their dependencies first (goalie test-case update <UUID> --resume-from none or --no-wait-for; ' +
          'PATCH /v1/test-cases/{id} with "resumeFromDependencyProjectTestCaseId": null or a new "waitForDependenciesProjectTestCaseIds"), ' +
          'or delete them, then delete this one.',
      );
    }
    const memberships = await tx.testCaseQueries.plansOf(testCase.id);
    await tx.testCaseChanges.delete(testCase.id);
    return memberships;
  });
  return {
    success: true,
    testCase: { id: testCase.id, name: testCase.name },
    removedFromTestPlans: plans.map((p) => ({ shortId: p.shortId, name: p.name })),
  };
}
