import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities/index.js';
import { MIGRATIONS } from './migrations/index.js';
import { SnakeNamingStrategy } from './naming-strategy.js';

export function createDataSource(databaseUrl: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'goalie_migrations',
    // Never synchronize: the schema is what the migrations say.
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: 10_000 },
  });
}

/** The advisory lock held while migrating ("goalie" in ASCII, plus one; see USERS_LOCK in embedded-postgres.ts). */
const MIGRATION_LOCK = '113728073525606';

/**
 * Applies pending migrations; each in its own transaction. Returns the names applied. Processes
 * that start at the same moment (goalie serve and goalie worker on a fresh database) take turns:
 * the second finds nothing left to apply.
 */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK]).catch(() => {});
    await lock.release();
  }
}
