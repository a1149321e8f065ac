import type { MigrationInterface, QueryRunner } from 'typeorm';

// Merge-request reviews: a project's repository connection and review settings, the deployments
// the host reported, the webhook deliveries seen (to ignore repeats), and the reviews themselves.
export class Reviews1795309616762 implements MigrationInterface {
  name = 'Reviews1795309616762';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE repository_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL UNIQUE REFERENCES projects(id) ON DELETE CASCADE,
        short_id text NOT NULL UNIQUE,
        host text NOT NULL CHECK (host IN ('github', 'gitlab')),
        api_url text NOT NULL,
        repository text NOT NULL,
        token text NOT NULL,
        webhook_secret text NOT NULL,
        webhook_id text NULL,
        webhook_error text NULL,
        review_context text NULL,
        auto_run boolean NOT NULL DEFAULT true,
        include_drafts boolean NOT NULL DEFAULT false,
        post_comment_on_opened boolean NOT NULL DEFAULT true,
        mention text NOT NULL DEFAULT '@goalie',
        review_test_plan_id uuid NULL REFERENCES test_plans(id) ON DELETE SET NULL,
        environment_mapping jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE webhook_deliveries (
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        delivery_id text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, delivery_id)
      );

      CREATE TABLE host_deployments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        sha text NOT NULL,
        environment text NOT NULL,
        url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX host_deployments_sha ON host_deployments (connection_id, sha);

      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        short_id text NOT NULL UNIQUE,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        connection_id uuid NOT NULL REFERENCES repository_connections(id) ON DELETE CASCADE,
        change_request_number integer NOT NULL,
        change_request_title text NOT NULL DEFAULT '',
        change_request_url text NULL,
        branch text NOT NULL,
        head_sha text NOT NULL,
        author text NULL,
        event text NOT NULL CHECK (event IN ('opened', 'updated', 'comment', 'ci')),
        status text NOT NULL CHECK (status IN ('WAITING', 'QUEUED', 'RUNNING', 'COMPLETED', 'SUPERSEDED', 'ERROR')),
        deployment_urls jsonb NOT NULL DEFAULT '[]',
        run_id uuid NULL REFERENCES runs(id) ON DELETE SET NULL,
        exploration jsonb NULL,
        checks jsonb NULL,
        verdict text NULL CHECK (verdict IN ('Approved', 'Changes Requested', 'Comment')),
        summary text NULL,
        error_message text NULL,
        comment_id text NULL,
        superseded_by_sha text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NULL,
        finished_at timestamptz NULL
      );
      CREATE INDEX reviews_change_request ON reviews (connection_id, change_request_number, created_at DESC);
      CREATE INDEX reviews_run ON reviews (run_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS reviews, host_deployments, webhook_deliveries, repository_connections CASCADE');
  }
}
