// Retention: evidence older than its project's `evidenceRetentionDays` is deleted from the store
// and its rows marked expired (runs, reviews and test cases themselves are kept). Batches of rows,
// each claimed in its own short transaction with FOR UPDATE SKIP LOCKED, so sweeps in several
// processes share the work and never delete the same row's evidence twice. When a delete fails the
// transaction rolls back and the row stays unmarked: the next sweep deletes again, and deleting what
// is already gone is no error.
import type { AppContext } from './context.js';
import type { EvidenceStore } from './ports/evidence.js';
import type { EvidenceOwner } from './ports/evidence-retention.js';

/** A project's `evidenceRetentionDays` when its file does not say. */
export const DEFAULT_EVIDENCE_RETENTION_DAYS = 30;

const OWNERS: EvidenceOwner[] = ['run-test-case', 'review', 'generation'];

/** How many rows' evidence was deleted. `batch`: rows per transaction. */
export async function expireEvidence(ctx: AppContext, evidence: EvidenceStore, options: { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? 100;
  const now = ctx.now();
  let total = 0;
  for (const owner of OWNERS) {
    for (;;) {
      const done = await ctx.store.transaction(async (tx) => {
        const rows = await tx.evidenceRetention.claimExpired(owner, now, batch);
        for (const row of rows) {
          await evidence.deletePrefix(row.prefix);
          const outside = row.keys.filter((key) => !key.startsWith(row.prefix));
          if (outside.length) await evidence.deleteMany(outside);
        }
        await tx.evidenceRetention.markExpired(
          owner,
          rows.map((r) => r.id),
          now,
        );
        return rows.length;
      });
      total += done;
      if (done < batch) break;
    }
  }
  if (total) ctx.log.info({ rows: total }, 'expired evidence deleted');
  return total;
}
