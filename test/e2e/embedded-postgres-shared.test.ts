// One embedded PostgreSQL shared by the goalie processes of one GOALIE_HOME, as users run them:
// whichever starts it, it runs while any of them uses it, and the last one to exit stops it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { runningPostmaster, type Postmaster } from '../../backend/src/persistence/postgres-cluster.js';
import { runGoalie, startGoalie, type Running } from '../helpers/processes.js';
import { waitFor } from '../helpers/wait.js';

interface Home {
  dir: string;
  dataDir: string;
  env: Record<string, string>;
  base: string;
}

async function freshHome(): Promise<Home> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-shared-pg-'));
  // Like a home under /tmp: enterable, so the cluster stays inside GOALIE_HOME (see embedded-postgres.ts).
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    GOALIE_HOME: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    GOALIE_PUBLIC_URL: base,
    DATABASE_URL: '',
    // Who started, attached to and stopped PostgreSQL is logged at info.
    LOG_LEVEL: 'info',
    GOALIE_DEMO_PORT: 'off',
    // The seeded demo's burn-ins fail at once instead of driving a browser: this file is about the database.
    GOALIE_CHROMIUM_PATH: path.join(dir, 'no-chromium'),
    GOALIE_CONCURRENCY: '1',
  };
  return { dir, dataDir: path.join(dir, 'postgres', 'data'), env, base };
}

/**
 * Postmaster processes running on `dataDir`: their command line names it. A child the postmaster
 * just forked (a new connection's backend) has the same command line until it renames itself, so
 * a process whose parent is one of them does not count.
 */
