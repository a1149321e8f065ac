import type { MigrationInterface, QueryRunner } from 'typeorm';

// Slack notification settings of test plans, and when the project's default channel hears of runs.
export class SlackNotifications1795311158765 implements MigrationInterface {
  name = 'SlackNotifications1795311158765';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE test_plans
        ADD COLUMN slack_channel text NULL,
        ADD COLUMN slack_notify_on text NULL CHECK (slack_notify_on IN ('always', 'failure'));
      ALTER TABLE projects
        ADD COLUMN slack_notify_on text NOT NULL DEFAULT 'always' CHECK (slack_notify_on IN ('always', 'failure'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects DROP COLUMN IF EXISTS slack_notify_on;
      ALTER TABLE test_plans DROP COLUMN IF EXISTS slack_channel, DROP COLUMN IF EXISTS slack_notify_on;
    `);
  }
}
