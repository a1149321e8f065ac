// A worker process asked to stop (SIGTERM) shuts down gracefully (issue 15): real `goalie worker`
// processes beside the API in the test's process, a site whose pages answer slowly. The stale
// timeout is two minutes, far longer than the test waits, so only the hand-back can move the work.
// With a short grace, the stopped worker exits 0 soon after it, its test cases go back to the queue
// at once, the other worker runs them at the same attempt, and the run ends with every result. With
// a long grace, its test cases finish where they are: their results are kept, not run again.
import type { ChildProcess } from 'node:child_process';
import { expect } from 'chai';
import { startGoalie, type Running } from '../helpers/processes.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { startSlowSite, type SlowSite } from '../helpers/slow-site.js';
import { waitFor } from '../helpers/wait.js';

const STALE_SECONDS = 120;
/** Room for a loaded 2-core machine: closing the browser, the pool, the embedded database's share. */
const EXIT_MARGIN_MS = 15_000;

const project = (siteUrl: string, burnIns: string[] = []) => `
organization: { name: Shutdown }
project: { name: shutdown }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${['One', 'Two', 'Three', 'Four', ...burnIns]
  .map(
    (name) => `  - name: ${name}
    application: Site
    goal: Go to /a?wait=1500. Go to /b?wait=1500. Go to /c?wait=1500. Go to /d?wait=1500
    expectedResult: "'Loaded' is shown"`,
  )
  .join('\n')}
testPlans:
  - name: All
    default: true
    testCases: [One, Two, Three, Four]
`;

interface Row {
  id: string;
  name: string;
  status: string;
  result: string | null;
  attempt: number;
  worker_id: string | null;
  evidence: { key: string }[];
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('close', (code, signal) => resolve({ code, signal }));
  });
}

