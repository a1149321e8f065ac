// `goalie status <shortId>`: a run's status, result and test cases.
import type { RunTestCase } from '../api/types.js';
import { textResultsTable } from '../report/results-table.js';
import { countTestCases, describeCounts } from '../report/summary.js';
import { onePositional, parseCommandArgs, UsageError } from './args.js';
import { connect, runPageUrl } from './connection.js';
import { EXIT_OK } from './exit-codes.js';
import type { ClientIo } from './io.js';
import { COMMAND_HELP } from './usage.js';

export interface StatusArgs {
  shortId: string;
  testCases: 'all' | 'failed' | 'none';
  json: boolean;
  help: boolean;
  connection: { 'api-url'?: string; token?: string };
}

export function parseStatusArgs(args: string[]): StatusArgs {
  const { values, positionals } = parseCommandArgs('status', args, { 'test-cases': { type: 'string' } });
  const base = { json: values.json ?? false, help: values.help ?? false, connection: values };
  if (base.help) return { ...base, shortId: '', testCases: 'all' };
  const testCases = values['test-cases'] ?? 'all';
  if (testCases !== 'all' && testCases !== 'failed' && testCases !== 'none') {
    throw new UsageError(
      `--test-cases ${JSON.stringify(testCases)}: use --test-cases all, failed (failed, skipped or errored ones) or none`,
      'status',
    );
  }
  return { ...base, shortId: onePositional('status', positionals, 'run short ID'), testCases };
}

export async function statusCommand(args: string[], io: ClientIo): Promise<number> {
  const parsed = parseStatusArgs(args);
  if (parsed.help) {
    io.stdout(COMMAND_HELP.status);
    return EXIT_OK;
  }
  const client = connect('status', parsed.connection, io);
  if (parsed.json) {
    // The API's answer, as asked.
    const view = await client.getRun(parsed.shortId, parsed.testCases === 'none' ? undefined : parsed.testCases);
    io.stdout(JSON.stringify(view, null, 2) + '\n');
    return EXIT_OK;
  }
  // Every test case is read, so the counts are the whole run's whichever ones the table shows.
  const view = await client.getRun(parsed.shortId, 'all');
  const outcome = view.result ? `${view.status}, ${view.result}` : view.status;
  io.stdout(`Run ${view.shortId}: ${outcome} (${describeCounts(countTestCases(view.runTestCases))})\n`);
  const shown =
    parsed.testCases === 'all'
      ? view.runTestCases
      : parsed.testCases === 'failed'
        ? view.runTestCases.filter(isFailed)
        : [];
  if (shown.length) {
    io.stdout(`\n${textResultsTable(shown, { testCaseIds: true })}\n\n`);
    io.stdout(`Rerun some of them: goalie rerun ${view.shortId} --test-case <TEST CASE UUID> (or --failed-only)\n`);
  } else if (parsed.testCases === 'failed') io.stdout('No failed, skipped or errored test cases.\n');
  io.stdout(`${runPageUrl(client, view.shortId)}\n`);
  return EXIT_OK;
}

/** What `--test-cases failed` shows, as the API's `testCases=failed` picks them: failed, skipped or errored. */
function isFailed(tc: RunTestCase): boolean {
  return tc.result === 'FAILED' || tc.status === 'SKIPPED' || tc.result === 'SKIPPED' || tc.status === 'ERROR';
}
