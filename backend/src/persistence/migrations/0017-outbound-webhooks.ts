import type { MigrationInterface, QueryRunner } from 'typeorm';

// Outbound webhooks (docs/webhooks.md): a project's endpoints, written by apply, and one row per
// event sent to an endpoint (its id is the delivery id the receiver sees), with every attempt.
export class OutboundWebhooks1796500000000 implements MigrationInterface {
  name = 'OutboundWebhooks1796500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbound_webhooks (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name text NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_sealed text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT outbound_webhooks_name UNIQUE (project_id, name)
      );`);
    await q.query(`
      CREATE TABLE outbound_webhook_deliveries (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES outbound_webhooks(id) ON DELETE CASCADE,
        event text NOT NULL,
        payload jsonb NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        attempt_log jsonb NOT NULL DEFAULT '[]'::jsonb,
        last_status_code int,
        last_error text,
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL
      );`);
    await q.query(
      `CREATE INDEX outbound_webhook_deliveries_endpoint ON outbound_webhook_deliveries (endpoint_id, created_at DESC);`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS outbound_webhook_deliveries;`);
    await q.query(`DROP TABLE IF EXISTS outbound_webhooks;`);
  }
}
