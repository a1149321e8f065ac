// Opens the database (embedded or DATABASE_URL), runs `work` with a runtime, and closes everything.
import { loadConfig, type Config } from '../config.js';
import { processLogger } from '../logger.js';
import { createRuntime, openDatabase, type Runtime } from '../main.js';

export async function withRuntime<T>(work: (runtime: Runtime) => Promise<T>, config: Config = loadConfig()): Promise<T> {
  // Commands print their own output (JSON with --json) on stdout; logs, only when asked for, on stderr.
  const logger = processLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', config.logFormat, 2);
  const db = await openDatabase(config, logger);
  try {
    // Short commands neither write nor serve evidence: the bucket is not asked for (serve and worker do).
    const runtime = await createRuntime(config, { databaseUrl: db.url, logger, embedded: db.embedded, checkEvidence: false });
    try {
      return await work(runtime);
    } finally {
      await runtime.close();
    }
  } finally {
    await db.stop();
  }
}
