// Run notifications are queued jobs, written with the rows they are about: Slack being slow or down
// never fails or delays a run. One queue ('notify') for every kind: the same retries with backoff.
import type { NotificationRequest, RunRecord } from '../records.js';
import type { AppContext } from '../context.js';
import type { Job, NotifyJob } from '../ports/queue.js';
import type { Repositories } from '../ports/store.js';

function jobsFor(
  runId: string,
  notifications: NotificationRequest[] | null,
  event: NotifyJob['event'],
  wanted: (n: NotificationRequest) => boolean,
): Job[] {
  return (notifications ?? []).flatMap((n, index): Job[] => {
    if (!wanted(n)) return [];
    if (n.type === 'slack') return [{ queue: 'notify', data: { runId, channel: n.channel, event } }];
    const channel = n.type === 'email' ? n.to.join(', ') : n.label;
    return [{ queue: 'notify', data: { runId, channel, event, kind: n.type, index } }];
  });
}

/** `always` channels get a run-started message. */
export async function queueStartedNotifications(
  ctx: AppContext,
  tx: Repositories,
  runId: string,
  notifications: NotificationRequest[] | null,
): Promise<void> {
  await ctx.queue.enqueue(
    jobsFor(runId, notifications, 'started', (n) => n.notifyOn === 'always'),
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
  await ctx.queue.enqueue(
    jobsFor(run.id, run.notifications, 'finished', (n) => n.notifyOn === 'always' || result !== 'PASSED'),
    tx.sql,
  );
}
