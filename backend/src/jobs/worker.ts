// A worker: takes jobs from the queue and runs them, up to `concurrency` at once, with one browser
// for the process (inside the executor). It wakes on NOTIFY when jobs are queued, on a finished job,
// or after a short poll; it beats a heartbeat so others can take back its work if it dies, and
// stops test cases whose run was cancelled.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../app/context.js';
import { generateTestCase } from '../app/generate-test-case.js';
import { runGoalTry } from '../app/goal-tries/run-try.js';
import { HandedBack, handBackWork, handedBack, type Unfinished } from '../app/hand-back-work.js';
import { QUEUES, type HeldJob, type QueueName, type ReviewStep } from '../app/ports/queue.js';
import { sendRunNotification } from '../app/notifications/send-run-notification.js';
import type { Mailer, TeamsPoster } from '../app/ports/notifiers.js';
import type { NotifyJob } from '../app/ports/queue.js';
import type { SlackMessenger } from '../app/ports/slack.js';
import { runReviewStep, type ReviewWorker } from '../app/review/review-job.js';
import { deliverWebhook, type WebhookDelivery } from '../app/webhooks/deliver-webhook.js';
import type { TestExecutor } from '../app/ports/test-executor.js';
import { executeRunTestCase } from '../app/run-engine/execute-run-test-case.js';
import { JOBS_CHANNEL } from './pg-boss-queue.js';
import { settleWithin } from '../settle-within.js';

export interface WorkerOptions {
  databaseUrl: string;
  /** What review jobs need besides the executor; without it this worker does not take review jobs. */
  review?: Omit<ReviewWorker, 'executor'>;
  /** Sends Slack notifications. With none of slack, email and teams, this worker takes no notification jobs. */
  slack?: SlackMessenger;
  /** Delivers outbound webhooks; without it this worker does not take webhook jobs. */
  webhooks?: WebhookDelivery;
  /** Sends email notifications (GOALIE_SMTP_URL); without it they are logged and skipped. */
  email?: Mailer;
  teams?: TeamsPoster;
  concurrency: number;
  projectParallelism: number;
  heartbeatMs?: number;
  /** Longest wait between polls when no NOTIFY arrives (another database, a lost notification). */
  pollMs?: number;
  /** True when `error` means the database cannot be reached, which the caller logs once: not logged at every poll and heartbeat. */
  databaseAway?: (error: unknown) => boolean;
}

/** Queues whose jobs call other services (Slack; GitHub and GitLab), which fail now and then: retried by pg-boss. */
const CALLS_OUT: ReadonlySet<QueueName> = new Set(['notify', 'review']);

/** After the hand-back, how long aborted jobs may take to let go (an execution stops at once; a host call may not). */
const LET_GO_MS = 3000;

interface ActiveJob {
  queue: QueueName;
  runTestCaseId?: string;
  attempt?: number;
  /** What the heartbeat records of jobs other than test cases, to hand them out again if this process dies. */
  held?: HeldJob;
  abort: AbortController;
  done: Promise<void>;
}

export class Worker {
  readonly id = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly active = new Map<string, ActiveJob>();
  private stopped = false;
  private wake: (() => void) | null = null;
  private listener: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private readonly queues: readonly QueueName[];

  constructor(
    private readonly ctx: AppContext,
    private readonly boss: PgBoss,
    private readonly executor: TestExecutor,
    private readonly options: WorkerOptions,
  ) {
    this.queues = QUEUES.filter(
      (q) =>
        (q !== 'review' || options.review) &&
        (q !== 'notify' || options.slack || options.teams || options.email) &&
        (q !== 'webhook' || options.webhooks),
    );
  }

