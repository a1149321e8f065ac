// `--plan smoke` or `--plan pln-smoke_4kq8z1`: a test plan by name or short ID. A short ID is sent as
// it is (the server says whether the project has it); a name is looked up in GET /v1/test-plans, and
// a near miss is a usage error that says what was meant.
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