describe('stopping a worker process with SIGTERM (graceful shutdown)', function () {
  this.timeout(300_000);
  let site: SlowSite;
  let service: TestService;
  let api: ApiClient;
  const children: Running[] = [];
  let steady: { process: Running; id: string };
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);

  const startChild = async (
    graceSeconds: number,
    env: Record<string, string> = {},
  ): Promise<{ process: Running; id: string }> => {
    const started = startGoalie(['worker'], {
      DATABASE_URL: service.runtime.databaseUrl,
      GOALIE_HOME: service.home,
      GOALIE_DEMO_PORT: 'off',
      GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS),
      GOALIE_SCHEDULER_TICK_SECONDS: '1',
      GOALIE_SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      GOALIE_CONCURRENCY: '2',
      GOALIE_PROJECT_PARALLELISM: '4',
      GOALIE_BROWSER_ALLOW_LOOPBACK: 'true',
      GOALIE_TRACE: 'off',
      GOALIE_SCREENSHOTS: 'end',
      ...env,
    });
    children.push(started);
    const [, id] = await started.waitFor(/Goalie worker (\S+) is running/, 60_000);
    return { process: started, id: id! };
  };
  const rowsOf = (runId: string) =>
    q<Row>(
      `SELECT id, name, status, result, attempt, worker_id, evidence FROM run_test_cases WHERE run_id = $1 ORDER BY position`,
      [runId],
    );
  const runningOn = async (runId: string, workerId: string) =>
    (await rowsOf(runId)).filter((r) => r.status === 'RUNNING' && r.worker_id === workerId);
  const ended = (runId: string, timeoutMs: number) =>
    waitFor(
      `run ${runId} to end`,
      async () =>
        (await q<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId]))[0]!.status === 'COMPLETED'
          ? true
          : null,
      timeoutMs,
      100,
    );

  before(async () => {
    site = await startSlowSite();
    service = await startTestService({ GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS) });
    await service.apply(project(site.url));
    api = service.client(await service.token('shutdown'));
    steady = await startChild(30);
    await waitFor(
      'the burn-ins',
      async () =>
        (await q<{ n: number }>(`SELECT count(*)::int n FROM test_cases WHERE generation_status <> 'COMPLETED'`))[0]!
          .n === 0,
      120_000,
      100,
    );
  });
  after(async () => {
    for (const running of children) await running.stop();
    await service?.close();
    await site?.close();
  });

  it('hands back at once the test cases still running when the grace ends: another worker runs them, not counted as attempts', async () => {
    const leaving = await startChild(1);
    const { body } = await api.post('/v1/run', {});
    const runId = body.run.id as string;
    // Four test cases, two at a time per worker: the leaving one holds two of them.
    const held = await waitFor(
      'the leaving worker to run two test cases',
      async () => {
        const rows = await runningOn(runId, leaving.id);
        return rows.length === 2 ? rows : null;
      },
      60_000,
      50,
    );

    const exit = exited(leaving.process.child);
    const stoppedAt = Date.now();
    leaving.process.child.kill('SIGTERM');
    expect(await exit).to.deep.equal({ code: 0, signal: null });
    const exitMs = Date.now() - stoppedAt;
    expect(exitMs, 'exits within the grace and a margin').to.be.below(1000 + EXIT_MARGIN_MS);
    // Its row is gone: nobody waits for its heartbeat to go stale.
    expect(await q(`SELECT id FROM workers WHERE id = $1`, [leaving.id])).to.deep.equal([]);
    // What it held is queued again, or already taken by the other worker.
    for (const row of await q<Row>(`SELECT id, status, attempt, worker_id FROM run_test_cases WHERE id = ANY($1)`, [
      held.map((h) => h.id),
    ])) {
      expect(row.worker_id, JSON.stringify(row)).to.not.equal(leaving.id);
      expect(row.attempt, JSON.stringify(row)).to.equal(0);
    }

    // Far sooner than the stale timeout (two minutes), the other worker finishes them.
    await ended(runId, 60_000);
    const rows = await rowsOf(runId);
    for (const row of rows) {
      const where = JSON.stringify(row);
      expect(row, where).to.include({ status: 'COMPLETED', result: 'PASSED', attempt: 0, worker_id: steady.id });
      expect(row.evidence.length, where).to.be.above(0);
      for (const item of row.evidence) expect(item.key, where).to.include('/attempt-0/');
    }
    expect((await api.get(`/v1/run/${body.run.shortId}`)).body).to.include({ status: 'COMPLETED', result: 'PASSED' });
    // Stopping is not a failure: nothing at error level (a test case stopped while its browser closes included).
    const errors = leaving.process
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors, errors.join('\n')).to.deep.equal([]);
    console.log(`      the stopped worker exited ${(exitMs / 1000).toFixed(1)} s after SIGTERM (grace 1 s)`);
  });

  it('keeps the results of test cases that finish within the grace: not run again', async () => {
    const leaving = await startChild(60);
    const { body } = await api.post('/v1/run', {});
    const runId = body.run.id as string;
    const held = await waitFor(
      'the leaving worker to run two test cases',
      async () => {
        const rows = await runningOn(runId, leaving.id);
        return rows.length === 2 ? rows : null;
      },
      60_000,
      50,
    );

    const exit = exited(leaving.process.child);
    leaving.process.child.kill('SIGTERM');
    expect(await exit).to.deep.equal({ code: 0, signal: null });
    // It stopped once its two test cases were done, with their results stored.
    const mine = await q<Row>(
      `SELECT id, name, status, result, attempt, worker_id, evidence FROM run_test_cases WHERE id = ANY($1)`,
      [held.map((h) => h.id)],
    );
    for (const row of mine)
      expect(row, JSON.stringify(row)).to.include({
        status: 'COMPLETED',
        result: 'PASSED',
        attempt: 0,
        worker_id: leaving.id,
      });
    expect(await q(`SELECT id FROM workers WHERE id = $1`, [leaving.id])).to.deep.equal([]);

    await ended(runId, 60_000);
    const rows = await rowsOf(runId);
    for (const row of rows)
      expect(row, JSON.stringify(row)).to.include({ status: 'COMPLETED', result: 'PASSED', attempt: 0 });
    // Kept as they were: the other worker ran only the other two.
    expect(
      rows
        .filter((r) => r.worker_id === leaving.id)
        .map((r) => r.id)
        .sort(),
    ).to.deep.equal(held.map((h) => h.id).sort());
    expect(rows.filter((r) => r.worker_id === steady.id)).to.have.length(2);
  });

  it('hands back the burn-ins it holds: another worker records their steps', async () => {
    const leaving = await startChild(1);
    const burnIns = ['Burn A', 'Burn B', 'Burn C', 'Burn D'];
    await service.apply(project(site.url, burnIns));
    // Two burn-ins at a time per worker: the leaving one holds two (it says so in its heartbeat).
    const held = await waitFor(
      'the leaving worker to hold two burn-ins',
      async () => {
        const [row] = await q<{ jobs: { queue: string; id: string }[] }>(`SELECT jobs FROM workers WHERE id = $1`, [
          leaving.id,
        ]);
        const jobs = row?.jobs.filter((j) => j.queue === 'generate-test-case') ?? [];
        return jobs.length === 2 ? jobs.map((j) => j.id) : null;
      },
      60_000,
      50,
    );
    const exit = exited(leaving.process.child);
    leaving.process.child.kill('SIGTERM');
    expect(await exit).to.deep.equal({ code: 0, signal: null });
    // Far sooner than the stale timeout, all four are burnt in, none FAILED.
    await waitFor(
      'the burn-ins to end',
      async () => {
        const rows = await q<{ generation_status: string }>(
          `SELECT generation_status FROM test_cases WHERE name = ANY($1)`,
          [burnIns],
        );
        return (
          rows.length === 4 &&
          rows.every((r) => r.generation_status !== 'GENERATING' && r.generation_status !== 'PENDING')
        );
      },
      60_000,
      100,
    );
    const rows = await q<{ name: string; generation_status: string; generation_error: string | null }>(
      `SELECT name, generation_status, generation_error FROM test_cases WHERE name = ANY($1)`,
      [burnIns],
    );
    for (const row of rows)
      expect(row, JSON.stringify(row)).to.include({ generation_status: 'COMPLETED', generation_error: null });
    // Handed back, not finished here: its jobs were given up and queued again for the other worker.
    const states = await q<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'generate-test-case' AND id = ANY($1::uuid[])`,
      [held],
    );
    expect(states.map((r) => r.state)).to.deep.equal(['cancelled', 'cancelled']);
    const errors = leaving.process
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errors, errors.join('\n')).to.deep.equal([]);
  });

  it('quits now on a second signal during the grace period (exit 130, not waiting for the test case)', async () => {
    const leaving = await startChild(60, { LOG_LEVEL: 'info' });
    const { body } = await api.post('/v1/run', {});
    await waitFor(
      'the leaving worker to run a test case',
      async () => (await runningOn(body.run.id, leaving.id)).length > 0,
      60_000,
      50,
    );
    const exit = exited(leaving.process.child);
    leaving.process.child.kill('SIGTERM');
    // In its grace period (60 s) when the second signal comes: the first did not end it.
    await leaving.process.waitFor(/"msg":"worker shutting down"/, 20_000);
    expect(leaving.process.child.exitCode).to.equal(null);
    leaving.process.child.kill('SIGINT');
    // It gives the database back (here DATABASE_URL: nothing to stop) and exits 128 + SIGINT's number.
    expect(await exit).to.deep.equal({ code: 130, signal: null });
    expect(leaving.process.output()).to.match(/^Quitting now\./m);
  });
});
