// GET /v1/run/{id}: the run and its test cases in one statement. The test cases come as one JSON
// array built by PostgreSQL in the API's own field names (walking run_test_cases_run in position
// order), so a run of hundreds of test cases is one row to parse, not hundreds of entities to build.
import type { EntityManager } from 'typeorm';
import type { RunStatusRow } from '../app/ports/run-queries.js';
import type { RunTestCase } from '../../../shared/src/api/types.js';
import type { RunResult, RunStatus } from '../domain/run-state.js';

/** The fields of the API's RunTestCase, each from its column. */
const TEST_CASE_FIELDS: Record<keyof RunTestCase, string> = {
  id: 't.id',
  shortId: 't.short_id',
  name: 't.name',
  status: 't.status',
  result: 't.result',
  resultTitle: 't.result_title',
  evaluationThought: 't.evaluation_thought',
  promptGoal: 't.prompt_goal',
  promptExamples: 't.prompt_examples',
};
const testCaseObject = `json_build_object(${Object.entries(TEST_CASE_FIELDS)
  .map(([field, column]) => `'${field}', ${column}`)
  .join(', ')})`;

export async function runStatus(m: EntityManager, projectId: string, shortId: string, withTestCases: boolean): Promise<RunStatusRow | null> {
  const [row] = (await m.query(
    `SELECT r.id, r.short_id, r.status, r.result,
            CASE WHEN $3 THEN (SELECT coalesce(json_agg(${testCaseObject} ORDER BY t.position), '[]'::json) FROM run_test_cases t WHERE t.run_id = r.id) END AS test_cases
       FROM runs r
      WHERE r.project_id = $1 AND r.short_id = $2`,
    [projectId, shortId, withTestCases],
  )) as { id: string; short_id: string; status: RunStatus; result: RunResult | null; test_cases: RunTestCase[] | null }[];
  if (!row) return null;
  return { id: row.id, shortId: row.short_id, status: row.status, result: row.result, testCases: row.test_cases ?? [] };
}
