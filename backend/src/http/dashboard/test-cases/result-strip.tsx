// A test case's last results as a strip of cells, oldest to newest, each linking to its run: the
// colour, a mark in it (✓ ✗ ! –) and a text for screen readers and the tooltip say the same thing,
// and a count in words follows the strip.
import type { FinishedResultRow } from '../../../app/ports/test-case-queries.js';
import type { Flakiness } from '../../../domain/flaky.js';
import { runTestCaseLink } from '../../../../../shared/src/run-page-anchor.js';

const MARKS: Record<FinishedResultRow['outcome'], string> = { PASSED: '✓', FAILED: '✗', ERROR: '!', SKIPPED: '–' };
const WORDS: Record<FinishedResultRow['outcome'], string> = {
  PASSED: 'passed',
  FAILED: 'failed',
  ERROR: 'could not run (error)',
  SKIPPED: 'skipped',
};

function day(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function cellText(result: FinishedResultRow): string {
  const commit = result.commitHash ? ` on commit ${result.commitHash.slice(0, 7)}` : '';
  return `${WORDS[result.outcome]} in run ${result.runShortId}${commit}, ${day(result.finishedAt)}${result.resultTitle && result.outcome !== 'PASSED' ? `: ${result.resultTitle}` : ''}`;
}

/** "8 of 10 passed"; errors and skips are counted apart. */
export function resultCounts(results: readonly FinishedResultRow[]): string {
  const passed = results.filter((r) => r.outcome === 'PASSED').length;
  const failed = results.filter((r) => r.outcome === 'FAILED').length;
  const other = results.length - passed - failed;
  const parts = [`${passed} of ${results.length} passed`];
  if (failed) parts.push(`${failed} failed`);
  if (other) parts.push(`${other} did not run to a verdict`);
  return parts.join(', ');
}

export function ResultStrip({ results, label }: { results: readonly FinishedResultRow[]; label: string }) {
  if (results.length === 0) return <span class="muted">no results yet</span>;
  return (
    <span class="results">
      <ol class="result-strip" aria-label={label}>
        {results.map((result) => (
          <li>
            <a
              class={`cell ${result.outcome}`}
              href={runTestCaseLink(`/runs/${encodeURIComponent(result.runShortId)}`, result.runTestCaseShortId)}
              title={cellText(result)}
            >
              <span aria-hidden="true">{MARKS[result.outcome]}</span>
              <span class="visually-hidden">{cellText(result)}</span>
            </a>
          </li>
        ))}
      </ol>{' '}
      <small class="muted">{resultCounts(results)}</small>
    </span>
  );
}

export function FlakyMark({ flakiness }: { flakiness: Flakiness }) {
  if (!flakiness.flaky) return null;
  return (
    <span class="badge flaky" title={`Flaky: ${flakiness.reason}`}>
      flaky<span class="visually-hidden">: {flakiness.reason}</span>
    </span>
  );
}
