// A signed-in user's role where they act: their membership of the organization, or owner for a
// server administrator; the checks that turn "may not" into the right error.
import { can, effectiveRole, type Action, type Role } from '../../domain/access.js';
import type { AppContext } from '../context.js';
import { Forbidden } from '../errors.js';
import type { UserRecord } from '../ports/accounts.js';

export async function roleIn(ctx: AppContext, user: UserRecord | null, organizationId: string): Promise<Role | null> {
  if (!user) return null;
  return effectiveRole(await ctx.store.accounts.roleIn(organizationId, user.id), user.isAdmin);
}

const NEEDS: Record<Action, string> = {
  read: 'a member of its organization',
  run: 'a member (or admin, or owner) of its organization; viewers only read',
  edit: 'a member (or admin, or owner) of its organization; viewers only read',
  settings: 'an admin or owner of its organization',
  owners: 'an owner of its organization',
};

/** Throws 403 unless `role` allows `action`. */
export function requireAllowed(role: Role | null, action: Action, what: string): void {
  if (!can(role, action))
    throw new Forbidden(`Only ${NEEDS[action]} may ${what}. Ask an owner of the organization for the role.`);
}
