// GET /healthz (the process answers) and GET /readyz (and it can do its work): for load balancers,
// container orchestrators and scripts. Outside /v1, unauthenticated and cheap; not part of the API
// specification (docs/api.md). /readyz asks the database, then the other checks (migrations current,
// the worker's browser), and names in its answer each check and what is wrong with it.
import Router from '@koa/router';
import type { DatabaseStatus } from '../../app/ports/database-status.js';
import type { ReadinessCheck } from '../../app/ports/readiness.js';
import type { AppState } from '../state.js';
import { settleWithin } from '../../settle-within.js';

/** How long the database (and each other check) may take to answer before the process is not ready. */
export const READY_TIMEOUT_MS = 2_000;

/** `checks`: read at every probe (a worker adds its browser's once started). */
export function healthRoutes(database: DatabaseStatus, checks: readonly ReadinessCheck[] = []): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const away = await database.check(READY_TIMEOUT_MS);
    // The other checks read the database or stand behind it: not asked while it is away.
    const results: (readonly [string, string | null])[] = [
      ['database', away],
      ...(await Promise.all(
        checks.map(
          async (c) =>
            [
              c.name,
              away === null ? await bounded(c, READY_TIMEOUT_MS) : 'not checked while the database is away',
            ] as const,
        ),
      )),
    ];
    const problems = results.filter(([name, problem]) => problem !== null && (away === null || name === 'database'));
    const summary = Object.fromEntries(results.map(([name, problem]) => [name, problem ?? 'ok']));
    if (problems.length === 0) {
      ctx.body = { status: 'ready', checks: summary };
    } else {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { status: 'unavailable', message: problems.map(([, problem]) => problem).join(' '), checks: summary };
    }
  });
  return router;
}

async function bounded(check: ReadinessCheck, ms: number): Promise<string | null> {
  try {
    return await settleWithin(check.check(ms), ms, () => `no answer within ${ms} ms`);
  } catch (error) {
    return `the check failed: ${(error as Error).message}`;
  }
}
