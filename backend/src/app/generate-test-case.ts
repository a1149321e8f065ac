// The burn-in: execute a test case's goal against its application's default environment, record
// the steps, and mark the test case COMPLETED; or FAILED with the reason. A burn-in whose goal was
// edited meanwhile records nothing: the edit queued another.
import type { AppContext } from './context.js';
import { handedBack } from './hand-back-work.js';
import type { TestExecutor, TokenUsage } from './ports/test-executor.js';
import { failBurnIn } from './fail-burn-in.js';
import { recordingRequest } from './recording-request.js';
import { safelyMasked } from './safely-masked.js';

/** `signal`: its worker is shutting down and handed the burn-in back (hand-back-work.ts): nothing is recorded. */
export async function generateTestCase(
  ctx: AppContext,
  executor: TestExecutor,
  testCaseId: string,
  signal?: AbortSignal,
): Promise<'COMPLETED' | 'FAILED' | 'gone' | 'superseded' | 'handed-back'> {
  const input = await ctx.store.execution.generationInput(testCaseId);
  if (!input) return 'gone';
  const fail = (error: string, tokens: TokenUsage | null = null) =>
    ctx.store.transaction(async (tx) => {
      if ((await tx.execution.lockGoal(testCaseId)) !== input.goal) return 'superseded' as const;
      await failBurnIn(ctx, tx, { id: testCaseId, name: input.name, projectId: input.projectId }, error);
      await tx.execution.recordBurnInTokens(testCaseId, tokens);
      return 'FAILED' as const;
    });
  if (!input.baseUrl)
    return fail(
      'Its application has no default environment to burn in against. Mark one `default: true` in the project YAML.',
    );

  const started = Date.now();
  let outcome: Awaited<ReturnType<TestExecutor['execute']>>;
  try {
    outcome = await executor.execute(
      recordingRequest(
        { ...input, baseUrl: input.baseUrl },
        {
          name: input.name,
          // The burn-in records how to reach the goal; whether the expected result holds is for runs to judge.
          expectedResult: null,
          evidencePrefix: `generation/${testCaseId}/${ctx.now().getTime()}`,
          signal,
        },
      ),
    );
  } catch (error) {
    if (handedBack(signal)) return 'handed-back';
    // An error that escaped the executor may quote a value it was typing: it ends the burn-in,
    // masked, instead of failing the job (whose error is logged and stored by pg-boss as it is).
    return fail(`The burn-in stopped with an internal error: ${safelyMasked(error, input.secrets)}`);
  }
  if (handedBack(signal)) return 'handed-back';
  ctx.metrics?.executionFinished('burn-in', outcome.verdict, (Date.now() - started) / 1000);
  if (outcome.verdict !== 'PASSED' || outcome.steps.length === 0) {
    return fail(
      burnInFailure(outcome.resultTitle, outcome.evaluationThought) || 'The goal produced no steps.',
      outcome.modelTokens ?? null,
    );
  }
  return ctx.store.transaction(async (tx) => {
    // The goal was edited while this burn-in ran: a newer one is queued, and these steps are for the old goal.
    if ((await tx.execution.lockGoal(testCaseId)) !== input.goal) return 'superseded' as const;
    await tx.execution.saveSteps(testCaseId, outcome.steps, 'burn-in', null, ctx.now());
    await tx.execution.recordBurnInTokens(testCaseId, outcome.modelTokens ?? null);
    return 'COMPLETED' as const;
  });
}

/**
 * A failed burn-in's message, said once. The agent's title is often the first line of its thought
 * ("Could not understand "X". Understood phrasings (...):" and then the phrasings); joined to the
 * thought with ": " it was repeated, and a title ending in ":" became "...unambiguous):: Could not
 * understand ...". The title stands on its own line, and only when the thought does not begin with it.
 */
export function burnInFailure(title: string | null, thought: string | null): string {
  const t = title?.trim() ?? '';
  const body = thought?.trim() ?? '';
  if (!t) return body;
  if (!body || body === t) return t;
  return body.startsWith(t) ? body : `${t}\n${body}`;
}
