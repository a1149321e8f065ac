// Test plan schedules: each due fire time starts one run of its plan, exactly once however many
// processes tick, because claiming the fire time and creating the run share one transaction.
import { previousFireTime } from '../../../../shared/src/cron.js';
import { dueFireTime } from '../../domain/schedule.js';
import type { AppContext } from '../context.js';
import { startScheduledRun } from '../start-run.js';

export async function fireSchedules(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  const started: string[] = [];
  for (const schedule of await ctx.store.execution.schedules()) {
    let due: Date | null;
    try {
      due = dueFireTime(
        previousFireTime(schedule.cron, schedule.timezone, now),
        schedule.lastFiredAt,
        schedule.createdAt,
      );
    } catch (error) {
      ctx.log.error({ err: error, scheduleId: schedule.id }, 'schedule has an invalid cron expression');
      continue;
    }
    if (!due) continue;
    try {
      const shortId = await startScheduledRun(ctx, schedule, due);
      if (shortId) started.push(shortId);
    } catch (error) {
      // A plan that cannot run (usage limit, no environment) must not stop the other schedules.
      ctx.log.warn(
        { err: error, scheduleId: schedule.id, plan: schedule.testPlanShortId },
        'scheduled run not started',
      );
    }
  }
  return started;
}
