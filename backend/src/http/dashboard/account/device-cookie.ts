// The device tokens a browser keeps (app/accounts/known-devices.ts), one per account it signed in to
// with a password, newest first: HttpOnly, SameSite=Strict (only Goalie's own forms need it), for a
// year, and kept when the browser signs out (that is the point: the next sign-in is from a known
// browser).
import type { Context } from 'koa';

const DEVICE_COOKIE = 'goalie_device';
/** Accounts remembered per browser. */
const KEEP = 5;
const SEPARATOR = '~';

export function deviceTokensOf(ctx: Context): string[] {
  return (ctx.cookies.get(DEVICE_COOKIE) ?? '').split(SEPARATOR).filter(Boolean).slice(0, KEEP);
}

/** Puts `token` first among the browser's device tokens. */
export function rememberDevice(ctx: Context, token: string): void {
  const tokens = [token, ...deviceTokensOf(ctx).filter((t) => t !== token)].slice(0, KEEP);
  ctx.cookies.set(DEVICE_COOKIE, tokens.join(SEPARATOR), {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.state.secureCookies === true,
    path: '/',
    maxAge: 365 * 86_400_000,
    overwrite: true,
  });
}
