// Embedded PostgreSQL: real PostgreSQL binaries from npm, data under GOALIE_HOME/postgres.
//
// Every Goalie process on one GOALIE_HOME (serve, worker, apply, migrate, token) uses the same
// cluster, whichever starts first: the first one starts the postmaster (detached, see
// postgres-cluster.ts), the others attach to it. PostgreSQL keeps running while any of them uses
// it, and the last one to exit stops it.
//
// Who uses it is counted by PostgreSQL itself: each process holds, on a connection of its own, a
// shared advisory lock (USERS_LOCK) for as long as it runs. On exit a process gives its shared lock
// back and asks for the exclusive one, which PostgreSQL grants only when no other process holds the
// shared one: the process that gets it is the last user and stops PostgreSQL. We chose this over a
// file per pid under GOALIE_HOME because PostgreSQL drops the lock when the connection ends, and
// the kernel ends the connection when the process dies, however it dies (SIGKILL, out of memory):
// there is no stale entry to clean up, no pid to be reused by another program, it works across
// containers that share GOALIE_HOME, and "am I the last one" is answered atomically.
//
// Races: a process that attaches while the last one stops cannot get its shared lock (the stopper
// holds the exclusive one), so it waits until PostgreSQL is down and starts it again; two processes
// starting on a fresh GOALIE_HOME make one cluster and one postmaster (postgres-cluster.ts).
//
// A process killed without its exit (SIGKILL) leaves PostgreSQL running for the others; if it was
// the last user, PostgreSQL runs until the next Goalie process on that GOALIE_HOME exits (that one
// attaches, and is then the last). If PostgreSQL goes away under a running process (stopped by hand,
// or by an older Goalie), the process starts it again on the same port and data.
import fs from 'node:fs';
import { createHash } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  initialiseCluster,
  isInitialised,
  loadOrCreateState,
  logFileOf,
  runningPostmaster,
  saveState,
  startPostmaster,
  stopPostmaster,
  type ClusterLog,
  type ClusterState,
  type Postmaster,
} from './postgres-cluster.js';

export interface Database {
  url: string;
  /** Where the cluster's files are (embedded only). */
  dataDir?: string;
  /** This process no longer uses the database; PostgreSQL is stopped when it was the last Goalie process using it. */
  stop(): Promise<void>;
}

/** Whether `dir` already holds an embedded cluster: its state file is written when the cluster is made. */
export function embeddedClusterExists(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'postgres.json'));
}

/** The key of the advisory lock every process using the cluster holds shared: "goalie" in ASCII. */
export const USERS_LOCK = '113728073525605';

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
  return path.join(
    '/var/lib/goalie',
    `postgres-${createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12)}`,
  );
}

export interface EmbeddedOptions {
  dir: string;
  database?: string;
  /** Extra server settings, e.g. `fsync=off` for tests (used by the process that starts the server). */
  settings?: Record<string, string>;
  log?: ClusterLog;
  /** No other process uses this cluster (the tests' own): stop it when this process exits, even without stop(). */
  onlyThisProcess?: boolean;
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

function urlFor(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(password: string, port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(password, port, 'postgres') });
  client.on('error', () => {});
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    // Another process may have created it at the same moment.
    if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await client.end();
  }
}

/** `background`: the wait does not keep the process alive (retries under a process that runs for something else). */
const delay = (ms: number, background = false) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (background) timer.unref();
  });

interface Cluster {
  stateFile: string;
  state: ClusterState;
  settings: Record<string, string>;
  log: ClusterLog;
}

interface Attached {
  /** The connection holding this process's shared USERS_LOCK. */
  presence: pg.Client;
  postmaster: Postmaster;
  /** This process started the postmaster (rather than finding it running). */
  started: boolean;
}

class Busy extends Error {}

/** Connects to the postmaster on `port` and takes this process's shared USERS_LOCK. */
async function register(cluster: Cluster, port: number): Promise<pg.Client> {
  const presence = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: cluster.state.password,
    database: 'postgres',
    application_name: `goalie pid ${process.pid}`,
    connectionTimeoutMillis: 5_000,
  });
  presence.on('error', () => {});
  try {
    await presence.connect();
    const { rows } = await presence.query<{ ok: boolean }>('SELECT pg_try_advisory_lock_shared($1::bigint) AS ok', [
      USERS_LOCK,
    ]);
    if (!rows[0]?.ok) throw new Busy('the last Goalie process that used it is stopping it');
    return presence;
  } catch (error) {
    await presence.end().catch(() => {});
    throw error;
  }
}