  async start(): Promise<void> {
    await this.ctx.store.execution.registerWorker(
      { id: this.id, hostname: os.hostname(), pid: process.pid, concurrency: this.options.concurrency },
      this.ctx.now(),
    );
    this.listener = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'goalie-worker-listen',
    });
    this.listener.on('error', (error) => {
      // Stopping (and a second Ctrl-C stopping PostgreSQL under it) is no loss to report.
      if (!this.stopped) this.ctx.log.warn({ err: error }, 'job notification connection lost; polling');
    });
    this.listener.on('notification', () => this.poke());
    await this.listener.connect();
    await this.listener.query(`LISTEN ${JOBS_CHANNEL}`);
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? 2000);
    this.loop = this.run();
  }

  /** What this worker runs now, by queue (test cases, burn-ins, reviews, ...). */
  running(): Partial<Record<QueueName, number>> {
    const counts: Partial<Record<QueueName, number>> = {};
    for (const job of this.active.values()) counts[job.queue] = (counts[job.queue] ?? 0) + 1;
    return counts;
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for running ones. What is still running then is
   * handed back to the queue at once (hand-back-work.ts), for another worker to take now, and
   * aborted. Then the worker's row goes: no one waits for its heartbeat to go stale.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
    const finished = await within(Promise.allSettled([...this.active.values()].map((job) => job.done)), graceMs);
    if (!finished && this.active.size) {
      const left = [...this.active.entries()];
      // Aborted first: a claim in flight then gives up (execute-run-test-case.ts), so the hand-back
      // finds each test case either claimed by this worker or still queued.
      for (const [, job] of left) job.abort.abort(new HandedBack());
      const unfinished: Unfinished[] = left.map(([jobId, job]) =>
        job.runTestCaseId
          ? { jobId, runTestCase: { id: job.runTestCaseId, attempt: job.attempt! } }
          : { jobId, held: job.held! },
      );
      const handed = await handBackWork(this.ctx, this.id, unfinished);
      this.ctx.log.info(
        { workerId: this.id, running: left.length, handedBack: handed },
        'shutting down: grace period over, unfinished work handed back',
      );
      await within(Promise.allSettled(left.map(([, job]) => job.done)), LET_GO_MS);
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.listener?.end().catch(() => {});
    await this.ctx.store.execution.removeWorker(this.id).catch(() => {});
  }

  /**
   * One line per failed attempt of a job that calls another service, without the stack (it says
   * nothing about Slack being down; LOG_LEVEL=debug shows it): a warning while pg-boss will try
   * again, an error when this was the last attempt.
   */
  private attemptFailed(queue: QueueName, job: PgBoss.JobWithMetadata<Record<string, unknown>>, error: unknown): void {
    const attempt = job.retryCount + 1;
    const attempts = job.retryLimit + 1;
    const message = (error as Error)?.message ?? String(error);
    const what =
      queue === 'notify'
        ? `${{ email: 'Email', teams: 'Teams' }[String(job.data.kind)] ?? 'Slack'} notification (run ${String(job.data.event)}) to ${String(job.data.channel)}`
        : `review step "${String(job.data.step)}"`;
    // `event`: the message says it all (logger.ts shows only it on a terminal); `err`, with its stack, only at debug.
    const fields = {
      event: attempt < attempts ? 'job.retry' : 'job.given-up',
      queue,
      jobId: job.id,
      data: job.data,
      attempt,
      attempts,
      error: message,
      ...(this.ctx.log.isLevelEnabled?.('debug') ? { err: error } : {}),
    };
    if (attempt < attempts) {
      // pg-boss waits retryDelay × 2^retryCount, times a random 1 to 2 (with backoff).
      const wait = job.retryBackoff ? job.retryDelay * 2 ** job.retryCount : job.retryDelay;
      this.ctx.log.warn(
        fields,
        `${what} failed (attempt ${attempt} of ${attempts}): ${message}; trying again in ${job.retryBackoff ? `${wait} to ${wait * 2}` : wait} s`,
      );
    } else {
      this.ctx.log.error(fields, `${what} failed ${attempts} time${attempts === 1 ? '' : 's'}, given up: ${message}`);
    }
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async beat(): Promise<void> {
    try {
      const active = [...this.active.values()].flatMap((j) => (j.runTestCaseId ? [j.runTestCaseId] : []));
      const held = [...this.active.values()].flatMap((j) => (j.held ? [j.held] : []));
      const cancelled = new Set(await this.ctx.store.execution.heartbeat(this.id, active, this.ctx.now(), held));
      for (const job of this.active.values())
        if (job.runTestCaseId && cancelled.has(job.runTestCaseId)) job.abort.abort();
    } catch (error) {
      if (!this.options.databaseAway?.(error)) this.ctx.log.warn({ err: error }, 'heartbeat failed');
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let fetched = 0;
      try {
        for (const queue of this.queues) {
          const free = this.options.concurrency - this.active.size;
          if (free <= 0) break;
          const jobs = await this.boss.fetch<Record<string, unknown>>(queue, {
            batchSize: free,
            includeMetadata: true,
          });
          for (const job of jobs) this.handle(queue, job);
          fetched += jobs.length;
          // Say at once which jobs this process holds, not only at the next beat.
          if (queue !== 'run-test-case' && jobs.length) await this.beat();
        }
      } catch (error) {
        if (!this.options.databaseAway?.(error)) this.ctx.log.error({ err: error }, 'fetching jobs failed');
      }
      if (this.stopped) break;
      // Fetched a full batch: look again at once. Otherwise sleep until something happens.
      if (fetched > 0 && this.active.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private handle(queue: QueueName, job: PgBoss.JobWithMetadata<Record<string, unknown>>): void {
    const abort = new AbortController();
    const entry: ActiveJob = { queue, abort, done: Promise.resolve() };
    if (queue === 'run-test-case') {
      entry.runTestCaseId = String(job.data.runTestCaseId);
      entry.attempt = Number(job.data.attempt);
    } else entry.held = { queue, id: job.id, data: job.data } as HeldJob;
    this.active.set(job.id, entry);
    entry.done = (async () => {
      try {
        let result: string | undefined;
        if (queue === 'run-test-case') {
          const data = job.data as { runTestCaseId: string; attempt: number };
          result = await executeRunTestCase(
            this.ctx,
            { workerId: this.id, executor: this.executor, projectParallelism: this.options.projectParallelism },
            data,
            abort.signal,
          );
          // The project is at its parallelism limit: try again in a moment.
          if (result === 'busy') await this.boss.send(queue, data, { startAfter: 1 });
        } else if (queue === 'notify') {
          const { slack, email, teams } = this.options;
          await sendRunNotification(this.ctx, { slack, email, teams }, job.data as unknown as NotifyJob);
        } else if (queue === 'webhook') {
          await deliverWebhook(this.ctx, this.options.webhooks!, String(job.data.deliveryId));
        } else if (queue === 'review') {
          const data = job.data as { reviewId: string; step: ReviewStep };
          await runReviewStep(this.ctx, { ...this.options.review!, executor: this.executor }, data.reviewId, data.step);
        } else if (queue === 'try-goal') {
          result = await runGoalTry(this.ctx, this.executor, String(job.data.tryId), abort.signal);
        } else {
          result = await generateTestCase(this.ctx, this.executor, String(job.data.testCaseId), abort.signal);
        }
        // Stopped by the hand-back without an error: the hand-back owns the job now. Completing it
        // here would race the hand-back, which would then find nothing to give back.
        if (result === 'handed-back') return;
        await this.boss.complete(queue, job.id);
      } catch (error) {
        // Handed back while it ran (its browser closed under it by the shutdown): given up, not failed.
        if (handedBack(abort.signal)) {
          this.ctx.log.info(
            { queue, jobId: job.id, message: (error as Error).message },
            'handed-back job stopped by the shutdown',
          );
          return;
        }
        if (CALLS_OUT.has(queue)) this.attemptFailed(queue, job, error);
        else this.ctx.log.error({ err: error, queue, jobId: job.id }, 'job failed');
        await this.boss.fail(queue, job.id, { message: (error as Error).message }).catch(() => {});
      } finally {
        this.active.delete(job.id);
        this.poke();
      }
    })();
  }
}

/** Whether `work` settled within `ms`. */
const within = (work: Promise<unknown>, ms: number): Promise<boolean> =>
  settleWithin(
    work.then(() => true),
    ms,
    () => false,
  );
