// Invitations by link: an admin or owner creates one for a role (optionally for one email address);
// whoever opens the link joins the organization, as a new user (with a password, or GitHub or GitLab)
// or as the user they are signed in as. A link works once and for INVITATION_DAYS.
import { randomBytes } from 'node:crypto';
import { mayAssign, ROLES, type Role } from '../../domain/access.js';
import type { AppContext } from '../context.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../errors.js';
import type { InvitationRecord, UserRecord } from '../ports/accounts.js';
import type { Repositories } from '../ports/store.js';
import { linkTokenHash, normalEmail } from './users.js';

export const INVITATION_DAYS = 7;

export async function createInvitation(
  ctx: AppContext,
  actor: { user: UserRecord; role: Role | null },
  organizationId: string,
  input: { role: string; email?: string | null },
): Promise<{ invitation: InvitationRecord; link: string }> {
  if (!(ROLES as readonly string[]).includes(input.role))
    throw new BadRequest(`The role must be one of ${ROLES.join(', ')}.`);
  const role = input.role as Role;
  if (!mayAssign(actor.role, role))
    throw new Forbidden(`Only ${role === 'owner' ? 'an owner' : 'an admin or owner'} may invite someone as ${role}.`);
  const email = input.email ? normalEmail(input.email) : null;
  // One open invitation per address: a second would be a form sent twice, or a link nobody needs.
  if (email && (await ctx.store.accounts.openInvitationsOf(organizationId, ctx.now())).some((i) => i.email === email)) {
    throw new Conflict(
      `${email} has an open invitation already. Links are shown only once, when created: if that one is lost, withdraw it and create a new one.`,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const invitation = await ctx.store.accounts.createInvitation({
    organizationId,
    role,
    tokenHash: linkTokenHash(token),
    email,
    createdBy: actor.user.id,
    expiresAt: new Date(ctx.now().getTime() + INVITATION_DAYS * 86_400_000),
  });
  return { invitation, link: ctx.links.invitation(token) };
}

/** The open invitation behind a link, or a 404 that says why it cannot be used. */
export async function openInvitation(ctx: AppContext, token: string): Promise<InvitationRecord> {
  const invitation = await ctx.store.accounts.invitationByToken(linkTokenHash(token));
  if (!invitation) throw new NotFound('This invitation link is unknown. Ask whoever sent it for a new one.');
  return stillOpen(ctx, invitation);
}

/** The invitation, or a 404 that says why it cannot be used any more. */
export function stillOpen(ctx: AppContext, invitation: InvitationRecord): InvitationRecord {
  if (invitation.acceptedAt)
    throw new NotFound('This invitation was used already. Sign in, or ask for a new invitation.');
  if (invitation.revokedAt)
    throw new NotFound('This invitation was withdrawn. Ask an admin of the organization for a new one.');
  if (invitation.expiresAt <= ctx.now())
    throw new NotFound(
      `This invitation expired (links work for ${INVITATION_DAYS} days). Ask an admin of the organization for a new one.`,
    );
  return invitation;
}

/**
 * An invitation for one address refuses an account for another before anything is looked up, so the
 * answer says nothing about who has an account.
 */
export function checkInvitedAddress(invitation: InvitationRecord, email: string): void {
  if (invitation.email && invitation.email !== email) {
    throw new Forbidden(
      `This invitation is for ${invitation.email}, not ${email}. Write that address, or ask whoever sent the link for an invitation for yours.`,
    );
  }
}

/**
 * Makes `user` a member as the invitation says, inside the caller's transaction. An invitation for
 * one address works only for that address; a member keeps a stronger role they have.
 */
export async function acceptInvitationIn(
  ctx: AppContext,
  tx: Repositories,
  invitation: InvitationRecord,
  user: UserRecord,
): Promise<void> {
  if (invitation.email && invitation.email !== user.email) {
    throw new Forbidden(
      `This invitation is for ${invitation.email}, and you are signed in as ${user.email}. Sign out and open the link again, or ask for an invitation for your address.`,
    );
  }
  if (!(await tx.accounts.acceptInvitation(invitation.id, user.id, ctx.now())))
    throw new Conflict('This invitation was used, withdrawn or expired a moment ago. Ask for a new one.');
  const current = await tx.accounts.roleIn(invitation.organizationId, user.id);
  if (current === null || ROLES.indexOf(invitation.role) < ROLES.indexOf(current))
    await tx.accounts.setMembership(invitation.organizationId, user.id, invitation.role);
}

/** Withdraws an open invitation; like inviting, one for an owner needs an owner. */
export async function revokeInvitation(
  ctx: AppContext,
  actorRole: Role | null,
  organizationId: string,
  id: string,
): Promise<InvitationRecord> {
  const gone = 'This invitation is not open any more: it was used, withdrawn or expired meanwhile.';
  const invitation = (await ctx.store.accounts.openInvitationsOf(organizationId, ctx.now())).find((i) => i.id === id);
  if (!invitation) throw new NotFound(gone);
  if (!mayAssign(actorRole, invitation.role))
    throw new Forbidden(`Only an owner may withdraw an invitation to join as ${invitation.role}.`);
  if (!(await ctx.store.accounts.revokeInvitation(organizationId, id, ctx.now()))) throw new NotFound(gone);
  return invitation;
}
