// A test case's burn-in state and enabling (GET and PATCH /v1/test-cases/{id}, the test case's page):
// read with its recorded steps, secrets masked; enabled only once its burn-in recorded steps; its
// burn-in started again, written with its burn-in job in one transaction. (Changing a test case:
// update-test-case.ts.)
import type { TestCaseView } from '../../../shared/src/api/types.js';
import { UUID_PATTERN } from '../../../shared/src/short-ids.js';
import { maskDeep, maskSecrets } from '../domain/mask-secrets.js';
import type { Step } from '../domain/steps.js';
import type { AppContext } from './context.js';
import { BadRequest, Conflict, NotFound } from './errors.js';
import type { Caller, TestCaseRecord } from './records.js';

export interface RecordedSteps {
  version: number;
  steps: Step[];
  createdAt: Date;
}

/** `caller` null: the test case's page, addressed by the unguessable UUID alone. */
export async function findTestCase(ctx: AppContext, caller: Caller | null, id: string): Promise<TestCaseRecord> {
  if (caller && !UUID_PATTERN.test(id)) {
    throw new BadRequest(
      `${JSON.stringify(id)} is not a test case UUID; use the id that POST /v1/test-cases or goalie apply --json printed, such as 3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c.`,
    );
  }
  const found = !UUID_PATTERN.test(id)
    ? null
    : caller
      ? (await ctx.store.testCases.findByIds(caller.project.id, [id]))[0]
      : await ctx.store.testCases.findAnywhere(id);
  // Another project's test case is simply not found: never reveal that it exists.
  if (!found) throw new NotFound(`Test case ${id} was not found${caller ? ` in project ${caller.project.name}` : ''}.`);
  return found;
}

/** The test case's newest steps and burn-in message, every secret config value it can use replaced by its placeholder. */
export async function readTestCase(
  ctx: AppContext,
  testCase: TestCaseRecord,
): Promise<{ testCase: TestCaseRecord; steps: RecordedSteps | null }> {
  const [latest, secrets] = await Promise.all([
    ctx.store.testCases.latestSteps(testCase.id),
    ctx.store.testCases.secretValues(testCase.id),
  ]);
  // Steps keep placeholders by construction; this is the second line of defence, for an agent
  // message or a step that quoted a value it typed.
  return {
    testCase: {
      ...testCase,
      // A value typed into the goal itself is masked too, when it is also a secret config value.
      goal: maskSecrets(testCase.goal, secrets),
      expectedResult: testCase.expectedResult === null ? null : maskSecrets(testCase.expectedResult, secrets),
      generationError: testCase.generationError === null ? null : maskSecrets(testCase.generationError, secrets),
    },
    steps: latest
      ? { version: latest.version, createdAt: latest.createdAt, steps: maskDeep(latest.steps as Step[], secrets) }
      : null,
  };
}

export async function getTestCase(ctx: AppContext, caller: Caller, id: string): Promise<TestCaseView> {
  return present(ctx, await findTestCase(ctx, caller, id));
}

export async function setTestCaseEnabled(
  ctx: AppContext,
  caller: Caller | null,
  id: string,
  enabled: boolean,
): Promise<TestCaseView> {
  const testCase = await findTestCase(ctx, caller, id);
  if (enabled) await refuseUnburned(ctx, testCase);
  if (!(await ctx.store.testCases.setEnabled(testCase.id, enabled, ctx.now()))) {
    // Its burn-in was queued again between the read and the write: say so as it is now.
    await refuseUnburned(ctx, await findTestCase(ctx, caller, id));
  }
  return present(ctx, await findTestCase(ctx, caller, id));
}

/** Longer goals are a sign of a pasted document, not a goal. */
export const MAX_GOAL_LENGTH = 10_000;

/**
 * Test cases declared in a project file are changed there: `goalie apply` sets the goal and expected
 * result from the file again (and burns a changed goal in again), so an edit here would not last.
 */
export function refuseDeclared(testCase: TestCaseRecord, what: string): void {
  if (testCase.createdVia !== 'apply') return;
  throw new Conflict(
    `Test case ${JSON.stringify(testCase.name)} is declared in a project file, and the next goalie apply would set its ${what} from the file again. ` +
      'Change it in the file and run goalie apply (a changed goal is burned in again).',
  );
}

/** Longer texts are a sign of a pasted document: 400 saying how long they may be. */
export function refuseOverlong(goal: string | null, expectedResult: string | null): void {
  if (goal && goal.length > MAX_GOAL_LENGTH)
    throw new BadRequest(
      `The goal has ${goal.length} characters; at most ${MAX_GOAL_LENGTH} are allowed. Split it into several test cases that resume from each other.`,
    );
  if (expectedResult && expectedResult.length > MAX_GOAL_LENGTH)
    throw new BadRequest(
      `The expected result has ${expectedResult.length} characters; at most ${MAX_GOAL_LENGTH} are allowed.`,
    );
}

/** Records the steps again from the same goal (the site changed, or the last burn-in failed on a bad day). */
export async function burnInAgain(ctx: AppContext, caller: Caller | null, id: string): Promise<void> {
  const testCase = await findTestCase(ctx, caller, id);
  await ctx.store.transaction(async (tx) => {
    await tx.testCases.restartBurnIn(testCase.id, ctx.now());
    await ctx.queue.enqueue([{ queue: 'generate-test-case', data: { testCaseId: testCase.id } }], tx.sql);
  });
}

export async function refuseUnburned(ctx: AppContext, record: TestCaseRecord): Promise<void> {
  if (record.generationStatus === 'COMPLETED') return;
  const { testCase } = await readTestCase(ctx, record);
  const name = JSON.stringify(testCase.name);
  if (testCase.generationStatus === 'GENERATING') {
    throw new Conflict(
      `Test case ${name} cannot be enabled yet: its burn-in is still recording the steps (generationStatus GENERATING). ` +
        `Wait until it is COMPLETED (goalie test-case show ${testCase.id}, or goalie test-case create --wait), then enable it. ` +
        'A worker (goalie serve or goalie worker) must be running for the burn-in to finish.',
    );
  }
  if (testCase.generationStatus === 'FAILED') {
    const how =
      testCase.createdVia === 'apply'
        ? 'Fix its goal in the project file and run goalie apply again (a changed goal is burned in again)'
        : `Fix its goal: goalie test-case update ${testCase.id} --goal "..." --wait (or PATCH /v1/test-cases/${testCase.id} with {"goal": "..."}), which burns it in again`;
    throw new Conflict(
      `Test case ${name} cannot be enabled: its burn-in FAILED, so it has no recorded steps to run. ${how}, then enable it once the burn-in is COMPLETED.` +
        (testCase.generationError ? ` The burn-in said: ${testCase.generationError}` : ''),
    );
  }
}

export async function present(ctx: AppContext, record: TestCaseRecord): Promise<TestCaseView> {
  const [{ testCase, steps }, apps] = await Promise.all([
    readTestCase(ctx, record),
    ctx.store.catalog.applicationsById(record.projectId, [record.applicationId]),
  ]);
  return {
    id: testCase.id,
    name: testCase.name,
    url: ctx.links.testCase(testCase.id),
    goal: testCase.goal,
    expectedResult: testCase.expectedResult,
    applicationShortId: apps[0]?.shortId ?? '',
    isEnabled: testCase.isEnabled,
    generationStatus: testCase.generationStatus,
    generationError: testCase.generationStatus === 'FAILED' ? testCase.generationError : null,
    createdVia: testCase.createdVia,
    stepCount: steps?.steps.length ?? 0,
    steps: (steps?.steps ?? []).map((step) => step.sentence),
  };
}
