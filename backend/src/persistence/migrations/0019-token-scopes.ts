import type { MigrationInterface, QueryRunner } from 'typeorm';

// What an API token may do: `run` (the REST API of the spec: runs, results, test cases), `plan` (also
// a dry run of the project's YAML) or `admin` (also apply it). Tokens made before keep running tests only.
export class TokenScopes1796700000000 implements MigrationInterface {
  name = 'TokenScopes1796700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE api_tokens ADD COLUMN scope text NOT NULL DEFAULT 'run' CHECK (scope IN ('run', 'plan', 'admin'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_tokens DROP COLUMN IF EXISTS scope`);
  }
}