function passwordRefused(cluster: Cluster): Error {
  return new Error(
    `The embedded PostgreSQL in ${cluster.state.dataDir} does not accept the password in ${cluster.stateFile}. ` +
      'Restore that file from the same backup as the cluster, or move the cluster away to start with an empty database.',
  );
}

/**
 * Attaches this process to the cluster's postmaster, starting it (and creating the cluster) when
 * none runs. `samePort`: only start it on this port (the one this process's connections use), and
 * never create a new cluster: used when PostgreSQL went away under a running process.
 */
async function attach(
  cluster: Cluster,
  options: { samePort?: number; deadline: number; cancelled?: () => boolean },
): Promise<Attached> {
  const { dataDir } = cluster.state;
  let startFailures = 0;
  let lastError: unknown = null;
  for (;;) {
    if (options.cancelled?.()) throw new Error('cancelled');
    if (Date.now() > options.deadline)
      throw lastError instanceof Error ? lastError : new Error(`no PostgreSQL answered on ${dataDir}`);
    if (!isInitialised(dataDir)) {
      if (options.samePort)
        throw new Error(`the cluster in ${dataDir} is gone; it is not created again under a running process`);
      await initialiseCluster(cluster.state, cluster.log);
    }
    let postmaster = runningPostmaster(dataDir);
    let started = false;
    if (!postmaster) {
      const port = options.samePort ?? (await freePort(cluster.state.port || undefined));
      try {
        await startPostmaster(dataDir, port, cluster.settings, cluster.log);
        started = true;
        cluster.state = { ...cluster.state, port };
        saveState(cluster.stateFile, cluster.state);
      } catch (error) {
        lastError = error;
        // Lost the race to another process's postmaster (attach to it), or a real failure (retried a few times).
        if (!runningPostmaster(dataDir) && ++startFailures >= 3) throw error;
        await delay(200);
        continue;
      }
      postmaster = runningPostmaster(dataDir);
      if (!postmaster) continue;
    }
    try {
      const presence = await register(cluster, postmaster.port);
      return { presence, postmaster, started };
    } catch (error) {
      // Starting up, shutting down, or being stopped by the last user: try again until the deadline.
      if ((error as { code?: string }).code === '28P01') throw passwordRefused(cluster);
      lastError = error;
      await delay(100);
    }
  }
}

/** This process's use of the cluster: its presence, kept while PostgreSQL comes and goes, and given back by stop(). */
class ClusterUse {
  private presence: pg.Client | null = null;
  private stopped = false;
  private recovering: Promise<void> | null = null;

  constructor(
    private readonly cluster: Cluster,
    /** The port this process's connections use. */
    private readonly port: number,
  ) {}

  hold(presence: pg.Client): void {
    this.presence = presence;
    const lost = (error?: Error) => {
      if (this.presence !== presence) return;
      this.presence = null;
      void presence.end().catch(() => {});
      if (this.stopped) return;
      this.cluster.log(
        'warn',
        `the embedded PostgreSQL went away under this process${error ? ` (${error.message})` : ''}; starting it again`,
      );
      this.recover();
    };
    presence.on('error', lost);
    presence.on('end', () => lost());
  }

  /** Until it works or this process stops using the cluster: start PostgreSQL again (same data, same port), or attach when another process did. */
  private recover(): void {
    if (this.recovering) return;
    this.recovering = (async () => {
      let wait = 200;
      let lastProblem = '';
      while (!this.stopped) {
        try {
          const attached = await attach(this.cluster, {
            samePort: this.port,
            deadline: Date.now() + 30_000,
            cancelled: () => this.stopped,
          });
          this.hold(attached.presence);
          const where =
            attached.postmaster.port === this.port
              ? ''
              : ` on port ${attached.postmaster.port}, not ${this.port}: restart this process to reach it`;
          this.cluster.log(
            where ? 'error' : 'info',
            `the embedded PostgreSQL is back (${attached.started ? 'started again by this process' : 'started by another process'})${where}`,
          );
          return;
        } catch (error) {
          if (this.stopped) return;
          const problem = (error as Error).message;
          if (problem !== lastProblem)
            this.cluster.log(
              'warn',
              `could not start the embedded PostgreSQL again: ${problem}; trying again (its log: ${logFileOf(this.cluster.state.dataDir)})`,
            );
          lastProblem = problem;
          await delay(wait, true);
          wait = Math.min(wait * 2, 5_000);
        }
      }
    })().finally(() => {
      this.recovering = null;
    });
  }

