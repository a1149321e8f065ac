// `--plan smoke` or `--plan pln-smoke_4kq8z1`: a test plan by name or short ID. A short ID is sent as
// it is (the server says whether the project has it); a name is looked up in GET /v1/test-plans, and
// a near miss is a usage error that says what was meant. And a test case put in plans or taken out.
import type { GoalieClient } from '../client/api-client.js';
import { resolvePlanRef } from '../client/plan-ref.js';
import { isShortId } from '../short-ids.js';
import { UsageError } from './args.js';

export async function planShortId(
  client: GoalieClient,
  ref: string,
  command: string,
  flag = '--plan',
): Promise<string> {
  const wanted = ref.trim();
  if (isShortId('testPlan', wanted)) return wanted;
  const resolved = resolvePlanRef(wanted, (await client.listTestPlans()).testPlans);
  if ('problem' in resolved) throw new UsageError(`${flag} ${JSON.stringify(ref)}: ${resolved.problem}`, command);
  return resolved.plan.shortId;
}

/** Adds the test case to each plan (`member`) or takes it out, a line each saying what happened. */
export async function changePlans(
  client: GoalieClient,
  testCaseId: string,
  shortIds: readonly string[],
  member: boolean,
  say: (text: string) => void,
): Promise<void> {
  for (const shortId of shortIds) {
    const { testPlan, changed } = await client.setPlanMembership(shortId, testCaseId, member);
    const where = `test plan "${testPlan.name}" (${testPlan.shortId})`;
    if (member) say(changed ? `Added it to ${where}.\n` : `It was in ${where} already.\n`);
    else say(changed ? `Took it out of ${where}.\n` : `It was not in ${where}.\n`);
  }
}
