import type { MigrationInterface, QueryRunner } from 'typeorm';

// The jobs a worker holds besides test cases (review steps, burn-ins, notifications), written with
// its heartbeat, so that a worker that dies does not keep them until the queue's expiry (15 to 30
// minutes): the scheduler hands them out again (app/recover-lost-jobs.ts).
export class WorkerJobs1795900000000 implements MigrationInterface {
  name = 'WorkerJobs1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workers ADD COLUMN jobs jsonb NOT NULL DEFAULT '[]'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workers DROP COLUMN IF EXISTS jobs`);
  }
}
