// The results of a run as a table: Markdown (job summaries, merge request notes) and plain text (terminals).
import type { RunTestCase } from '../api/types.js';

function outcome(tc: RunTestCase): string {
  return tc.result ?? tc.status;
}

const ICONS: Record<string, string> = { PASSED: '✅', FAILED: '❌', SKIPPED: '⏭️', ERROR: '⚠️', CANCELLED: '🚫' };

/** Escapes what would break a Markdown table cell. */
export function markdownCell(text: string | null | undefined): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim();
}

/** `runUrl` links each test case to its section of the run's page. */
export function markdownResultsTable(testCases: readonly RunTestCase[], runUrl?: string): string {
  const rows = testCases.map((tc) => {
    const name = runUrl ? `[${markdownCell(tc.name)}](${runUrl}#${tc.shortId})` : markdownCell(tc.name);
    return `| ${ICONS[outcome(tc)] ?? ''} ${outcome(tc)} | ${name} | ${markdownCell(tc.resultTitle)} |`;
  });
  return ['| Result | Test case | Reason |', '| --- | --- | --- |', ...rows].join('\n');
}

/** Columns padded to their widest cell; long reasons are cut. */
export function textResultsTable(testCases: readonly RunTestCase[]): string {
  const rows = [['RESULT', 'TEST CASE', 'REASON'], ...testCases.map((tc) => [outcome(tc), tc.name, (tc.resultTitle ?? '').replace(/\s+/g, ' ').slice(0, 100)])];
  const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]}`.trimEnd()).join('\n');
}
