// Opens the database (embedded or DATABASE_URL), runs `work` with a runtime, and closes everything.
import { loadConfig, ConfigurationError, type Config } from '../config.js';
import { processLogger } from '../logger.js';
import type { CoreRuntime } from '../main-core.js';
import { embeddedClusterExists } from '../persistence/embedded-postgres.js';

/** Which database a command used, for its output. */
export interface DatabaseInUse {
  /** Host, port and database, or the embedded PostgreSQL's GOALIE_HOME; never the password. */
  description: string;
  /** GOALIE_HOME of the embedded PostgreSQL; null with DATABASE_URL. */
  embeddedHome: string | null;
  /** The embedded database did not exist before this command: no server can be using it. */
  fresh: boolean;
}

/** Where a command wrote: host, port and database, or the embedded PostgreSQL's GOALIE_HOME; never the password. */
export function describeDatabase(databaseUrl: string, embeddedHome: string | null): string {
  let where = 'an unreadable DATABASE_URL';
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || '5432'}, database ${decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)'}`;
  } catch {
    // Not a URL (a libpq key=value string): say nothing that could hold a password.
  }
  return embeddedHome
    ? `the embedded PostgreSQL of GOALIE_HOME ${embeddedHome} (${where})`
    : `PostgreSQL at ${where} (DATABASE_URL)`;
}

export interface RuntimeOptions {
  config?: Config;
  /** Refuse to create a new embedded database (commands that only read): there is nothing to read in one. */
  existingOnly?: boolean;
}

export async function withRuntime<T>(
  work: (runtime: CoreRuntime, database: DatabaseInUse) => Promise<T>,
  options: RuntimeOptions = {},
): Promise<T> {
  const config = options.config ?? loadConfig();
  // Loaded only now: a command's usage mistakes and --help answer without loading the server.
  const { createCoreRuntime, embeddedDatabaseDir, openDatabase } = await import('../main-core.js');
  const fresh = !config.databaseUrl && !embeddedClusterExists(embeddedDatabaseDir(config.home));
  if (fresh && options.existingOnly) {
    throw new ConfigurationError(
      `There is no Goalie database under GOALIE_HOME ${config.home}. Run this command where goalie serve runs, or set GOALIE_HOME (or DATABASE_URL) as the server has it.`,
    );
  }
  // Commands print their own output (JSON with --json) on stdout; logs, only when asked for, on stderr.
  const logger = processLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', config.logFormat, 2);
  const db = await openDatabase(config, logger);
  try {
    // Short commands neither write nor serve evidence: the bucket is not asked for (serve and worker do).
    const runtime = await createCoreRuntime(config, {
      databaseUrl: db.url,
      logger,
      embedded: db.embedded,
      checkEvidence: false,
    });
    const embeddedHome = config.databaseUrl ? null : config.home;
    try {
      return await work(runtime, { description: describeDatabase(db.url, embeddedHome), embeddedHome, fresh });
    } finally {
      await runtime.close();
    }
  } finally {
    await db.stop();
  }
}
