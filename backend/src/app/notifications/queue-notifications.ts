// Run notifications are queued jobs, written with the rows they are about: Slack being slow or down
// never fails or delays a run.
import type { NotificationRequest, RunRecord } from '../records.js';
import type { AppContext } from '../context.js';
import type { Repositories } from '../ports/store.js';

/** `always` channels get a run-started message. */
export async function queueStartedNotifications(
  ctx: AppContext,
  tx: Repositories,
  runId: string,
  notifications: NotificationRequest[] | null,
): Promise<void> {
  const started = (notifications ?? []).filter((n) => n.notifyOn === 'always');
  await ctx.queue.enqueue(
    started.map((n) => ({ queue: 'notify', data: { runId, channel: n.channel, event: 'started' } })),
    tx.sql,
  );
}

/** The final summary: `always` channels hear of every end, `failure` ones only of runs that did not pass. */
export async function queueFinishedNotifications(
  ctx: AppContext,
  tx: Repositories,
  run: Pick<RunRecord, 'id' | 'notifications'>,
  result: string | null,
): Promise<void> {
  const summaries = (run.notifications ?? []).filter((n) => n.notifyOn === 'always' || result !== 'PASSED');
  await ctx.queue.enqueue(
    summaries.map((n) => ({ queue: 'notify', data: { runId: run.id, channel: n.channel, event: 'finished' } })),
    tx.sql,
  );
}
