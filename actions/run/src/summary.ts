// What a run comes to for the job: how the step ends (pass, fail, warn) with a message that says
// why, and the Markdown of the job summary. Pure functions over the API's run view.
import type { RunStatusView } from '../../../shared/src/api/types.js';
import { markdownCell } from '../../../shared/src/report/markdown-text.js';
import { markdownResultsTable } from '../../../shared/src/report/results-table.js';
import { countTestCases, describeCounts, verdictOf, type Verdict } from '../../../shared/src/report/summary.js';

/** A run as the start (or rerun) answer described it. */
export interface StartedRun {
  id: string;
  shortId: string;
  url: string;
  testCount: number;
  /** Known for a new run; a rerun's answer has no plan. */
  testPlan?: { name: string; shortId: string };
  /** Set for a rerun: the run whose failed test cases it reruns. */
  rerunOf?: string;
}

export interface WaitResult {
  run: RunStatusView;
  timedOut: boolean;
  timeoutMinutes: number;
}

export interface Conclusion {
  verdict: Verdict;
  /** One line for the log and the step's failure or warning. */
  message: string;
}

export function formatMinutes(minutes: number): string {
  const text = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return minutes < 1 ? `${text} (${Math.round(minutes * 60)} s)` : text;
}

export function conclude(started: StartedRun, result: WaitResult): Conclusion {
  const { run, timedOut } = result;
  const counts = describeCounts(countTestCases(run.runTestCases));
  const name = `Goalie run ${run.shortId}`;
  const verdict = verdictOf(run, timedOut);
  if (timedOut) {
    return {
      verdict,
      message: `${name} did not finish within timeout_minutes (${formatMinutes(result.timeoutMinutes)}): it is still ${run.status} (${counts}). It goes on in Goalie (${started.url}); raise timeout_minutes to wait longer.`,
    };
  }
  if (run.status === 'ERROR')
    return { verdict, message: `${name} ended with status ERROR (${counts}): ${started.url}` };
  if (run.status === 'CANCELLED') return { verdict, message: `${name} was cancelled (${counts}): ${started.url}` };
  if (run.result === 'PASSED') return { verdict, message: `${name} passed: ${counts}. ${started.url}` };
  if (run.result === 'SKIPPED')
    return { verdict, message: `${name} was SKIPPED: no test case got a verdict (${counts}). ${started.url}` };
  return { verdict, message: `${name} FAILED: ${counts}. ${started.url}` };
}

function heading(started: StartedRun, result: WaitResult): string {
  const { run } = result;
  if (result.timedOut)
    return `⏱️ Goalie run \`${run.shortId}\`: not finished within ${formatMinutes(result.timeoutMinutes)}`;
  if (run.status !== 'COMPLETED')
    return `${run.status === 'CANCELLED' ? '🚫' : '⚠️'} Goalie run \`${run.shortId}\`: ${run.status}`;
  const icon = run.result === 'PASSED' ? '✅' : run.result === 'SKIPPED' ? '⏭️' : '❌';
  return `${icon} Goalie run \`${run.shortId}\`: ${run.result}`;
}

function about(started: StartedRun): string[] {
  const lines: string[] = [];
  if (started.testPlan)
    lines.push(`Test plan: ${markdownCell(started.testPlan.name)} (\`${started.testPlan.shortId}\`)`);
  if (started.rerunOf) lines.push(`Rerun of the failed test cases of run \`${started.rerunOf}\``);
  return lines;
}

/** The job summary of a run the step waited for. */
export function finishedSummary(started: StartedRun, result: WaitResult): string {
  const { run } = result;
  const counts = countTestCases(run.runTestCases);
  const conclusion = conclude(started, result);
  return [
    `## ${heading(started, result)}`,
    '',
    ...about(started).map((line) => `${line}  `),
    ...(result.timedOut
      ? [`The step stopped waiting after ${formatMinutes(result.timeoutMinutes)}; the run goes on in Goalie.`, '']
      : []),
    '| Status | Result | Test cases |',
    '| --- | --- | --- |',
    `| ${run.status} | ${run.result ?? '—'} | ${describeCounts(counts)} (${counts.total} in all) |`,
    '',
    ...(run.runTestCases.length > 0 ? [markdownResultsTable(run.runTestCases, started.url), ''] : []),
    `[Open run ${run.shortId} in Goalie](${started.url})`,
    '',
    ...(conclusion.verdict === 'pass' ? [] : [`> ${conclusion.message}`, '']),
  ].join('\n');
}

/** The job summary when the step did not wait (blocking: false). */
export function startedSummary(started: StartedRun): string {
  return [
    `## ▶️ Goalie run \`${started.shortId}\` started`,
    '',
    ...about(started).map((line) => `${line}  `),
    `${started.testCount} test case${started.testCount === 1 ? '' : 's'}; the step did not wait for the results (set \`blocking: true\` to wait and fail the job on failures).`,
    '',
    `[Open run ${started.shortId} in Goalie](${started.url})`,
    '',
  ].join('\n');
}
