// Server-rendered pages behind the API's `url` fields. Read-only, addressed by unguessable IDs.
import Router from '@koa/router';
import type { AppContext } from '../../app/context.js';
import { runPage, testCasePage } from '../../app/pages.js';
import type { AppState } from '../state.js';
import { html, layout } from './html.js';

export function pageRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/runs/:shortId', async (ctx) => {
    const { run, testCases } = await runPage(app, ctx.params.shortId!);
    const result = run.status === 'INITIATED' || run.status === 'RUNNING' ? null : run.result;
    ctx.type = 'html';
    ctx.body = layout(
      `Run ${run.shortId}`,
      html`<h1>Run ${run.shortId}</h1>
<dl>
  <dt>Test plan</dt><dd>${run.testPlanName} <code>${run.testPlanShortId}</code></dd>
  <dt>Status</dt><dd class="${run.status}">${run.status}</dd>
  <dt>Result</dt><dd class="${result ?? ''}">${result ?? '—'}</dd>
  <dt>Trigger</dt><dd>${run.trigger}</dd>
  ${run.repository ? html`<dt>Repository</dt><dd>${run.repository}</dd>` : ''}
  ${run.branch ? html`<dt>Branch</dt><dd>${run.branch}</dd>` : ''}
  ${run.commitHash ? html`<dt>Commit</dt><dd><code>${run.commitHash}</code> ${run.commitMessage ?? ''}</dd>` : ''}
  ${run.actor ? html`<dt>Actor</dt><dd>${run.actor}</dd>` : ''}
  <dt>Created</dt><dd>${run.createdAt.toISOString()}</dd>
</dl>
<h2>Test cases (${testCases.length})</h2>
<table>
  <thead><tr><th>Test case</th><th>Status</th><th>Result</th><th>Environment</th><th>Details</th></tr></thead>
  <tbody>
  ${testCases.map(
    (tc) => html`<tr id="${tc.shortId}">
    <td>${tc.testCaseId ? html`<a href="/test-cases/${tc.testCaseId}">${tc.name}</a>` : tc.name}</td>
    <td class="${tc.status}">${tc.status}</td>
    <td class="${tc.result ?? ''}">${tc.result ?? '—'}</td>
    <td>${tc.environmentUrl ?? ''}</td>
    <td>${tc.resultTitle ? html`<strong>${tc.resultTitle}</strong>` : ''}${tc.evaluationThought ? html`<p>${tc.evaluationThought}</p>` : ''}</td>
  </tr>`,
  )}
  </tbody>
</table>`,
    );
  });

  router.get('/test-cases/:id', async (ctx) => {
    const { testCase, steps } = await testCasePage(app, ctx.params.id!);
    ctx.type = 'html';
    ctx.body = layout(
      testCase.name,
      html`<h1>${testCase.name}</h1>
<dl>
  <dt>ID</dt><dd><code>${testCase.id}</code></dd>
  <dt>Goal</dt><dd>${testCase.goal}</dd>
  <dt>Expected result</dt><dd>${testCase.expectedResult ?? '—'}</dd>
  <dt>Generation</dt><dd>${testCase.generationStatus}</dd>
  <dt>Enabled</dt><dd>${testCase.isEnabled ? 'yes' : 'no (does not run in test plans until enabled)'}</dd>
</dl>
<h2>Recorded steps</h2>
${steps ? html`<p>Version ${steps.version}, recorded ${steps.createdAt.toISOString()}</p><pre>${JSON.stringify(steps.steps, null, 2)}</pre>` : html`<p>No steps recorded yet.</p>`}`,
    );
  });

  return router;
}
