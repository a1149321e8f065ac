// A try as its page shows it: only to the user who started it, in the project it was started in
// (anyone else gets the 404 of an address that does not exist), with every text and step masked
// with the project's secret values, as a burn-in's steps and message are on a test case's page.
import { maskDeep, maskSecrets } from '../../domain/mask-secrets.js';
import { UUID_PATTERN } from '../../../../shared/src/short-ids.js';
import type { AppContext } from '../context.js';
import { NotFound } from '../errors.js';
import type { GoalTryRecord } from '../ports/goal-tries.js';

export const TRY_NOT_FOUND =
  'No try of a goal was found at this address. Tries are seen only by whoever started them, and are deleted after a day.';

/** The user's own try in the project; 404 for anyone else's, another project's, or a malformed id. */
export async function ownGoalTry(
  ctx: AppContext,
  who: { userId: string; projectId: string },
  id: string,
): Promise<GoalTryRecord> {
  const found = UUID_PATTERN.test(id) ? await ctx.store.goalTries.find(id) : null;
  if (!found || found.userId !== who.userId || found.projectId !== who.projectId) throw new NotFound(TRY_NOT_FOUND);
  return found;
}

/** The try with its texts and steps masked, for a page. */
export async function shownGoalTry(ctx: AppContext, record: GoalTryRecord): Promise<GoalTryRecord> {
  const secrets = await ctx.store.goalTries.projectSecrets(record.projectId);
  const mask = (text: string | null) => (text === null ? null : maskSecrets(text, secrets));
  return {
    ...record,
    goal: maskSecrets(record.goal, secrets),
    expectedResult: mask(record.expectedResult),
    form: maskDeep(record.form, secrets),
    steps: maskDeep(record.steps, secrets),
    resultTitle: mask(record.resultTitle),
    resultThought: mask(record.resultThought),
  };
}
