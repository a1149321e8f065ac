// Records in the API's shapes, where a use case hands them on as the API describes them (the review
// comment's results table, the HTTP answers).
import type { RunTestCase } from '../../../shared/src/api/types.js';
import type { RunTestCaseRecord } from './records.js';

export function toApiRunTestCase(row: RunTestCaseRecord): RunTestCase {
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
    projectTestCaseId: row.testCaseId,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    healed: row.healed.map((h) => ({
      step: h.index + 1,
      sentence: h.sentence,
      before: h.before,
      after: h.after,
      change: h.change ?? null,
    })),
  };
}
