import { loadConfig } from '../config.js';
import { processLogger } from '../logger.js';
import { openDatabase } from '../main.js';
import { createDataSource, migrate } from '../persistence/data-source.js';

export async function migrateCommand(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(
    config,
    processLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', config.logFormat, 2),
  );
  const dataSource = createDataSource(db.url, { poolSize: 2 });
  try {
    await dataSource.initialize();
    const applied = await migrate(dataSource);
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`
        : 'The database is up to date.\n',
    );
    return 0;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await db.stop();
  }
}
