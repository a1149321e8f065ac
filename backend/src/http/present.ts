// Records -> API shapes of the spec. Field names and nullability are the contract.
import type { RunStatusView, RunTestCase } from '../../../shared/src/api/types.js';
import type { RunRecord, RunTestCaseRecord } from '../app/records.js';

export function presentRunTestCase(row: RunTestCaseRecord): RunTestCase {
  return {
    id: row.id,
    shortId: row.shortId,
    name: row.name,
    status: row.status,
    result: row.result,
    resultTitle: row.resultTitle,
    evaluationThought: row.evaluationThought,
    promptGoal: row.promptGoal,
    promptExamples: row.promptExamples,
  };
}

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
