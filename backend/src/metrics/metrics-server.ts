// GOALIE_METRICS=port: GET /metrics on a listener of its own (GOALIE_METRICS_PORT), for Prometheus
// inside the network, never the public port. Also in `goalie worker`, which has no other port.
import http from 'node:http';
import { listenOn } from '../listen.js';
import type { PrometheusMetrics } from './prometheus.js';

export async function startMetricsServer(metrics: PrometheusMetrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Only GET /metrics is served here.\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) =>
        response
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(request.method === 'HEAD' ? undefined : body),
      (error: Error) =>
        response
          .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Metrics could not be read: ${error.message}\n`),
    );
  });
  await listenOn(
    server,
    port,
    host,
    `GOALIE_METRICS_PORT ${port} is already in use. Pick another port for the metrics listener.`,
  );
  return server;
}
