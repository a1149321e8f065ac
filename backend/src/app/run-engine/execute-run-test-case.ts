// A worker's part of a run: claim one run test case, execute it in the browser, record the
// outcome (and new or healed steps when it passed), then advance the run.
import { testCaseFailedData } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { HandedBack, handedBack } from '../hand-back-work.js';
import { safelyMasked } from '../safely-masked.js';
import type { TestExecutor, ExecutionOutcome } from '../ports/test-executor.js';
import { queueWebhookEvent } from '../webhooks/queue-webhooks.js';
import { advanceRun } from './advance-run.js';
import { retryOnConflict } from './retry-on-conflict.js';

export interface WorkerIdentity {
  workerId: string;
  executor: TestExecutor;
  /** Test cases of one project running at once, across all workers. */
  projectParallelism: number;
}

export async function executeRunTestCase(
  ctx: AppContext,
  worker: WorkerIdentity,
  job: { runTestCaseId: string; attempt: number },
  signal?: AbortSignal,
): Promise<'done' | 'not-mine' | 'busy' | 'handed-back'> {
  // Its worker is shutting down (hand-back-work.ts) before it claimed: the test case stays queued.
  if (handedBack(signal)) return 'handed-back';
  let claimed: Awaited<ReturnType<typeof tryClaim>>;
  try {
    claimed = await tryClaim(ctx, worker, job, signal);
  } catch (error) {
    if (error instanceof HandedBack) return 'handed-back';
    throw error;
  }
  // Already done, cancelled, or retried under a newer attempt: the job is stale.
  if (!claimed) return 'not-mine';
  if (claimed === 'busy') return 'busy';

  const input = await ctx.store.execution.executionInput(job.runTestCaseId);
  const started = Date.now();
  let outcome: ExecutionOutcome;
  try {
    outcome = await worker.executor.execute({
      name: input.name,
      goal: input.goal,
      expectedResult: input.expectedResult,
      baseUrl: input.baseUrl,
      devicePreset: input.devicePreset,
      configs: input.configs,
      secrets: input.secrets,
      steps: input.steps?.steps ?? null,
      resumeState: input.resumeState,
      keepState: input.hasResumingDependents,
      evidencePrefix: `runs/${input.runId}/${input.runTestCaseId}/attempt-${job.attempt}`,
      network: input.access.network,
      configOrigins: input.access.configOrigins,
      signal,
    });
  } catch (error) {
    // The executor masks its own outcome; an error that escaped it may quote a value it was typing.
    const message = safelyMasked(error, input.secrets);
    // Handed back while setting up, its browser closed under it by the shutdown: not an error here.
    if (handedBack(signal))
      ctx.log.info(
        { err: { message }, runTestCaseId: job.runTestCaseId },
        'handed-back test case stopped by the shutdown',
      );
    else
      ctx.log.error(
        {
          err: { message, stack: safelyMasked(error, input.secrets, 'stack') },
          runId: input.runId,
          runTestCaseId: job.runTestCaseId,
        },
        'test case execution failed',
      );
    outcome = {
      verdict: 'ERROR',
      resultTitle: 'Goalie could not execute this test case',
      evaluationThought: `The execution stopped with an internal error: ${message}`,
      stepPlan: '',
      steps: [],
      stepsChanged: false,
      healed: [],
      browserState: null,
      evidence: [],
      errorMessage: message,
    };
  }

  const claim = { attempt: job.attempt, workerId: worker.workerId };
  const stored = await retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      // The run row first, as everywhere (retry-on-conflict.ts).
      const run = await tx.execution.lockRun(claimed.runId);
      // Stopped because its worker is shutting down: handed back to the queue (or, when that failed,
      // left to the stale timeout), unless its run was asked to cancel, when CANCELLED is the truth.
      if (handedBack(signal) && !run?.cancelRequested) return 'handed-back' as const;
      // This worker may have been cut off long enough for its test case to be given to another
      // attempt (recover-stale-work.ts): then that attempt's verdict is the one that counts, and
      // nothing of this one (outcome, steps) is stored.
      if (!(await tx.execution.holdsClaim(job.runTestCaseId, claim))) return false;
      const now = ctx.now();
      let stepVersion = input.steps?.version ?? null;
      // New or healed steps become the test case's steps only when they led to a pass.
      if (outcome.verdict === 'PASSED' && outcome.stepsChanged && input.testCaseId && outcome.steps.length) {
        stepVersion = await tx.execution.saveSteps(
          input.testCaseId,
          outcome.steps,
          input.steps ? 'heal' : 'burn-in',
          input.runId,
          now,
        );
      }
      await tx.execution.recordOutcome(job.runTestCaseId, claim, {
        status: outcome.verdict === 'ERROR' ? 'ERROR' : outcome.verdict === 'CANCELLED' ? 'CANCELLED' : 'COMPLETED',
        result: outcome.verdict === 'PASSED' || outcome.verdict === 'FAILED' ? outcome.verdict : null,
        resultTitle: outcome.verdict === 'PASSED' ? null : outcome.resultTitle,
        evaluationThought: outcome.evaluationThought,
        promptExamples: outcome.stepPlan || null,
        stepVersion,
        healed: outcome.healed,
        evidence: outcome.evidence,
        browserState: outcome.browserState,
        errorMessage: outcome.errorMessage,
        modelTokens: outcome.modelTokens ?? null,
        finishedAt: now,
      });
      if (run && (outcome.verdict === 'FAILED' || outcome.verdict === 'ERROR')) {
        const reason = outcome.resultTitle || outcome.errorMessage || outcome.evaluationThought || null;
        const testCase = { id: input.testCaseId, runTestCaseId: job.runTestCaseId, name: input.name };
        const data = testCaseFailedData(testCase, outcome.verdict, reason, run, ctx.links.run(run.shortId));
        await queueWebhookEvent(ctx, tx, run.projectId, 'test_case.failed', data);
      }
      await advanceRun(ctx, tx, claimed.runId);
      return true;
    }),
  );
  if (stored === 'handed-back') return 'handed-back';
  // A heal means the page changed under the test case: the log says so beside the verdict.
  if (stored && outcome.healed.length)
    ctx.log.info(
      { runId: input.runId, runTestCaseId: job.runTestCaseId, verdict: outcome.verdict, healed: outcome.healed },
      `healed ${outcome.healed.length} step${outcome.healed.length === 1 ? '' : 's'}`,
    );
  if (stored)
    ctx.metrics?.executionFinished(input.steps ? 'replay' : 'burn-in', outcome.verdict, (Date.now() - started) / 1000);
  if (!stored) {
    ctx.log.warn(
      {
        runId: input.runId,
        runTestCaseId: job.runTestCaseId,
        attempt: job.attempt,
        workerId: worker.workerId,
        verdict: outcome.verdict,
      },
      'late result dropped: the test case was given to another attempt (or ended) while this worker was out of touch',
    );
    return 'not-mine';
  }
  return 'done';
}

/** Claims the test case; throws HandedBack (undoing the claim) when its worker began shutting down meanwhile. */
function tryClaim(
  ctx: AppContext,
  worker: WorkerIdentity,
  job: { runTestCaseId: string; attempt: number },
  signal?: AbortSignal,
) {
  return retryOnConflict(() =>
    ctx.store.transaction(async (tx) => {
      const claim = await tx.execution.claim(
        job.runTestCaseId,
        job.attempt,
        worker.workerId,
        ctx.now(),
        worker.projectParallelism,
      );
      // Checked while this transaction holds the run row: the hand-back, which locks it too, sees
      // either this claim committed or no claim at all.
      if (claim && claim !== 'busy' && handedBack(signal)) throw new HandedBack();
      if (claim && claim !== 'busy') await tx.execution.markRunRunning(claim.runId, ctx.now());
      return claim;
    }),
  );
}
