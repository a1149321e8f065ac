// The dashboard's test case form resolved in the caller's project: every reference it names (the
// environment, which names the application; configs; plans; Resume From and Wait For) found in that
// project, or a 4xx that names what is wrong. Whatever a form says of another project's objects is
// simply not found there. Shared by trying the goal and saving the test case.
import { refuseCycle, resolveReferences } from '../create-test-case.js';
import type { AppContext } from '../context.js';
import { BadRequest, NotFound } from '../errors.js';
import type { TestCaseForm, TestCaseFormChoices } from '../ports/goal-tries.js';
import type { Caller, EnvironmentRecord, TestCaseRecord } from '../records.js';
import { refuseOverlong } from '../test-case-state.js';

export interface ResolvedForm {
  form: TestCaseForm;
  environment: EnvironmentRecord;
  applicationShortId: string;
  /** In the order given, each once. */
  configIds: string[];
  planIds: string[];
  resumeFromId: string | null;
  waitForIds: string[];
  /** Every test case of the project. */
  all: TestCaseRecord[];
  choices: TestCaseFormChoices;
}

export const EMPTY_GOAL =
  "The goal is empty: write what the test does, one sentence per action, such as \"Go to /login. Fill 'Email' with '{{config.email}}'. Click 'Sign in'\".";

/** `testCaseId`: the test case being edited (its own dependencies may not lead back to it). */
export async function resolveTestCaseForm(
  ctx: AppContext,
  caller: Caller,
  form: TestCaseForm,
  testCaseId: string | null,
): Promise<ResolvedForm> {
  const { project } = caller;
  if (!form.goal.trim()) throw new BadRequest(EMPTY_GOAL);
  refuseOverlong(form.goal.trim(), form.expectedResult.trim() || null);
  if (!form.environment)
    throw new BadRequest(
      'Choose the application and the environment the goal is carried out on (the list under "Application and environment").',
    );
  const [[environment], choices] = await Promise.all([
    ctx.store.catalog.environmentsByShortId(project.id, [form.environment]),
    ctx.store.goalTries.formChoices(project.id),
  ]);
  if (!environment || environment.isPreview)
    throw new NotFound(`Environment ${form.environment} was not found in project ${project.name}.`);
  const application = choices.applications.find((a) => a.id === environment.applicationId);
  if (!application) throw new NotFound(`Environment ${form.environment} was not found in project ${project.name}.`);

  const plans = [...new Set(form.plans)];
  const unknownPlans = plans.filter((sid) => !choices.plans.some((p) => p.shortId === sid));
  if (unknownPlans.length)
    throw new NotFound(
      `Test plan${unknownPlans.length === 1 ? '' : 's'} ${unknownPlans.join(', ')} ${unknownPlans.length === 1 ? 'was' : 'were'} not found in project ${project.name}.`,
    );
  const resumeFromId = form.resumeFrom || null;
  const refs = await resolveReferences(ctx, caller, {
    configShortIds: form.configs,
    resumeFromDependencyProjectTestCaseId: resumeFromId,
    waitForDependenciesProjectTestCaseIds: form.waitFor,
  });
  const waitForIds = form.waitFor;
  if (testCaseId)
    refuseCycle(refs.all, testCaseId, form.name.trim(), { resumeFrom: resumeFromId, waitFor: waitForIds });
  return {
    form,
    environment,
    applicationShortId: application.shortId,
    configIds: refs.configIds ?? [],
    planIds: plans.map((sid) => choices.plans.find((p) => p.shortId === sid)!.id),
    resumeFromId,
    waitForIds,
    all: refs.all,
    choices,
  };
}
