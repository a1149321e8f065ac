// A per-session token for the pages' forms (double-submit): the page sets a random token in an
// HttpOnly, SameSite=Strict cookie and repeats it in its form; a POST is accepted only when both
// agree. Another site cannot read the cookie to forge the form, and a client that never loaded the
// page (curl with a run link) has no token: both get 403. The same-origin check stays in front.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { Forbidden } from '../../app/errors.js';
import { readRaw } from '../middlewares/json-body.js';

const COOKIE = 'goalie_form';
/** The hidden field of the form that carries the token. */
const FIELD = 'token';
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The session's token, set in its cookie when the browser has none yet. */
export function formToken(ctx: Pick<Context, 'cookies'>): string {
  const existing = ctx.cookies.get(COOKIE);
  if (existing && TOKEN.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  ctx.cookies.set(COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', overwrite: true });
  return token;
}

/** Refuses a form POST whose token is missing or is not the session's. `alternative`: what to do instead. */
export async function requireFormToken(ctx: Context, alternative: string): Promise<void> {
  const cookie = ctx.cookies.get(COOKIE) ?? '';
  const body = new URLSearchParams((await readRaw(ctx, 4096)).toString('utf8'));
  const sent = body.get(FIELD) ?? '';
  const same = TOKEN.test(cookie) && sent.length === cookie.length && timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  if (!same) throw new Forbidden(`This form needs the token of the page it is on, and the request ${sent ? 'sent another one' : 'sent none'}. ${alternative}`);
}
