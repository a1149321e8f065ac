// Opens the database (embedded or DATABASE_URL), runs `work` with a runtime, and closes everything.
// Also the one place that decides whether a server command may create a new embedded PostgreSQL.
import { UsageError } from '../../../shared/src/cli/args.js';
import { loadConfig, type Config } from '../config.js';
import { processLogger } from '../logger.js';
import type { CoreRuntime } from '../main-core.js';
import { embeddedClusterExists } from '../persistence/embedded-postgres.js';
import { embeddedDatabaseDir } from '../persistence/embedded-home.js';

/**
 * What a command does where GOALIE_HOME holds no embedded database yet (and DATABASE_URL is unset).
 * `creates`: makes it, as every first start of `npm start` needs. `init`: only when told to with
 * --init, because run from the wrong directory it would otherwise write into a new database that no
 * server uses and exit 0 (the "stray database"). `never`: the command only reads, or needs a row
 * that an empty database cannot have, so a new one is never of use.
 */
export type NewDatabasePolicy = 'creates' | 'init' | 'never';

/** Every server command that opens the database, and its policy (docs/commands.md says the same). */
export const NEW_DATABASE_POLICY = {
  serve: 'creates',
  // A worker or a migration on a database no server uses does nothing anyone sees, forever or once:
  // the first start of a home is serve's, or says --init (a worker started before serve on purpose).
  worker: 'init',
  migrate: 'init',
  apply: 'init',
  'user create': 'init',
  'user list': 'never',
  'user reset-link': 'never',
  'token create': 'never',
  'token list': 'never',
  'token revoke': 'never',
  'project list': 'never',
  'project show': 'never',
  export: 'never',
} as const satisfies Record<string, NewDatabasePolicy>;

export type DatabaseCommand = keyof typeof NEW_DATABASE_POLICY;

export type DatabaseDecision = 'open' | 'create' | 'refuse';

/** Pure: open the database there is, create the embedded one, or refuse (nothing is created). */
export function decideDatabase(q: {
  databaseUrl: boolean;
  clusterExists: boolean;
  policy: NewDatabasePolicy;
  init: boolean;
}): DatabaseDecision {
  if (q.databaseUrl || q.clusterExists) return 'open';
  if (q.policy === 'creates' || (q.policy === 'init' && q.init)) return 'create';
  return 'refuse';
}

/** Why a command refused, where it looked, and how to reach the running server's database instead. */
export function noDatabaseMessage(command: DatabaseCommand, home: string): string {
  const lines = [
    `There is no Goalie database under GOALIE_HOME ${home}, and goalie ${command} does not create one: nothing was created.`,
    "To use your server's database, run it in the directory where goalie serve runs, or set GOALIE_HOME (or DATABASE_URL) as the server has it.",
  ];
  if (command === 'export')
    lines.push(
      "Or download it through the server's API: goalie export --api-url <the server's URL> with an API token of the admin scope.",
    );
  if (command === 'apply')
    lines.push(
      "Or apply the file through the server's API: goalie apply <file.yaml> --api-url <the server's URL> with an API token of the admin scope.",
    );
  if (NEW_DATABASE_POLICY[command] === 'init')
    lines.push(`To create a new embedded database under ${home} instead, run it again with --init.`);
  return lines.join('\n');
}

/**
 * Throws a UsageError (exit 2) where `command` would create a new embedded database it may not;
 * answers whether it creates one (no server can be using that database yet).
 */
export function checkNewDatabase(config: Config, command: DatabaseCommand, init = false): { fresh: boolean } {
  const clusterExists = !config.databaseUrl && embeddedClusterExists(embeddedDatabaseDir(config.home));
  const decision = decideDatabase({
    databaseUrl: config.databaseUrl !== null,
    clusterExists,
    policy: NEW_DATABASE_POLICY[command],
    init,
  });
  if (decision === 'refuse') throw new UsageError(noDatabaseMessage(command, config.home));
  return { fresh: decision === 'create' };
}

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
  /** The command, for NEW_DATABASE_POLICY and its message. */
  command: DatabaseCommand;
  /** --init: the command may create a new embedded database (when its policy allows it). */
  init?: boolean;
}

export async function withRuntime<T>(
  work: (runtime: CoreRuntime, database: DatabaseInUse) => Promise<T>,
  options: RuntimeOptions,
): Promise<T> {
  const config = options.config ?? loadConfig();
  // Decided before anything is loaded or created: a refusal leaves no directory behind.
  const { fresh } = checkNewDatabase(config, options.command, options.init);
  // Loaded only now: a command's usage mistakes and --help answer without loading the server.
  const { createCoreRuntime, openDatabase } = await import('../main-core.js');
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
