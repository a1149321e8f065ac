// One real PostgreSQL for the whole test run (embedded, or TEST_DATABASE_URL), and a fresh database
// per test file, so files never see each other's data.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { startEmbeddedPostgres, type Database } from '../../backend/src/persistence/embedded-postgres.js';

let server: Promise<Database> | null = null;
let serverDir: string | null = null;

function adminUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(process.env.TEST_DATABASE_URL);
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
  return server.then((db) => db.url);
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `goalie_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return {
    url: withDatabase(admin, name),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function stopTestPostgres(): Promise<void> {
  if (!server) return;
  const db = await server;
  await db.stop();
  if (serverDir) fs.rmSync(serverDir, { recursive: true, force: true });
  server = null;
}
