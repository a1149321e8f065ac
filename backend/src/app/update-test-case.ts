// Change a test case through the API (PATCH /v1/test-cases/{id}, a Goalie extension): any of the
// fields the create route takes, and isEnabled. A changed goal or application is burned in again,
// decided as `goalie apply` decides it (domain/burn-in-needed.ts), and the burn-in job is queued in
// the transaction that writes the change. The dashboard's edit form passes the steps a try recorded
// for the change, saved instead of a burn-in, and its test plans (UpdateOptions).
import type { TestCaseView } from '../../../shared/src/api/types.js';
import type { UpdateTestCaseInput } from '../../../shared/src/api/schemas.js';
import { burnInNeeded } from '../domain/burn-in-needed.js';
import type { Step } from '../domain/steps.js';
import type { AppContext } from './context.js';
import { nameTaken, recheckDependencies, refuseCycle, resolveReferences } from './create-test-case.js';
import { Conflict } from './errors.js';
import { UniqueViolation, type Repositories } from './ports/store.js';
import type { Caller } from './records.js';
import {
  findTestCase,
  present,
  readTestCase,
  refuseDeclared,
  refuseOverlong,
  refuseUnburned,
  setTestCaseEnabled,
} from './test-case-state.js';

/** How the dashboard's edit form differs from the API's PATCH. */
export interface UpdateOptions {
  /** A test case declared in a project file changes too (the page says that the next apply sets it back). */
  allowDeclared?: boolean;
  /**
   * Steps a try recorded for exactly the goal and application saved (app/goal-tries/): stored as the
   * new burn-in's, so none is queued.
   */
  triedSteps?: Step[] | null;
  /** Further writes that belong to the same change (the form's test plans), in its transaction. */
  alsoWrite?: (tx: Repositories) => Promise<void>;
}

export async function updateTestCase(
  ctx: AppContext,
  caller: Caller,
  id: string,
  input: UpdateTestCaseInput,
  options: UpdateOptions = {},
): Promise<TestCaseView> {
  const { isEnabled, ...fields } = input;
  const changed = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
  if (changed.length === 0) return setTestCaseEnabled(ctx, caller, id, isEnabled!);

  const testCase = await findTestCase(ctx, caller, id);
  if (!options.allowDeclared) refuseDeclared(testCase, changed.join(', '));
  const { project } = caller;
  const refs = await resolveReferences(ctx, caller, fields);

  const name = fields.name?.trim() ?? testCase.name;
  if (name !== testCase.name && refs.all.some((tc) => tc.id !== testCase.id && tc.name === name))
    throw nameTaken(name, project.name);

  // GET answers the texts with secret values masked: sent back unchanged, they stay as stored.
  const { testCase: shown } = await readTestCase(ctx, testCase);
  const newGoal = fields.goal?.trim();
  const goal = newGoal === undefined || newGoal === shown.goal.trim() ? testCase.goal : newGoal;
  const newExpected = fields.expectedResult === undefined ? undefined : fields.expectedResult?.trim() || null;
  const expectedResult =
    newExpected === undefined || newExpected === (shown.expectedResult?.trim() || null) ? undefined : newExpected;
  refuseOverlong(goal === testCase.goal ? null : goal, expectedResult ?? null);

  const resumeFromId =
    fields.resumeFromDependencyProjectTestCaseId === undefined
      ? testCase.resumeFromId
      : fields.resumeFromDependencyProjectTestCaseId;
  const waitForIds = fields.waitForDependenciesProjectTestCaseIds ?? testCase.waitForIds;
  refuseCycle(refs.all, testCase.id, name, { resumeFrom: resumeFromId, waitFor: waitForIds });
  const dependenciesChange =
    fields.resumeFromDependencyProjectTestCaseId !== undefined ||
    fields.waitForDependenciesProjectTestCaseIds !== undefined;

  const applicationId = refs.applicationId ?? testCase.applicationId;
  const tried = options.triedSteps?.length ? options.triedSteps : null;
  const burnInAgain = burnInNeeded(testCase, { goal, applicationId }) && !tried;
  if (isEnabled === true && burnInAgain) {
    throw new Conflict(
      `Test case ${JSON.stringify(testCase.name)} cannot be enabled in the request that changes its ${goal !== testCase.goal ? 'goal' : 'application'}: ` +
        'the change is burned in again first. Send the change alone, then {"isEnabled": true} once its burn-in is COMPLETED ' +
        `(goalie test-case update ${testCase.id} ... --wait --enable does both).`,
    );
  }
  if (isEnabled === true) await refuseUnburned(ctx, testCase);

  const now = ctx.now();
  await ctx.store
    .transaction(async (tx) => {
      if (dependenciesChange)
        await recheckDependencies(tx, caller, {
          id: testCase.id,
          name,
          edges: { resumeFrom: resumeFromId, waitFor: waitForIds },
          self: true,
        });
      await tx.testCaseChanges.update(
        testCase.id,
        {
          ...(name !== testCase.name ? { name } : {}),
          ...(goal !== testCase.goal ? { goal } : {}),
          ...(expectedResult !== undefined ? { expectedResult } : {}),
          ...(refs.applicationId ? { applicationId: refs.applicationId } : {}),
          ...(refs.scenarioId !== undefined ? { scenarioId: refs.scenarioId } : {}),
          ...(fields.resumeFromDependencyProjectTestCaseId !== undefined ? { resumeFromId } : {}),
          ...(fields.waitForDependenciesProjectTestCaseIds ? { waitForIds } : {}),
          ...(refs.configIds ? { configIds: refs.configIds } : {}),
          ...(isEnabled === false ? { isEnabled } : {}),
          burnInAgain,
        },
        now,
      );
      // Enabling is checked in its own statement: a burn-in queued again meanwhile wins (409, nothing written).
      if (isEnabled === true && !(await tx.testCases.setEnabled(testCase.id, true, now)))
        await refuseUnburned(ctx, (await tx.testCases.findByIds(project.id, [testCase.id]))[0]!);
      if (burnInAgain)
        await ctx.queue.enqueue([{ queue: 'generate-test-case', data: { testCaseId: testCase.id } }], tx.sql);
      // A burn-in still under way for the old goal then finds the goal changed, and records nothing.
      if (tried) await tx.execution.saveSteps(testCase.id, tried, 'burn-in', null, now);
      await options.alsoWrite?.(tx);
    })
    .catch((error: unknown) => {
      throw error instanceof UniqueViolation ? nameTaken(name, project.name) : error;
    });
  return present(ctx, await findTestCase(ctx, caller, id));
}
