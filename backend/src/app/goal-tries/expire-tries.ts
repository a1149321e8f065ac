// Tries are kept for a day (TRY_KEPT_MS): then the row and its screenshots go, whether the try was
// saved or not (Save copied its steps). The screenshots first, then the rows: a delete that fails
// leaves the row to be found again by the next sweep. Run beside the evidence retention sweep.
import { TRY_KEPT_MS } from '../../domain/goal-try.js';
import type { AppContext } from '../context.js';
import type { EvidenceStore } from '../ports/evidence.js';

/** How many tries were deleted. */
export async function expireGoalTries(ctx: AppContext, evidence: EvidenceStore, batch = 100): Promise<number> {
  const before = new Date(ctx.now().getTime() - TRY_KEPT_MS);
  let total = 0;
  for (;;) {
    const ids = await ctx.store.goalTries.createdBefore(before, batch);
    for (const id of ids) await evidence.deletePrefix(`tries/${id}/`);
    await ctx.store.goalTries.delete(ids);
    total += ids.length;
    if (ids.length < batch) break;
  }
  if (total) ctx.log.info({ tries: total }, 'expired tries of goals deleted');
  return total;
}
