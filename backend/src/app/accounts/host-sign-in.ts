// What signing in with GitHub or GitLab does once the host said whose account it is. An identity
// (host, host address, the host's user id) belongs to at most one Goalie user:
// - a known identity signs its user in;
// - an unknown one joins through an invitation (a new user without a password, in one transaction
//   with the membership), or is linked to the signed-in user who asked for it on their account page;
// - otherwise nothing is created: a self-hosted Goalie has no self sign-up.
// An identity is never matched to a user by email address: an address on a host is no proof of owning
// the Goalie account that has it (anyone may add an unverified address on a self-managed GitLab, and
// the host's admins can set any), so taking it as such would let the host's admins sign in as anyone.
import type { AppContext } from '../context.js';
import { Conflict, Forbidden, NotFound } from '../errors.js';
import type { IdentityRecord, UserRecord } from '../ports/accounts.js';
import type { HostAccount, SignInHost } from '../ports/sign-in-host.js';
import { UniqueViolation } from '../ports/store.js';
import { acceptInvitationIn, openInvitation } from './invitations.js';
import { createUserIn } from './users.js';

/** Why the sign-in was started: to sign in, from an invitation page, or to link from the account page. */
export type SignInIntent =
  { kind: 'sign-in' } | { kind: 'invitation'; token: string } | { kind: 'link'; userId: string };

export type HostSignInOutcome =
  | { kind: 'signed-in'; user: UserRecord }
  | { kind: 'joined'; user: UserRecord; organizationName: string }
  | { kind: 'linked'; user: UserRecord; identity: IdentityRecord; already: boolean }
  | { kind: 'no-account' };

type Host = Pick<SignInHost, 'provider' | 'label' | 'url'>;

const identityOf = (host: Host, account: HostAccount, userId: string): IdentityRecord => ({
  provider: host.provider,
  providerUrl: host.url,
  providerUserId: account.id,
  username: account.username,
  userId,
});

export async function finishHostSignIn(
  ctx: AppContext,
  host: Host,
  account: HostAccount,
  intent: SignInIntent,
  signedIn: UserRecord | null,
): Promise<HostSignInOutcome> {
  const known = await ctx.store.accounts.identity(host.provider, host.url, account.id);
  if (intent.kind === 'link') return link(ctx, host, account, intent.userId, signedIn, known);
  if (known) {
    const user = await ctx.store.accounts.userById(known.userId);
    if (user) return { kind: 'signed-in', user };
  }
  if (intent.kind === 'invitation') return join(ctx, host, account, intent.token);
  return { kind: 'no-account' };
}

async function link(
  ctx: AppContext,
  host: Host,
  account: HostAccount,
  userId: string,
  signedIn: UserRecord | null,
  known: IdentityRecord | null,
): Promise<HostSignInOutcome> {
  if (!signedIn || signedIn.id !== userId) {
    throw new Forbidden(
      `You were signed out, or signed in as someone else, while ${host.label} was asked. Sign in and link the account again from your account page.`,
    );
  }
  if (known) {
    if (known.userId === signedIn.id) return { kind: 'linked', user: signedIn, identity: known, already: true };
    throw new Conflict(
      `The ${host.label} account @${account.username} is linked to another Goalie user already. Sign in as that user and unlink it on their account page first, or link another ${host.label} account.`,
    );
  }
  const identity = identityOf(host, account, signedIn.id);
  await ctx.store.transaction(async (tx) => {
    await tx.accounts.lockUser(signedIn.id);
    const other = (await tx.accounts.identitiesOf(signedIn.id)).find(
      (i) => i.provider === host.provider && i.providerUrl === host.url,
    );
    if (other)
      throw new Conflict(
        `Your Goalie account is linked to the ${host.label} account @${other.username ?? other.providerUserId} already. Unlink it first to link @${account.username} instead.`,
      );
    await linkIn(tx.accounts, identity, host);
  });
  return { kind: 'linked', user: signedIn, identity, already: false };
}

async function linkIn(accounts: AppContext['store']['accounts'], identity: IdentityRecord, host: Host): Promise<void> {
  try {
    await accounts.linkIdentity(identity);
  } catch (error) {
    if (error instanceof UniqueViolation)
      throw new Conflict(
        `The ${host.label} account @${identity.username} was linked to a Goalie user a moment ago. Sign in with it instead.`,
      );
    throw error;
  }
}

/** A new user with this identity (no password) joins the invitation's organization, all or nothing. */
async function join(ctx: AppContext, host: Host, account: HostAccount, token: string): Promise<HostSignInOutcome> {
  const invitation = await openInvitation(ctx, token);
  const emails = account.verifiedEmails.map((e) => e.toLowerCase());
  const email = invitation.email ? emails.find((e) => e === invitation.email) : emails[0];
  if (!email) {
    throw new Forbidden(
      invitation.email
        ? `This invitation is for ${invitation.email}, and the ${host.label} account @${account.username} has no verified address ${invitation.email}. Verify that address on ${host.label}, or create the account with a password on the invitation page.`
        : `The ${host.label} account @${account.username} shows no verified email address, and a Goalie account needs one. Verify an address on ${host.label}, or create the account with a password on the invitation page.`,
    );
  }
  const user = await ctx.store.transaction(async (tx) => {
    let user: UserRecord;
    try {
      user = await createUserIn(tx, {
        email,
        name: (account.name || account.username).slice(0, 100),
        password: null,
        isAdmin: false,
      });
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      throw new Conflict(
        `A Goalie user with the address ${email} exists already. Sign in as them (with the password), link ${host.label} on the account page, and open the invitation again.`,
      );
    }
    await linkIn(tx.accounts, identityOf(host, account, user.id), host);
    await acceptInvitationIn(ctx, tx, invitation, user);
    return user;
  });
  return { kind: 'joined', user, organizationName: invitation.organizationName };
}

/** Unlinks one of the user's identities, as long as they keep a password or another identity to sign in with. */
export async function unlinkIdentity(
  ctx: AppContext,
  user: UserRecord,
  identity: Omit<IdentityRecord, 'username' | 'userId'>,
): Promise<IdentityRecord> {
  return ctx.store.transaction(async (tx) => {
    await tx.accounts.lockUser(user.id);
    const mine = await tx.accounts.identitiesOf(user.id);
    const target = mine.find(
      (i) =>
        i.provider === identity.provider &&
        i.providerUrl === identity.providerUrl &&
        i.providerUserId === identity.providerUserId,
    );
    if (!target)
      throw new NotFound(
        'Your account has no such linked account (it was unlinked already?). Reload your account page.',
      );
    const fresh = await tx.accounts.userById(user.id);
    if (!fresh?.hasPassword && mine.length < 2) {
      throw new Conflict(
        'This is your only way to sign in: link another account, or ask a server administrator for a password reset link and set a password, before you unlink it.',
      );
    }
    await tx.accounts.unlinkIdentity(target);
    return target;
  });
}
