import type { MigrationInterface, QueryRunner } from 'typeorm';

// Who may make Goalie review: the repository's minimum permission for a mention, whether forks'
// change requests are reviewed automatically, the author's host id (GitLab checks members by it),
// two review states for requests being authorized or refused, and the replies explaining a refusal
// (one per change request and kind).
export class ReviewPermissions1795500000000 implements MigrationInterface {
  name = 'ReviewPermissions1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE repository_connections
        ADD COLUMN minimum_permission text NOT NULL DEFAULT 'write' CHECK (minimum_permission IN ('read', 'triage', 'write', 'maintain', 'admin')),
        ADD COLUMN allow_forks boolean NOT NULL DEFAULT false;
      ALTER TABLE reviews ADD COLUMN author_id text NULL;
      ALTER TABLE reviews DROP CONSTRAINT reviews_status_check;
      ALTER TABLE reviews ADD CONSTRAINT reviews_status_check
        CHECK (status IN ('AUTHORIZING', 'REFUSED', 'WAITING', 'QUEUED', 'RUNNING', 'COMPLETED', 'SUPERSEDED', 'ERROR'));
      CREATE TABLE review_refusal_replies (
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        change_request_number integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('mention', 'fork')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, change_request_number, kind)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS review_refusal_replies;
      DELETE FROM reviews WHERE status IN ('AUTHORIZING', 'REFUSED');
      ALTER TABLE reviews DROP CONSTRAINT reviews_status_check;
      ALTER TABLE reviews ADD CONSTRAINT reviews_status_check CHECK (status IN ('WAITING', 'QUEUED', 'RUNNING', 'COMPLETED', 'SUPERSEDED', 'ERROR'));
      ALTER TABLE reviews DROP COLUMN IF EXISTS author_id;
      ALTER TABLE repository_connections DROP COLUMN IF EXISTS minimum_permission, DROP COLUMN IF EXISTS allow_forks;
    `);
  }
}
