// GET /v1/run/{id}: the run and its test cases in one statement. PostgreSQL writes the test cases as
// the JSON text of the API's answer (its field names, in its order, compact as JSON.stringify writes
// it; row_to_json escapes strings as JSON.stringify does, tested in run-read.test.ts), walking
// run_test_cases_run in position order: a run of hundreds of test cases is one string to send, not
// hundreds of entities to build and serialize.
import type { EntityManager } from 'typeorm';
import type { RunStatusRow } from '../app/ports/run-queries.js';
import type { RunTestCase } from '../../../shared/src/api/types.js';
import type { RunResult, RunStatus } from '../domain/run-state.js';
import { preparedQuery } from './prepared-query.js';

/** A timestamptz as Date.toISOString() writes it (row_to_json would write the session's offset). */
function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The fields of the API's RunTestCase in the answer's order, each from its column. */
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
  // Goalie's extensions: only with ?extensions=true.
  projectTestCaseId: 't.test_case_id',
  startedAt: isoTime('t.started_at'),
  finishedAt: isoTime('t.finished_at'),
  // Stored with a 0-based index (HealedStep); the API counts steps from 1, as every message does.
  // (Built as text like the answer itself: json_build_object and json_agg would add spaces.)
  healed: `(SELECT ('[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x.step), '') || ']')::json
              FROM (SELECT (h->>'index')::int + 1 AS step, h->>'sentence' AS sentence, h->>'before' AS before,
                           h->>'after' AS after, h->>'change' AS change
                      FROM jsonb_array_elements(t.healed) h) x)`,
};
const EXTENSIONS: readonly (keyof RunTestCase)[] = ['projectTestCaseId', 'startedAt', 'finishedAt', 'healed'];

/** One test case's columns under the API's names, for row_to_json (compact, escaped as JSON.stringify escapes). */
const testCaseRow = (extensions: boolean) =>
  Object.entries(TEST_CASE_FIELDS)
    .filter(([field]) => extensions || !EXTENSIONS.includes(field as keyof RunTestCase))
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ');

export async function runStatus(
  m: EntityManager,
  projectId: string,
  shortId: string,
  withTestCases: boolean,
  extensions: boolean,
): Promise<RunStatusRow | null> {
  const [row] = await preparedQuery<{
    id: string;
    short_id: string;
    status: RunStatus;
    result: RunResult | null;
    test_cases: string;
  }>(
    m,
    extensions ? 'goalie_run_status_extended' : 'goalie_run_status',
    `SELECT r.id, r.short_id, r.status, r.result,
            CASE WHEN $3 THEN (
              SELECT '[' || coalesce(string_agg(row_to_json(api)::text, ',' ORDER BY t.position), '') || ']'
                FROM run_test_cases t CROSS JOIN LATERAL (SELECT ${testCaseRow(extensions)}) api
               WHERE t.run_id = r.id)
            ELSE '[]' END AS test_cases
       FROM runs r
      WHERE r.project_id = $1 AND r.short_id = $2`,
    [projectId, shortId, withTestCases],
  );
  if (!row) return null;
  return { id: row.id, shortId: row.short_id, status: row.status, result: row.result, testCasesJson: row.test_cases };
}
