import type { MigrationInterface, QueryRunner } from 'typeorm';

// A GitHub repository connection may sign in as a GitHub App installation instead of with a token:
// the App's ID, the installation's ID and the App's private key (sealed like the token). A row holds
// exactly one kind of credentials, so token becomes NULL for App connections.
export class GitHubAppCredentials1795318034112 implements MigrationInterface {
  name = 'GitHubAppCredentials1795318034112';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE repository_connections
        ALTER COLUMN token DROP NOT NULL,
        ADD COLUMN app_id bigint NULL,
        ADD COLUMN installation_id bigint NULL,
        ADD COLUMN app_private_key text NULL,
        ADD CONSTRAINT repository_connections_credentials CHECK (
          (token IS NOT NULL AND app_id IS NULL AND installation_id IS NULL AND app_private_key IS NULL)
          OR (host = 'github' AND token IS NULL AND app_id IS NOT NULL AND installation_id IS NOT NULL AND app_private_key IS NOT NULL)
        );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    // Without the App columns an App connection has no credentials left: it goes (with its reviews).
    await q.query(`
      DELETE FROM repository_connections WHERE token IS NULL;
      ALTER TABLE repository_connections
        DROP CONSTRAINT IF EXISTS repository_connections_credentials,
        DROP COLUMN IF EXISTS app_id,
        DROP COLUMN IF EXISTS installation_id,
        DROP COLUMN IF EXISTS app_private_key,
        ALTER COLUMN token SET NOT NULL;
    `);
  }
}
