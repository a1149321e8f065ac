import type { Middleware } from 'koa';
import type { AppContext } from '../../app/context.js';
import { authenticate } from '../../app/tokens.js';
import type { AppState } from '../state.js';

/** Bearer token -> the caller's project (ctx.state.caller). */
export function requireToken(app: AppContext): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.caller = await authenticate(app, ctx.get('authorization') || undefined);
    await next();
  };
}
