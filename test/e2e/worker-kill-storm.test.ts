// A worker process killed at any moment loses nothing (issue 13): a real `goalie worker` (its own
// process and Chromium, the API's database) is killed with SIGKILL at seeded random moments while
// it executes runs — while it fetches and claims, starts a context, navigates, evaluates, stores —
// sometimes right after one of its runs was cancelled, so it never saw the cancel. It is started
// again at once. With a 3 s stale timeout and a 1 s scheduler tick (configuration), every test case
// the killed worker held leaves it within the stale timeout plus a tick, a run cancelled before the
// kill is final by then, and every run ends. Each run test case ends with exactly one final result
// (the evidence of the attempt that stored it), a result stored before a kill is never changed, the
// run's result agrees with its rows, and usage counts each run once, however often it was retried.
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger } from '../../backend/src/logger.js';
import { startScheduler } from '../../backend/src/jobs/scheduler.js';
import { startGoalie, type Running } from '../helpers/processes.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { seeded, startSlowSite, type SlowSite } from '../helpers/slow-site.js';
import { bySize } from '../helpers/tier.js';
import { waitFor } from '../helpers/wait.js';

// The fast tier kills the worker twice; the stress tier, six times with twice the runs.
const ROUNDS = bySize(2, 6);
const RUNS_PER_ROUND = bySize(1, 2);
/** STORM_SEED tries another storm; the suite runs this one. */
const SEED = Number(process.env.STORM_SEED ?? 1913);
const STALE_SECONDS = 3;
const TICK_SECONDS = 1;
/** Room for a loaded 2-core machine: a late heartbeat, a slow tick. */
const MARGIN_MS = 3000;
const FINAL = ['COMPLETED', 'ERROR', 'CANCELLED'];

const project = (siteUrl: string) => `
organization: { name: Kill }
project: { name: kill }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
  - name: Walk
    application: Site
    goal: Go to /a?wait=150. Go to /b?wait=300. Go to /c?wait=150. Go to /d?wait=400
    expectedResult: "'Loaded' is shown"
  - name: Banner
    application: Site
    goal: Go to /e?wait=300
    expectedResult: "'Free shipping' is shown"
testPlans:
  - name: Both
    default: true
    testCases: [Walk, Banner]
`;

interface Row {
  id: string;
  run_id: string;
  name: string;
  status: string;
  result: string | null;
  attempt: number;
  worker_id: string | null;
  evidence: { key: string }[];
}

