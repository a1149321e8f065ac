// A test case's page: goal, expected result, generation (burn-in) state and its recorded steps.
import type { TestCaseRecord } from '../../app/records.js';
import type { Step } from '../../domain/steps.js';
import { html, layout } from './html.js';

function locatorText(step: Step): string {
  if (!('target' in step) || !step.target) return '';
  return step.target.locators.map((l) => JSON.stringify(l)).join('\n');
}

export function renderTestCasePage(testCase: TestCaseRecord, steps: { version: number; steps: unknown; createdAt: Date } | null): string {
  const list = (steps?.steps ?? []) as Step[];
  return layout(
    testCase.name,
    html`<h1>${testCase.name}</h1>
<dl>
  <dt>ID</dt><dd><code>${testCase.id}</code></dd>
  <dt>Goal</dt><dd><pre>${testCase.goal}</pre></dd>
  <dt>Expected result</dt><dd>${testCase.expectedResult ?? '—'}</dd>
  <dt>Generation</dt><dd class="${testCase.generationStatus === 'FAILED' ? 'FAILED' : ''}">${testCase.generationStatus}${testCase.generationError ? html`<pre>${testCase.generationError}</pre>` : ''}</dd>
  <dt>Enabled</dt><dd>${testCase.isEnabled ? 'yes' : 'no (does not run in test plans until enabled)'}</dd>
</dl>
<h2>Recorded steps</h2>
${
  steps
    ? html`<p>Version ${steps.version}, recorded ${steps.createdAt.toISOString()}</p>
<table><thead><tr><th>#</th><th>Step</th><th>Action</th><th>Locators (best first)</th></tr></thead><tbody>
${list.map((step, i) => html`<tr><td>${i + 1}</td><td>${step.sentence}${step.from && step.from !== step.sentence ? html`<br><small>from: ${step.from}</small>` : ''}</td><td>${step.action}</td><td><pre>${locatorText(step)}</pre></td></tr>`)}
</tbody></table>`
    : html`<p>No steps recorded yet${testCase.generationStatus === 'GENERATING' ? ': the burn-in is running or queued' : ''}.</p>`
}`,
  );
}
