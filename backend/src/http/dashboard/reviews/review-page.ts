// A review's page (the "test conversation" the change request's comment links to): its live state,
// the end-to-end run, the exploration's findings, the context checks and the verdict.
import type { Finding } from '../../../app/ports/explorer.js';
import type { ReviewRecord } from '../../../app/ports/review-store.js';
import type { CheckResult } from '../../../app/review/render-comment.js';
import type { RunRecord, RunTestCaseRecord } from '../../../app/records.js';
import { html, layout } from '../html.js';

export function renderReviewPage(review: ReviewRecord, run: RunRecord | null, testCases: RunTestCaseRecord[]): string {
  const live = review.status === 'WAITING' || review.status === 'QUEUED' || review.status === 'RUNNING';
  const exploration = review.exploration as { pagesVisited: string[]; findings: Finding[]; unreachable: boolean } | null;
  const checks = (review.checks as CheckResult[] | null) ?? [];
  const page = layout(
    `Review ${review.shortId}`,
    html`<h1>Review of change request ${review.changeRequestNumber} <span class="${review.status}">${review.status}</span></h1>
${review.verdict ? html`<p><strong>Verdict: ${review.verdict}.</strong> ${review.summary ?? ''}</p>` : ''}
${review.errorMessage ? html`<p class="ERROR">${review.errorMessage}</p>` : ''}
<dl>
  <dt>Change request</dt><dd>${review.changeRequestUrl ? html`<a href="${review.changeRequestUrl}">${review.changeRequestTitle || review.changeRequestNumber}</a>` : review.changeRequestNumber}</dd>
  <dt>Branch</dt><dd><code>${review.branch}</code></dd>
  <dt>Commit</dt><dd><code>${review.headSha}</code></dd>
  <dt>Event</dt><dd>${review.event}</dd>
  <dt>Previews</dt><dd>${review.deploymentUrls.map((d) => html`<a href="${d.url}">${d.url}</a> (${d.environment}) `)}</dd>
  ${review.supersededBySha !== null ? html`<dt>Superseded</dt><dd>${review.supersededBySha ? html`by <code>${review.supersededBySha}</code>` : 'the change request was closed'}</dd>` : ''}
</dl>
<h2>End-to-end</h2>
${run ? html`<p><a href="/runs/${run.shortId}">Run ${run.shortId}</a>: ${run.status} ${run.result ?? ''} (plan ${run.testPlanName})</p>
<table><thead><tr><th>Test case</th><th>Result</th><th>Reason</th></tr></thead><tbody>
${testCases.map((t) => html`<tr><td><a href="/runs/${run.shortId}#${t.shortId}">${t.name}</a></td><td class="${t.result ?? t.status}">${t.result ?? t.status}</td><td>${t.resultTitle ?? ''}</td></tr>`)}
</tbody></table>` : html`<p>${live ? 'Not started yet.' : 'No end-to-end run.'}</p>`}
<h2>Exploration</h2>
${exploration ? html`<p>${exploration.pagesVisited.length} pages visited${exploration.unreachable ? ': the preview could not be reached' : ''}.</p>
<table><thead><tr><th>Severity</th><th>Finding</th><th>Page</th><th>Evidence</th></tr></thead><tbody>
${exploration.findings.map((f) => html`<tr><td>${f.severity}</td><td>${f.title}</td><td><a href="${f.page}">${f.page}</a></td><td><pre>${f.evidence}</pre></td></tr>`)}
</tbody></table>` : html`<p>${live ? 'Running or not started yet.' : 'No exploration.'}</p>`}
${checks.length ? html`<h2>Checks from the review context</h2><ul>${checks.map((c) => html`<li class="${c.passed ? 'PASSED' : 'FAILED'}"><pre>${c.goal}</pre> ${c.passed ? 'PASSED' : `FAILED: ${c.title ?? ''}`}</li>`)}</ul>` : ''}`,
  );
  return live ? page.replace('<head>', '<head>\n<meta http-equiv="refresh" content="3">') : page;
}
