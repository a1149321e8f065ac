// Users: created by an administrator (`goalie user create`) or by accepting an invitation; a forgotten
// password is replaced through a reset link that a server administrator issues (no email is sent:
// the administrator passes the link on).
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { BadRequest, Conflict, NotFound, Unauthorized } from '../errors.js';
import type { UserRecord } from '../ports/accounts.js';
import type { Repositories } from '../ports/store.js';
import { UniqueViolation } from '../ports/store.js';
import { deviceToken } from './known-devices.js';
import { checkNewPassword, hashPassword } from './passwords.js';
import { signInWithPassword } from './sign-in.js';

export const RESET_LINK_HOURS = 24;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function normalEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  if (!EMAIL.test(trimmed) || trimmed.length > 254)
    throw new BadRequest(`${JSON.stringify(email)} is not an email address; write it as name@example.com.`);
  return trimmed;
}

export function normalName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length > 100) throw new BadRequest('The name is too long: use at most 100 characters.');
  return trimmed;
}

export interface NewUser {
  email: string;
  name: string;
  /** null: the user signs in with GitHub or GitLab only. */
  password: string | null;
  isAdmin: boolean;
}

/** Creates the user inside the caller's transaction. */
export async function createUserIn(tx: Repositories, user: NewUser): Promise<UserRecord> {
  const email = normalEmail(user.email);
  if (user.password !== null) checkNewPassword(user.password);
  try {
    return await tx.accounts.createUser({
      email,
      name: normalName(user.name),
      passwordHash: user.password === null ? null : await hashPassword(user.password),
      isAdmin: user.isAdmin,
    });
  } catch (error) {
    if (error instanceof UniqueViolation)
      throw new Conflict(
        `A user with the email address ${email} exists already. Sign in as them, or ask an administrator for a password reset link.`,
      );
    throw error;
  }
}

export function createUser(ctx: AppContext, user: NewUser): Promise<UserRecord> {
  return ctx.store.transaction((tx) => createUserIn(tx, user));
}

/** A link that sets a new password, valid once for RESET_LINK_HOURS. */
export async function issuePasswordReset(
  ctx: AppContext,
  email: string,
): Promise<{ user: UserRecord; link: string; expiresAt: Date }> {
  const user = await ctx.store.accounts.userByEmail(normalEmail(email));
  if (!user) throw new NotFound(`No user has the email address ${email.trim()}. See \`goalie user list\`.`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.now().getTime() + RESET_LINK_HOURS * 3600_000);
  await ctx.store.accounts.createPasswordReset({ tokenHash: linkTokenHash(token), userId: user.id, expiresAt });
  const { passwordHash: _hash, ...record } = user;
  return { user: record, link: ctx.links.passwordReset(token), expiresAt };
}

/** Sets the new password of a reset link (used once) and ends the user's other sessions. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<UserRecord> {
  checkNewPassword(password);
  const hash = await hashPassword(password);
  return ctx.store.transaction(async (tx) => {
    const userId = await tx.accounts.usePasswordReset(linkTokenHash(token), ctx.now());
    if (!userId)
      throw new NotFound('This password reset link is unknown, used or expired. Ask an administrator for a new one.');
    await tx.accounts.setPassword(userId, hash, ctx.now());
    await tx.accounts.deleteSessionsOf(userId);
    return (await tx.accounts.userById(userId))!;
  });
}

/**
 * The signed-in user sets a new password. With a password already, the current one is needed, and a
 * wrong one counts as a failed sign-in (so a borrowed session cannot guess it); without one (a user
 * who signs in with GitHub or GitLab) the session is proof enough, as it is for linking an account.
 * Every session of the user ends: the caller starts a new one for this browser. The answer is this
 * browser's device token for the new password (the old password's tokens no longer count).
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRecord,
  input: { current: string; password: string; client: string; deviceTokens?: readonly string[] },
): Promise<string> {
  checkNewPassword(input.password);
  if (user.hasPassword) {
    try {
      await signInWithPassword(ctx, {
        email: user.email,
        password: input.current,
        client: input.client,
        deviceTokens: input.deviceTokens,
      });
    } catch (error) {
      if (error instanceof Unauthorized)
        throw new BadRequest(
          'The current password is wrong: nothing was changed. Write the password you sign in with now.',
        );
      throw error;
    }
  }
  const hash = await hashPassword(input.password);
  await ctx.store.transaction(async (tx) => {
    await tx.accounts.setPassword(user.id, hash, ctx.now());
    await tx.accounts.deleteSessionsOf(user.id);
  });
  return deviceToken({ id: user.id, passwordHash: hash });
}
