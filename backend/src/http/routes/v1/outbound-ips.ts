import Router from '@koa/router';
import type { AppState } from '../../state.js';

export function outboundIpsRoutes(ipAddresses: readonly string[]): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/outbound-ips', (ctx) => {
    ctx.body = { ipAddresses: [...ipAddresses] };
  });
  return router;
}
