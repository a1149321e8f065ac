// The try-goal job: a burn-in of the try's goal against its environment, with its expected result
// checked at the end, each step stored as it is recorded (with its screenshot) for the page that
// polls. Masked as a burn-in is: the executor masks every text of the outcome and the evidence with
// the project's secret values; the steps keep their placeholders. Whatever happens, the try ends in
// a state of its own (PASSED, FAILED or ERROR) unless its worker hands it back.
import type { AppContext } from '../context.js';
import { handedBack } from '../hand-back-work.js';
import type { GoalTryOutcome } from '../ports/goal-tries.js';
import type { ExecutionOutcome, ExecutionProgress } from '../ports/test-executor.js';
import type { TestExecutor } from '../ports/test-executor.js';
import { recordingRequest } from '../recording-request.js';
import { safelyMasked } from '../safely-masked.js';

/** The title the executor gives a test case whose browser was kept from a destination. */
const REFUSED = /^The browser was not allowed to reach /;

export async function runGoalTry(
  ctx: AppContext,
  executor: TestExecutor,
  tryId: string,
  signal?: AbortSignal,
): Promise<'PASSED' | 'FAILED' | 'ERROR' | 'gone' | 'handed-back'> {
  const input = await ctx.store.goalTries.start(tryId, ctx.now());
  if (!input) return 'gone';
  let checking = false;
  // The page's news: a write that fails loses a line of progress, never the try.
  const onProgress = async (event: ExecutionProgress) => {
    try {
      if (event.kind === 'step') await ctx.store.goalTries.addStep(tryId, event.step, event.screenshot);
      else {
        checking = true;
        await ctx.store.goalTries.markChecking(tryId);
      }
    } catch (error) {
      ctx.log.warn({ tryId, message: safelyMasked(error, input.secrets) }, 'recording the progress of a try failed');
    }
  };
  const finish = async (outcome: GoalTryOutcome) => {
    await ctx.store.goalTries.finish(tryId, outcome, ctx.now());
    return outcome.status;
  };
  let outcome: ExecutionOutcome;
  try {
    outcome = await executor.execute(
      recordingRequest(input, {
        name: 'Try of a goal',
        expectedResult: input.expectedResult,
        evidencePrefix: `tries/${tryId}`,
        stepScreenshots: true,
        onProgress,
        signal,
      }),
    );
  } catch (error) {
    if (handedBack(signal)) return 'handed-back';
    return finish({
      status: 'ERROR',
      goalDone: false,
      steps: [],
      finalScreenshot: null,
      resultTitle: 'The try stopped with an internal error',
      resultThought: safelyMasked(error, input.secrets),
    });
  }
  if (handedBack(signal)) return 'handed-back';
  const status = outcome.verdict === 'PASSED' ? 'PASSED' : outcome.verdict === 'FAILED' ? 'FAILED' : 'ERROR';
  return finish({
    status,
    // The goal was carried out when its expected result was reached (checked), unless the browser was
    // kept from somewhere on the way: a burn-in would have failed then.
    goalDone:
      outcome.steps.length > 0 &&
      (status === 'PASSED' || (status === 'FAILED' && checking && !REFUSED.test(outcome.resultTitle ?? ''))),
    steps: outcome.steps,
    finalScreenshot: outcome.evidence.find((e) => e.kind === 'screenshot' && e.label === 'final')?.key ?? null,
    resultTitle: outcome.resultTitle,
    resultThought: outcome.evaluationThought || outcome.errorMessage,
  });
}
