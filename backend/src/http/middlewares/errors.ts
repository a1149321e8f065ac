// Every error becomes `{ "message": ... }`. Whether the message reaches the client is a property of
// the error (`expose`), decided here once; a request that failed because the database could not be
// reached is a 503 that says so (logged once by `database`, not per request); anything else is a
// 500 that names the request id.
import type { Middleware } from 'koa';
import type { DatabaseStatus } from '../../app/ports/database-status.js';
import type { AppState } from '../state.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  headers?: Record<string, string>;
}

export function errors(database?: Pick<DatabaseStatus, 'unreachable'>): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = (caught ?? {}) as HttpishError;
      const status = error.status ?? error.statusCode ?? 500;
      const exposed = status < 500 && error.expose !== false && typeof error.message === 'string';
      const unreachable = exposed ? null : (database?.unreachable(caught) ?? null);
      if (exposed) {
        ctx.status = status;
        ctx.body = { message: error.message };
        if (error.headers) ctx.set(error.headers);
      } else if (unreachable) {
        ctx.status = 503;
        ctx.body = { message: unreachable };
        ctx.set('Retry-After', '5');
        ctx.state.log?.debug({ err: caught }, 'request failed: the database is not reachable');
      } else {
        ctx.status = status >= 500 && status < 600 ? status : 500;
        ctx.body = { message: `Internal server error (request id ${ctx.state.requestId}). The error was logged; please report it with the request id.` };
        ctx.state.log?.error({ err: caught }, 'request failed');
      }
    }
  };
}
