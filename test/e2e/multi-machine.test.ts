// Goalie past one machine (issue 15): one API process (`goalie serve` with GOALIE_CONCURRENCY=0, so
// it runs no test case itself) and two `goalie worker` processes, each with its own GOALIE_HOME as
// if on its own machine, sharing one PostgreSQL and one S3-protocol server, all on 127.0.0.1. A plan
// runs across both workers and the API process serves every piece of evidence of every test case;
// a worker killed mid-run still leaves a run that ends with every result.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { bySize } from '../helpers/tier.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';
import { runGoalie, startGoalie, type Running } from '../helpers/processes.js';
import { runServerCommand } from '../helpers/server-cli.js';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.js';
import { startSlowSite, type SlowSite } from '../helpers/slow-site.js';
import { waitFor } from '../helpers/wait.js';

// Enough test cases for both workers to take some; the stress tier runs more.
const TEST_CASES = bySize(4, 8);
const STALE_SECONDS = 3;
/** One key on every machine: secrets sealed by the API process are opened by the workers. */
const SECRET_KEY = randomBytes(32).toString('base64');

const projectYaml = (siteUrl: string) => `
organization: { name: Fleet }
project: { name: fleet, publicResults: true }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${Array.from(
  { length: TEST_CASES },
  (_, i) => `  - name: Page ${i + 1}
    application: Site
    goal: Go to /p${i + 1}?wait=400. Go to /q${i + 1}?wait=600
    expectedResult: "'Loaded' is shown"`,
).join('\n')}
testPlans:
  - name: All
    default: true
    testCases: [${Array.from({ length: TEST_CASES }, (_, i) => `Page ${i + 1}`).join(', ')}]
`;

interface Row {
  id: string;
  name: string;
  status: string;
  result: string | null;
  worker_id: string | null;
  evidence: { key: string; kind: string; contentType: string }[];
}

