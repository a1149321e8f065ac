// A request id for every request (taken from X-Request-Id when sane), a child logger carrying it,
// and one access log line per request, at a level that keeps a terminal readable (requestLogLevel).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppState } from '../state.js';

/** What is asked of Goalie from outside (the API, the legacy route, webhooks, Slack): worth a line at info. */
const API = /^\/(v1|api|webhooks|slack)(\/|$)/;

/**
 * The access log's level: API calls at info; pages, their assets, evidence (a run's page loads
 * dozens of screenshots), probes, metrics and the CLI download at debug, unless refused (401,
 * 403 and the like: info; a 404 such as a browser's /favicon.ico stays at debug); a server error
 * at error, except 503 (warn): the database being away is logged once by itself, not per request.
 */
export function requestLogLevel(path: string, status: number): 'debug' | 'info' | 'warn' | 'error' {
  if (status === 503) return 'warn';
  if (status >= 500) return 'error';
  if (API.test(path)) return 'info';
  return status >= 400 && status !== 404 ? 'info' : 'debug';
}

export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log[requestLogLevel(ctx.path, ctx.status)](
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10, client: ctx.ip },
        'request',
      );
    }
  };
}
