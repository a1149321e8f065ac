// Joining by an invitation when the server can send mail (ctx.mailer). The form asks only for an
// address and answers the same whether or not it has an account: only its mailbox is told which. A
// new address gets a link that makes the account (finishSignUp); an address with an account, how to
// sign in and join. Without mail, the invitation page makes the account at once (docs/security.md).
import { randomBytes } from 'node:crypto';
import {
  INVITATION_MAIL_WINDOW_MS,
  invitationMailCounters,
  invitationMailRefused,
  type InvitationMailLimit,
} from '../../domain/invitation-mail-limits.js';
import type { AppContext } from '../context.js';
import { AppError, NotFound, TooManyRequests } from '../errors.js';
import type { InvitationRecord, UserRecord } from '../ports/accounts.js';
import type { Mailer } from '../ports/notifiers.js';
import { existingAccountMail, signUpMail } from './invitation-mail.js';
import { acceptInvitationIn, checkInvitedAddress, stillOpen } from './invitations.js';
import { createUserIn, linkTokenHash, normalEmail } from './users.js';

/** How long the mailed link makes the account (the invitation's own expiry still holds). */
export const SIGN_UP_HOURS = 24;

/** The mail could not be sent: the same for every address, so it says nothing about accounts. */
export class MailNotSent extends AppError {
  constructor() {
    super(
      503,
      'The mail could not be sent just now: nothing was changed. Try again in a few minutes; if it keeps failing, tell an administrator of your Goalie (the server log says why).',
    );
  }
}

const LIMITED: Record<InvitationMailLimit, string> = {
  address:
    'Goalie has already sent this address as many mails as it may in an hour: look for them (and in the spam folder).',
  invitation: 'This invitation link has sent as many mails as it may in an hour.',
  client: 'Too many invitation mails were asked for from your network address.',
};

/**
 * Counts the mail about to be sent, or refuses it (429) when a limit of domain/invitation-mail-limits.ts
 * is reached. Refused before anything is looked up, so the answer is the same with or without an account;
 * a mail that then fails to send still counts, so failures cannot be retried without end.
 */
async function countInvitationMail(ctx: AppContext, request: { invitationId: string; email: string; client: string }) {
  const counters = invitationMailCounters(request);
  const now = ctx.now();
  const since = new Date(now.getTime() - INVITATION_MAIL_WINDOW_MS);
  // The table of sign-in failures counts any event by key; these keys are of their own.
  const sent = await Promise.all(counters.map((c) => ctx.store.accounts.signInFailures(c.key, since)));
  const limit = invitationMailRefused(counters.map((c, i) => ({ ...c, sent: sent[i]! })));
  if (limit) throw new TooManyRequests(`${LIMITED[limit]} Try again in an hour.`, INVITATION_MAIL_WINDOW_MS / 1000);
  await ctx.store.accounts.recordSignInFailure(
    counters.map((c) => c.key),
    now,
  );
}

/**
 * Mails `email` what to do next for the invitation behind `token`; answers the address as written
 * down. An invitation for another address is refused before anything is looked up. `client`: the
 * client's network address, for the limits.
 */
export async function askToJoin(
  ctx: AppContext,
  mailer: Mailer,
  invitation: InvitationRecord,
  token: string,
  rawEmail: string,
  client: string,
): Promise<string> {
  const email = normalEmail(rawEmail);
  checkInvitedAddress(invitation, email);
  await countInvitationMail(ctx, { invitationId: invitation.id, email, client });
  const user = await ctx.store.accounts.userByEmail(email);
  let message;
  if (user) {
    message = existingAccountMail(invitation, ctx.links.signIn(`/invitations/${encodeURIComponent(token)}`));
  } else {
    const code = randomBytes(32).toString('base64url');
    await ctx.store.accounts.createInvitationSignUp({
      tokenHash: linkTokenHash(code),
      invitationId: invitation.id,
      email,
      expiresAt: new Date(ctx.now().getTime() + SIGN_UP_HOURS * 3600_000),
    });
    message = signUpMail(invitation, ctx.links.invitationSignUp(code), SIGN_UP_HOURS);
  }
  try {
    await mailer.send([email], message);
  } catch (error) {
    ctx.log.warn({ err: error, invitationId: invitation.id }, `invitation mail not sent: ${(error as Error).message}`);
    throw new MailNotSent();
  }
  return email;
}

const GONE = 'This link is unknown, used or expired. Open the invitation link again to get a new one.';

/** The address and invitation behind a mailed link, or a 404 that says what to do. */
export async function openSignUp(
  ctx: AppContext,
  code: string,
): Promise<{ email: string; invitation: InvitationRecord }> {
  const signUp = await ctx.store.accounts.invitationSignUp(linkTokenHash(code), ctx.now());
  if (!signUp) throw new NotFound(GONE);
  return { email: signUp.email, invitation: stillOpen(ctx, signUp.invitation) };
}

/** Makes the account of a mailed link and joins the organization: the link works once. */
export async function finishSignUp(
  ctx: AppContext,
  code: string,
  input: { name: string; password: string },
): Promise<UserRecord> {
  const { email, invitation } = await openSignUp(ctx, code);
  return ctx.store.transaction(async (tx) => {
    if (!(await tx.accounts.useInvitationSignUp(linkTokenHash(code), ctx.now()))) throw new NotFound(GONE);
    const user = await createUserIn(tx, { email, name: input.name, password: input.password, isAdmin: false });
    await acceptInvitationIn(ctx, tx, invitation, user);
    return user;
  });
}
