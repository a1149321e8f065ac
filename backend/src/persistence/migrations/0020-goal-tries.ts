import type { MigrationInterface, QueryRunner } from 'typeorm';

// Tries of a goal from the dashboard's test case form (docs/dashboard.md#trying-a-goal): a burn-in
// of a goal that is not saved yet, run by a worker, its steps recorded as they come so the page can
// show them, then the expected result's check. A try belongs to the user and project that started
// it and is deleted a day after it was started, with its screenshots.
export class GoalTries1796800000000 implements MigrationInterface {
  name = 'GoalTries1796800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE goal_tries (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        test_case_id uuid REFERENCES test_cases(id) ON DELETE CASCADE,
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        environment_id uuid NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
        goal text NOT NULL,
        expected_result text,
        config_ids uuid[] NOT NULL DEFAULT '{}',
        resume_from_id uuid REFERENCES test_cases(id) ON DELETE SET NULL,
        form jsonb NOT NULL,
        status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'PASSED', 'FAILED', 'ERROR')),
        goal_done boolean NOT NULL DEFAULT false,
        checking boolean NOT NULL DEFAULT false,
        steps jsonb NOT NULL DEFAULT '[]'::jsonb,
        screenshots jsonb NOT NULL DEFAULT '[]'::jsonb,
        final_screenshot text,
        result_title text,
        result_thought text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      );`);
    await q.query(
      `CREATE INDEX goal_tries_live ON goal_tries (project_id, created_at) WHERE status IN ('QUEUED', 'RUNNING')`,
    );
    await q.query(`CREATE INDEX goal_tries_created ON goal_tries (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS goal_tries`);
  }
}
