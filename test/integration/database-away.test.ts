// A service whose database goes away says so: GET /readyz answers 503 with what is wrong, API calls
// answer 503 instead of 500, the log says it once (not per request, poll, heartbeat or tick), and
// again when it is back. The service runs on a PostgreSQL of its own (not the suite's), which the
// test stops and starts; its worker runs a scripted executor instead of a browser.
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { applyProject } from '../../backend/src/app/apply-project.js';
import { createToken } from '../../backend/src/app/tokens.js';
import { loadConfig } from '../../backend/src/config.js';
import { startScheduler } from '../../backend/src/jobs/scheduler.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { createRuntime, listen, type Runtime } from '../../backend/src/main.js';
import { freePort, startEmbeddedPostgres, type Database } from '../../backend/src/persistence/embedded-postgres.js';
import { loadProjectFile } from '../../shared/src/project-file/load.js';
import { shopProject } from '../fixtures/projects.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { waitFor } from '../helpers/wait.js';
import { loggerInto } from '../helpers/log-lines.js';

describe('a service whose database goes away', function () {
  this.timeout(180_000);
  const settings = { fsync: 'off', synchronous_commit: 'off' };
  let dir: string;
  let home: string;
  let db: Database;
  let runtime: Runtime;
  let server: http.Server;
  let base: string;
  let token: string;
  let worker: Worker;
  let scheduler: { stop(): Promise<void> };
  /** How many errors the worker and the scheduler met with the database away. */
  let quietened = 0;
  const logLines: { level: number; msg: string }[] = [];

  const get = (p: string) => fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
  const post = (p: string) =>
    fetch(base + p, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
  const logged = (pattern: RegExp) => logLines.filter((line) => pattern.test(line.msg));

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-db-away-'));
    fs.chmodSync(dir, 0o755);
    home = path.join(dir, 'home');
    db = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), settings, onlyThisProcess: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const logger = loggerInto(logLines, 'info');
    const config = loadConfig({
      GOALIE_HOME: home,
      DATABASE_URL: db.url,
      PORT: String(port),
      GOALIE_PUBLIC_URL: base,
      LOG_LEVEL: 'silent',
    });
    runtime = await createRuntime(config, { databaseUrl: db.url, logger });
    server = await listen(runtime, port, '127.0.0.1');
    // As main.ts wires them: errors that mean "the database is away" are logged once, by runtime.health.
    const databaseAway = (error: unknown) => runtime.health.unreachable(error) !== null && ++quietened > 0;
    worker = new Worker(runtime.app, runtime.boss, new ScriptedExecutor(), {
      databaseUrl: db.url,
      concurrency: 2,
      projectParallelism: 2,
      heartbeatMs: 200,
      pollMs: 100,
      databaseAway,
    });
    await worker.start();
    scheduler = startScheduler(runtime.app, { tickMs: 200, staleAfterMs: 60_000, databaseAway });
    const summary = await applyProject(runtime.app, loadProjectFile('shop.yaml', shopProject()).doc);
    token = (await createToken(runtime.app, summary.project.slug)).token;
  });

  after(async () => {
    await scheduler?.stop();
    await worker?.stop();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is ready while the database answers, and healthy', async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    const healthy = await fetch(`${base}/healthz`);
    expect(healthy.status).to.equal(200);
    expect(await healthy.json()).to.deep.equal({ status: 'ok' });
    expect((await post('/v1/run')).status).to.equal(200);
  });

  it('says 503 with what is wrong, on /readyz and on API calls, and logs it once', async () => {
    // Nothing in flight (the burn-ins of the project, the run): a job cut off by the database is logged, once per job.
    await waitFor(
      'the queue to be idle',
      async () =>
        (
          await runtime.dataSource.query(
            `SELECT 1 FROM pgboss.job WHERE state IN ('created', 'retry', 'active') LIMIT 1`,
          )
        ).length === 0,
      30_000,
    );
    // This process is the only one using that PostgreSQL: giving it back stops it.
    await db.stop();

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).to.equal(503);
    const readyBody = await ready.json();
    expect(readyBody.status).to.equal('unavailable');
    expect(readyBody.message).to.match(
      /^The database is not reachable: the connection was refused\. Check that the PostgreSQL of DATABASE_URL runs/,
    );

    for (const call of [
      () => post('/v1/run'),
      () => get('/v1/run/run-x7k2m9'),
      () => post('/v1/run'),
      () => get('/runs/run-x7k2m9'),
    ]) {
      const response = await call();
      expect(response.status).to.equal(503);
      expect(response.headers.get('retry-after')).to.equal('5');
      const { message } = await response.json();
      expect(message).to.match(/^The database is not reachable: .+\. Try again when GET \/readyz answers 200\./);
      expect(message).to.not.match(/127\.0\.0\.1|postgres:|ECONNREFUSED|\.ts:\d+/);
    }
    // The worker polls and beats, and the scheduler ticks, many times meanwhile: none of it is a log line.
    await waitFor(
      'the worker and the scheduler to meet the database away a few times',
      async () => quietened >= 10,
      20_000,
    );
    // The process itself still answers.
    expect((await fetch(`${base}/healthz`)).status).to.equal(200);
    expect((await fetch(`${base}/v1/outbound-ips`)).status).to.equal(200);

    expect(logged(/^the database went away/)).to.have.length(1);
    expect(logged(/^the database went away/)[0]!.level).to.equal(50);
    expect(
      logLines.filter((line) => line.level >= 50 && !/^the database went away/.test(line.msg)),
      'no other error lines',
    ).to.deep.equal([]);
  });

  it('is ready again, and answers, when the database is back; the log says so once', async () => {
    const again = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), settings, onlyThisProcess: true });
    // Same data, same port (free again since the server stopped), so the service's pool reaches it.
    expect(again.url).to.equal(db.url);
    db = again;
    await waitFor('GET /readyz to answer 200', async () => (await fetch(`${base}/readyz`)).status === 200, 20_000);
    expect((await post('/v1/run')).status).to.equal(200);
    await waitFor(
      'the log line saying the database is back',
      async () => logged(/^the database is back/).length === 1,
      10_000,
    );
    expect(logged(/^the database went away/)).to.have.length(1);
  });
});
