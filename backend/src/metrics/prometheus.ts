// The Metrics port on prom-client, with a registry of its own per process (never the global one):
// counters and histograms observed as things happen, gauges read from the database at scrape time
// (runs and test cases in progress, queue depth and age), with cheap queries (docs/operations.md).
import client from 'prom-client';
import type { ExecutionKind, Metrics, WebhookOutcome } from '../app/ports/metrics.js';

export interface Snapshot {
  /** Runs not final, by status (INITIATED, RUNNING). */
  runs: Record<string, number>;
  /** Test cases of runs not final, by status (PENDING, RUNNING, and those already final). */
  testCases: Record<string, number>;
  /** Jobs waiting per queue, and how long the oldest has waited. */
  queues: { queue: string; depth: number; oldestSeconds: number }[];
}

export interface PrometheusMetrics extends Metrics {
  /** The text exposition format, gauges read now. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

const DURATION_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function prometheusMetrics(snapshot: () => Promise<Snapshot>): PrometheusMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'goalie_' });
  const executions = new client.Histogram({
    name: 'goalie_test_case_duration_seconds',
    help: 'Executions of test cases, burn-ins (no recorded steps yet) and replays, by verdict',
    labelNames: ['kind', 'verdict'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const launches = new client.Counter({
    name: 'goalie_browser_launches_total',
    help: 'Browsers launched (or remote browsers connected) by this process',
    registers: [registry],
  });
  const crashes = new client.Counter({
    name: 'goalie_browser_crashes_total',
    help: 'Browsers that went away without being closed (a crash, a remote browser gone)',
    registers: [registry],
  });
  const http = new client.Histogram({
    name: 'goalie_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const webhooks = new client.Counter({
    name: 'goalie_webhook_deliveries_total',
    help: 'Repository host webhook deliveries by host and outcome',
    labelNames: ['host', 'outcome'],
    registers: [registry],
  });

  // One snapshot per scrape, shared by the gauges that read it.
  let current: Promise<Snapshot> | null = null;
  const read = () => (current ??= snapshot());
  new client.Gauge({
    name: 'goalie_runs',
    help: 'Runs not final, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const status of ['INITIATED', 'RUNNING']) this.set({ status }, (await read()).runs[status] ?? 0);
    },
  });
  new client.Gauge({
    name: 'goalie_run_test_cases',
    help: 'Test cases of runs not final, by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = (await read()).testCases;
      for (const status of new Set(['PENDING', 'RUNNING', ...Object.keys(counts)]))
        this.set({ status }, counts[status] ?? 0);
    },
  });
  new client.Gauge({
    name: 'goalie_queue_depth',
    help: 'Jobs waiting to be taken, per queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await read()).queues) this.set({ queue: q.queue }, q.depth);
    },
  });
  new client.Gauge({
    name: 'goalie_queue_oldest_job_age_seconds',
    help: 'How long the oldest waiting job of each queue has waited (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await read()).queues) this.set({ queue: q.queue }, q.oldestSeconds);
    },
  });

  return {
    executionFinished: (kind: ExecutionKind, verdict: string, seconds: number) =>
      executions.observe({ kind, verdict }, seconds),
    browserLaunched: () => launches.inc(),
    browserLost: () => crashes.inc(),
    httpRequest: (method, route, status, seconds) => http.observe({ method, route, status: String(status) }, seconds),
    webhookDelivery: (host: string, outcome: WebhookOutcome) => webhooks.inc({ host, outcome }),
    async scrape() {
      current = null;
      try {
        return { contentType: registry.contentType, body: await registry.metrics() };
      } finally {
        current = null;
      }
    },
  };
}
