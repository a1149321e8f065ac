import { expect } from 'chai';
import { createDataSource, migrate } from '../../backend/src/persistence/data-source.js';
import { MIGRATIONS } from '../../backend/src/persistence/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

describe('migrations', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase({ empty: true });
  });
  after(() => db.drop());

  it('build the whole schema on an empty database, once, and can be reverted', async () => {
    const dataSource = createDataSource(db.url, { poolSize: 2 });
    await dataSource.initialize();
    try {
      const tables = async () =>
        (
          await dataSource.query(
            `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
          )
        ).map((r: { table_name: string }) => r.table_name);
      expect(await tables()).to.deep.equal([]);
      const applied = await migrate(dataSource);
      // Every migration of the list, in its order.
      expect(applied).to.deep.equal(MIGRATIONS.map((migration) => migration.name));
      expect(await tables()).to.include.members([
        'organizations',
        'projects',
        'api_tokens',
        'applications',
        'environments',
        'device_presets',
        'configs',
        'scenarios',
        'test_cases',
        'test_case_configs',
        'test_case_wait_for',
        'test_case_step_versions',
        'test_plans',
        'test_plan_test_cases',
        'test_plan_applications',
        'test_plan_schedules',
        'runs',
        'run_test_cases',
        'workers',
        'repository_connections',
        'webhook_deliveries',
        'host_deployments',
        'reviews',
        'goalie_migrations',
      ]);
      expect(await migrate(dataSource)).to.deep.equal([]);
      for (let i = 0; i < applied.length; i++) await dataSource.undoLastMigration();
      expect(await tables()).to.deep.equal(['goalie_migrations']);
      expect(await migrate(dataSource)).to.have.length(applied.length);
    } finally {
      await dataSource.destroy();
    }
  });
});
