// Signing in with an email address and a password, rate-limited as domain/sign-in-limits.ts says
// (failed attempts are counted in the database, so every process of a deployment shares the count).
import { SIGN_IN_WINDOW_MS, signInCounters, signInRefused, type SignInClient } from '../../domain/sign-in-limits.js';
import type { AppContext } from '../context.js';
import { TooManyRequests, Unauthorized } from '../errors.js';
import type { UserRecord } from '../ports/accounts.js';
import { deviceToken, knownDevice } from './known-devices.js';
import { decoyHash, verifyPassword } from './passwords.js';

/** Where the tests knew it from. */
export { FAILURES_PER_EMAIL } from '../../domain/sign-in-limits.js';

const WRONG =
  'The email address or the password is wrong. Ask an administrator of your Goalie for a password reset link if you forgot it.';

export interface SignedIn {
  user: UserRecord;
  /** The device token this browser keeps for the account (the one it sent, or a new one). */
  deviceToken: string;
}

/**
 * `client`: the client's network address; `deviceTokens`: the device tokens the browser sent
 * (known-devices.ts), of this account or others.
 */
export async function signInWithPassword(
  ctx: AppContext,
  input: { email: string; password: string; client: string; deviceTokens?: readonly string[] },
): Promise<SignedIn> {
  const email = input.email.trim().toLowerCase();
  const user = await ctx.store.accounts.userByEmail(email);
  const holder = user?.passwordHash ? { id: user.id, passwordHash: user.passwordHash } : null;
  const client: SignInClient = {
    email,
    address: input.client,
    device: holder ? knownDevice(holder, input.deviceTokens ?? []) : null,
  };
  const counters = signInCounters(client);
  const now = ctx.now();
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const failures = await Promise.all(counters.map((c) => ctx.store.accounts.signInFailures(c.key, since)));
  if (signInRefused(counters.map((c, i) => ({ ...c, failures: failures[i]! })))) {
    const minutes = Math.round(SIGN_IN_WINDOW_MS / 60_000);
    throw new TooManyRequests(
      `Too many failed sign-in attempts. Wait ${minutes} minutes and try again, sign in from a browser you have signed in with before, or ask an administrator for a password reset link.`,
      SIGN_IN_WINDOW_MS / 1000,
    );
  }
  // Unknown addresses take as long as wrong passwords, so timing does not say who has an account.
  const matches = await verifyPassword(input.password, holder?.passwordHash ?? (await decoyHash()));
  if (!user || !holder || !matches) {
    await ctx.store.accounts.recordSignInFailure(
      counters.map((c) => c.key),
      now,
    );
    throw new Unauthorized(WRONG);
  }
  // Only a browser's own count is cleared: clearing the address's would give a stranger guessing at
  // it a new budget each time the owner signs in.
  if (client.device) await ctx.store.accounts.clearSignInFailures(counters.map((c) => c.key));
  const { passwordHash: _hash, ...record } = user;
  return { user: record, deviceToken: deviceToken(holder, client.device ?? undefined) };
}
