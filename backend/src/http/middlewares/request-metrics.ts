// HTTP request durations for metrics, labelled with the route pattern the router matched
// (`/v1/run/:id`), never the raw path: the number of series stays bounded whatever callers send.
import type Koa from 'koa';
import type { Metrics } from '../../app/ports/metrics.js';
import type { AppState } from '../state.js';

export function requestMetrics(metrics: Metrics): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      const method = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(ctx.method)
        ? ctx.method
        : 'OTHER';
      metrics.httpRequest(
        method,
        typeof route === 'string' ? route : 'unmatched',
        ctx.status,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    }
  };
}