  private stopping: Promise<void> | null = null;

  /**
   * Gives this process's use back; the last user stops PostgreSQL. A second call waits for the
   * first (a second Ctrl-C while shutting down must not exit before PostgreSQL is down).
   */
  stop(): Promise<void> {
    this.stopping ??= this.giveBack();
    return this.stopping;
  }

  private async giveBack(): Promise<void> {
    this.stopped = true;
    await this.recovering;
    const presence = this.presence;
    this.presence = null;
    if (!presence) return;
    try {
      await presence.query('SELECT pg_advisory_unlock_shared($1::bigint)', [USERS_LOCK]);
      const { rows } = await presence.query<{ last: boolean; others: number }>(
        `SELECT pg_try_advisory_lock($1::bigint) AS last,
                (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND granted
                   AND (classid::bigint << 32) + objid::bigint = $1::bigint AND objsubid = 1) AS others`,
        [USERS_LOCK],
      );
      if (rows[0]?.last) {
        const postmaster = runningPostmaster(this.cluster.state.dataDir);
        if (!postmaster) return;
        this.cluster.log('info', 'stopping the embedded PostgreSQL: no other Goalie process uses it');
        if (!(await stopPostmaster(postmaster)))
          this.cluster.log('warn', `the embedded PostgreSQL (pid ${postmaster.pid}) did not stop within 30 s`);
      } else if (rows[0]?.others) {
        this.cluster.log(
          'info',
          `the embedded PostgreSQL keeps running: ${rows[0].others} other Goalie process(es) use it`,
        );
      } else {
        this.cluster.log('info', 'another Goalie process, exiting at the same moment, stops the embedded PostgreSQL');
      }
    } catch (error) {
      // PostgreSQL went away meanwhile: there is nothing to stop.
      this.cluster.log('debug', `giving back the embedded PostgreSQL: ${(error as Error).message}`);
    } finally {
      await presence.end().catch(() => {});
    }
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<Database> {
  const database = options.database ?? 'goalie';
  const log = options.log ?? (() => {});
  const stateFile = path.join(options.dir, 'postgres.json');
  const asRoot = process.getuid?.() === 0;
  fs.mkdirSync(options.dir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
  if (asRoot) fs.chmodSync(options.dir, 0o755);

  const defaultDataDir = clusterDir(options.dir, asRoot);
  const { state, created } = loadOrCreateState(stateFile, defaultDataDir);
  if (created && isInitialised(state.dataDir)) {
    // A cluster whose password is lost: say so rather than wipe its data.
    fs.rmSync(stateFile, { force: true });
    throw new Error(
      `The embedded PostgreSQL cluster in ${state.dataDir} has no password file (${stateFile}). ` +
        'Restore that file from the same backup as the cluster, or move the cluster away to start with an empty database.',
    );
  }
  const cluster: Cluster = {
    stateFile,
    state,
    settings: { listen_addresses: '127.0.0.1', unix_socket_directories: os.tmpdir(), ...options.settings },
    log,
  };

  let attached: Attached;
  try {
    attached = await attach(cluster, { deadline: Date.now() + 90_000 });
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start in ${state.dataDir}: ${(error as Error).message}. ` +
        `Check its log (${logFileOf(state.dataDir)}), free disk space, or set DATABASE_URL to use another PostgreSQL.`,
      { cause: error },
    );
  }
  const { port } = attached.postmaster;
  log(
    'info',
    attached.started
      ? `started the embedded PostgreSQL on 127.0.0.1:${port}`
      : `attached to the embedded PostgreSQL on 127.0.0.1:${port}, which another Goalie process started`,
  );
  const use = new ClusterUse(cluster, port);
  use.hold(attached.presence);

  let forget = () => {};
  if (options.onlyThisProcess) {
    // Nobody else uses it: an exit without stop() (an uncaught error, Ctrl-C in mocha) stops it too.
    const onExit = () => {
      const postmaster = runningPostmaster(cluster.state.dataDir);
      if (postmaster) process.kill(postmaster.pid, 'SIGINT');
    };
    process.once('exit', onExit);
    forget = () => process.removeListener('exit', onExit);
  }
  try {
    await ensureDatabase(state.password, port, database);
  } catch (error) {
    await use.stop();
    throw error;
  }
  return {
    url: urlFor(state.password, port, database),
    dataDir: state.dataDir,
    async stop() {
      forget();
      await use.stop();
    },
  };
}
