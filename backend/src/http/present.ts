// Records -> API shapes of the spec. Field names and nullability are the contract.
import type { RunStatusView } from '../../../shared/src/api/types.js';
import type { RunStatusRow } from '../app/ports/run-queries.js';

/** A run read for the API (RunQueries.runStatus): its test cases are in the API's shape already. */
export function presentRunStatus(run: RunStatusRow): RunStatusView {
  return {
    id: run.id,
    shortId: run.shortId,
    status: run.status,
    // The spec: null while INITIATED or RUNNING.
    result: run.status === 'INITIATED' || run.status === 'RUNNING' ? null : run.result,
    runTestCases: run.testCases,
  };
}
