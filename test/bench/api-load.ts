// The API under load (issue 15, "an API that keeps up"): the real service on its own database, a
// finished run of 50 test cases written straight into the tables (no browser), then autocannon in a
// worker thread (so the load generator does not share the service's event loop) against
// GET /v1/run/{id}, GET /v1/run/{id}?testCases=all and GET /v1/outbound-ips. The service logs at
// info, as in production, to /dev/null. Standalone: `tsx test/bench/api-load.ts` (JSON on stdout).
import { createRequire } from 'node:module';
import pino from 'pino';
import { createLogger } from '../../backend/src/logger.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { benchProject } from './bench-project.js';
import { runStandalone } from './standalone.js';

const TEST_CASES = Number(process.env.BENCH_API_TEST_CASES ?? 50);
const DURATION_S = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 16);

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships no types; its programmatic API is one function returning a promise.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** A finished run of `count` test cases with results, through the API's own start and then SQL. */
export async function finishedRun(service: TestService, count: number): Promise<{ token: string; shortId: string }> {
  await service.apply(benchProject('http://127.0.0.1:9', count));
  const token = await service.token('bench');
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  // Burn-ins were queued by apply; no worker runs here, so the test cases are marked burnt in by hand.
  await q(`UPDATE test_cases SET generation_status = 'COMPLETED', generated_at = now(), generation_started_at = now()`);
  const started = await service.client(token).post('/v1/run', {});
  if (started.status !== 200)
    throw new Error(`POST /v1/run answered ${started.status}: ${JSON.stringify(started.body)}`);
  const runId: string = started.body.run.id;
  await q(
    `UPDATE run_test_cases SET status = 'COMPLETED', result = 'PASSED', started_at = now() - interval '5 seconds', finished_at = now(),
            result_title = 'The expected text was shown', evaluation_thought = 'The page showed the text the expected result names, after the last step.'
      WHERE run_id = $1`,
    [runId],
  );
  await q(
    `UPDATE runs SET status = 'COMPLETED', result = 'PASSED', started_at = now() - interval '6 seconds', finished_at = now() WHERE id = $1`,
    [runId],
  );
  const [{ n }] = await q(`SELECT count(*)::int AS n FROM run_test_cases WHERE run_id = $1`, [runId]);
  if (n !== count) throw new Error(`the run has ${n} test cases, not ${count}`);
  return { token, shortId: started.body.run.shortId };
}

export async function load(url: string, token: string | null) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    workers: 1,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
  };
}

export async function measureApiLoad() {
  const logger = createLogger(
    process.env.BENCH_API_LOG_LEVEL ?? 'info',
    pino.destination({ dest: '/dev/null', sync: true }),
  );
  const service = await startTestService({ LOG_LEVEL: 'info' }, { logger });
  try {
    const { token, shortId } = await finishedRun(service, TEST_CASES);
    const base = service.baseUrl;
    // A short warm-up: JIT, the pool's connections, the caches.
    await autocannon({
      url: `${base}/v1/run/${shortId}?testCases=all`,
      connections: CONNECTIONS,
      duration: 2,
      workers: 1,
      headers: { authorization: `Bearer ${token}` },
    });
    log(`API load: ${CONNECTIONS} connections, ${DURATION_S} s per route`);
    const run = await load(`${base}/v1/run/${shortId}`, token);
    const runAll = await load(`${base}/v1/run/${shortId}?testCases=all`, token);
    const outboundIps = await load(`${base}/v1/outbound-ips`, null);
    return {
      connections: CONNECTIONS,
      secondsPerRoute: DURATION_S,
      testCases: TEST_CASES,
      getRun: run,
      getRunAllTestCases: { ...runAll, target: { requestsPerSecond: 2000, p99Ms: 50 } },
      outboundIps,
    };
  } finally {
    await service.close();
  }
}

runStandalone(import.meta.url, 'apiLoad', measureApiLoad);
