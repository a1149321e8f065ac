import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { processLogger } from '../logger.js';
import { openDatabase } from '../main.js';
import { createDataSource, migrate } from '../persistence/data-source.js';
import { checkNewDatabase } from './with-runtime.js';

export async function migrateCommand(args: string[] = []): Promise<number> {
  const { values } = parseArgs({ args, options: { init: { type: 'boolean' } } });
  const config = loadConfig();
  // Migrating a new, empty database under the wrong directory helps no server: --init, or serve's home.
  checkNewDatabase(config, 'migrate', values.init);
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