function postmasterCount(dataDir: string): number {
  const candidates = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(args[0] ?? '') !== 'postgres' || !args.includes(dataDir)) continue;
      const ppid = Number(
        fs
          .readFileSync(`/proc/${pid}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ')[1],
      );
      candidates.set(Number(pid), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  return [...candidates.values()].filter((ppid) => !candidates.has(ppid)).length;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitForPostmasterGone(home: Home, postmaster?: Postmaster): Promise<void> {
  await waitFor(
    'the postmaster to be gone',
    async () =>
      !(postmaster && alive(postmaster.pid)) &&
      runningPostmaster(home.dataDir) === null &&
      postmasterCount(home.dataDir) === 0,
    30_000,
  );
}

/** A `goalie worker` (or serve) keeps working: its heartbeat in the database moves on after `since`. */
async function heartbeatMovesOn(home: Home, pid: number): Promise<void> {
  const postmaster = runningPostmaster(home.dataDir);
  expect(postmaster, 'a postmaster runs').to.not.equal(null);
  const { password } = JSON.parse(fs.readFileSync(path.join(home.dir, 'postgres', 'postgres.json'), 'utf8'));
  const client = new pg.Client({
    host: '127.0.0.1',
    port: postmaster!.port,
    user: 'postgres',
    password,
    database: 'goalie',
  });
  client.on('error', () => {});
  await client.connect();
  try {
    const since = (await client.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
    await waitFor(
      `the heartbeat of process ${pid}`,
      async () =>
        (await client.query('SELECT 1 FROM workers WHERE pid = $1 AND heartbeat_at > $2', [pid, since])).rowCount === 1,
      20_000,
    );
  } finally {
    await client.end();
  }
}

/**
 * Whether GET /readyz finds the database and its migrations ready. These processes have no Chromium
 * (GOALIE_CHROMIUM_PATH leads nowhere), so their browser check, and with it the status, stays 503.
 */
async function databaseReady(base: string): Promise<boolean> {
  const { checks } = (await (await fetch(`${base}/readyz`)).json()) as { checks: Record<string, string> };
  return checks.database === 'ok' && checks.migrations === 'ok';
}

describe('the embedded PostgreSQL shared by the goalie processes of one GOALIE_HOME', function () {
  this.timeout(300_000);
  const running: Running[] = [];
  const homes: Home[] = [];
  const start = (args: string[], home: Home) => {
    const process = startGoalie(args, home.env);
    running.push(process);
    return process;
  };

  afterEach(function () {
    if (this.currentTest?.state !== 'failed') return;
    for (const process of running)
      console.log(
        `--- goalie ${process.child.spawnargs.slice(2).join(' ')} (pid ${process.child.pid}):\n${process.output().slice(-6000)}`,
      );
  });

  after(async () => {
    await Promise.all(
      running
        .filter((p) => p.child.exitCode === null && p.child.signalCode === null)
        .map(async (p) => {
          const stopped = p.stop();
          const timer = setTimeout(() => p.child.kill('SIGKILL'), 30_000);
          await stopped;
          clearTimeout(timer);
        }),
    );
    for (const home of homes) {
      // A test that failed half-way may have left the postmaster behind.
      const postmaster = runningPostmaster(home.dataDir);
      if (postmaster) process.kill(postmaster.pid, 'SIGINT');
      if (postmaster)
        await waitFor('the leftover postmaster to stop', async () => !alive(postmaster.pid), 30_000).catch(() => {});
      fs.rmSync(home.dir, { recursive: true, force: true });
    }
  });

  describe('started one after the other', () => {
    let home: Home;
    let serve: Running;
    let worker: Running;
    let postmaster: Postmaster;
    let token: string;
    let runShortId: string;
    const api = (method: string, p: string) =>
      fetch(home.base + p, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });

    before(async () => {
      home = await freshHome();
      homes.push(home);
    });

    it('goalie worker first, then goalie serve: stopping the worker leaves PostgreSQL running for the server', async () => {
      // A worker makes a new home only when told to (docs/commands.md): on purpose, before the server.
      worker = start(['worker', '--init'], home);
      await worker.waitFor(/Goalie worker \S+ is running/);
      expect(worker.output()).to.match(/started the embedded PostgreSQL on 127\.0\.0\.1:\d+/);
      postmaster = runningPostmaster(home.dataDir)!;
      expect(postmaster).to.not.equal(null);

      serve = start(['serve'], home);
      await serve.waitFor(/Goalie is running/);
      token = (await serve.waitFor(/API token \(shown once, keep it\):\s+(goalie_\S+)/))[1]!;
      expect(serve.output()).to.match(
        /attached to the embedded PostgreSQL on 127\.0\.0\.1:\d+, which another Goalie process started/,
      );
      const started = await api('POST', '/v1/run');
      expect(started.status).to.equal(200);
      runShortId = (await started.json()).run.shortId;

      expect(await worker.stop()).to.equal(0);
      expect(worker.output()).to.match(/the embedded PostgreSQL keeps running: 1 other Goalie process\(es\) use it/);

      expect((await api('GET', `/v1/run/${runShortId}`)).status).to.equal(200);
      expect((await api('POST', '/v1/run')).status).to.equal(200);
      expect(await databaseReady(home.base)).to.equal(true);
      // The very same server: not stopped and started again by the server.
      expect(runningPostmaster(home.dataDir)).to.deep.equal(postmaster);
      expect(serve.output()).to.not.match(/went away/);
    });

    it('PostgreSQL stopped under the running server is started again: ready, and the API answers', async () => {
      const before = postmaster;
      process.kill(before.pid, 'SIGINT');
      await waitFor('the server to start PostgreSQL again', async () => {
        const now = runningPostmaster(home.dataDir);
        return now !== null && now.pid !== before.pid;
      });
      await waitFor('GET /readyz to find the database ready', () => databaseReady(home.base));
      expect((await api('GET', `/v1/run/${runShortId}`)).status).to.equal(200);
      expect(serve.output()).to.match(/the embedded PostgreSQL went away under this process/);
      await serve.waitFor(/the embedded PostgreSQL is back \(started again by this process\)/, 20_000);
      postmaster = runningPostmaster(home.dataDir)!;
      expect(postmaster.port, 'the same port, which the server connects to').to.equal(before.port);
    });

    it('goalie serve first, then goalie worker: stopping the server leaves PostgreSQL running for the worker, and a short command does too', async () => {
      worker = start(['worker'], home);
      await worker.waitFor(/Goalie worker \S+ is running/);
      expect(await serve.stop()).to.equal(0);
      expect(serve.output()).to.match(/the embedded PostgreSQL keeps running: 1 other Goalie process\(es\) use it/);
      await heartbeatMovesOn(home, worker.child.pid!);

      const listed = await runGoalie(['token', 'list', '--project', 'demo'], home.env);
      expect(listed.code, listed.stderr).to.equal(0);
      expect(listed.stdout).to.contain('quick start');
      expect(runningPostmaster(home.dataDir)).to.deep.equal(postmaster);
      await heartbeatMovesOn(home, worker.child.pid!);
    });

    it('the last process to exit stops PostgreSQL', async () => {
      expect(await worker.stop()).to.equal(0);
      expect(worker.output()).to.match(/stopping the embedded PostgreSQL: no other Goalie process uses it/);
      await waitForPostmasterGone(home, postmaster);
    });

    it('a goalie serve that fails to start exits, and gives PostgreSQL back', async () => {
      // A failure after PostgreSQL started: the evidence bucket does not answer. (A port in use is
      // found before anything starts: test/e2e/serve.test.ts.)
      const unreachable = {
        GOALIE_EVIDENCE_URL: 's3://goalie-missing/p?endpoint=http://127.0.0.1:9&forcePathStyle=true&region=us-east-1',
        AWS_ACCESS_KEY_ID: 'x',
        AWS_SECRET_ACCESS_KEY: 'y',
      };
      const failed = start(['serve'], { ...home, env: { ...home.env, ...unreachable } });
      const closed = new Promise((resolve) => failed.child.once('close', resolve));
      expect(await closed).to.equal(1);
      expect(failed.output()).to.match(/started the embedded PostgreSQL/);
      expect(failed.output()).to.match(/GOALIE_EVIDENCE_URL: cannot reach the bucket goalie-missing/);
      expect(failed.output()).to.match(/stopping the embedded PostgreSQL: no other Goalie process uses it/);
      await waitForPostmasterGone(home);
    });
  });

  describe('started at the same moment on a fresh GOALIE_HOME', () => {
    it('make one cluster and one server; SIGKILL of the one that started it leaves the other working, and the other stops it on exit', async () => {
      const home = await freshHome();
      homes.push(home);
      const serve = start(['serve'], home);
      const worker = start(['worker', '--init'], home);
      await Promise.all([serve.waitFor(/Goalie is running/), worker.waitFor(/Goalie worker \S+ is running/)]);
      const token = (await serve.waitFor(/API token \(shown once, keep it\):\s+(goalie_\S+)/))[1]!;

      expect(postmasterCount(home.dataDir)).to.equal(1);
      const postmaster = runningPostmaster(home.dataDir)!;
      const both = [serve, worker];
      const starters = both.filter((p) => /started the embedded PostgreSQL/.test(p.output()));
      expect(starters, 'one process started PostgreSQL').to.have.length(1);
      const [starter] = starters;
      const other = both.find((p) => p !== starter)!;
      expect(other.output()).to.match(/attached to the embedded PostgreSQL/);
      expect(fs.readdirSync(path.dirname(home.dataDir)).sort(), 'one cluster, no initdb left over').to.deep.equal([
        'data',
        'postgres.json',
      ]);

      starter!.child.kill('SIGKILL');
      await new Promise((resolve) => starter!.child.once('close', resolve));
      if (other === serve) {
        const answer = await fetch(`${home.base}/v1/run`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(answer.status).to.equal(200);
        expect(await databaseReady(home.base)).to.equal(true);
      } else {
        await heartbeatMovesOn(home, worker.child.pid!);
      }
      expect(runningPostmaster(home.dataDir)).to.deep.equal(postmaster);

      expect(await other.stop()).to.equal(0);
      expect(other.output()).to.match(/stopping the embedded PostgreSQL: no other Goalie process uses it/);
      await waitForPostmasterGone(home, postmaster);
    });
  });
});
