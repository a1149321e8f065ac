// Periodic duties every process with a worker performs: start due scheduled runs, take back work
// from workers that stopped beating (test cases, review steps, burn-ins, notifications, and jobs they
// took but never claimed), finish runs left with nothing to do, and write again review comments left
// stale. All are safe to run in several processes at once.
import type { AppContext } from '../app/context.js';
import { recoverLostJobs } from '../app/recover-lost-jobs.js';
import { rewriteStaleComments } from '../app/review/rewrite-stale-comments.js';
import { finishStrandedRuns } from '../app/run-engine/finish-stranded-runs.js';
import { fireSchedules } from '../app/run-engine/fire-schedules.js';
import { recoverStaleWork, requeueLostJobs } from '../app/run-engine/recover-stale-work.js';

export interface SchedulerOptions {
  tickMs: number;
  staleAfterMs: number;
  /** True when `error` means the database cannot be reached, which the caller logs once: not logged at every tick. */
  databaseAway?: (error: unknown) => boolean;
}

export function startScheduler(ctx: AppContext, options: SchedulerOptions): { stop(): Promise<void>; tick(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      // Before recoverStaleWork, which forgets workers long gone (and the jobs they held).
      await recoverLostJobs(ctx, options.staleAfterMs);
      await recoverStaleWork(ctx, options.staleAfterMs);
      await requeueLostJobs(ctx, options.staleAfterMs);
      await finishStrandedRuns(ctx);
      await fireSchedules(ctx);
      await rewriteStaleComments(ctx);
    } catch (error) {
      if (!options.databaseAway?.(error)) ctx.log.error({ err: error }, 'scheduler tick failed');
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick);
  }, options.tickMs);
  running = running.then(tick);
  return {
    tick: () => (running = running.then(tick)),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
