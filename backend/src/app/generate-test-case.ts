// The burn-in: execute a test case's goal against its application's default environment, record
// the steps, and mark the test case COMPLETED; or FAILED with the reason.
import type { AppContext } from './context.js';
import type { TestExecutor, TokenUsage } from './ports/test-executor.js';

export async function generateTestCase(ctx: AppContext, executor: TestExecutor, testCaseId: string): Promise<'COMPLETED' | 'FAILED' | 'gone'> {
  const input = await ctx.store.execution.generationInput(testCaseId);
  if (!input) return 'gone';
  const fail = async (error: string, tokens: TokenUsage | null = null) => {
    await ctx.store.transaction(async (tx) => {
      await tx.execution.finishGeneration(testCaseId, { status: 'FAILED', error }, ctx.now());
      await tx.execution.recordBurnInTokens(testCaseId, tokens);
    });
    return 'FAILED' as const;
  };
  if (!input.baseUrl) return fail('Its application has no default environment to burn in against. Mark one `default: true` in the project YAML.');

  const outcome = await executor.execute({
    name: input.name,
    goal: input.goal,
    // The burn-in records how to reach the goal; whether the expected result holds is for runs to judge.
    expectedResult: null,
    baseUrl: input.baseUrl,
    devicePreset: input.devicePreset,
    configs: input.configs,
    secrets: input.secrets,
    steps: null,
    resumeState: null,
    preludes: input.preludes,
    keepState: false,
    evidencePrefix: `generation/${testCaseId}/${ctx.now().getTime()}`,
    network: input.access.network,
    configOrigins: input.access.configOrigins,
  });
  if (outcome.verdict !== 'PASSED' || outcome.steps.length === 0) {
    // A burn-in's title is the first line of its message: say it once.
    const { resultTitle: title, evaluationThought: thought } = outcome;
    const message = title && thought?.startsWith(title) ? thought : [title, thought].filter(Boolean).join(': ');
    return fail(message || 'The goal produced no steps.', outcome.modelTokens ?? null);
  }
  await ctx.store.transaction(async (tx) => {
    await tx.execution.saveSteps(testCaseId, outcome.steps, 'burn-in', null, ctx.now());
    await tx.execution.recordBurnInTokens(testCaseId, outcome.modelTokens ?? null);
  });
  return 'COMPLETED';
}
