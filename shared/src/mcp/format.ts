// Plain-text views of the API's answers for a language model: one fact a line, IDs spelled out so
// the next tool call can use them, links to the pages that hold the evidence.
import type { RunStatusView, RunTestCase, TestCaseListEntry, TestCaseView, TestPlanListEntry } from '../api/types.js';
import { runTestCaseLink } from '../run-page-anchor.js';

const FAILED = new Set(['FAILED', 'ERROR', 'SKIPPED']);

function indent(label: string, value: string | null | undefined): string[] {
  return value ? [`    ${label}: ${value.replace(/\s*\n\s*/g, ' ')}`] : [];
}

function runTestCaseLines(tc: RunTestCase, runPage: string): string[] {
  const outcome = tc.result ?? tc.status;
  return [
    `- ${outcome} ${tc.name} (run test case ${tc.shortId}; test case ${tc.projectTestCaseId ?? 'deleted'})`,
    ...(tc.result && FAILED.has(tc.result)
      ? [
          ...indent('What went wrong', tc.resultTitle),
          ...indent('Evaluation', tc.evaluationThought),
          `    Evidence (steps, screenshots, trace): ${runTestCaseLink(runPage, tc.shortId)}`,
        ]
      : indent('Result', tc.resultTitle)),
  ];
}

export function formatRun(run: RunStatusView, runPage: string): string {
  const counts = new Map<string, number>();
  for (const tc of run.runTestCases) counts.set(tc.result ?? tc.status, (counts.get(tc.result ?? tc.status) ?? 0) + 1);
  const tally = [...counts].map(([what, n]) => `${n} ${what}`).join(', ');
  return [
    `Run ${run.shortId}: status ${run.status}, result ${run.result ?? 'not yet'}`,
    `Page: ${runPage}`,
    `Test cases (${run.runTestCases.length}${tally ? `: ${tally}` : ''}):`,
    ...run.runTestCases.flatMap((tc) => runTestCaseLines(tc, runPage)),
  ].join('\n');
}

export function formatTestCase(tc: TestCaseView): string {
  const burnIn =
    tc.generationStatus === 'GENERATING'
      ? 'GENERATING (the burn-in is recording the steps; ask again later)'
      : tc.generationStatus === 'FAILED'
        ? `FAILED: ${tc.generationError ?? 'no message'}`
        : 'COMPLETED';
  return [
    `Test case ${JSON.stringify(tc.name)} (${tc.id})`,
    `Page: ${tc.url}`,
    `Application: ${tc.applicationShortId}`,
    `Goal: ${tc.goal}`,
    `Expected result: ${tc.expectedResult ?? '(none)'}`,
    `Burn-in: ${burnIn}`,
    `Enabled: ${tc.isEnabled ? 'yes' : 'no'}${tc.createdVia === 'apply' ? ' (declared in a project file)' : ''}`,
    `Recorded steps (${tc.stepCount}):`,
    ...(tc.steps.length ? tc.steps.map((step, i) => `${i + 1}. ${step}`) : ['(none yet)']),
  ].join('\n');
}

export function formatTestCaseList(testCases: TestCaseListEntry[], truncated: boolean): string {
  if (testCases.length === 0) return 'The project has no test cases.';
  return [
    `${testCases.length} test case(s)${truncated ? ' (the first 500; there are more)' : ''}:`,
    ...testCases.map((tc) => {
      const last = tc.lastResult
        ? `last result ${tc.lastResult.result} in run ${tc.lastResult.runShortId}${tc.lastResult.resultTitle ? ` (${tc.lastResult.resultTitle})` : ''}`
        : 'never ran';
      const plans = tc.testPlans.map((p) => `${p.name} ${p.shortId}`).join(', ') || 'no plan';
      return `- ${tc.name} (${tc.id}): burn-in ${tc.generationStatus}, ${tc.isEnabled ? 'enabled' : 'disabled'}, ${last}; plans: ${plans}`;
    }),
  ].join('\n');
}

export function formatTestPlans(plans: TestPlanListEntry[]): string {
  if (plans.length === 0) return 'The project has no test plans.';
  return plans
    .map((plan) =>
      [
        `- ${plan.name} (${plan.shortId})${plan.isDefault ? ' [default]' : ''}${plan.description ? `: ${plan.description}` : ''}`,
        `    ${plan.testCases.length} test case(s): ${plan.testCases.map((tc) => `${tc.name}${tc.isEnabled ? '' : ' (disabled)'}`).join(', ') || 'none'}`,
      ].join('\n'),
    )
    .join('\n');
}
