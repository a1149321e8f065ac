import type { MigrationInterface, QueryRunner } from 'typeorm';

// Email and Microsoft Teams notifications of test plans, and the project's defaults. NULL: none
// declared (a plan then uses the project's); the Teams webhook URLs inside are sealed (secret-box).
export class EmailTeamsNotifications1796400000000 implements MigrationInterface {
  name = 'EmailTeamsNotifications1796400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE test_plans
        ADD COLUMN email_notifications jsonb NULL,
        ADD COLUMN teams_notifications jsonb NULL;
      ALTER TABLE projects
        ADD COLUMN email_notifications jsonb NULL,
        ADD COLUMN teams_notifications jsonb NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE projects DROP COLUMN IF EXISTS email_notifications, DROP COLUMN IF EXISTS teams_notifications;
      ALTER TABLE test_plans DROP COLUMN IF EXISTS email_notifications, DROP COLUMN IF EXISTS teams_notifications;
    `);
  }
}
