// "Try it" on the dashboard's test case form: the goal is burned in by a worker against the chosen
// environment, before anything is saved. The try row and its job are written in one transaction,
// after the project's live tries are counted under its row lock (at most MAX_LIVE_TRIES at once).
// A try is not a run: it counts against no usage limit.
import { randomUUID } from 'node:crypto';
import { MAX_LIVE_TRIES, TRY_STALE_MS, tooManyTries } from '../../domain/goal-try.js';
import type { AppContext } from '../context.js';
import { TooManyRequests } from '../errors.js';
import type { TestCaseForm } from '../ports/goal-tries.js';
import type { Caller } from '../records.js';
import { resolveTestCaseForm } from './test-case-form.js';

/** How long the refusal of one try too many asks to wait (a try takes seconds to a minute or two). */
const RETRY_AFTER_SECONDS = 30;

/** Returns the try's id. `testCaseId`: the test case whose edit form it was tried from. */
export async function startGoalTry(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  form: TestCaseForm,
  testCaseId: string | null,
): Promise<string> {
  const resolved = await resolveTestCaseForm(ctx, caller, form, testCaseId);
  const id = randomUUID();
  const now = ctx.now();
  await ctx.store.transaction(async (tx) => {
    const live = await tx.goalTries.lockAndCountLive(caller.project.id, new Date(now.getTime() - TRY_STALE_MS));
    if (live >= MAX_LIVE_TRIES) throw new TooManyRequests(tooManyTries(caller.project.name, live), RETRY_AFTER_SECONDS);
    await tx.goalTries.create(
      {
        id,
        projectId: caller.project.id,
        userId,
        testCaseId,
        applicationId: resolved.environment.applicationId,
        environmentId: resolved.environment.id,
        goal: form.goal.trim(),
        expectedResult: form.expectedResult.trim() || null,
        configIds: resolved.configIds,
        resumeFromId: resolved.resumeFromId,
        form,
      },
      now,
    );
    await ctx.queue.enqueue([{ queue: 'try-goal', data: { tryId: id } }], tx.sql);
  });
  return id;
}
