// Writing a new run, the one path for both ways a run is created: start-run.ts (a run of a plan, of
// one test case, of a schedule) and rerun.ts (a copy of an earlier run). Both build their rows with
// remapRunTestCases and write them with writeRun, so usage, rows, notifications, the "run started"
// line and the first advance happen the same way. It sits beside those two use cases, not in
// run-engine/, which moves runs that already exist.
import { randomUUID } from 'node:crypto';
import { makePlainShortId } from '../domain/short-id.js';
import { runStartedData } from '../domain/webhooks.js';
import { runStarted } from './activity-log.js';
import type { AppContext } from './context.js';
import { queueStartedNotifications } from './notifications/queue-notifications.js';
import type { NewEnvironment, NewRun, NewRunTestCase, Repositories } from './ports/store.js';
import type { Caller } from './records.js';
import { advanceRun } from './run-engine/advance-run.js';
import { consumeRunUsage } from './usage.js';
import { queueWebhookEvent } from './webhooks/queue-webhooks.js';

/** A run ready to write: the run, the preview environments it brings, and its test case rows. */
export interface RunToWrite {
  run: NewRun;
  previews: readonly NewEnvironment[];
  rows: NewRunTestCase[];
}

/** What a row copies from its source; ids, links and position come from remapRunTestCases. */
export type RunTestCaseContent = Omit<
  NewRunTestCase,
  'id' | 'shortId' | 'runId' | 'resumeFromId' | 'waitForIds' | 'position'
>;

/**
 * Rows of run `runId` for `ordered` sources (test cases, or the rows of an earlier run), in that
 * order, each with a new id, and Resume From / Wait For pointing at the new rows of the sources
 * they named; a dependency that is not among `ordered` is left out.
 */
export function remapRunTestCases<T extends { id: string; resumeFromId: string | null; waitForIds: readonly string[] }>(
  runId: string,
  ordered: readonly T[],
  content: (source: T) => RunTestCaseContent,
): NewRunTestCase[] {
  const newIds = new Map(ordered.map((source) => [source.id, randomUUID()]));
  return ordered.map((source, position) => ({
    ...content(source),
    id: newIds.get(source.id)!,
    shortId: makePlainShortId(),
    runId,
    resumeFromId: source.resumeFromId ? (newIds.get(source.resumeFromId) ?? null) : null,
    waitForIds: source.waitForIds.flatMap((id) => (newIds.has(id) ? [newIds.get(id)!] : [])),
    position,
  }));
}

/** Writes a run, counting usage, and queues its first test cases: all in the caller's transaction. */
export async function writeRun(ctx: AppContext, tx: Repositories, caller: Caller, toWrite: RunToWrite): Promise<void> {
  const { run, previews, rows } = toWrite;
  await consumeRunUsage(tx, caller.organization, ctx.now());
  await tx.runs.create(run);
  for (const preview of previews) await tx.catalog.createEnvironment(preview);
  await tx.runs.addTestCases(rows);
  await queueStartedNotifications(ctx, tx, run.id, run.notifications);
  await queueWebhookEvent(
    ctx,
    tx,
    run.projectId,
    'run.started',
    runStartedData(run, rows.length, ctx.links.run(run.shortId)),
  );
  // Before advanceRun: a run with nothing to run finishes in it, and says so after this line.
  tx.afterCommit(() => runStarted(ctx.log, run, rows.length, ctx.links.run(run.shortId)));
  await advanceRun(ctx, tx, run.id);
}
