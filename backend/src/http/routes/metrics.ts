// GET /metrics on the public port, for GOALIE_METRICS=token only: the Bearer token of
// GOALIE_METRICS_TOKEN, compared in constant time; anything else is 401 and shows nothing.
import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { AppState } from '../state.js';

export interface MetricsEndpoint {
  token: string;
  scrape(): Promise<{ contentType: string; body: string }>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsRoutes(endpoint: MetricsEndpoint): Router<AppState> {
  const router = new Router<AppState>();
  const expected = digest(endpoint.token);
  router.get('/metrics', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const given = /^Bearer (.+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="goalie-metrics"');
      ctx.body = { message: 'GET /metrics needs the metrics token: Authorization: Bearer <GOALIE_METRICS_TOKEN>.' };
      return;
    }
    const { contentType, body } = await endpoint.scrape();
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
