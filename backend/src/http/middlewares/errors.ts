// Every error becomes `{ "message": ... }`. Only Goalie's own errors (`expose: true`, see
// app/errors.ts) show their message; a library's 4xx keeps its status with the standard reason
// phrase, since its message may name internals. A request that failed because the database could
// not be reached is a 503 that says so (logged once by `database`, not per request); anything else
// is a 500 that names the request id.
import { STATUS_CODES } from 'node:http';
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

/** Answers an error as a page for a browser; false leaves it to the JSON answer. */
export type ErrorPage = (
  ctx: Parameters<Middleware<AppState>>[0],
  status: number,
  message: string,
  error: unknown,
) => boolean;

export function errors(database?: Pick<DatabaseStatus, 'unreachable'>, page?: ErrorPage): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = (caught ?? {}) as HttpishError;
      const status = error.status ?? error.statusCode ?? 500;
      const exposed = status < 500 && error.expose === true && typeof error.message === 'string';
      const unreachable = exposed ? null : (database?.unreachable(caught) ?? null);
      if (exposed) {
        ctx.status = status;
        if (error.headers) ctx.set(error.headers);
        if (page?.(ctx, status, error.message!, caught)) return;
        ctx.body = { message: error.message };
      } else if (!unreachable && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.state.log?.debug({ err: caught }, 'request refused by a library error');
        const message = `${STATUS_CODES[status] ?? 'Client error'} (request id ${ctx.state.requestId}).`;
        if (page?.(ctx, status, message, caught)) return;
        ctx.body = { message };
      } else if (unreachable) {
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.state.log?.debug({ err: caught }, 'request failed: the database is not reachable');
        if (page?.(ctx, 503, unreachable, caught)) return;
        ctx.body = { message: unreachable };
      } else {
        ctx.status = status >= 500 && status < 600 ? status : 500;
        ctx.state.log?.error({ err: caught }, 'request failed');
        const message = `Internal server error (request id ${ctx.state.requestId}). The error was logged; please report it with the request id.`;
        if (page?.(ctx, ctx.status, message, caught)) return;
        ctx.body = { message };
      }
    }
  };
}
