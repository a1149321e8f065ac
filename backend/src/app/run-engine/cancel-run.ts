// Cancelling a run (from its page or POST /v1/run/{shortId}/cancel): test cases that have not
// started are CANCELLED at once; running ones are stopped by their workers, which notice within a
// heartbeat. The run ends CANCELLED when the last of them has stopped.
import type { AppContext } from '../context.js';
import { BadRequest, NotFound } from '../errors.js';
import type { Caller } from '../records.js';
import { advanceRun } from './advance-run.js';
import { retryOnConflict } from './retry-on-conflict.js';

export async function cancelRun(ctx: AppContext, caller: Caller | null, shortId: string): Promise<{ status: string }> {
  const run = caller
    ? await ctx.store.runs.findByShortId(caller.project.id, shortId)
    : await ctx.store.runs.findAnywhere(shortId);
  if (!run) throw new NotFound(`Run ${shortId} was not found${caller ? ` in project ${caller.project.name}` : ''}.`);
  return retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      const head = await tx.execution.lockRun(run.id);
      if (!head || head.status === 'COMPLETED' || head.status === 'ERROR' || head.status === 'CANCELLED') {
        throw new BadRequest(
          `Run ${shortId} has already ended (${head?.status ?? 'gone'}); only a run that is INITIATED or RUNNING can be cancelled.`,
        );
      }
      const now = ctx.now();
      await tx.execution.requestCancel(run.id, now);
      await tx.execution.cancelPending(run.id, now);
      await advanceRun(ctx, tx, run.id);
      const after = await tx.execution.lockRun(run.id);
      return { status: after!.status };
    }),
  );
}
