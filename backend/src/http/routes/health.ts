// GET /healthz (the process answers) and GET /readyz (and its database does): for load balancers,
// container orchestrators and scripts. Outside /v1, unauthenticated and cheap; not part of the API
// specification (docs/api.md).
import Router from '@koa/router';
import type { DatabaseStatus } from '../../app/ports/database-status.js';
import type { AppState } from '../state.js';

/** How long the database may take to answer `SELECT 1` before the process is not ready. */
export const READY_TIMEOUT_MS = 2_000;

export function healthRoutes(database: DatabaseStatus): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const problem = await database.check(READY_TIMEOUT_MS);
    if (problem === null) {
      ctx.body = { status: 'ready' };
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { status: 'unavailable', message: problem };
    }
  });
  return router;
}
