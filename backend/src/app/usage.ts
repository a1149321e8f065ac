import { usagePeriod } from '../domain/usage.js';
import type { Repositories } from './ports/store.js';
import { UsageLimitReached } from './errors.js';
import type { OrganizationRecord } from './records.js';

/** Counts one run against the organization's monthly limit, inside the caller's transaction. */
export async function consumeRunUsage(tx: Repositories, organization: OrganizationRecord, now: Date): Promise<void> {
  const outcome = await tx.organizations.consumeUsage(organization.id, usagePeriod(now));
  if (!outcome.ok) {
    throw new UsageLimitReached(
      `Organization ${organization.name} has reached its usage limit of ${outcome.limit} runs in ${outcome.period}. ` +
        'Raise `organization.usageLimit` in the project YAML and run `goalie apply`, or wait for next month.',
    );
  }
}
