import type { MigrationInterface, QueryRunner } from 'typeorm';

// Where a project's browser may go (issue 12): `project.network` (allowLoopback, allowPrivate) and
// `repository.reviews.previewOrigins` of its YAML. NULL, and NULL fields: the defaults apply (the
// server's GOALIE_BROWSER_ALLOW_*; the hosts of the project's environments).
export class NetworkPolicy1795600000000 implements MigrationInterface {
  name = 'NetworkPolicy1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects ADD COLUMN browser_access jsonb NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN IF EXISTS browser_access`);
  }
}
