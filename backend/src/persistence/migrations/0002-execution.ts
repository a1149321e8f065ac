import type { MigrationInterface, QueryRunner } from 'typeorm';

// Execution: queueing state and worker ownership of run test cases, healing and evidence,
// Resume From browser state (encrypted), workers' heartbeats, and run cancellation.
export class Execution1795303269398 implements MigrationInterface {
  name = 'Execution1795303269398';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE run_test_cases
        ADD COLUMN queued_at timestamptz NULL,
        ADD COLUMN worker_id text NULL,
        ADD COLUMN browser_state text NULL,
        ADD COLUMN healed jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN evidence jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN error_message text NULL;
      CREATE INDEX run_test_cases_running ON run_test_cases (status) WHERE status = 'RUNNING';

      ALTER TABLE runs
        ADD COLUMN cancel_requested_at timestamptz NULL;

      ALTER TABLE test_cases
        ADD COLUMN generation_started_at timestamptz NULL,
        ADD COLUMN generated_at timestamptz NULL;

      CREATE TABLE workers (
        id text PRIMARY KEY,
        hostname text NOT NULL,
        pid integer NOT NULL,
        concurrency integer NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        heartbeat_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS workers;
      ALTER TABLE test_cases DROP COLUMN IF EXISTS generation_started_at, DROP COLUMN IF EXISTS generated_at;
      ALTER TABLE runs DROP COLUMN IF EXISTS cancel_requested_at;
      DROP INDEX IF EXISTS run_test_cases_running;
      ALTER TABLE run_test_cases DROP COLUMN IF EXISTS queued_at, DROP COLUMN IF EXISTS worker_id, DROP COLUMN IF EXISTS browser_state,
        DROP COLUMN IF EXISTS healed, DROP COLUMN IF EXISTS evidence, DROP COLUMN IF EXISTS error_message;
    `);
  }
}
