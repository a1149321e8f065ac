// Save on the dashboard's test case form: a new test case (as POST /v1/test-cases makes one: disabled
// until it is enabled on its page) or the change of one (update-test-case.ts, as PATCH does, also for
// a test case declared in a project file: the page says the next apply sets it back), with its test
// plans, in one transaction. When the user's own try carried out the same goal on the same
// application and environment, its steps are kept (no second burn-in); otherwise a burn-in is queued.
import { changedFields, reusableSteps } from '../../domain/goal-try.js';
import { maskSecrets } from '../../domain/mask-secrets.js';
import type { Step } from '../../domain/steps.js';
import { insertTestCase } from '../create-test-case.js';
import type { AppContext } from '../context.js';
import { BadRequest, NotFound } from '../errors.js';
import type { TestCaseForm } from '../ports/goal-tries.js';
import type { Repositories } from '../ports/store.js';
import type { Caller } from '../records.js';
import { findTestCase, readTestCase } from '../test-case-state.js';
import { updateTestCase } from '../update-test-case.js';
import { ownGoalTry } from './read-try.js';
import { resolveTestCaseForm, type ResolvedForm } from './test-case-form.js';

export interface SavedTestCase {
  id: string;
  /**
   * What Save did with the steps: kept the try's, queued a burn-in, or neither (the goal and
   * application did not change); unchanged: the form changed nothing, and nothing was written.
   */
  steps: 'tried' | 'burn-in' | 'kept' | 'unchanged';
  /** Why the try's steps were not kept, when there was a try. */
  notKept: string | null;
}

/** 1 to 80 characters, as the API's schema says. */
function refuseBadName(name: string): void {
  if (!name)
    throw new BadRequest('The name is empty: give the test case a name that says what it checks (1 to 80 characters).');
  const length = [...name].length;
  if (length > 80) throw new BadRequest(`The name has ${length} characters; at most 80 are allowed.`);
}

/** The try's steps, when Save may keep them; a try that is not the user's (or is gone) is no try. */
async function triedSteps(
  ctx: AppContext,
  who: { userId: string; projectId: string },
  tryId: string | null,
  resolved: ResolvedForm,
): Promise<{ steps: Step[] | null; reason: string | null }> {
  if (!tryId) return { steps: null, reason: null };
  const tried = await ownGoalTry(ctx, who, tryId).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  // The form shows the try's goal masked (a secret value typed in it reads {{config.key}}): the two
  // goals are compared as shown. The steps are kept as recorded, with their placeholders.
  const secrets = await ctx.store.goalTries.projectSecrets(who.projectId);
  return reusableSteps(tried && { ...tried, goal: maskSecrets(tried.goal, secrets) }, {
    goal: maskSecrets(resolved.form.goal, secrets),
    applicationId: resolved.environment.applicationId,
    environmentId: resolved.environment.id,
  });
}

/** The test case's plans become exactly `planIds` (added at the end of a plan it was not in). */
async function setPlans(tx: Repositories, caller: Caller, testCaseId: string, resolved: ResolvedForm): Promise<void> {
  // A delete of the test case meanwhile (which takes the same lock) is either before: 404; or after.
  await tx.testCaseChanges.lockProject(caller.project.id);
  if (!(await tx.testCases.findByIds(caller.project.id, [testCaseId])).length)
    throw new NotFound(`Test case ${testCaseId} was not found in project ${caller.project.name}.`);
  const current = (await tx.testCaseQueries.plansOf(testCaseId)).map(
    (p) => resolved.choices.plans.find((c) => c.shortId === p.shortId)!.id,
  );
  for (const planId of resolved.planIds)
    if (!current.includes(planId)) await tx.testCaseChanges.addToPlan(planId, testCaseId);
  for (const planId of current)
    if (!resolved.planIds.includes(planId)) await tx.testCaseChanges.removeFromPlan(planId, testCaseId);
}

