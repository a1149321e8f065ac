// `goalie apply --wait`: follow the burn-ins of some test cases in the database until none is
// GENERATING or the time is up. Burn-ins run only in a worker (goalie serve or goalie worker), so
// whether one is alive is part of the answer: without one, waiting can only time out.
import { pollUntil } from '../../../shared/src/client/poll.js';
import type { AppContext } from './context.js';
import type { TestCaseRecord } from './records.js';
import { readTestCase } from './test-case-state.js';

export interface BurnInProgress {
  done: number;
  failed: number;
  total: number;
}

export interface BurnInsOutcome {
  timedOut: boolean;
  completed: TestCaseRecord[];
  /** Their generationError with secret config values masked. */
  failed: TestCaseRecord[];
  generating: TestCaseRecord[];
  /** Workers alive when the wait ended. */
  liveWorkers: number;
}

export interface WaitForBurnInsOptions {
  timeoutMs: number;
  /** A worker that has not beaten its heartbeat for this long is not counted as alive. */
  workerStaleMs: number;
  onProgress?: (progress: BurnInProgress) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export async function liveWorkers(ctx: AppContext, staleMs: number): Promise<number> {
  return ctx.store.execution.liveWorkers(new Date(ctx.now().getTime() - staleMs));
}

export async function waitForBurnIns(
  ctx: AppContext,
  projectId: string,
  ids: readonly string[],
  options: WaitForBurnInsOptions,
): Promise<BurnInsOutcome> {
  const { finished, value } = await pollUntil(
    () => ctx.store.testCases.findByIds(projectId, [...ids]),
    (rows) => rows.every((row) => row.generationStatus !== 'GENERATING'),
    {
      timeoutMs: options.timeoutMs,
      firstIntervalMs: 1000,
      maxIntervalMs: 10_000,
      sleep: options.sleep,
      now: options.now,
      onProgress: (rows) =>
        options.onProgress?.({
          done: rows.filter((r) => r.generationStatus !== 'GENERATING').length,
          failed: rows.filter((r) => r.generationStatus === 'FAILED').length,
          total: rows.length,
        }),
    },
  );
  const failed = await Promise.all(
    value.filter((r) => r.generationStatus === 'FAILED').map(async (r) => (await readTestCase(ctx, r)).testCase),
  );
  return {
    timedOut: !finished,
    completed: value.filter((r) => r.generationStatus === 'COMPLETED'),
    failed,
    generating: value.filter((r) => r.generationStatus === 'GENERATING'),
    liveWorkers: await liveWorkers(ctx, options.workerStaleMs),
  };
}
