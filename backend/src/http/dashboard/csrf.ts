// Every form of the dashboard carries a CSRF token. Signed in, it is the session's own token (stored
// with the session); before signing in (the sign-in, invitation and reset forms), a random token in an
// HttpOnly, SameSite=Strict cookie that the form repeats (double submit). Another site can read
// neither, so it cannot forge a form; a client that never loaded the page has none: both get 403.
// Sec-Fetch-Site / Origin are checked in front of it (same-origin.ts).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { Forbidden } from '../../app/errors.js';
import { readForm } from './form.js';
import { requireSameOrigin, type FormPlace } from './same-origin.js';

const COOKIE = 'goalie_form';
/** The hidden field of every form that carries the token. */
export const CSRF_FIELD = 'token';
const TOKEN = /^[A-Za-z0-9_-]{32,64}$/;

export function csrfToken(ctx: Context): string {
  const session = ctx.state.session as { csrfToken: string } | null | undefined;
  if (session) return session.csrfToken;
  const existing = (ctx.state.formCookie as string | undefined) ?? ctx.cookies.get(COOKIE);
  if (existing && TOKEN.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  ctx.cookies.set(COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    overwrite: true,
    secure: ctx.state.secureCookies === true,
  });
  // A page may ask several times (its forms, the header's): one token per response.
  ctx.state.formCookie = token;
  return token;
}

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Refuses a form POST without the right token. `place`: where the form is, and what else does the same. */
export async function requireCsrf(ctx: Context, place: FormPlace): Promise<URLSearchParams> {
  requireSameOrigin(ctx, place);
  const form = await readForm(ctx);
  const sent = form.get(CSRF_FIELD) ?? '';
  const session = ctx.state.session as { csrfToken: string } | null | undefined;
  const expected = session ? session.csrfToken : (ctx.cookies.get(COOKIE) ?? '');
  if (!TOKEN.test(expected) || !same(sent, expected)) {
    throw new Forbidden(
      `This form needs the token of the page it is on, and the request ${sent ? 'sent another one' : 'sent none'}. ${place.alternative}`,
    );
  }
  return form;
}