describe('killing the worker process at random moments (fault)', function () {
  this.timeout(480_000);
  let site: SlowSite;
  let service: TestService;
  let api: ApiClient;
  let scheduler: { stop(): Promise<void> };
  let first: { process: Running; id: string };
  const children: Running[] = [];
  const logs: { level: number; msg: string }[] = [];
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);

  const startChild = async (): Promise<{ process: Running; id: string }> => {
    const started = startGoalie(['worker'], {
      DATABASE_URL: service.runtime.databaseUrl,
      GOALIE_HOME: service.home,
      GOALIE_DEMO_PORT: 'off',
      GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS),
      GOALIE_SCHEDULER_TICK_SECONDS: String(TICK_SECONDS),
      GOALIE_CONCURRENCY: '4',
      GOALIE_PROJECT_PARALLELISM: '4',
      GOALIE_BROWSER_ALLOW_LOOPBACK: 'true',
      GOALIE_TRACE: 'off',
      GOALIE_SCREENSHOTS: 'end',
    });
    children.push(started);
    const [, id] = await started.waitFor(/Goalie worker (\S+) is running/, 60_000);
    return { process: started, id: id! };
  };
  const diagnose = async (runIds: string[]) =>
    JSON.stringify(
      {
        runs: await q(`SELECT short_id, status, cancel_requested_at FROM runs WHERE id = ANY($1)`, [runIds]),
        testCases: await q(
          `SELECT id, name, status, attempt, worker_id, queued_at FROM run_test_cases WHERE run_id = ANY($1)`,
          [runIds],
        ),
        jobs: await q(
          `SELECT state, data, started_on, created_on FROM pgboss.job WHERE name = 'run-test-case' AND data->>'runTestCaseId' IN (SELECT id::text FROM run_test_cases WHERE run_id = ANY($1))`,
          [runIds],
        ),
      },
      null,
      1,
    );
  const rowsOf = (runIds: string[]) =>
    q<Row>(
      `SELECT id, run_id, name, status, result, attempt, worker_id, evidence FROM run_test_cases WHERE run_id = ANY($1) ORDER BY run_id, position`,
      [runIds],
    );

  before(async () => {
    site = await startSlowSite();
    const logger = createLogger(
      'warn',
      new Writable({ write: (chunk, _encoding, done) => (logs.push(JSON.parse(String(chunk))), done()) }),
    );
    service = await startTestService(
      { GOALIE_WORKER_STALE_SECONDS: String(STALE_SECONDS), GOALIE_SCHEDULER_TICK_SECONDS: String(TICK_SECONDS) },
      { logger },
    );
    await service.apply(project(site.url));
    api = service.client(await service.token('kill'));
    // The API process's scheduler, as `goalie serve` runs one: it takes back the dead worker's work.
    scheduler = startScheduler(service.runtime.app, {
      tickMs: TICK_SECONDS * 1000,
      staleAfterMs: STALE_SECONDS * 1000,
    });
    first = await startChild();
    await waitFor(
      'the burn-ins',
      async () =>
        (await q<{ n: number }>(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!
          .n === 0,
      90_000,
      100,
    );
  });
  after(async () => {
    await scheduler?.stop();
    for (const running of children) await running.stop();
    await service?.close();
    await site?.close();
  });

  it(`${ROUNDS} kills across ${ROUNDS * RUNS_PER_ROUND} runs, some right after a cancel: every run final in time, one result per test case, usage counted once`, async () => {
    const random = seeded(SEED);
    const runIds: string[] = [];
    const cancelledBeforeKill = new Set<string>();
    /** Results stored before some kill: they must still be the same at the end. */
    const storedBefore = new Map<string, { status: string; result: string | null; attempt: number }>();
    const recoveryMs: number[] = [];
    let { process: current, id: currentId } = first;

    for (let round = 0; round < ROUNDS; round++) {
      // A few kills land within 100 ms of the start (fetching, claiming, launching the context),
      // the others anywhere in the executions; a third of them right after a cancel.
      const killAfterMs = random() < 0.25 ? Math.round(random() * 100) : 200 + Math.round(random() * 3800);
      const cancelFirst = random() < 0.35;
      const started = await Promise.all(Array.from({ length: RUNS_PER_ROUND }, () => api.post('/v1/run', {})));
      const ids = started.map((s) => {
        expect(s.status, JSON.stringify(s.body)).to.equal(200);
        return s.body.run.id as string;
      });
      runIds.push(...ids);
      // The kill moment is the point of the test, not a wait for something.
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      if (cancelFirst) {
        const cancel = await api.post(`/v1/run/${started[0]!.body.run.shortId}/cancel`);
        expect([200, 400], JSON.stringify(cancel.body)).to.include(cancel.status);
        if (cancel.status === 200) cancelledBeforeKill.add(ids[0]!);
      }
      current.child.kill('SIGKILL');
      const killedAt = Date.now();
      const dead = currentId;
      await current.stop();
      for (const row of await rowsOf(runIds))
        if (FINAL.includes(row.status) || row.status === 'SKIPPED')
          storedBefore.set(row.id, { status: row.status, result: row.result, attempt: row.attempt });
      // Started again at once, as a supervisor would.
      const restarted = startChild();

      const deadline = STALE_SECONDS * 1000 + TICK_SECONDS * 1000 + MARGIN_MS;
      await waitFor(
        `the test cases of the killed worker ${dead} to be taken back`,
        async () =>
          (
            await q<{ n: number }>(
              `SELECT count(*)::int n FROM run_test_cases WHERE worker_id = $1 AND status = 'RUNNING'`,
              [dead],
            )
          )[0]!.n === 0,
        deadline - (Date.now() - killedAt),
        50,
      );
      recoveryMs.push(Date.now() - killedAt);
      for (const runId of ids.filter((id) => cancelledBeforeKill.has(id))) {
        const [run] = await q<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId]);
        expect(run!.status, `run cancelled before the kill, ${Date.now() - killedAt} ms after it`).to.equal(
          'CANCELLED',
        );
      }
      ({ process: current, id: currentId } = await restarted);
      await waitFor(
        `the runs of round ${round + 1} to end`,
        async () =>
          (
            await q<{ n: number }>(
              `SELECT count(*)::int n FROM runs WHERE id = ANY($1) AND status NOT IN ('COMPLETED', 'ERROR', 'CANCELLED')`,
              [ids],
            )
          )[0]!.n === 0,
        90_000,
        100,
      ).catch(async (error: Error) => {
        throw new Error(
          `${error.message} (killed ${killAfterMs} ms after the start${cancelFirst ? ', right after a cancel' : ''}): ${await diagnose(ids)}`,
        );
      });
    }

    // Every run ended; every test case has one final result, from the attempt that stored it.
    const runs = await q<{
      id: string;
      short_id: string;
      status: string;
      result: string | null;
      cancel_requested_at: Date | null;
    }>(`SELECT id, short_id, status, result, cancel_requested_at FROM runs WHERE id = ANY($1)`, [runIds]);
    expect(runs).to.have.length(ROUNDS * RUNS_PER_ROUND);
    const rows = await rowsOf(runIds);
    expect(rows).to.have.length(ROUNDS * RUNS_PER_ROUND * 2);
    for (const row of rows) {
      const where = `${row.name} of run ${row.run_id} (attempt ${row.attempt}): ${JSON.stringify({ status: row.status, result: row.result })}`;
      expect(['COMPLETED', 'ERROR', 'CANCELLED', 'SKIPPED'], where).to.include(row.status);
      if (row.status === 'COMPLETED') expect(row.result, where).to.equal(row.name === 'Walk' ? 'PASSED' : 'FAILED');
      else expect(row.result, where).to.equal(row.status === 'SKIPPED' ? 'SKIPPED' : null);
      expect(row.attempt, where).to.be.at.most(1);
      for (const item of row.evidence) expect(item.key, where).to.include(`/attempt-${row.attempt}/`);
      if (storedBefore.has(row.id))
        expect(
          { status: row.status, result: row.result, attempt: row.attempt },
          `${where} changed after a kill`,
        ).to.deep.equal(storedBefore.get(row.id));
    }
    for (const run of runs) {
      const own = rows.filter((r) => r.run_id === run.id);
      const where = `run ${run.short_id}: ${JSON.stringify(own.map((r) => [r.name, r.status, r.result]))}`;
      expect(FINAL, where).to.include(run.status);
      if (cancelledBeforeKill.has(run.id)) expect(run.status, where).to.equal('CANCELLED');
      if (run.status === 'CANCELLED') expect(run.cancel_requested_at, where).to.not.equal(null);
      if (run.status === 'ERROR')
        expect(
          own.every((r) => r.status === 'ERROR'),
          where,
        ).to.equal(true);
      if (run.status === 'COMPLETED') {
        const failed = own.some((r) => r.result === 'FAILED' || r.status === 'ERROR' || r.status === 'SKIPPED');
        expect(run.result, where).to.equal(failed ? 'FAILED' : 'PASSED');
      }
      // What the API shows is what is stored: one entry per test case, the same statuses.
      const view = (await api.get(`/v1/run/${run.short_id}?testCases=all`)).body;
      expect(
        view.runTestCases.map((t: { id: string; status: string }) => [t.id, t.status]).sort(),
        where,
      ).to.deep.equal(own.map((r) => [r.id, r.status]).sort());
    }
    // Retries and recoveries spend no usage: one per run.
    const [org] = await q<{ usage_count: number }>(`SELECT usage_count FROM organizations WHERE name = 'Kill'`);
    expect(org!.usage_count).to.equal(ROUNDS * RUNS_PER_ROUND);
    // Nothing escaped the run engine: the only error-level line a kill may cause is a test case lost twice.
    const errors = logs.filter((l) => l.level >= 50 && !/worker lost twice/.test(l.msg));
    expect(errors, JSON.stringify(errors)).to.deep.equal([]);
    const childErrors = children
      .flatMap((c) => c.output().split('\n'))
      .filter((line) => /"level":(50|60)/.test(line) && !/worker lost twice/.test(line));
    expect(childErrors, childErrors.join('\n')).to.deep.equal([]);
    const statuses = runs.reduce<Record<string, number>>(
      (all, run) => ({ ...all, [run.status]: (all[run.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `      kills taken back after ${recoveryMs.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s (bound ${STALE_SECONDS + TICK_SECONDS} s + ${MARGIN_MS / 1000} s); runs ${JSON.stringify(statuses)}; retried ${rows.filter((r) => r.attempt > 0).length} test cases`,
    );
  });
});
