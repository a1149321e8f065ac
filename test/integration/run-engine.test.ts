// The run engine through the real queue and database, with a scripted executor in place of the
// browser: order of dependencies, skipping, parallelism, cancellation, lost workers, schedules,
// and what is stored from outcomes.
import { expect } from 'chai';
import { Worker } from '../../backend/src/jobs/worker.js';
import { startScheduledRun } from '../../backend/src/app/start-run.js';
import { fireSchedules } from '../../backend/src/app/run-engine/fire-schedules.js';
import { recoverStaleWork } from '../../backend/src/app/run-engine/recover-stale-work.js';
import { finishStrandedRuns } from '../../backend/src/app/run-engine/finish-stranded-runs.js';
import { shopProject } from '../fixtures/projects.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

describe('run engine', () => {
  let service: TestService;
  let api: ApiClient;
  let executor: ScriptedExecutor;
  let worker: Worker;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  const startWorker = async (concurrency = 4) => {
    worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency,
      projectParallelism: 20,
    });
    await worker.start();
  };
  const finished = (shortId: string) =>
    waitFor(`run ${shortId} to end`, async () => {
      const res = await api.get(`/v1/run/${shortId}?testCases=all`);
      return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
    });
  const byName = (view: { runTestCases: { name: string }[] }) =>
    Object.fromEntries(view.runTestCases.map((t) => [t.name, t])) as Record<string, any>;

  before(async () => {
    service = await startTestService();
    await service.apply(shopProject());
    api = service.client(await service.token('shop'));
  });
  after(() => service.close());
  beforeEach(async () => {
    executor = new ScriptedExecutor();
    await startWorker();
  });
  afterEach(() => worker.stop(1000));

  it('runs dependencies first and passes browser state along Resume From', async () => {
    const { body } = await api.post('/v1/run', {});
    const view = await finished(body.run.shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
    // Burn-ins queued by apply run on the same worker: look at this run's executions only.
    const runs = executor.requests.filter((r) => r.evidencePrefix.startsWith('runs/'));
    const order = runs.map((r) => r.name);
    expect(order.indexOf('Sign in')).to.be.lessThan(order.indexOf('Add to cart'));
    expect(order.indexOf('Add to cart')).to.be.lessThan(order.indexOf('Checkout'));
    const checkout = runs.find((r) => r.name === 'Checkout')!;
    expect(checkout.resumeState).to.equal('state of Add to cart');
    expect(runs.find((r) => r.name === 'Sign in')!.keepState).to.equal(true);
    expect(runs.find((r) => r.name === 'Admin dashboard')!.keepState).to.equal(false);
    // Plan parameters reach the executor: web runs on staging.
    expect(checkout.baseUrl).to.equal('https://staging.shop.example.com');
    expect(checkout.configs).to.deep.equal({});
    expect(runs.find((r) => r.name === 'Sign in')!.configs).to.deep.equal({
      'admin login': { username: 'admin@example.com', password: 's3cret' },
    });
  });

  it('stores the browser state a dependent resumes from only encrypted: no plaintext, opened with the secret key', async () => {
    const state = JSON.stringify({
      cookies: [
        { name: 'session', value: 'session-cookie-of-the-signed-in-admin', domain: 'staging.shop.example.com' },
      ],
      origins: [],
    });
    executor.scripts = { 'Sign in': { browserState: state } };
    const { body } = await api.post('/v1/run', {});
    expect(await finished(body.run.shortId)).to.include({ status: 'COMPLETED', result: 'PASSED' });
    const [row] = await q(
      `SELECT rtc.browser_state FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id
        WHERE r.short_id = $1 AND rtc.name = 'Sign in'`,
      [body.run.shortId],
    );
    expect(row.browser_state).to.be.a('string').and.not.include('session-cookie-of-the-signed-in-admin');
    expect(row.browser_state).not.to.include('cookies');
    expect(service.runtime.secrets.open(row.browser_state)).to.equal(state);
    // The dependent got it back decrypted.
    const addToCart = executor.requests.find((r) => r.name === 'Add to cart' && r.evidencePrefix.startsWith('runs/'));
    expect(addToCart!.resumeState).to.equal(state);
  });

  it('hands each test case every secret value of its project to mask, not only those of its own configs', async () => {
    const { body } = await api.post('/v1/run', {});
    await finished(body.run.shortId);
    const runs = executor.requests.filter((r) => r.evidencePrefix.startsWith('runs/'));
    // Admin dashboard uses no config; the project's one secret is Sign in's.
    const admin = runs.find((r) => r.name === 'Admin dashboard')!;
    expect(admin.configs).to.deep.equal({});
    expect(admin.secrets).to.deep.equal([{ value: 's3cret', placeholder: '{{config.password}}' }]);
    for (const r of runs) expect(r.secrets, r.name).to.deep.equal(admin.secrets);
  });

  it('skips the dependents of a failed test case, naming the dependency, and fails the run', async () => {
    executor.scripts = { 'Sign in': { verdict: 'FAILED' } };
    const { body } = await api.post('/v1/run', {});
    const view = await finished(body.run.shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'FAILED' });
    const rows = byName(view);
    expect(rows['Sign in']).to.include({ status: 'COMPLETED', result: 'FAILED' });
    expect(rows['Add to cart']).to.include({
      status: 'SKIPPED',
      result: 'SKIPPED',
      resultTitle: 'Skipped: dependency "Sign in" failed',
    });
    expect(rows['Checkout']).to.include({ status: 'SKIPPED', result: 'SKIPPED' });
    expect(rows['Checkout'].resultTitle).to.match(/Add to cart/);
    expect(rows['Admin dashboard']).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(
      executor.requests.filter((r) => r.evidencePrefix.startsWith('runs/')).map((r) => r.name),
    ).to.not.include.members(['Add to cart', 'Checkout']);
  });

  it('runs independent test cases in parallel', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    executor.scripts = { 'Sign in': { gate }, 'Admin dashboard': { gate } };
    const { body } = await api.post('/v1/run', {});
    await Promise.all([executor.startedFor('Sign in'), executor.startedFor('Admin dashboard')]);
    expect(executor.running).to.equal(2);
    release();
    expect(await finished(body.run.shortId)).to.include({ status: 'COMPLETED', result: 'PASSED' });
  });

  it('ends a run without test cases at once: COMPLETED, SKIPPED', async () => {
    await service.apply(
      shopProject().replace(
        '  - name: Admin only\n    testCases: [Admin dashboard]',
        '  - name: Admin only\n    testCases: [Disabled check]',
      ),
    );
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    expect(body.run.testCount).to.equal(0);
    const view = await api.get(`/v1/run/${body.run.shortId}`);
    expect(view.body).to.include({ status: 'COMPLETED', result: 'SKIPPED' });
    await service.apply(shopProject());
  });

  it('marks an errored test case ERROR; a run where nothing reached a verdict ends ERROR', async () => {
    executor.scripts = { 'Admin dashboard': { verdict: 'ERROR' } };
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const view = await finished(body.run.shortId);
    expect(view).to.include({ status: 'ERROR', result: null });
    expect(view.runTestCases[0]).to.include({ status: 'ERROR', result: null });
  });

  it('cancels: pending test cases at once, the running one through its worker', async () => {
    let release!: () => void;
    executor.scripts = {
      'Sign in': { gate: new Promise<void>((resolve) => (release = resolve)) },
      'Admin dashboard': { gate: new Promise(() => {}) },
    };
    const { body } = await api.post('/v1/run', {});
    await executor.startedFor('Sign in');
    const cancel = await api.post(`/v1/run/${body.run.shortId}/cancel`);
    expect(cancel.status).to.equal(200);
    const view = await finished(body.run.shortId);
    release();
    expect(view).to.include({ status: 'CANCELLED', result: null });
    const rows = byName(view);
    expect(rows['Sign in'].status).to.equal('CANCELLED');
    expect(rows['Add to cart'].status).to.equal('CANCELLED');
    const again = await api.post(`/v1/run/${body.run.shortId}/cancel`);
    expect(again.status).to.equal(400);
    expect(again.body.message).to.match(/already ended \(CANCELLED\)/);
  });

  it('takes back the work of a worker that stopped beating: one retry, then ERROR', async () => {
    await worker.stop(1000);
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const [row] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    // A worker that claimed the test case and died: its heartbeat is a minute old.
    const dead = async (attempt: number) => {
      await q(
        `INSERT INTO workers (id, hostname, pid, concurrency, heartbeat_at) VALUES ($1, 'gone', 1, 1, now() - interval '1 minute') ON CONFLICT (id) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at`,
        [`dead-${attempt}`],
      );
      await q(`UPDATE run_test_cases SET status = 'RUNNING', worker_id = $2 WHERE id = $1 AND attempt = $3`, [
        row.id,
        `dead-${attempt}`,
        attempt,
      ]);
    };
    await dead(0);
    expect(await recoverStaleWork(service.runtime.app, 10_000)).to.equal(1);
    expect((await q(`SELECT status, attempt FROM run_test_cases WHERE id = $1`, [row.id]))[0]).to.deep.equal({
      status: 'PENDING',
      attempt: 1,
    });
    await dead(1);
    await recoverStaleWork(service.runtime.app, 10_000);
    const view = await finished(body.run.shortId);
    expect(view.runTestCases[0]).to.include({
      status: 'ERROR',
      resultTitle: 'The worker executing this test case stopped',
    });
    expect(view).to.include({ status: 'ERROR' });
  });

  it('ends CANCELLED a test case whose worker was lost after its run was asked to cancel', async () => {
    await worker.stop(1000);
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const [row] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    // It was running on a worker that died; the cancel came before the worker noticed it.
    await q(`UPDATE run_test_cases SET status = 'RUNNING', worker_id = 'never-registered' WHERE id = $1`, [row.id]);
    const cancel = await api.post(`/v1/run/${body.run.shortId}/cancel`);
    expect(cancel.body.run.status, 'the running test case holds the run open').to.not.equal('CANCELLED');
    expect(await recoverStaleWork(service.runtime.app, 10_000)).to.equal(1);
    const view = (await api.get(`/v1/run/${body.run.shortId}?testCases=all`)).body;
    expect(view).to.include({ status: 'CANCELLED', result: null });
    expect(view.runTestCases[0]).to.include({ status: 'CANCELLED', resultTitle: 'Cancelled' });
  });

  it('finishes a run left with nothing to do (a cancelled run whose test case went back to PENDING)', async () => {
    await worker.stop(1000);
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    // What the lost-worker retry used to leave: PENDING, never to be claimed, in a RUNNING run.
    await q(`UPDATE runs SET status = 'RUNNING', cancel_requested_at = now() WHERE short_id = $1`, [body.run.shortId]);
    const untouched = await api.post('/v1/run', { testPlanShortId: plan });
    expect(await finishStrandedRuns(service.runtime.app)).to.deep.equal([body.run.shortId]);
    const view = (await api.get(`/v1/run/${body.run.shortId}?testCases=all`)).body;
    expect(view).to.include({ status: 'CANCELLED' });
    expect(view.runTestCases[0].status).to.equal('CANCELLED');
    // A run whose test case is only waiting for a worker is not touched.
    expect((await api.get(`/v1/run/${untouched.body.run.shortId}`)).body.status).to.equal('INITIATED');
    await startWorker();
    await finished(untouched.body.run.shortId);
  });

  it('after a lost worker, another worker finishes the retried test case', async () => {
    await worker.stop(1000);
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const { body } = await api.post('/v1/run', { testPlanShortId: plan });
    const [row] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    await q(`UPDATE run_test_cases SET status = 'RUNNING', worker_id = 'never-registered' WHERE id = $1`, [row.id]);
    await startWorker();
    await recoverStaleWork(service.runtime.app, 10_000);
    const view = await finished(body.run.shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect((await q(`SELECT attempt FROM run_test_cases WHERE id = $1`, [row.id]))[0].attempt).to.equal(1);
  });

  it('a storm of cancels racing the claims of two workers: no 500, every cancel counted, every run final', async () => {
    const second = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 4,
      projectParallelism: 20,
    });
    await second.start();
    try {
      // A fixed schedule: each cancel 0 to 15 ms after its run was created, while workers claim.
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const { status: started, body } = await api.post('/v1/run', {});
          expect(started, JSON.stringify(body)).to.equal(200);
          await new Promise((resolve) => setTimeout(resolve, (i % 4) * 5));
          const cancel = await api.post(`/v1/run/${body.run.shortId}/cancel`);
          return {
            shortId: body.run.shortId as string,
            status: cancel.status,
            message: cancel.body.message as string | undefined,
          };
        }),
      );
      expect(
        outcomes.filter((o) => o.status !== 200 && o.status !== 400),
        JSON.stringify(outcomes),
      ).to.deep.equal([]);
      for (const o of outcomes) if (o.status === 400) expect(o.message).to.match(/already ended/);
      const views = await Promise.all(outcomes.map((o) => finished(o.shortId)));
      // An accepted cancel is never lost: its run ends CANCELLED.
      outcomes.forEach((o, i) => o.status === 200 && expect(views[i].status, o.shortId).to.equal('CANCELLED'));
      const open = await q(
        `SELECT count(*)::int n FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = ANY($1) AND rtc.status IN ('PENDING', 'RUNNING')`,
        [outcomes.map((o) => o.shortId)],
      );
      expect(open[0].n).to.equal(0);
    } finally {
      await second.stop(1000);
    }
  });

  it('stores steps recorded or healed in a passing run as a new version, and not from a failing one', async () => {
    const [tc] = await q(`SELECT id FROM test_cases WHERE name = 'Admin dashboard'`);
    await q(`DELETE FROM test_case_step_versions WHERE test_case_id = $1`, [tc.id]);
    const plan = (await q(`SELECT short_id FROM test_plans WHERE name = 'Admin only'`))[0].short_id;
    const healed = [{ action: 'goto' as const, url: '/home', sentence: 'Go to /home' }];
    executor.scripts = { 'Admin dashboard': { steps: healed, stepsChanged: true } };
    await finished((await api.post('/v1/run', { testPlanShortId: plan })).body.run.shortId);
    executor.scripts = {
      'Admin dashboard': {
        verdict: 'FAILED',
        steps: [{ action: 'goto', url: '/other', sentence: 'Go to /other' }],
        stepsChanged: true,
      },
    };
    await finished((await api.post('/v1/run', { testPlanShortId: plan })).body.run.shortId);
    const versions = await q(
      `SELECT version, steps, source FROM test_case_step_versions WHERE test_case_id = $1 ORDER BY version`,
      [tc.id],
    );
    expect(versions).to.have.length(1);
    expect(versions[0].steps).to.deep.equal(healed);
    expect(executor.requests.at(-1)!.steps).to.deep.equal(healed);
    const [{ generation_status }] = await q(`SELECT generation_status FROM test_cases WHERE id = $1`, [tc.id]);
    expect(generation_status).to.equal('COMPLETED');
  });

  it('generates the steps of a test case created through the API (burn-in)', async () => {
    const app = (await q(`SELECT short_id FROM applications WHERE name = 'web'`))[0].short_id;
    const created = await api.post('/v1/test-cases', {
      name: 'Newsletter',
      goal: 'Go to /newsletter',
      applicationShortId: app,
    });
    const id = created.body.testCase.id;
    const row = await waitFor(
      'the burn-in',
      async () =>
        (
          await q(`SELECT generation_status FROM test_cases WHERE id = $1 AND generation_status <> 'GENERATING'`, [id])
        )[0],
    );
    expect(row.generation_status).to.equal('COMPLETED');
    const request = executor.requests.find((r) => r.name === 'Newsletter')!;
    expect(request).to.include({ steps: null, expectedResult: null, baseUrl: 'https://shop.example.com' });
    expect((await q(`SELECT source FROM test_case_step_versions WHERE test_case_id = $1`, [id]))[0].source).to.equal(
      'burn-in',
    );
  });

  it('burns in a test case that resumes from another after replaying that one first', async () => {
    const app = (await q(`SELECT short_id FROM applications WHERE name = 'web'`))[0].short_id;
    const [signIn] = await q(`SELECT id FROM test_cases WHERE name = 'Sign in'`);
    await q(`DELETE FROM test_case_step_versions WHERE test_case_id = $1`, [signIn.id]);
    const created = await api.post('/v1/test-cases', {
      name: 'Wishlist',
      goal: 'Go to /wishlist',
      applicationShortId: app,
      resumeFromDependencyProjectTestCaseId: signIn.id,
    });
    await waitFor(
      'the burn-in',
      async () =>
        (
          await q(`SELECT 1 FROM test_cases WHERE id = $1 AND generation_status = 'COMPLETED'`, [
            created.body.testCase.id,
          ])
        )[0],
    );
    const request = executor.requests.find((r) => r.name === 'Wishlist')!;
    const [prelude] = request.preludes!;
    expect(prelude).to.deep.include({
      name: 'Sign in',
      goal: "Go to /login. Log in with config 'admin login'",
      steps: null,
    });
    // The prelude is replayed with its own configs, not the dependent's (which has none).
    expect(Object.keys(prelude!.configs)).to.deep.equal(['admin login']);
    expect(request.configs).to.deep.equal({});
  });

  describe('schedules', () => {
    it('start a run of their plan exactly once per fire time, however many processes tick', async () => {
      await q(
        `UPDATE test_plan_schedules SET cron = '* * * * *', created_at = now() - interval '1 hour', last_fired_at = NULL`,
      );
      const before = Number((await q(`SELECT count(*) FROM runs WHERE trigger = 'SCHEDULE'`))[0].count);
      const started = (await Promise.all([1, 2, 3, 4].map(() => fireSchedules(service.runtime.app)))).flat();
      expect(started).to.have.length(1);
      const runs = await q(
        `SELECT r.short_id, r.schedule_id, r.trigger, p.name FROM runs r JOIN test_plans p ON p.id = r.test_plan_id WHERE r.trigger = 'SCHEDULE'`,
      );
      expect(runs).to.have.length(before + 1);
      expect(runs.at(-1)).to.include({ short_id: started[0], trigger: 'SCHEDULE', name: 'Admin only' });
      expect(runs.at(-1).schedule_id).to.be.a('string');
      expect(await fireSchedules(service.runtime.app)).to.deep.equal([]);
      await finished(started[0]!);
    });

    it('do not catch up on fire times before the schedule existed', async () => {
      await q(`UPDATE test_plan_schedules SET cron = '0 0 1 1 *', created_at = now(), last_fired_at = NULL`);
      expect(await fireSchedules(service.runtime.app)).to.deep.equal([]);
    });

    it('use up a fire time whose run cannot start, instead of retrying it every tick', async () => {
      await q(
        `UPDATE test_plan_schedules SET cron = '* * * * *', created_at = now() - interval '1 hour', last_fired_at = NULL`,
      );
      await q(`UPDATE organizations SET usage_limit = 0`);
      try {
        const [schedule] = await service.runtime.app.store.execution.schedules();
        let failure: unknown;
        await startScheduledRun(service.runtime.app, schedule!, new Date()).catch((error) => (failure = error));
        expect((failure as Error).message).to.match(/usage limit/);
        expect((await q(`SELECT last_fired_at FROM test_plan_schedules`))[0].last_fired_at).to.not.equal(null);
      } finally {
        // Tests after this one start runs: a failed assertion must not leave the limit at 0.
        await q(`UPDATE organizations SET usage_limit = NULL`);
      }
    });
  });
});
