// Retention: evidence older than its project's `evidenceRetentionDays` is deleted from the store
// and its rows marked expired (runs, reviews and test cases themselves are kept). Rows are claimed in
// batches by one statement with a lease (FOR UPDATE SKIP LOCKED inside), so sweeps in several
// processes share the work and never delete the same row's evidence at once; the deletes run with no
// transaction or lock held (the storage may be slow), and each row is marked once its evidence is
// gone. When a delete fails the sweep stops: the rows not marked are claimed again once their lease
// runs out, and deleting what is already gone is no error.
import type { AppContext } from './context.js';
import type { EvidenceStore } from './ports/evidence.js';
import type { EvidenceOwner } from './ports/evidence-retention.js';

/** A project's `evidenceRetentionDays` when its file does not say. */
export const DEFAULT_EVIDENCE_RETENTION_DAYS = 30;

/** How long a sweep holds the rows it claimed before another may take them (it died, or hangs). */
export const EVIDENCE_SWEEP_LEASE_MS = 10 * 60_000;

const OWNERS: EvidenceOwner[] = ['run-test-case', 'review', 'generation'];

/** How many rows' evidence was deleted. `batch`: rows per claim. */
export async function expireEvidence(
  ctx: AppContext,
  evidence: EvidenceStore,
  options: { batch?: number; leaseMs?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 100;
  const now = ctx.now();
  let total = 0;
  try {
    for (const owner of OWNERS) {
      for (;;) {
        const rows = await ctx.store.evidenceRetention.claimExpired(
          owner,
          now,
          batch,
          options.leaseMs ?? EVIDENCE_SWEEP_LEASE_MS,
        );
        const done: string[] = [];
        try {
          for (const row of rows) {
            await evidence.deletePrefix(row.prefix);
            const outside = row.keys.filter((key) => !key.startsWith(row.prefix));
            if (outside.length) await evidence.deleteMany(outside);
            done.push(row.id);
          }
        } finally {
          // What was deleted is marked, also when a later delete of the batch failed.
          await ctx.store.evidenceRetention.markExpired(owner, done, now);
          total += done.length;
        }
        if (rows.length < batch) break;
      }
    }
  } finally {
    if (total) ctx.log.info({ rows: total }, 'expired evidence deleted');
  }
  return total;
}
