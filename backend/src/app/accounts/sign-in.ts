// Signing in with an email address and a password, rate-limited per address and per client address
// (failed attempts are counted in the database, so every process of a deployment shares the count).
import type { AppContext } from '../context.js';
import { TooManyRequests, Unauthorized } from '../errors.js';
import type { UserRecord } from '../ports/accounts.js';
import { decoyHash, verifyPassword } from './passwords.js';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failed attempts allowed in the window: per email address, and per client address. */
export const FAILURES_PER_EMAIL = 10;
export const FAILURES_PER_CLIENT = 50;

const WRONG =
  'The email address or the password is wrong. Ask an administrator of your Goalie for a password reset link if you forgot it.';

export async function signInWithPassword(
  ctx: AppContext,
  input: { email: string; password: string; client: string },
): Promise<UserRecord> {
  const email = input.email.trim().toLowerCase();
  const keys = [`email:${email}`, `client:${input.client}`];
  const now = ctx.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const [byEmail, byClient] = await Promise.all(keys.map((key) => ctx.store.accounts.signInFailures(key, since)));
  if (byEmail! >= FAILURES_PER_EMAIL || byClient! >= FAILURES_PER_CLIENT) {
    const minutes = Math.round(SIGN_IN_WINDOW_MS / 60_000);
    throw new TooManyRequests(
      `Too many failed sign-in attempts. Wait ${minutes} minutes and try again, or ask an administrator for a password reset link.`,
      SIGN_IN_WINDOW_MS / 1000,
    );
  }
  const user = await ctx.store.accounts.userByEmail(email);
  // Unknown addresses take as long as wrong passwords, so timing does not say who has an account.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !user.passwordHash || !matches) {
    await ctx.store.accounts.recordSignInFailure(keys, now);
    throw new Unauthorized(WRONG);
  }
  await ctx.store.accounts.clearSignInFailures([keys[0]!]);
  const { passwordHash: _hash, ...record } = user;
  return record;
}
