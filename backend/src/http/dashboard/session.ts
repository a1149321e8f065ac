// The dashboard's session cookie: HttpOnly, SameSite=Lax (a link from GitHub or Slack arrives signed
// in), Secure when Goalie is served over https. Loaded only on the dashboard's routes.
import type { Context, Middleware } from 'koa';
import { sessionOf } from '../../app/accounts/sessions.js';
import { SESSION_DAYS } from '../../app/accounts/sessions.js';
import type { AppContext } from '../../app/context.js';
import type { AppState } from '../state.js';

export const SESSION_COOKIE = 'goalie_session';

export function loadSession(app: AppContext, secureCookies: boolean): Middleware<AppState> {
  return async (ctx, next) => {
    ctx.state.secureCookies = secureCookies;
    if (ctx.state.session === undefined) ctx.state.session = await sessionOf(app, ctx.cookies.get(SESSION_COOKIE));
    await next();
  };
}

export function setSessionCookie(ctx: Context, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.state.secureCookies === true,
    path: '/',
    maxAge: SESSION_DAYS * 86_400_000,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.state.secureCookies === true,
    path: '/',
    maxAge: 0,
    overwrite: true,
  });
}
