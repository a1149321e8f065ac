// The safety net of "every run reaches a final state": a run that is not final although none of
// its test cases can still move (nothing RUNNING; nothing PENDING, or the run was asked to cancel
// so nothing PENDING will be claimed) is finished by the scheduler. Finding one means some path
// forgot to advance its run: it is logged as an error.
import type { AppContext } from '../context.js';
import { advanceRun } from './advance-run.js';
import { retryOnConflict } from './retry-on-conflict.js';

export async function finishStrandedRuns(ctx: AppContext): Promise<string[]> {
  const finished: string[] = [];
  for (const stranded of await ctx.store.execution.strandedRuns()) {
    const status = await retryOnConflict(() =>
      ctx.store.transaction(async (tx) => {
        const run = await tx.execution.lockRun(stranded.runId);
        if (!run || !['INITIATED', 'RUNNING'].includes(run.status)) return null;
        if (run.cancelRequested) await tx.execution.cancelPending(run.id, ctx.now());
        await advanceRun(ctx, tx, run.id);
        const after = await tx.execution.lockRun(run.id);
        return after && after.status !== run.status ? after.status : null;
      }),
    );
    if (status) {
      ctx.log.error(
        { runId: stranded.runId, run: stranded.shortId, status },
        'a run with nothing left to do was not final (a bug); finished it',
      );
      finished.push(stranded.shortId);
    }
  }
  return finished;
}