describe('several machines: one API process, two workers, one PostgreSQL, one S3 server', function () {
  this.timeout(360_000);
  let database: TestDatabase;
  let s3: TestS3Server;
  let site: SlowSite;
  let root: string;
  let apiUrl: string;
  let token: string;
  let db: pg.Pool;
  const processes: Running[] = [];

  const homeOf = (name: string) => path.join(root, name);
  const envFor = (name: string, extra: Record<string, string> = {}): Record<string, string> => ({
    DATABASE_URL: database.url,
    GOALIE_HOME: homeOf(name),
    GOALIE_SECRET_KEY: SECRET_KEY,
    GOALIE_EVIDENCE_URL: s3.url,
    ...s3.env,
    GOALIE_DEMO_PORT: 'off',
    GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS),
    GOALIE_SCHEDULER_TICK_SECONDS: '1',
    GOALIE_BROWSER_ALLOW_LOOPBACK: 'true',
    ...extra,
  });
  const startWorker = async (name: string) => {
    const running = startGoalie(['worker'], envFor(name, { GOALIE_CONCURRENCY: '2' }));
    processes.push(running);
    const [, id] = await running.waitFor(/Goalie worker (\S+) is running/, 90_000);
    return { running, id: id! };
  };
  const api = async (method: string, url: string, body?: unknown) => {
    const response = await fetch(`${apiUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const rowsOf = async (runId: string) =>
    (
      await db.query<Row>(
        `SELECT id, name, status, result, worker_id, evidence FROM run_test_cases WHERE run_id = $1 ORDER BY position`,
        [runId],
      )
    ).rows;
  const runEnds = (shortId: string) =>
    waitFor(
      `run ${shortId} to end`,
      async () => ['COMPLETED', 'ERROR', 'CANCELLED'].includes((await api('GET', `/v1/run/${shortId}`)).body.status),
      180_000,
      250,
    );

  /** Every piece of evidence of every test case, fetched from the API process: its bytes and type are what the worker stored. */
  const expectEvidenceServed = async (rows: Row[]) => {
    let served = 0;
    for (const row of rows) {
      const kinds = new Set(row.evidence.map((e) => e.kind));
      expect([...kinds], `${row.name}: ${JSON.stringify(row.evidence)}`).to.include.members(['screenshot', 'trace']);
      for (const item of row.evidence) {
        const response = await fetch(`${apiUrl}/evidence/${item.key}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(response.status, `${row.name}: ${item.key}`).to.equal(200);
        expect(response.headers.get('content-type'), item.key).to.equal(item.contentType);
        expect(bytes.length, item.key).to.be.greaterThan(0);
        if (item.kind === 'screenshot') expect(bytes.subarray(0, 3).toString('hex'), item.key).to.equal('ffd8ff');
        if (item.kind === 'trace') expect(bytes.subarray(0, 2).toString(), item.key).to.equal('PK');
        served++;
      }
    }
    return served;
  };

  before(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-fleet-'));
    [database, s3, site] = await Promise.all([createTestDatabase(), startS3Server(), startSlowSite()]);
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const file = path.join(root, 'fleet.yaml');
    fs.writeFileSync(file, projectYaml(site.url));
    const applied = await runGoalie(['apply', file], envFor('api'), 120_000);
    expect(applied.code, applied.stdout + applied.stderr).to.equal(0);
    const created = await runGoalie(['token', 'create', '--project', 'fleet'], envFor('api'), 60_000);
    expect(created.code, created.stderr).to.equal(0);
    token = created.stdout.match(/goalie_[A-Za-z0-9_-]+/)![0];
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    const serve = startGoalie(
      ['serve'],
      envFor('api', { PORT: String(port), HOST: '127.0.0.1', GOALIE_PUBLIC_URL: apiUrl, GOALIE_CONCURRENCY: '0' }),
    );
    processes.push(serve);
    await serve.waitFor(/Goalie is running/, 90_000);
    expect(serve.output()).to.match(/Worker\s+none in this process/);
  });

  after(async () => {
    for (const running of processes) await running.stop();
    await db?.end();
    await database?.drop();
    await s3?.close();
    await site?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('a worker with GOALIE_CONCURRENCY=0 is refused with a message, not started', async () => {
    // In this process: refused before it loads or starts anything, so there is no process start to prove.
    const refused = await runServerCommand(['worker'], envFor('refused', { GOALIE_CONCURRENCY: '0' }));
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('GOALIE_CONCURRENCY is 0');
    expect(refused.stderr).to.not.match(/\n\s+at /);
  });

  it('a worker whose secret key differs from the others is refused at start, with what to set', async () => {
    const refused = await runGoalie(['worker'], envFor('stranger', { GOALIE_SECRET_KEY: '' }), 60_000);
    expect(refused.code, refused.stdout + refused.stderr).to.equal(1);
    expect(refused.stderr).to.include(
      `secret key (${path.join(homeOf('stranger'), 'secret.key')}) is not the key this database's secrets are sealed with`,
    );
    expect(refused.stderr).to.not.match(/\n\s+at /);
  });

  it('a plan runs across both workers, and the API process serves every piece of evidence from S3', async () => {
    await Promise.all([startWorker('worker-1'), startWorker('worker-2')]);
    // The burn-ins run on the workers too; their steps are what the run replays.
    await waitFor(
      'the burn-ins',
      async () => (await db.query(`SELECT 1 FROM test_cases WHERE generation_status = 'GENERATING'`)).rowCount === 0,
      180_000,
      250,
    );
    expect(
      (await db.query(`SELECT name, generation_status FROM test_cases WHERE generation_status <> 'COMPLETED'`)).rows,
    ).to.deep.equal([]);

    const started = await api('POST', '/v1/run', {});
    expect(started.status, JSON.stringify(started.body)).to.equal(200);
    await runEnds(started.body.run.shortId);
    const { body } = await api('GET', `/v1/run/${started.body.run.shortId}?testCases=all`);
    expect(body.result, JSON.stringify(body)).to.equal('PASSED');
    expect(body.runTestCases).to.have.length(TEST_CASES);

    const rows = await rowsOf(started.body.run.id);
    expect(rows).to.have.length(TEST_CASES);
    expect(new Set(rows.map((r) => r.worker_id)).size, 'workers that ran test cases').to.equal(2);
    const served = await expectEvidenceServed(rows);
    expect(served).to.be.at.least(TEST_CASES * 3);
    // Nothing of it is on any machine's disk: the evidence lives in the bucket only.
    for (const name of ['api', 'worker-1', 'worker-2'])
      expect(fs.existsSync(path.join(homeOf(name), 'evidence')), `${name}'s GOALIE_HOME/evidence`).to.equal(false);
  });

  it('killing one worker mid-run still ends the run with every result, all evidence served', async () => {
    const [victim] = processes.filter((p) => p.output().includes('Goalie worker') && p.child.exitCode === null);
    const victimId = victim!.output().match(/Goalie worker (\S+) is running/)![1]!;
    const started = await api('POST', '/v1/run', {});
    expect(started.status).to.equal(200);
    const runId = started.body.run.id as string;
    const held = await waitFor(
      'the first worker to be running a test case of the run',
      async () => {
        const running = (await rowsOf(runId)).filter((r) => r.worker_id === victimId && r.status === 'RUNNING');
        return running.length ? running.map((r) => r.id) : null;
      },
      60_000,
      50,
    );
    victim!.child.kill('SIGKILL');
    await victim!.stop();

    await runEnds(started.body.run.shortId);
    const rows = await rowsOf(runId);
    for (const row of rows) expect([row.status, row.result], row.name).to.deep.equal(['COMPLETED', 'PASSED']);
    // What the killed worker held was finished by the other one.
    for (const row of rows.filter((r) => held.includes(r.id))) expect(row.worker_id, row.name).to.not.equal(victimId);
    await expectEvidenceServed(rows);
  });
});
