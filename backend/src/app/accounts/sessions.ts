// Dashboard sessions: a random cookie token (only its hash is stored) and a per-session CSRF token
// that every form carries. A session lasts 30 days after its last use.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { SessionRecord } from '../ports/accounts.js';

export const SESSION_DAYS = 30;
/** A session's last use is written at most this often (a page view should not always write). */
const TOUCH_EVERY_MS = 10 * 60_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session for the user: the cookie's value (shown once, to the browser). */
export async function startSession(ctx: AppContext, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.store.accounts.createSession({
    tokenHash: hash(token),
    userId,
    csrfToken: randomBytes(24).toString('base64url'),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
    at: now,
  });
  return token;
}

/** The session behind a cookie, extended when used; null when unknown or expired. */
export async function sessionOf(ctx: AppContext, token: string | undefined): Promise<SessionRecord | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.now();
  const session = await ctx.store.accounts.session(hash(token), now);
  if (session && now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.store.accounts.extendSession(session.tokenHash, now, new Date(now.getTime() + SESSION_DAYS * 86_400_000));
  }
  return session;
}

export async function endSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await ctx.store.accounts.deleteSession(hash(token));
}
