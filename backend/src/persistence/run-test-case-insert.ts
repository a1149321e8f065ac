// A run's test cases in one statement, whatever their number: the rows travel as one JSON parameter
// (a statement binds at most 65,535 parameters, so TypeORM's INSERT of a 10,000 test case plan
// failed, and building it took seconds). Rows come in dependency order, so a row's resume_from_id
// names a row before it in the same statement.
import type { EntityManager } from 'typeorm';
import type { NewRunTestCase } from '../app/ports/store.js';

/** Every field of a new row, its column and type: a field added to NewRunTestCase must be added here. */
const COLUMNS: Record<keyof NewRunTestCase, [column: string, type: string]> = {
  id: ['id', 'uuid'],
  shortId: ['short_id', 'text'],
  runId: ['run_id', 'uuid'],
  testCaseId: ['test_case_id', 'uuid'],
  name: ['name', 'text'],
  promptGoal: ['prompt_goal', 'text'],
  promptExamples: ['prompt_examples', 'text'],
  expectedResult: ['expected_result', 'text'],
  resumeFromId: ['resume_from_id', 'uuid'],
  waitForIds: ['wait_for_ids', 'uuid[]'],
  applicationId: ['application_id', 'uuid'],
  environmentId: ['environment_id', 'uuid'],
  environmentUrl: ['environment_url', 'text'],
  devicePresetId: ['device_preset_id', 'uuid'],
  position: ['position', 'integer'],
};
const fields = Object.keys(COLUMNS) as (keyof NewRunTestCase)[];
const names = fields.map((f) => COLUMNS[f][0]).join(', ');
const types = fields.map((f) => `${COLUMNS[f][0]} ${COLUMNS[f][1]}`).join(', ');

export async function insertRunTestCases(m: EntityManager, testCases: readonly NewRunTestCase[]): Promise<void> {
  if (testCases.length === 0) return;
  const rows = testCases.map((tc) => Object.fromEntries(fields.map((f) => [COLUMNS[f][0], tc[f]])));
  await m.query(
    `INSERT INTO run_test_cases (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${types})`,
    [JSON.stringify(rows)],
  );
}
