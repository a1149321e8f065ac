// A test case's page: goal, expected result, generation (burn-in) state, its recorded steps, and the
// button that enables or disables it (a form protected like the run page's Cancel, see same-origin.ts).
import type { TestCaseRecord } from '../../../app/records.js';
import type { Step } from '../../../domain/steps.js';
import { html, layout, type Html } from '../html.js';
import { modelTokensText } from '../model-tokens.js';

function locatorText(step: Step): string {
  if (!('target' in step) || !step.target) return '';
  return step.target.locators.map((l) => JSON.stringify(l)).join('\n');
}

/** Enable only once the burn-in recorded steps; otherwise say what to do instead. */
function enabling(testCase: TestCaseRecord, csrf: string): Html | string {
  const action = (verb: 'enable' | 'disable', label: string) =>
    html`<form method="post" action="/test-cases/${testCase.id}/${verb}"><input type="hidden" name="token" value="${csrf}"><button type="submit">${label}</button></form>`;
  if (testCase.isEnabled) return action('disable', 'Disable');
  if (testCase.generationStatus === 'COMPLETED') return action('enable', 'Enable');
  if (testCase.generationStatus === 'GENERATING') return html`<p>It can be enabled once its burn-in has recorded the steps (a worker must be running: goalie serve or goalie worker).</p>`;
  return html`<p>It cannot be enabled: its burn-in failed (above). ${
    testCase.createdVia === 'apply' ? 'Fix its goal in the project file and run goalie apply again.' : 'Fix its goal and create it again (goalie test-case create --wait).'
  }</p>`;
}

export function renderTestCasePage(testCase: TestCaseRecord, steps: { version: number; steps: unknown; createdAt: Date } | null, csrf: string): string {
  const list = (steps?.steps ?? []) as Step[];
  const page = layout(
    testCase.name,
    html`<h1>${testCase.name}</h1>
<dl>
  <dt>ID</dt><dd><code>${testCase.id}</code></dd>
  <dt>Goal</dt><dd><pre>${testCase.goal}</pre></dd>
  <dt>Expected result</dt><dd>${testCase.expectedResult ?? '—'}</dd>
  <dt>Generation</dt><dd class="${testCase.generationStatus === 'FAILED' ? 'FAILED' : ''}">${testCase.generationStatus}${testCase.generationError ? html`<pre>${testCase.generationError}</pre>` : ''}</dd>
  ${testCase.burnInTokens ? html`<dt>Language model</dt><dd>the burn-in used ${modelTokensText(testCase.burnInTokens)}</dd>` : ''}
  <dt>Enabled</dt><dd>${testCase.isEnabled ? 'yes' : 'no (does not run in test plans until enabled)'}</dd>
</dl>
${enabling(testCase, csrf)}
${testCase.createdVia === 'apply' ? html`<p><small>Declared in a project file: the next goalie apply sets it to the file's <code>enabled</code> again.</small></p>` : ''}
<h2>Recorded steps</h2>
${
  steps
    ? html`<p>Version ${steps.version}, recorded ${steps.createdAt.toISOString()}</p>
<table><thead><tr><th>#</th><th>Step</th><th>Action</th><th>Locators (best first)</th></tr></thead><tbody>
${list.map((step, i) => html`<tr><td>${i + 1}</td><td>${step.sentence}${step.from && step.from !== step.sentence ? html`<br><small>from: ${step.from}</small>` : ''}${step.interpretedBy ? html`<br><small>interpreted by ${step.interpretedBy}</small>` : ''}</td><td>${step.action}</td><td><pre>${locatorText(step)}</pre></td></tr>`)}
</tbody></table>`
    : html`<p>No steps recorded yet${testCase.generationStatus === 'GENERATING' ? ': the burn-in is running or queued' : ''}.</p>`
}`,
  );
  // While the burn-in runs the page refreshes itself, like a live run's page.
  return testCase.generationStatus === 'GENERATING' ? page.replace('<head>', '<head>\n<meta http-equiv="refresh" content="2">') : page;
}
