import Router from '@koa/router';
import type { AppContext } from '../../../app/context.js';
import type { AppState } from '../../state.js';
import { openApiDocument } from '../../../../../shared/src/api/openapi.js';
import { outboundIpsRoutes } from './outbound-ips.js';
import { projectFileRoutes } from './project-file.js';
import { runRoutes } from './runs.js';
import { testCaseRoutes } from './test-cases.js';
import type { Middleware } from 'koa';

/** `/v1`: public routes, then the ones that need a project token (`guard` authenticates and reads the body). */
export function v1Routes(
  app: AppContext,
  ipAddresses: readonly string[],
  guard: Middleware<AppState>[],
  /** The same, but a YAML body is kept for the route: a project file sent as it is. */
  yamlGuard: Middleware<AppState>[],
): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/v1' });
  const pub = outboundIpsRoutes(ipAddresses);
  router.use(pub.routes(), pub.allowedMethods());
  router.get('/openapi.json', (ctx) => {
    // Koa 3's ctx.origin is the Origin request header (null without one); the server is where the caller reached us.
    ctx.body = openApiDocument(`${ctx.protocol}://${ctx.host}/v1`);
  });
  // The guard sits on each route, so an unknown path under /v1 is a 404 even without a token.
  for (const routes of [runRoutes(app, guard), testCaseRoutes(app, guard), projectFileRoutes(app, yamlGuard)]) {
    router.use(routes.routes(), routes.allowedMethods());
  }
  return router;
}
