// Every error becomes `{ "message": ... }`. Whether the message reaches the client is a property of
// the error (`expose`), decided here once; anything else is a 500 that names the request id.
import type { Middleware } from 'koa';
import type { AppState } from '../state.js';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  headers?: Record<string, string>;
}

export function errors(): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = (caught ?? {}) as HttpishError;
      const status = error.status ?? error.statusCode ?? 500;
      const exposed = status < 500 && error.expose !== false && typeof error.message === 'string';
      if (exposed) {
        ctx.status = status;
        ctx.body = { message: error.message };
        if (error.headers) ctx.set(error.headers);
      } else {
        ctx.status = status >= 500 && status < 600 ? status : 500;
        ctx.body = { message: `Internal server error (request id ${ctx.state.requestId}). The error was logged; please report it with the request id.` };
        ctx.state.log?.error({ err: caught }, 'request failed');
      }
    }
  };
}
