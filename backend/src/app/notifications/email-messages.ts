// Emails about runs: a plain-text and an HTML part saying the same. Pure: a run and its test cases
// in, a message out. Everything from the run (names, reasons, commit messages) is escaped in the HTML.
import type { RunRecord, RunTestCaseRecord } from '../records.js';
import type { EmailMessage } from '../ports/notifiers.js';
import { html, oneLine } from './email-text.js';
import { attributionFacts, runSummary } from './run-facts.js';

function page(title: string, paragraphs: string[], table: string, runUrl: string): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; color: #1f2328">',
    `<h2 style="font-size: 18px">${html(title)}</h2>`,
    ...paragraphs.map((p) => `<p>${p}</p>`),
    table,
    `<p><a href="${html(runUrl)}">Open run</a></p>`,
    '</body></html>',
  ].join('\n');
}

function factsText(run: RunRecord): string {
  return attributionFacts(run)
    .map((f) => `${f.title}: ${f.value}`)
    .join('\n');
}

function factsHtml(run: RunRecord): string {
  return attributionFacts(run)
    .map((f) => `${html(f.title)}: ${html(f.value)}`)
    .join('<br>');
}

export function runStartedEmail(run: RunRecord, testCount: number, runUrl: string): EmailMessage {
  const title = `Goalie run ${run.shortId} of ${run.testPlanName} started`;
  const count = `${testCount} test case${testCount === 1 ? '' : 's'}`;
  return {
    subject: oneLine(`${title} (${count})`),
    text: `${title}: ${count}.\n\n${factsText(run)}\n\nOpen run: ${runUrl}\n`,
    html: page(title, [`${html(count)}.`, factsHtml(run)], '', runUrl),
  };
}

export function runSummaryEmail(run: RunRecord, testCases: readonly RunTestCaseRecord[], runUrl: string): EmailMessage {
  const { title, counts, facts, rows } = runSummary(run, testCases);
  const text = [
    `${title}.`,
    '',
    ...facts.map((f) => `${f.title}: ${f.value}`),
    '',
    ...rows.map((r) => `- ${r.name}: ${r.result}${r.reason ? ` (${r.reason})` : ''}`),
    '',
    `Open run: ${runUrl}`,
    '',
  ].join('\n');
  const cell = 'style="text-align: left; padding: 4px 12px 4px 0; border-bottom: 1px solid #d0d7de"';
  const table = rows.length
    ? [
        '<table style="border-collapse: collapse">',
        `<thead><tr><th ${cell}>Test case</th><th ${cell}>Result</th><th ${cell}>Reason</th></tr></thead>`,
        '<tbody>',
        ...rows.map(
          (r) =>
            `<tr><td ${cell}>${html(r.name)}</td><td ${cell}>${html(r.result)}</td><td ${cell}>${html(r.reason)}</td></tr>`,
        ),
        '</tbody></table>',
      ].join('\n')
    : '';
  return {
    subject: oneLine(`${title}: ${counts.passed} passed, ${counts.failed} failed`),
    text,
    html: page(title, [facts.map((f) => `${html(f.title)}: ${html(f.value)}`).join('<br>')], table, runUrl),
  };
}
