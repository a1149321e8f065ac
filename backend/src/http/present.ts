// Records -> API shapes of the spec. Field names and nullability are the contract.
import type { RunStatusView } from '../../../shared/src/api/types.js';
import { toApiRunTestCase } from '../app/api-shapes.js';
import type { RunRecord, RunTestCaseRecord } from '../app/records.js';

export const presentRunTestCase = toApiRunTestCase;

export function presentRunStatus(run: RunRecord, testCases: RunTestCaseRecord[]): RunStatusView {
  return {
    id: run.id,
    shortId: run.shortId,
    status: run.status,
    // The spec: null while INITIATED or RUNNING.
    result: run.status === 'INITIATED' || run.status === 'RUNNING' ? null : run.result,
    runTestCases: testCases.map(presentRunTestCase),
  };
}
