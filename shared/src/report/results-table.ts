// The results of a run as a table: Markdown (job summaries, merge request notes) and plain text (terminals).
import type { RunTestCase } from '../api/types.js';
import { runTestCaseLink } from '../run-page-anchor.js';
import { truncate } from '../truncate.js';
import { markdownCell } from './markdown-text.js';

function outcome(tc: RunTestCase): string {
  return tc.result ?? tc.status;
}

const ICONS: Record<string, string> = { PASSED: '✅', FAILED: '❌', SKIPPED: '⏭️', ERROR: '⚠️', CANCELLED: '🚫' };

/** `runUrl` links each test case to its section of the run's page. */
export function markdownResultsTable(testCases: readonly RunTestCase[], runUrl?: string): string {
  const rows = testCases.map((tc) => {
    const name = runUrl ? `[${markdownCell(tc.name)}](${runTestCaseLink(runUrl, tc.shortId)})` : markdownCell(tc.name);
    return `| ${ICONS[outcome(tc)] ?? ''} ${outcome(tc)} | ${name} | ${markdownCell(tc.resultTitle)} |`;
  });
  return ['| Result | Test case | Reason |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The longest reason the text table shows; a longer one ends in "…" (the run's page has all of it). */
export const REASON_WIDTH = 100;

/**
 * Columns padded to their widest cell; long reasons are cut. `testCaseIds` adds each test case's
 * own UUID (what `goalie rerun --test-case` takes; "—" once the test case was deleted).
 */
export function textResultsTable(testCases: readonly RunTestCase[], options: { testCaseIds?: boolean } = {}): string {
  const reason = (tc: RunTestCase) => truncate((tc.resultTitle ?? '').replace(/\s+/g, ' ').trim(), REASON_WIDTH);
  const rows = options.testCaseIds
    ? [
        ['RESULT', 'TEST CASE', 'TEST CASE UUID', 'REASON'],
        ...testCases.map((tc) => [outcome(tc), tc.name, tc.projectTestCaseId ?? '—', reason(tc)]),
      ]
    : [['RESULT', 'TEST CASE', 'REASON'], ...testCases.map((tc) => [outcome(tc), tc.name, reason(tc)])];
  const padded = rows[0]!.length - 1;
  const widths = rows[0]!.slice(0, padded).map((_, i) => Math.max(...rows.map((r) => Array.from(r[i]!).length)));
  const pad = (cell: string, width: number) => cell + ' '.repeat(width - Array.from(cell).length);
  return rows.map((r) => [...widths.map((w, i) => pad(r[i]!, w)), r[padded]!].join('  ').trimEnd()).join('\n');
}
