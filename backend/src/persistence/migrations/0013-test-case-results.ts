import type { MigrationInterface, QueryRunner } from 'typeorm';

// The dashboard's test cases (issue 14): each shows its last results and their history, read newest
// first per test case, which needs an index on run_test_cases by test case. And failed burn-ins stored
// before their message was said once (title + ": " + a thought that began with that title, e.g.
// "...unambiguous):: Could not understand ...") lose the repeated first line.
export class TestCaseResults1796100000000 implements MigrationInterface {
  name = 'TestCaseResults1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX run_test_cases_test_case ON run_test_cases (test_case_id, finished_at DESC) WHERE test_case_id IS NOT NULL;

      WITH doubled AS (
        SELECT id, split_part(generation_error, E'\\n', 1) AS first_line FROM test_cases WHERE generation_error IS NOT NULL
      )
      UPDATE test_cases t
         SET generation_error = substr(t.generation_error, (length(d.first_line) - 2) / 2 + 3)
        FROM doubled d
       WHERE d.id = t.id
         AND length(d.first_line) % 2 = 0
         AND length(d.first_line) > 2
         AND d.first_line = left(d.first_line, (length(d.first_line) - 2) / 2) || ': ' || left(d.first_line, (length(d.first_line) - 2) / 2);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS run_test_cases_test_case;`);
  }
}
