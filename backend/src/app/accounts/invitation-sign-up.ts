// Joining by an invitation when the server can send mail (ctx.mailer). The form asks only for an
// address and answers the same whether or not it has an account: only its mailbox is told which. A
// new address gets a link that makes the account (finishSignUp); an address with an account, how to
// sign in and join. Without mail, the invitation page makes the account at once (docs/security.md).
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { AppError, NotFound } from '../errors.js';
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

/**
 * Mails `email` what to do next for the invitation behind `token`; answers the address as written
 * down. An invitation for another address is refused before anything is looked up.
 */
export async function askToJoin(
  ctx: AppContext,
  mailer: Mailer,
  invitation: InvitationRecord,
  token: string,
  rawEmail: string,
): Promise<string> {
  const email = normalEmail(rawEmail);
  checkInvitedAddress(invitation, email);
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
