// POST /v1/run of a plan of 10,000 test cases with dependencies (issue 15): the test cases, their
// recorded steps and Wait For dependencies (chains of 10) are written straight into the tables, no
// burn-ins. Measures the answer's time and this process's memory (the service runs in it: API,
// run engine, scheduler) while the run is started. Standalone (`tsx test/bench/big-plan.ts`) the
// resident figure is the service's alone; inside `npm run bench` it includes the earlier phases.
import { startTestService } from '../helpers/service.js';
import { benchProject } from './bench-project.js';
import { runStandalone } from './standalone.js';

const TEST_CASES = Number(process.env.BENCH_BIG_PLAN_TEST_CASES ?? 10_000);
const CHAIN = 10;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function measureBigPlan() {
  const service = await startTestService();
  try {
    await service.apply(benchProject('http://127.0.0.1:9', 1));
    const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
    const [first] = await q(
      `SELECT t.project_id, t.application_id, p.id AS plan_id, p.short_id AS plan_short_id FROM test_cases t, test_plans p WHERE t.name = 'Case 01' AND p.name = 'All'`,
    );
    await q(`DELETE FROM test_plan_test_cases WHERE test_plan_id = $1`, [first.plan_id]);
    await q(
      `INSERT INTO test_cases (project_id, application_id, name, goal, expected_result, generation_status, is_enabled, created_via, generated_at)
       SELECT $1, $2, 'Big ' || lpad(i::text, 5, '0'), 'Go to /products' || chr(10) || 'Click ''Add to cart'' in the row of ''Blue mug''', '''Cart (1)'' is shown', 'COMPLETED', true, 'yaml', now()
         FROM generate_series(1, $3) AS i`,
      [first.project_id, first.application_id, TEST_CASES],
    );
    const steps = JSON.stringify([
      { sentence: 'Go to /products', action: 'goto', url: '/products' },
      {
        sentence: "Click 'Add to cart' in the row of 'Blue mug'",
        action: 'click',
        target: { role: 'button', name: 'Add to cart' },
      },
    ]);
    await q(
      `INSERT INTO test_case_step_versions (test_case_id, version, steps, source) SELECT id, 1, $2::jsonb, 'burn-in' FROM test_cases WHERE project_id = $1 AND name LIKE 'Big %'`,
      [first.project_id, steps],
    );
    // Each test case waits for the one before it, in chains of CHAIN.
    await q(
      `INSERT INTO test_case_wait_for (test_case_id, depends_on_id)
       SELECT t.id, d.id FROM test_cases t JOIN test_cases d ON d.project_id = t.project_id
          AND d.name = 'Big ' || lpad((substr(t.name, 5)::int - 1)::text, 5, '0')
        WHERE t.project_id = $1 AND t.name LIKE 'Big %' AND substr(t.name, 5)::int % $2 <> 1`,
      [first.project_id, CHAIN],
    );
    await q(
      `INSERT INTO test_plan_test_cases (test_plan_id, test_case_id, position)
       SELECT $1, id, substr(name, 5)::int FROM test_cases WHERE project_id = $2 AND name LIKE 'Big %'`,
      [first.plan_id, first.project_id],
    );
    const api = service.client(await service.token('bench'));
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = Date.now();
    const res = await api.post('/v1/run', { testPlanShortId: first.plan_short_id });
    const answerMs = Date.now() - started;
    clearInterval(sampler);
    if (res.status !== 200)
      throw new Error(`POST /v1/run answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM run_test_cases WHERE run_id = $1`, [res.body.run.id]);
    return {
      testCases: TEST_CASES,
      runTestCases: n,
      answerMs,
      targetMs: 2000,
      rssBeforeMb: mb(before.rss),
      rssPeakMb: mb(peakRss),
      targetRssMb: 300,
      // What starting the run itself took on the heap: the bench process also holds whatever ran before it.
      heapGrowthMb: mb(peakHeap - before.heapUsed),
    };
  } finally {
    await service.close();
  }
}

runStandalone(import.meta.url, 'bigPlan', measureBigPlan);