export async function saveTestCaseForm(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  form: TestCaseForm,
  options: { testCaseId: string | null; tryId: string | null },
): Promise<SavedTestCase> {
  const { project } = caller;
  const name = form.name.trim();
  refuseBadName(name);
  const editing = options.testCaseId ? await findTestCase(ctx, caller, options.testCaseId) : null;
  const resolved = await resolveTestCaseForm(ctx, caller, form, editing?.id ?? null);
  const tried = await triedSteps(ctx, { userId, projectId: project.id }, options.tryId, resolved);

  if (editing) {
    const { testCase: shown } = await readTestCase(ctx, editing);
    const planIds = (await ctx.store.testCaseQueries.plansOf(editing.id)).map(
      (p) => resolved.choices.plans.find((c) => c.shortId === p.shortId)!.id,
    );
    const changed = changedFields(
      {
        name: shown.name,
        goal: shown.goal,
        expectedResult: shown.expectedResult ?? '',
        applicationId: editing.applicationId,
        configIds: editing.configIds,
        planIds,
        resumeFromId: editing.resumeFromId,
        waitForIds: editing.waitForIds,
      },
      {
        name,
        goal: form.goal,
        expectedResult: form.expectedResult,
        applicationId: resolved.environment.applicationId,
        configIds: resolved.configIds,
        planIds: resolved.planIds,
        resumeFromId: resolved.resumeFromId,
        waitForIds: resolved.waitForIds,
      },
    );
    if (changed.length === 0) return { id: editing.id, steps: 'unchanged', notKept: tried.reason };
    if (changed.length === 1 && changed[0] === 'planIds' && !tried.steps) {
      await ctx.store.transaction((tx) => setPlans(tx, caller, editing.id, resolved));
      return { id: editing.id, steps: 'kept', notKept: tried.reason };
    }
    const before = { goal: editing.goal, applicationId: editing.applicationId };
    const after = await updateTestCase(
      ctx,
      caller,
      editing.id,
      {
        name,
        goal: form.goal,
        expectedResult: form.expectedResult,
        applicationShortId: resolved.applicationShortId,
        configShortIds: form.configs,
        resumeFromDependencyProjectTestCaseId: resolved.resumeFromId,
        waitForDependenciesProjectTestCaseIds: resolved.waitForIds,
      },
      { allowDeclared: true, triedSteps: tried.steps, alsoWrite: (tx) => setPlans(tx, caller, editing.id, resolved) },
    );
    const reburned = after.generationStatus === 'GENERATING' && (await changedSubject(ctx, editing.id, before));
    return {
      id: editing.id,
      steps: tried.steps ? 'tried' : reburned ? 'burn-in' : 'kept',
      notKept: tried.reason,
    };
  }

  // As through the API: it runs in its plans once it is enabled on its page.
  const id = await insertTestCase(
    ctx,
    caller,
    resolved.all,
    {
      applicationId: resolved.environment.applicationId,
      name,
      goal: form.goal.trim(),
      expectedResult: form.expectedResult.trim() || null,
      scenarioId: null,
      resumeFromId: resolved.resumeFromId,
      waitForIds: resolved.waitForIds,
      configIds: resolved.configIds,
    },
    async (tx, id) => {
      for (const planId of resolved.planIds) await tx.testCaseChanges.addToPlan(planId, id);
      if (tried.steps) await tx.execution.saveSteps(id, tried.steps, 'burn-in', null, ctx.now());
      else await ctx.queue.enqueue([{ queue: 'generate-test-case', data: { testCaseId: id } }], tx.sql);
    },
  );
  return { id, steps: tried.steps ? 'tried' : 'burn-in', notKept: tried.reason };
}

/** Whether the saved goal or application differs from `before` (then a burn-in was queued). */
async function changedSubject(
  ctx: AppContext,
  id: string,
  before: { goal: string; applicationId: string },
): Promise<boolean> {
  const now = await ctx.store.testCases.findAnywhere(id);
  return !!now && (now.goal !== before.goal || now.applicationId !== before.applicationId);
}
