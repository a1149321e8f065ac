// `--wait`: poll the run until it ends (2 s growing to 15 s), a progress line whenever the counts
// change, then the results table and a summary line, the JUnit report and the exit code.
import type { RunStatusView } from '../api/types.js';
import type { GoalieClient } from '../client/api-client.js';
import { waitForRun } from '../client/wait-for-run.js';
import { junitXml } from '../report/junit.js';
import { textResultsTable } from '../report/results-table.js';
import { countTestCases, describeCounts, verdictOf } from '../report/summary.js';
import { formatDuration, UsageError } from './args.js';
import { EXIT_OK, exitCodeFor } from './exit-codes.js';
import type { FollowFlags } from './follow-flags.js';
import type { ClientIo } from './io.js';

export interface Started {
  shortId: string;
  url: string;
}

/** Waits for the run and reports it; returns the exit code. API errors while polling propagate. */
export async function followRun(
  command: string,
  client: GoalieClient,
  started: Started,
  flags: FollowFlags & { json: boolean },
  io: ClientIo,
): Promise<number> {
  const began = io.now();
  // In --json mode stdout carries only the JSON, so progress goes to stderr.
  const progressOut = flags.json ? io.stderr : io.stdout;
  let lastLine = '';
  let last = null as RunStatusView | null;
  const onProgress = (view: RunStatusView) => {
    last = view;
    const line = progressLine(view);
    if (line === lastLine) return;
    lastLine = line;
    progressOut(`[${formatDuration(io.now() - began)}] ${line}\n`);
  };

  let outcome;
  try {
    outcome = await waitForRun(client, started.shortId, {
      timeoutMs: flags.timeoutMs,
      onProgress,
      sleep: io.sleep,
      now: io.now,
    });
  } catch (error) {
    // The report still says what was known before the server stopped answering.
    if (flags.junit && last) {
      try {
        writeReport(command, flags.junit, last, started.url, io);
      } catch {
        // The API error is the one to report.
      }
    }
    throw error;
  }
  const timedOut = !outcome.finished;
  const view = outcome.run;
  if (flags.json) {
    io.stdout(JSON.stringify({ ...view, url: started.url, timedOut }, null, 2) + '\n');
  } else {
    if (view.runTestCases.length) io.stdout(`\n${textResultsTable(view.runTestCases)}\n\n`);
    io.stdout(summaryLine(view, started.url, timedOut ? flags.timeoutMs : null) + '\n');
  }
  if (verdictOf(view, timedOut) === 'warn')
    io.stderr(`warning: run ${view.shortId} ran no test case (result SKIPPED); exiting with ${EXIT_OK}\n`);
  if (flags.junit) writeReport(command, flags.junit, view, started.url, io);
  return exitCodeFor(view, timedOut);
}

export function progressLine(view: RunStatusView): string {
  return `${view.shortId} ${view.status}: ${describeCounts(countTestCases(view.runTestCases))}`;
}

/** One line: the outcome, the counts and the run's page. `timedOutAfterMs` when --wait gave up. */
export function summaryLine(view: RunStatusView, url: string, timedOutAfterMs: number | null): string {
  const counts = describeCounts(countTestCases(view.runTestCases));
  if (timedOutAfterMs !== null) {
    return `Run ${view.shortId} timed out after ${formatDuration(timedOutAfterMs)}, still ${view.status} (${counts}). It goes on on the server: ${url} (stop it with: goalie cancel ${view.shortId})`;
  }
  if (view.status === 'COMPLETED' && view.result === 'SKIPPED')
    return `Run ${view.shortId} SKIPPED: nothing ran (${counts}). ${url}`;
  if (view.status === 'COMPLETED') return `Run ${view.shortId} ${view.result ?? 'COMPLETED'}: ${counts}. ${url}`;
  return `Run ${view.shortId} ended ${view.status}${view.result ? ` (${view.result})` : ''}: ${counts}. ${url}`;
}

function writeReport(command: string, file: string, view: RunStatusView, url: string, io: ClientIo): void {
  try {
    io.writeFile(file, junitXml(view, { runUrl: url }));
  } catch (error) {
    throw new UsageError(`could not write the JUnit report to ${file}: ${(error as Error).message}`, command);
  }
}
