import type { MigrationInterface, QueryRunner } from 'typeorm';

// Evidence retention (issue 15): each project keeps evidence `evidence_retention_days` (30 by
// default); a sweep deletes older evidence and marks its row so pages say it expired. The partial
// indexes keep the sweep to the rows it has not marked yet.
export class EvidenceRetention1796200000000 implements MigrationInterface {
  name = 'EvidenceRetention1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects ADD COLUMN evidence_retention_days integer NOT NULL DEFAULT 30 CHECK (evidence_retention_days >= 1);
      ALTER TABLE run_test_cases ADD COLUMN evidence_expired_at timestamptz;
      ALTER TABLE reviews ADD COLUMN evidence_expired_at timestamptz;
      ALTER TABLE test_cases ADD COLUMN evidence_expired_at timestamptz;
      CREATE INDEX run_test_cases_evidence_kept ON run_test_cases (finished_at) WHERE evidence_expired_at IS NULL AND finished_at IS NOT NULL;
      CREATE INDEX reviews_evidence_kept ON reviews (finished_at) WHERE evidence_expired_at IS NULL AND finished_at IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS reviews_evidence_kept;
      DROP INDEX IF EXISTS run_test_cases_evidence_kept;
      ALTER TABLE test_cases DROP COLUMN IF EXISTS evidence_expired_at;
      ALTER TABLE reviews DROP COLUMN IF EXISTS evidence_expired_at;
      ALTER TABLE run_test_cases DROP COLUMN IF EXISTS evidence_expired_at;
      ALTER TABLE projects DROP COLUMN IF EXISTS evidence_retention_days;
    `);
  }
}
