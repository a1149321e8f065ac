// Prometheus metrics (issue 15): after a real run (worker, Chromium, a site on 127.0.0.1), a scrape
// shows the executions, the browser launch, HTTP durations by route pattern, webhook deliveries,
// and, while a test case is held, runs and test cases in progress and a waiting job in the queue.
// GOALIE_METRICS=token refuses a scrape without the token; off serves nothing; port serves it on a
// listener of its own and not on the public port.
import type http from 'node:http';
import { expect } from 'chai';
import { loadConfig } from '../../backend/src/config.js';
import { listenForMetrics, startWorker, type RunningWorker } from '../../backend/src/main.js';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { siteProject } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const TOKEN = 'metrics-token-0123456789abcdef';

const project = (siteUrl: string) =>
  siteProject('Metrics', siteUrl, [
    { name: 'Home', goal: 'Go to /', expectedResult: "'All good' is shown" },
    { name: 'Held', goal: 'Go to /held', expectedResult: "'Finally' is shown" },
  ]);

/** The value of one sample of the exposition text, or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(match[3]);
  }
  return null;
}

describe('Prometheus metrics at /metrics', function () {
  this.timeout(180_000);

  describe('GOALIE_METRICS=token, after real runs', () => {
    let site: Site;
    let service: TestService;
    let api: ApiClient;
    let worker: RunningWorker;
    const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      service.runtime.dataSource.query<T[]>(sql, params);
    const scrape = async (token: string | null = TOKEN) =>
      fetch(`${service.baseUrl}/metrics`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });
    const text = async () => {
      const response = await scrape();
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
      return response.text();
    };
    const runPlan = async (plan: string) => {
      const { short_id } = (
        await q<{ short_id: string }>(`SELECT short_id FROM test_plans WHERE name = $1`, [plan])
      )[0]!;
      const started = await api.post('/v1/run', { testPlanShortId: short_id });
      expect(started.status).to.equal(200);
      return started.body.run as { id: string; shortId: string };
    };

    before(async () => {
      site = await startSite({
        '/': html('Shop', '<main><h1>Shop</h1><p>All good</p></main>'),
        '/held': html('Held', '<main><p>Finally</p></main>'),
      });
      service = await startTestService({
        GOALIE_METRICS: 'token',
        GOALIE_METRICS_TOKEN: TOKEN,
        GOALIE_CONCURRENCY: '1',
      });
      await service.apply(project(site.url));
      api = service.client(await service.token('metrics'));
      worker = await startWorker(service.runtime);
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
      site?.release();
      await worker?.stop();
      await service?.close();
      await site?.close();
    });

    it('refuses a scrape without the token, or with another', async () => {
      for (const token of [null, 'wrong-token-0123456789abcdef', '']) {
        const response = await scrape(token);
        expect(response.status).to.equal(401);
        expect(response.headers.get('www-authenticate')).to.match(/^Bearer/);
        const body = await response.text();
        expect(body).to.not.include('goalie_');
        expect(JSON.parse(body).message).to.match(/Authorization: Bearer <GOALIE_METRICS_TOKEN>/);
      }
    });

    it('counts executions, browser launches, HTTP requests by route pattern, webhook deliveries', async () => {
      const run = await runPlan('Home');
      await waitFor(
        'the run to end',
        async () => ((await api.get(`/v1/run/${run.shortId}`)).body.status === 'COMPLETED' ? true : null),
        60_000,
        100,
      );
      const unknownHook = await fetch(`${service.baseUrl}/webhooks/github/conn-doesnotexist`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(unknownHook.status).to.be.within(400, 499);
      const body = await text();

      expect(
        sample(body, 'goalie_test_case_duration_seconds_count', { kind: 'replay', verdict: 'PASSED' }),
      ).to.be.at.least(1);
      expect(
        sample(body, 'goalie_test_case_duration_seconds_count', { kind: 'burn-in', verdict: 'PASSED' }),
      ).to.be.at.least(1);
      expect(sample(body, 'goalie_test_case_duration_seconds_sum', { kind: 'replay', verdict: 'PASSED' })).to.be.above(
        0,
      );
      expect(sample(body, 'goalie_browser_launches_total')).to.be.at.least(1);
      expect(sample(body, 'goalie_browser_crashes_total')).to.equal(0);
      expect(
        sample(body, 'goalie_http_request_duration_seconds_count', { method: 'POST', route: '/v1/run', status: '200' }),
      ).to.be.at.least(1);
      expect(
        sample(body, 'goalie_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/v1/run/:shortId',
          status: '200',
        }),
      ).to.be.at.least(1);
      // The pattern, never the raw path: no run's short ID in any label.
      expect(body).to.not.include(run.shortId);
      expect(
        sample(body, 'goalie_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/webhooks/:host/:connection',
          status: String(unknownHook.status),
        }),
      ).to.equal(1);
      expect(body).to.not.include('conn-doesnotexist');
      expect(sample(body, 'goalie_webhook_deliveries_total', { host: 'github', outcome: 'refused' })).to.equal(1);
    });

    it('shows runs and test cases in progress and the waiting jobs, read at scrape time', async () => {
      const idle = await text();
      expect(sample(idle, 'goalie_runs', { status: 'RUNNING' })).to.equal(0);
      expect(sample(idle, 'goalie_queue_depth', { queue: 'run-test-case' })).to.equal(0);

      site.hold('/held');
      const held = await runPlan('Held');
      await waitFor(
        'the held test case to run',
        async () =>
          (await q(`SELECT 1 FROM run_test_cases WHERE run_id = $1 AND status = 'RUNNING'`, [held.id])).length === 1,
        30_000,
        50,
      );
      // One test case at a time: the next run's waits in the queue.
      const waiting = await runPlan('Home');
      await waitFor(
        'a job of the queue waiting a moment',
        async () => sample(await text(), 'goalie_queue_oldest_job_age_seconds', { queue: 'run-test-case' })! > 0.2,
        10_000,
        100,
      );
      const busy = await text();
      expect(sample(busy, 'goalie_runs', { status: 'RUNNING' })).to.equal(1);
      expect(sample(busy, 'goalie_runs', { status: 'INITIATED' })).to.equal(1);
      expect(sample(busy, 'goalie_run_test_cases', { status: 'RUNNING' })).to.equal(1);
      expect(sample(busy, 'goalie_run_test_cases', { status: 'PENDING' })).to.equal(1);
      expect(sample(busy, 'goalie_queue_depth', { queue: 'run-test-case' })).to.equal(1);

      site.release();
      for (const run of [held, waiting])
        await waitFor(
          'the runs to end',
          async () => ((await api.get(`/v1/run/${run.shortId}`)).body.status === 'COMPLETED' ? true : null),
          60_000,
          100,
        );
      const after = await text();
      expect(sample(after, 'goalie_runs', { status: 'RUNNING' })).to.equal(0);
      expect(sample(after, 'goalie_queue_depth', { queue: 'run-test-case' })).to.equal(0);
    });
  });

  describe('off and port', () => {
    it('off (the default): /metrics is not served at all', async () => {
      const service = await startTestService();
      try {
        expect(service.runtime.metrics).to.equal(null);
        for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[])
          expect((await fetch(`${service.baseUrl}/metrics`, { headers })).status).to.equal(404);
      } finally {
        await service.close();
      }
    });

    it('port: served on its own listener, not on the public port', async () => {
      const port = await freePort();
      const service = await startTestService({
        GOALIE_METRICS: 'port',
        GOALIE_METRICS_PORT: String(port),
        HOST: '127.0.0.1',
      });
      let listener: http.Server | null = null;
      try {
        listener = await listenForMetrics(service.runtime);
        expect((await fetch(`${service.baseUrl}/metrics`)).status).to.equal(404);
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(response.status).to.equal(200);
        const body = await response.text();
        expect(sample(body, 'goalie_queue_depth', { queue: 'run-test-case' })).to.equal(0);
        expect(sample(body, 'goalie_runs', { status: 'RUNNING' })).to.equal(0);
        expect((await fetch(`http://127.0.0.1:${port}/other`)).status).to.equal(404);
      } finally {
        await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
        await service.close();
      }
    });

    it('refuses a bad setting, saying how to fix it', () => {
      expect(() => loadConfig({ GOALIE_METRICS: 'public' })).to.throw(
        'GOALIE_METRICS must be off, token or port, got "public".',
      );
      expect(() => loadConfig({ GOALIE_METRICS: 'token' })).to.throw(
        /GOALIE_METRICS=token needs GOALIE_METRICS_TOKEN, at least 16 characters/,
      );
      expect(() => loadConfig({ GOALIE_METRICS: 'token', GOALIE_METRICS_TOKEN: 'short' })).to.throw(
        /at least 16 characters/,
      );
      expect(() => loadConfig({ GOALIE_METRICS: 'port', PORT: '9464' })).to.throw(
        /GOALIE_METRICS_PORT must differ from PORT \(9464\)/,
      );
      expect(() => loadConfig({ GOALIE_METRICS: 'port', GOALIE_METRICS_PORT: 'x' })).to.throw(
        /GOALIE_METRICS_PORT must be a whole number/,
      );
      expect(loadConfig({ GOALIE_METRICS: 'port' }).metrics).to.deep.equal({ mode: 'port', port: 9464 });
      expect(loadConfig({}).metrics).to.deep.equal({ mode: 'off' });
      expect(() => loadConfig({ GOALIE_SHUTDOWN_GRACE_SECONDS: '-1' })).to.throw(
        /GOALIE_SHUTDOWN_GRACE_SECONDS must be a whole number of at least 0/,
      );
      expect(loadConfig({}).shutdownGraceMs).to.equal(30_000);
    });
  });
});
