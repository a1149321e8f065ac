// The job queue on pg-boss (its own schema in the same PostgreSQL). Jobs are inserted through the
// caller's transaction, with a NOTIFY that PostgreSQL delivers at commit, so idle workers wake at
// once instead of at their next poll.
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Job, JobQueue, QueueName, SqlExecutor, TakenJob } from '../app/ports/queue.js';

export const JOBS_CHANNEL = 'goalie_jobs';

interface QueuePolicy {
  retryLimit: number;
  expireInSeconds: number;
  retryDelay?: number;
  retryBackoff?: boolean;
}

/** Per queue: retries and expiry. Test cases are retried by the run engine itself (recover-stale-work). */
const QUEUE_POLICIES: Record<QueueName, QueuePolicy> = {
  'run-test-case': { retryLimit: 0, expireInSeconds: 30 * 60 },
  'generate-test-case': { retryLimit: 1, expireInSeconds: 15 * 60 },
  // A try ends in a state of its own whatever happens (app/goal-tries/run-try.ts): never retried.
  'try-goal': { retryLimit: 0, expireInSeconds: 15 * 60 },
  // Host calls (comments, statuses) may fail for a while: retried with backoff by pg-boss.
  review: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 },
  // Slack being slow or down delays only its messages: 5 attempts, the waits between them doubling
  // from 20 to 40 s (pg-boss: retryDelay × 2^n × a random 1 to 2), so the last is 5 to 10 minutes
  // after the first (docs/slack.md).
  notify: { retryLimit: 4, retryDelay: 20, retryBackoff: true, expireInSeconds: 60 },
  // Each attempt is recorded and the next one queued by the delivery itself (app/webhooks/): pg-boss
  // retries only a job that failed before it could record anything (the database away, say).
  webhook: { retryLimit: 2, retryDelay: 30, expireInSeconds: 60 },
};

/**
 * The queues' policies; `retryDelaySeconds` replaces the wait before a retry of every queue that waits
 * (tests that wait out a retry shorten it: the production waits are 10 to 40 s).
 */
export function queuePolicies(retryDelaySeconds?: number): Record<QueueName, QueuePolicy> {
  if (retryDelaySeconds === undefined) return QUEUE_POLICIES;
  const entries = Object.entries(QUEUE_POLICIES).map(([name, policy]) => [
    name,
    policy.retryDelay === undefined ? policy : { ...policy, retryDelay: retryDelaySeconds },
  ]);
  return Object.fromEntries(entries) as Record<QueueName, QueuePolicy>;
}

/** The advisory lock held while creating the queues ("goalie" in ASCII, plus two; see USERS_LOCK of the embedded PostgreSQL). */
const QUEUES_LOCK = '113728073525607';

/**
 * `supervise`: this process also runs pg-boss maintenance (expiry, archiving): workers do.
 * `retryDelaySeconds`: see queuePolicies (absent: the production policies).
 */
export async function startBoss(
  databaseUrl: string,
  options: { supervise: boolean; onError: (error: unknown) => void; retryDelaySeconds?: number },
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    schedule: false,
    supervise: options.supervise,
    migrate: true,
    application_name: 'goalie-queue',
  });
  // An unhandled 'error' event would crash the process; maintenance errors are logged instead.
  boss.on('error', options.onError);
  await boss.start();
  try {
    await createQueues(boss, databaseUrl, queuePolicies(options.retryDelaySeconds));
  } catch (error) {
    await boss.stop({ graceful: false, close: true, wait: true }).catch(() => {});
    throw error;
  }
  return boss;
}

/**
 * Creates the queues (each call is a no-op when the queue exists). Processes starting at the same
 * moment on a fresh database (goalie serve and goalie worker) take turns: creating the same queue's
 * table in two sessions at once ends in a deadlock.
 */
async function createQueues(
  boss: PgBoss,
  databaseUrl: string,
  policies: Record<QueueName, QueuePolicy>,
): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'goalie-queue-setup' });
  lock.on('error', () => {});
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [QUEUES_LOCK]);
    for (const [name, policy] of Object.entries(policies)) {
      await boss.createQueue(name, { name, ...policy });
      // A queue created by an older version (or with a test's short delay) keeps its policy otherwise
      // (jobs copy it when queued).
      await boss.updateQueue(name, { name, ...policy });
    }
  } finally {
    // Ending the session releases the lock.
    await lock.end().catch(() => {});
  }
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    async enqueue(jobs: Job[], within: SqlExecutor) {
      if (!jobs.length) return;
      const db = { executeSql: (text: string, values: unknown[]) => within.executeSql(text, values) };
      for (const queue of new Set(jobs.map((j) => j.queue))) {
        // Retries and expiry come from the queue's policy (createQueue above).
        await boss.insert(
          jobs
            .filter((j) => j.queue === queue)
            .map((j) => ({
              name: queue,
              data: j.data,
              ...('startAfter' in j && j.startAfter ? { startAfter: j.startAfter } : {}),
            })),
          { db } as never,
        );
        await within.executeSql('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queue]);
      }
    },
    async takenLongAgo<Q extends QueueName>(queue: Q, olderThanMs: number): Promise<TakenJob<Q>[]> {
      const result = await boss
        .getDb()
        .executeSql(
          `SELECT id, data FROM pgboss.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2::double precision) ORDER BY started_on`,
          [queue, olderThanMs / 1000],
        );
      return (result.rows as { id: string; data: TakenJob<Q>['data'] }[]).map((row) => ({
        id: row.id,
        data: row.data,
      }));
    },
    async isTaken(queue: QueueName, id: string, within: SqlExecutor) {
      const result = await within.executeSql(
        `SELECT 1 FROM pgboss.job WHERE name = $1 AND id = $2 AND state = 'active'`,
        [queue, id],
      );
      return result.rows.length > 0;
    },
    async abandon(queue: QueueName, ids: string[], within: SqlExecutor) {
      if (!ids.length) return;
      // Cancelled, not failed: the queue's retry policy must not run it again.
      await boss.cancel(queue, ids, {
        db: { executeSql: (text: string, values: unknown[]) => within.executeSql(text, values) },
      });
    },
  };
}

/** Per queue: jobs waiting to be taken (delayed ones included), and the age of the oldest one due. For metrics. */
export async function queueStats(boss: PgBoss): Promise<{ queue: string; depth: number; oldestSeconds: number }[]> {
  const result = await boss.getDb().executeSql(
    `SELECT name, count(*)::int AS depth,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_on) FILTER (WHERE start_after <= now())), 0)::float AS oldest
       FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
    [],
  );
  const rows = new Map((result.rows as { name: string; depth: number; oldest: number }[]).map((r) => [r.name, r]));
  return Object.keys(QUEUE_POLICIES).map((queue) => ({
    queue,
    depth: rows.get(queue)?.depth ?? 0,
    oldestSeconds: Number(rows.get(queue)?.oldest ?? 0),
  }));
}
