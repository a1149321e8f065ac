// Periodic duties every process with a worker performs: start due scheduled runs, take back work
// from workers that stopped beating (test cases, review steps, burn-ins, notifications, and jobs they
// took but never claimed), finish runs left with nothing to do, and write again review comments left
// stale; and, every `evidenceSweepMs`, delete evidence past its project's retention and the
// dashboard's tries of goals older than a day. All are safe to
// run in several processes at once.
import type { AppContext } from '../app/context.js';
import { expireEvidence } from '../app/expire-evidence.js';
import { expireGoalTries } from '../app/goal-tries/expire-tries.js';
import type { EvidenceStore } from '../app/ports/evidence.js';
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
  /** Where evidence past its retention is deleted; none: no sweep. */
  evidence?: EvidenceStore;
  /** Between two retention sweeps of this process (10 minutes). */
  evidenceSweepMs?: number;
}

export function startScheduler(
  ctx: AppContext,
  options: SchedulerOptions,
): { stop(): Promise<void>; tick(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let lastSweep = 0;
  let sweeping: Promise<void> | null = null;
  const tick = async () => {
    try {
      // Before recoverStaleWork, which forgets workers long gone (and the jobs they held).
      await recoverLostJobs(ctx, options.staleAfterMs);
      await recoverStaleWork(ctx, options.staleAfterMs);
      await requeueLostJobs(ctx, options.staleAfterMs);
      await finishStrandedRuns(ctx);
      await fireSchedules(ctx);
      await rewriteStaleComments(ctx);
      // On the context's clock, which tests move instead of waiting out the interval.
      const now = ctx.now().getTime();
      if (options.evidence && !sweeping && now - lastSweep >= (options.evidenceSweepMs ?? 600_000)) {
        lastSweep = now;
        // Beside the ticks, not in them: a first sweep of a large backlog must not hold up scheduled runs.
        const evidence = options.evidence;
        sweeping = expireEvidence(ctx, evidence)
          .then(() => expireGoalTries(ctx, evidence))
          .then(() => undefined)
          .catch((error) => {
            if (!options.databaseAway?.(error))
              ctx.log.error({ err: error }, 'evidence retention sweep failed; the next one tries again');
          })
          .finally(() => (sweeping = null));
      }
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
      await sweeping;
    },
  };
}
