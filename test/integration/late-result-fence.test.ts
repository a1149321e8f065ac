// A worker cut off by the network (not killed) goes on executing its test case while its heartbeat
// is stale; recovery gives the test case another attempt, which another worker claims. When the cut
// off worker's verdict arrives at last, it must not be stored: only the current claim (its attempt
// and worker) stores a result, so the run keeps exactly the verdict of the attempt that holds it.
// The two workers are executeRunTestCase calls with scripted executors, on real PostgreSQL.
import { expect } from 'chai';
import { executeRunTestCase } from '../../backend/src/app/run-engine/execute-run-test-case.js';
import { recoverStaleWork } from '../../backend/src/app/run-engine/recover-stale-work.js';
import { shopProject } from '../fixtures/projects.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { loggerInto } from '../helpers/log-lines.js';

describe('a late result of a worker whose test case went to another attempt', () => {
  let service: TestService;
  let api: ApiClient;
  const logs: { level: number; msg: string; runTestCaseId?: string }[] = [];
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const ctx = () => service.runtime.app;

  before(async () => {
    const logger = loggerInto(logs, 'warn');
    service = await startTestService({}, { logger });
    await service.apply(shopProject());
    api = service.client(await service.token('shop'));
  });
  after(() => service.close());

  /** A one-test-case run ("Admin dashboard"), its test case queued and claimed by nobody yet. */
  const startRun = async () => {
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const [row] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    return { shortId: body.run.shortId as string, runTestCaseId: row.id as string };
  };
  const gate = () => {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    return { promise, release };
  };
  const register = (id: string) =>
    service.runtime.app.store.execution.registerWorker({ id, hostname: 'test', pid: 1, concurrency: 1 }, new Date());
  /** The network between the worker and the database is cut: its last heartbeat is a minute old. */
  const cutOff = (id: string) => q(`UPDATE workers SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [id]);
  const row = async (id: string) =>
    (
      await q(`SELECT status, result, attempt, worker_id, evaluation_thought FROM run_test_cases WHERE id = $1`, [id])
    )[0];
  const stepVersions = async () =>
    (
      await q(
        `SELECT count(*)::int n FROM test_case_step_versions v JOIN test_cases t ON t.id = v.test_case_id WHERE t.name = 'Admin dashboard'`,
      )
    )[0].n;

  it("is refused while another worker holds the new attempt; the new attempt's verdict is the one stored", async () => {
    const run = await startRun();
    const first = gate();
    const second = gate();
    // The cut off worker would pass (and save the steps it burnt in); the worker now holding it fails.
    const cutOffExecutor = new ScriptedExecutor({
      'Admin dashboard': { gate: first.promise, verdict: 'PASSED', stepsChanged: true },
    });
    const currentExecutor = new ScriptedExecutor({ 'Admin dashboard': { gate: second.promise, verdict: 'FAILED' } });
    await register('cut-off-1');
    const late = executeRunTestCase(
      ctx(),
      { workerId: 'cut-off-1', executor: cutOffExecutor, projectParallelism: 20 },
      { runTestCaseId: run.runTestCaseId, attempt: 0 },
    );
    await cutOffExecutor.startedFor('Admin dashboard');
    await cutOff('cut-off-1');
    expect(await recoverStaleWork(ctx(), 10_000)).to.equal(1);
    expect(await row(run.runTestCaseId)).to.include({ status: 'PENDING', attempt: 1, worker_id: null });

    await register('current-1');
    const current = executeRunTestCase(
      ctx(),
      { workerId: 'current-1', executor: currentExecutor, projectParallelism: 20 },
      { runTestCaseId: run.runTestCaseId, attempt: 1 },
    );
    await currentExecutor.startedFor('Admin dashboard');
    const versionsBefore = await stepVersions();

    // The network comes back and the cut off worker stores its verdict: refused.
    first.release();
    const lateAnswer = await late;
    expect(await row(run.runTestCaseId)).to.include({
      status: 'RUNNING',
      result: null,
      attempt: 1,
      worker_id: 'current-1',
    });
    expect(await stepVersions(), 'the late pass saved no steps').to.equal(versionsBefore);
    expect(lateAnswer).to.equal('not-mine');
    expect((await api.get(`/v1/run/${run.shortId}`)).body.status).to.equal('RUNNING');
    const warned = logs.filter((l) => l.runTestCaseId === run.runTestCaseId && /late result/i.test(l.msg));
    expect(
      warned.map((l) => l.level),
      JSON.stringify(logs),
    ).to.deep.equal([40]);

    second.release();
    expect(await current).to.equal('done');
    expect(await row(run.runTestCaseId)).to.include({
      status: 'COMPLETED',
      result: 'FAILED',
      attempt: 1,
      worker_id: 'current-1',
    });
    const view = (await api.get(`/v1/run/${run.shortId}?testCases=all`)).body;
    expect(view).to.include({ status: 'COMPLETED', result: 'FAILED' });
    expect(view.runTestCases).to.have.length(1);
  });

  it('is refused while the test case waits for its new attempt, and saves none of its steps', async () => {
    const run = await startRun();
    const first = gate();
    const cutOffExecutor = new ScriptedExecutor({
      'Admin dashboard': { gate: first.promise, verdict: 'PASSED', stepsChanged: true },
    });
    await register('cut-off-2');
    const late = executeRunTestCase(
      ctx(),
      { workerId: 'cut-off-2', executor: cutOffExecutor, projectParallelism: 20 },
      { runTestCaseId: run.runTestCaseId, attempt: 0 },
    );
    await cutOffExecutor.startedFor('Admin dashboard');
    await cutOff('cut-off-2');
    expect(await recoverStaleWork(ctx(), 10_000)).to.equal(1);
    const versionsBefore = await stepVersions();

    first.release();
    const lateAnswer = await late;
    expect(await row(run.runTestCaseId)).to.include({ status: 'PENDING', result: null, attempt: 1 });
    expect(await stepVersions(), 'the late pass saved no steps').to.equal(versionsBefore);
    expect(lateAnswer).to.equal('not-mine');
    expect(
      logs.filter((l) => l.runTestCaseId === run.runTestCaseId && /late result/i.test(l.msg)).map((l) => l.level),
    ).to.deep.equal([40]);

    // The new attempt runs as if the late result never came.
    await register('current-2');
    const current = await executeRunTestCase(
      ctx(),
      {
        workerId: 'current-2',
        executor: new ScriptedExecutor({ 'Admin dashboard': { verdict: 'FAILED' } }),
        projectParallelism: 20,
      },
      { runTestCaseId: run.runTestCaseId, attempt: 1 },
    );
    expect(current).to.equal('done');
    expect((await api.get(`/v1/run/${run.shortId}`)).body).to.include({ status: 'COMPLETED', result: 'FAILED' });
  });

  it("the same worker, cut off and claiming the new attempt itself, stores only the new attempt's verdict", async () => {
    const run = await startRun();
    const first = gate();
    const second = gate();
    await register('flaky-3');
    const late = executeRunTestCase(
      ctx(),
      {
        workerId: 'flaky-3',
        executor: new ScriptedExecutor({ 'Admin dashboard': { gate: first.promise, verdict: 'PASSED' } }),
        projectParallelism: 20,
      },
      { runTestCaseId: run.runTestCaseId, attempt: 0 },
    );
    await waitStarted(run.runTestCaseId);
    await cutOff('flaky-3');
    expect(await recoverStaleWork(ctx(), 10_000)).to.equal(1);
    // Back on the network, the same worker takes the retry: same worker id, newer attempt.
    await register('flaky-3');
    const retried = executeRunTestCase(
      ctx(),
      {
        workerId: 'flaky-3',
        executor: new ScriptedExecutor({ 'Admin dashboard': { gate: second.promise, verdict: 'FAILED' } }),
        projectParallelism: 20,
      },
      { runTestCaseId: run.runTestCaseId, attempt: 1 },
    );
    await waitStarted(run.runTestCaseId, 1);
    first.release();
    const lateAnswer = await late;
    expect(await row(run.runTestCaseId)).to.include({ status: 'RUNNING', result: null, attempt: 1 });
    expect(lateAnswer).to.equal('not-mine');
    second.release();
    expect(await retried).to.equal('done');
    expect(await row(run.runTestCaseId)).to.include({ status: 'COMPLETED', result: 'FAILED', attempt: 1 });
  });

  const waitStarted = (runTestCaseId: string, attempt = 0) =>
    waitFor(
      `attempt ${attempt} of the test case to run`,
      async () => {
        const current = await row(runTestCaseId);
        return current.status === 'RUNNING' && current.attempt === attempt;
      },
      10_000,
      20,
    );
});
