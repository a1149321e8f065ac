// Stopping what a long-running command (`goalie serve`, `goalie worker`) started, on Ctrl-C
// (SIGINT) or SIGTERM: in order, each step running even when one before it failed (logged), so the
// database is always given back. The person at the terminal is told what it waits for, and how
// long, and that a second Ctrl-C quits now; a step that takes long says so every few seconds. A
// second Ctrl-C gives the embedded PostgreSQL back (stopping it when no other Goalie process uses
// it) and ends the process; a third ends it at once.
import os from 'node:os';
import type { Logger } from 'pino';
import type { QueueName } from '../app/ports/queue.js';

export interface ShutdownStep {
  /** What it waits for, as "still …" reads: "waiting for 2 test cases to finish". */
  what: string;
  run: () => Promise<unknown>;
}

/** Lines for the person at the terminal (stdout, where the command said it was running). */
export type Say = (line: string) => void;

export const sayOnStdout: Say = (line) => void process.stdout.write(line + '\n');

/** How often a long step says it is still going. */
const PROGRESS_EVERY_MS = 5_000;

export async function shutDown(
  logger: Logger,
  steps: (false | null | undefined | ShutdownStep)[],
  say: Say = () => {},
  everyMs = PROGRESS_EVERY_MS,
): Promise<void> {
  for (const step of steps) {
    if (!step) continue;
    const started = Date.now();
    const seconds = () => Math.round((Date.now() - started) / 1000);
    const progress = setInterval(() => say(`  still ${step.what} (${seconds()} s)`), everyMs);
    try {
      await step.run();
    } catch (error) {
      logger.error({ err: error }, 'a step of shutting down failed; going on with the next');
    } finally {
      clearInterval(progress);
      logger.debug({ step: step.what, ms: Date.now() - started }, 'a step of shutting down is done');
    }
  }
}

/** The worker's jobs by queue, in words: "2 test cases and 1 burn-in". */
const JOB_WORDS: Record<QueueName, [string, string]> = {
  'run-test-case': ['test case', 'test cases'],
  'try-goal': ['try of a goal', 'tries of goals'],
  'generate-test-case': ['burn-in', 'burn-ins'],
  review: ['review step', 'review steps'],
  notify: ['notification', 'notifications'],
  webhook: ['webhook delivery', 'webhook deliveries'],
};

export type RunningJobs = Partial<Record<QueueName, number>>;

/** What is running when shutting down starts, and what comes after it. */
export interface ShutdownPlan {
  /** The worker's jobs now; null without a worker in this process (GOALIE_CONCURRENCY=0). */
  running: RunningJobs | null;
  /** GOALIE_SHUTDOWN_GRACE_SECONDS: how long running work may finish before it is handed back. */
  graceMs: number;
  /** The embedded PostgreSQL (rather than DATABASE_URL). */
  embedded: boolean;
}

/** The step that waits for the worker's jobs, in the words of the announcement. */
export function waitingForWork(running: RunningJobs, graceMs: number): string {
  const counted = (Object.entries(running) as [QueueName, number][]).filter(([, n]) => n > 0);
  if (!counted.length) return 'closing the browser';
  const jobs = counted.map(([queue, n]) => `${n} ${JOB_WORDS[queue][n === 1 ? 0 : 1]}`);
  const list = jobs.length > 1 ? `${jobs.slice(0, -1).join(', ')} and ${jobs[jobs.length - 1]!}` : jobs[0]!;
  const total = counted.reduce((sum, [, n]) => sum + n, 0);
  return `waiting for ${list} to finish (up to ${Math.round(graceMs / 1000)} s, then ${total === 1 ? 'it is' : 'they are'} handed back to the queue) and closing the browser`;
}

export function stoppingDatabase(embedded: boolean): string {
  return embedded
    ? 'stopping the embedded PostgreSQL (unless another Goalie process on this GOALIE_HOME uses it)'
    : 'closing the connections to the database';
}

/** The first line after Ctrl-C: everything shutting down will wait for, and how to skip it. */
export function shutdownAnnouncement(plan: ShutdownPlan): string {
  const steps = [
    ...(plan.running ? [waitingForWork(plan.running, plan.graceMs)] : []),
    stoppingDatabase(plan.embedded),
  ];
  return `Shutting down: ${steps.join(', then ')}. Press Ctrl-C again to quit now.`;
}

/**
 * The second Ctrl-C: this process gives the embedded PostgreSQL back (the last Goalie process on
 * the home stops it, fast shutdown), waiting for a give-back already in progress, then exits with
 * 128 + the signal's number. Running test cases are not waited for: their worker's heartbeat stops,
 * and they are run again (docs/operations.md).
 */
export function quitNow(
  logger: Logger,
  /** What this process has started by now (the second signal may come while it starts). */
  started: () => {
    database: { embedded: boolean; stop(): Promise<void> } | null;
    /** The process's own report of the database going away: closed first (it goes away on purpose). */
    health?: { close(): void } | null;
  },
  say: Say = sayOnStdout,
  deadlineMs = 15_000,
): (signal: string) => void {
  return (signal) => {
    const { database: db, health } = started();
    health?.close();
    const code = 128 + (os.constants.signals[signal as NodeJS.Signals] ?? 2);
    say(
      db?.embedded
        ? `Quitting now: ${stoppingDatabase(true)} first. Press Ctrl-C once more to end at once.`
        : 'Quitting now.',
    );
    logger.info({ signal }, 'quitting now: a second signal while shutting down');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        say(`  the database did not stop within ${Math.round(deadlineMs / 1000)} s; quitting anyway`);
        resolve();
      }, deadlineMs);
    });
    void Promise.race([db?.stop() ?? Promise.resolve(), late])
      .catch((error: unknown) => logger.error({ err: error }, 'giving the database back failed; quitting anyway'))
      .finally(() => {
        clearTimeout(timer);
        process.exit(code);
      });
  };
}
