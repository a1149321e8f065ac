// Changing a member's role and removing members. Admins handle roles below owner, owners every role;
// an organization always keeps one owner.
import { UUID_PATTERN } from '../../../../shared/src/short-ids.js';
import { isRole, mayAssign, type Role } from '../../domain/access.js';
import type { AppContext } from '../context.js';
import { BadRequest, Conflict, Forbidden, NotFound } from '../errors.js';
import { ROLES } from '../../domain/access.js';

async function change(
  ctx: AppContext,
  actorRole: Role | null,
  organizationId: string,
  userId: string,
  next: Role | null,
): Promise<void> {
  const notMember = 'This user is not a member of the organization (any more).';
  if (!UUID_PATTERN.test(userId)) throw new NotFound(notMember);
  await ctx.store.transaction(async (tx) => {
    await tx.accounts.lockMemberships(organizationId);
    const current = await tx.accounts.roleIn(organizationId, userId);
    if (!current) throw new NotFound(notMember);
    if (!mayAssign(actorRole, current) || (next && !mayAssign(actorRole, next))) {
      throw new Forbidden(
        `Only an owner may change an owner's role or make someone an owner; admins handle the roles ${ROLES.slice(1).join(', ')}.`,
      );
    }
    if (current === 'owner' && next !== 'owner') {
      const owners = (await tx.accounts.membersOf(organizationId)).filter((m) => m.role === 'owner');
      if (owners.length <= 1) throw new Conflict('The organization needs an owner: make someone else an owner first.');
    }
    if (next) await tx.accounts.setMembership(organizationId, userId, next);
    else await tx.accounts.removeMembership(organizationId, userId);
  });
}

export function changeRole(
  ctx: AppContext,
  actorRole: Role | null,
  organizationId: string,
  userId: string,
  role: string,
): Promise<void> {
  if (!isRole(role)) throw new BadRequest(`The role must be one of ${ROLES.join(', ')}.`);
  return change(ctx, actorRole, organizationId, userId, role);
}

export function removeMember(
  ctx: AppContext,
  actorRole: Role | null,
  organizationId: string,
  userId: string,
): Promise<void> {
  return change(ctx, actorRole, organizationId, userId, null);
}
