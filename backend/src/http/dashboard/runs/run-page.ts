// The run's page: status, result, attribution, and every test case with its verdict, the steps it
// ran, what was healed, and its evidence (screenshots, trace, console errors, failed requests).
import type { RunRecord, RunTestCaseRecord } from '../../../app/records.js';
import { html, layout, type Html } from '../html.js';
import { modelTokensText } from '../model-tokens.js';

const evidenceHref = (key: string) => `/evidence/${key.split('/').map(encodeURIComponent).join('/')}`;

function duration(from: Date | null, to: Date | null): string {
  if (!from || !to) return '';
  const ms = to.getTime() - from.getTime();
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function testCaseSection(tc: RunTestCaseRecord): Html {
  const screenshots = tc.evidence.filter((e) => e.kind === 'screenshot');
  const files = tc.evidence.filter((e) => e.kind !== 'screenshot');
  return html`<section class="test-case" id="${tc.shortId}">
  <h3>${tc.testCaseId ? html`<a href="/test-cases/${tc.testCaseId}">${tc.name}</a>` : tc.name}
    <span class="${tc.status}">${tc.status}</span> <span class="${tc.result ?? ''}">${tc.result ?? ''}</span></h3>
  <dl>
    <dt>Environment</dt><dd>${tc.environmentUrl ?? '—'}</dd>
    ${tc.startedAt ? html`<dt>Duration</dt><dd>${duration(tc.startedAt, tc.finishedAt)}${tc.attempt > 0 ? ` (attempt ${tc.attempt + 1})` : ''}</dd>` : ''}
    ${tc.stepVersion ? html`<dt>Steps</dt><dd>version ${tc.stepVersion}</dd>` : ''}
    ${tc.modelTokens ? html`<dt>Language model</dt><dd>${modelTokensText(tc.modelTokens)}</dd>` : ''}
  </dl>
  ${tc.resultTitle ? html`<p><strong>${tc.resultTitle}</strong></p>` : ''}
  ${tc.evaluationThought ? html`<pre class="thought">${tc.evaluationThought}</pre>` : ''}
  ${tc.promptExamples ? html`<details><summary>Step plan</summary><pre>${tc.promptExamples}</pre></details>` : ''}
  ${tc.healed.length ? html`<details open><summary>Healed steps (${tc.healed.length})</summary><ul>${tc.healed.map((h) => html`<li>Step ${h.index + 1} “${h.sentence}”: ${h.before} → ${h.after}</li>`)}</ul></details>` : ''}
  ${screenshots.length ? html`<div class="shots">${screenshots.map((s) => html`<figure><a href="${evidenceHref(s.key)}"><img loading="lazy" src="${evidenceHref(s.key)}" alt="Screenshot ${s.label}"></a><figcaption>${s.label === 'final' ? 'final' : `after step ${Number(s.label)}`}</figcaption></figure>`)}</div>` : ''}
  ${files.length ? html`<p>${files.map((f) => html`<a href="${evidenceHref(f.key)}" download>${f.kind === 'trace' ? 'Playwright trace (zip)' : f.label}</a> `)}</p>` : ''}
</section>`;
}

/** `formToken`: the session's token for the Cancel form (form-token.ts). */
export function renderRunPage(run: RunRecord, testCases: RunTestCaseRecord[], formToken: string): string {
  const live = run.status === 'INITIATED' || run.status === 'RUNNING';
  const counts = (status: string) => testCases.filter((t) => t.status === status).length;
  const page = layout(
    `Run ${run.shortId}`,
    html`<h1>Run ${run.shortId} <span class="${run.status}">${run.status}</span> <span class="${run.result ?? ''}">${live ? '' : (run.result ?? '')}</span></h1>
<dl>
  <dt>Test plan</dt><dd>${run.testPlanName} <code>${run.testPlanShortId}</code></dd>
  <dt>Trigger</dt><dd>${run.trigger}</dd>
  ${run.repository ? html`<dt>Repository</dt><dd>${run.repository}</dd>` : ''}
  ${run.branch ? html`<dt>Branch</dt><dd>${run.branch}</dd>` : ''}
  ${run.commitHash ? html`<dt>Commit</dt><dd><code>${run.commitHash}</code> ${run.commitMessage ?? ''}</dd>` : ''}
  ${run.actor ? html`<dt>Actor</dt><dd>${run.actor}</dd>` : ''}
  <dt>Created</dt><dd>${run.createdAt.toISOString()}</dd>
  ${run.finishedAt ? html`<dt>Duration</dt><dd>${duration(run.startedAt ?? run.createdAt, run.finishedAt)}</dd>` : ''}
  <dt>Test cases</dt><dd>${testCases.length}: ${counts('COMPLETED')} completed (${testCases.filter((t) => t.result === 'PASSED').length} passed), ${counts('SKIPPED')} skipped, ${counts('ERROR')} errored, ${counts('CANCELLED')} cancelled, ${counts('PENDING') + counts('RUNNING')} to go</dd>
</dl>
${live ? html`<form method="post" action="/runs/${run.shortId}/cancel"><input type="hidden" name="token" value="${formToken}"><button type="submit">Cancel run</button></form>` : ''}
<h2>Test cases</h2>
${testCases.map(testCaseSection)}`,
  );
  // While the run is live the page refreshes itself.
  return live ? page.replace('<head>', '<head>\n<meta http-equiv="refresh" content="2">') : page;
}
