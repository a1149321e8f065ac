// A worker killed after it took a test case's job from the queue but before it claimed the test case
// (found by test/e2e/worker-kill-storm.test.ts: several jobs are fetched at once and their claims
// queue up on the project's lock, so the window is wide). The test case is PENDING with no RUNNING
// row to time out, and its job is held by a dead process: the scheduler must give the job up and
// queue the test case again once it has been held longer than the stale timeout. Real queue and
// database, a scripted executor in place of the browser.
import { expect } from 'chai';
import { startScheduler } from '../../backend/src/jobs/scheduler.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { shopProject } from '../fixtures/projects.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

const STALE_MS = 10_000;

describe('a test case whose job was taken by a worker that died before claiming it', () => {
  let service: TestService;
  let api: ApiClient;
  let worker: Worker | null = null;
  let scheduler: { stop(): Promise<void>; tick(): Promise<void> };
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  before(async () => {
    service = await startTestService();
    await service.apply(shopProject());
    api = service.client(await service.token('shop'));
    // Ticks only when the test says so.
    scheduler = startScheduler(service.runtime.app, { tickMs: 3_600_000, staleAfterMs: STALE_MS });
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = null;
  });
  after(async () => {
    await scheduler.stop();
    await service.close();
  });

  const startRun = async () => {
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const [row] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    return { shortId: body.run.shortId as string, runTestCaseId: row.id as string };
  };
  /** What a worker does first with a job, and all the killed one did: take it from the queue. */
  const takeJob = async (runTestCaseId: string) => {
    const jobs = await service.runtime.boss.fetch<{ runTestCaseId: string }>('run-test-case', { batchSize: 50 });
    const job = jobs.find((j) => j.data.runTestCaseId === runTestCaseId);
    expect(job, 'the test case has a queued job').to.not.equal(undefined);
    return job!.id;
  };
  /** Taken this long ago: longer than the stale timeout. */
  const takenAgo = (jobId: string, seconds: number) =>
    q(`UPDATE pgboss.job SET started_on = now() - make_interval(secs => $2) WHERE id = $1`, [jobId, seconds]);
  const jobState = async (jobId: string) => (await q(`SELECT state FROM pgboss.job WHERE id = $1`, [jobId]))[0]?.state;
  const jobsOf = async (runTestCaseId: string) =>
    (await q(`SELECT id, state FROM pgboss.job WHERE name = 'run-test-case' AND data->>'runTestCaseId' = $1`, [
      runTestCaseId,
    ])) as { id: string; state: string }[];
  const startWorker = async (executor: ScriptedExecutor) => {
    worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 2,
      projectParallelism: 20,
    });
    await worker.start();
  };
  const finished = (shortId: string) =>
    waitFor(
      `run ${shortId} to end`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}?testCases=all`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      20_000,
    );

  it('is queued again at the first tick after the stale timeout, and another worker runs it', async () => {
    const run = await startRun();
    const lost = await takeJob(run.runTestCaseId);

    // Held for less than the stale timeout: it may still be claimed by a live worker; left alone.
    await takenAgo(lost, 1);
    await scheduler.tick();
    expect(await jobsOf(run.runTestCaseId)).to.deep.equal([{ id: lost, state: 'active' }]);

    await takenAgo(lost, STALE_MS / 1000 + 1);
    await scheduler.tick();
    await startWorker(new ScriptedExecutor());
    const view = await finished(run.shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(view.runTestCases[0]).to.include({ status: 'COMPLETED', result: 'PASSED' });
    // The same attempt: it was never started, so it does not use up the retry a lost worker gets.
    expect((await q(`SELECT attempt FROM run_test_cases WHERE id = $1`, [run.runTestCaseId]))[0].attempt).to.equal(0);
    // The worker completes the new job just after it stored the verdict.
    const jobs = await waitFor('the new job to be completed', async () => {
      const all = await jobsOf(run.runTestCaseId);
      return all.some((j) => j.id !== lost && j.state === 'active') ? null : all;
    });
    expect(jobs.find((j) => j.id === lost)?.state, 'the lost job is given up').to.equal('cancelled');
    expect(jobs.filter((j) => j.id !== lost).map((j) => j.state)).to.deep.equal(['completed']);
    // One more tick changes nothing: the test case ran once.
    await scheduler.tick();
    expect((await jobsOf(run.runTestCaseId)).map((j) => j.state).sort()).to.deep.equal(['cancelled', 'completed']);
  });

  it('leaves alone the job of a test case its worker claimed and is executing, however long it takes', async () => {
    let release!: () => void;
    const executor = new ScriptedExecutor({
      'Admin dashboard': { gate: new Promise<void>((resolve) => (release = resolve)) },
    });
    await startWorker(executor);
    const run = await startRun();
    // This run's test case, not the burn-in that applying the project queued for the same name
    // (a worker of an earlier test may have left it to this one).
    await waitFor("the run's test case to start", async () =>
      executor.requests.some((r) => r.evidencePrefix.includes(run.runTestCaseId)),
    );
    const [job] = await jobsOf(run.runTestCaseId);
    expect(job!.state).to.equal('active');
    await takenAgo(job!.id, STALE_MS / 1000 + 60);
    await scheduler.tick();
    expect(await jobsOf(run.runTestCaseId)).to.deep.equal([{ id: job!.id, state: 'active' }]);
    release();
    expect(await finished(run.shortId)).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(
      await waitFor('the job to be completed', async () => (await jobState(job!.id)) !== 'active' && jobState(job!.id)),
    ).to.equal('completed');
    expect(executor.requests.filter((r) => r.evidencePrefix.includes(run.runTestCaseId))).to.have.length(1);
  });

  it('gives up without queueing again the job of a test case whose run was cancelled meanwhile', async () => {
    const run = await startRun();
    const lost = await takeJob(run.runTestCaseId);
    expect((await api.post(`/v1/run/${run.shortId}/cancel`)).status).to.equal(200);
    await takenAgo(lost, STALE_MS / 1000 + 1);
    await scheduler.tick();
    expect(await jobsOf(run.runTestCaseId)).to.deep.equal([{ id: lost, state: 'cancelled' }]);
    expect((await api.get(`/v1/run/${run.shortId}`)).body).to.include({ status: 'CANCELLED' });
  });
});
