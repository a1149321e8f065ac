// The job queue port (pg-boss in jobs/). Jobs are written with the rows they refer to: `within` is
// the SQL connection of the caller's transaction, so a job exists exactly when its rows do.

export interface SqlExecutor {
  executeSql(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** `lost`: how many times a worker died holding this job (recover-lost-jobs.ts). */
export type Job =
  | { queue: 'run-test-case'; data: { runTestCaseId: string; attempt: number } }
  | { queue: 'generate-test-case'; data: { testCaseId: string; lost?: number } }
  /** A try of a goal from the dashboard's test case form (app/goal-tries/). */
  | { queue: 'try-goal'; data: { tryId: string; lost?: number } }
  | { queue: 'review'; data: { reviewId: string; step: ReviewStep; lost?: number } }
  | { queue: 'notify'; data: NotifyJob & { lost?: number } }
  /** One attempt of an outbound webhook delivery; a later attempt is queued with `startAfter` (app/webhooks/). */
  | { queue: 'webhook'; data: { deliveryId: string; lost?: number }; startAfter?: Date };

/**
 * A run's message to one of its `notifications`. `kind` absent: Slack, to `channel`. Email and Teams:
 * the run's notification at `index`; their `channel` (the addresses, the masked URL) is for logs.
 */
export interface NotifyJob {
  runId: string;
  channel: string;
  event: 'started' | 'finished';
  kind?: 'email' | 'teams';
  index?: number;
}

/** A job of a queue other than run-test-case that a worker holds (test cases have their own recovery). */
export type HeldJob = Exclude<Job, { queue: 'run-test-case' }> & { id: string };

/**
 * authorize: ask the host whether the review's author may have it; waiting: tell the change request
 * what the review waits for; start: test the preview; finish: the verdict; comment: show the newest
 * state; superseded / errored: end the commit status of a review that will not finish.
 */
export type ReviewStep = 'authorize' | 'waiting' | 'start' | 'finish' | 'comment' | 'superseded' | 'errored';

export type QueueName = Job['queue'];
export const QUEUES: readonly QueueName[] = [
  'run-test-case',
  // Someone waits on the page for a try: before burn-ins and the rest.
  'try-goal',
  'generate-test-case',
  'review',
  'notify',
  'webhook',
];

/** A job a worker has taken from the queue and neither completed, failed nor given up. */
export interface TakenJob<Q extends QueueName = QueueName> {
  id: string;
  data: Extract<Job, { queue: Q }>['data'];
}

export interface JobQueue {
  enqueue(jobs: Job[], within: SqlExecutor): Promise<void>;
  /** Jobs of `queue` taken by a worker more than `olderThanMs` ago (by the database's clock) and not finished. */
  takenLongAgo<Q extends QueueName>(queue: Q, olderThanMs: number): Promise<TakenJob<Q>[]>;
  /** Whether the job is still taken (active): not completed, failed, cancelled or retried. */
  isTaken(queue: QueueName, id: string, within: SqlExecutor): Promise<boolean>;
  /** Gives up taken jobs whose worker is gone: a late completion of one by its worker changes nothing. */
  abandon(queue: QueueName, ids: string[], within: SqlExecutor): Promise<void>;
}
