import type { MigrationInterface, QueryRunner } from 'typeorm';

// Settings of the whole installation, one row each. The first is a value sealed with the secret key
// (persistence/secret-key-check.ts), so a process on another machine that has a different key is
// stopped at start instead of failing every test case that types a secret.
export class SecretKeyCheck1796300000000 implements MigrationInterface {
  name = 'SecretKeyCheck1796300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE instance_settings (name text PRIMARY KEY, value text NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS instance_settings;`);
  }
}
