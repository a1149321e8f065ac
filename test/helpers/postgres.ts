// One real PostgreSQL for the whole test run (embedded, or TEST_DATABASE_URL), and a fresh database
// per test file, so files never see each other's data.
//
// Migrating is done once per run: the first file that asks builds a template database with every
// migration and pg-boss's schema applied, and each file's database is a copy of it
// (`CREATE DATABASE ... TEMPLATE`, milliseconds), so a service starting on it finds nothing to do.
// When files run in parallel (test/helpers/global-postgres.ts starts the server in mocha's main
// process and passes it on as TEST_DATABASE_URL), an advisory lock lets one of them build it.
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres, type Database } from '../../backend/src/persistence/embedded-postgres.js';
import { createDataSource, migrate } from '../../backend/src/persistence/data-source.js';
import { removeEmbeddedDir } from './embedded-home.js';
import { MIGRATIONS } from '../../backend/src/persistence/migrations/index.js';
import { startBoss } from '../../backend/src/jobs/pg-boss-queue.js';

let server: Promise<Database> | null = null;
let serverDir: string | null = null;

/** Starts an embedded PostgreSQL for this process (stopped by stopTestPostgres). */
export function startTestPostgres(): Promise<Database> {
  server ??= (async () => {
    serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-test-pg-'));
    return startEmbeddedPostgres({
      dir: serverDir,
      database: 'postgres',
      onlyThisProcess: true,
      // Durability is irrelevant for throwaway test data; speed is not.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '400' },
    });
  })();
  return server;
}

function adminUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(process.env.TEST_DATABASE_URL);
  return startTestPostgres().then((db) => db.url);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Named after the migrations it holds, so a server kept between runs (TEST_DATABASE_URL) never serves an old one. */
const TEMPLATE = `goalie_template_${createHash('sha256')
  .update(MIGRATIONS.map((m) => m.name).join(','))
  .digest('hex')
  .slice(0, 12)}`;
/** Held while the template is built ("goalie" in ASCII, plus two; see MIGRATION_LOCK in data-source.ts). */
const TEMPLATE_LOCK = '113728073525607';

let template: Promise<string> | null = null;

/** The migrated template's name, built by the first process that needs it. */
function migratedTemplate(admin: string): Promise<string> {
  template ??= withClient(admin, async (client) => {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [TEMPLATE_LOCK]);
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (found.rowCount) return TEMPLATE;
      // Built under another name and renamed when whole: a run stopped halfway leaves no half template.
      const building = `${TEMPLATE}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = withDatabase(admin, building);
      const dataSource = createDataSource(url, { poolSize: 2 });
      await dataSource.initialize();
      try {
        await migrate(dataSource);
      } finally {
        await dataSource.destroy();
      }
      const boss = await startBoss(url, { supervise: false, onError: () => {} });
      await boss.stop({ graceful: false, close: true, wait: true });
      await client.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
      return TEMPLATE;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [TEMPLATE_LOCK]).catch(() => {});
    }
  }).catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of this file's own: migrated (a copy of the template) by default, or empty
 * (`{ empty: true }`) for a test of migrating itself.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `goalie_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const from = options.empty ? null : await migratedTemplate(admin);
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`));
  return {
    url: withDatabase(admin, name),
    async drop() {
      await withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function stopTestPostgres(): Promise<void> {
  if (!server) return;
  const db = await server;
  await db.stop();
  // With its cluster, which lives outside it where the postgres user cannot enter the temporary directory.
  if (serverDir) await removeEmbeddedDir(serverDir);
  server = null;
}
