// Records -> API shapes of the spec. Field names and nullability are the contract.
import type { RunStatusView } from '../../../shared/src/api/types.js';
import type { RunStatusRow } from '../app/ports/run-queries.js';

/**
 * The JSON text of a run's answer (RunStatusView), its test cases spliced in as the database wrote
 * them (RunQueries.runStatus): the same bytes JSON.stringify would write for the whole object.
 */
export function presentRunStatus(run: RunStatusRow): string {
  const head: Omit<RunStatusView, 'runTestCases'> = {
    id: run.id,
    shortId: run.shortId,
    status: run.status,
    // The spec: null while INITIATED or RUNNING.
    result: run.status === 'INITIATED' || run.status === 'RUNNING' ? null : run.result,
  };
  return `${JSON.stringify(head).slice(0, -1)},"runTestCases":${run.testCasesJson}}`;
}
