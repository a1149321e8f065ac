// Who may do what in an organization's projects, by role. Server administrators (the first user,
// `goalie user create --admin`) act as owners of every organization.

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * read: pages, runs, evidence. run: start, rerun and cancel runs. edit: test cases (create, try a goal,
 * change, enable, disable, burn in again, delete). settings: repository, Slack, tokens, members below owner.
 * owners: add or remove owners.
 */
export type Action = 'read' | 'run' | 'edit' | 'settings' | 'owners';

const ALLOWED: Record<Role, readonly Action[]> = {
  owner: ['read', 'run', 'edit', 'settings', 'owners'],
  admin: ['read', 'run', 'edit', 'settings'],
  member: ['read', 'run', 'edit'],
  viewer: ['read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null, action: Action): boolean {
  return role !== null && ALLOWED[role].includes(action);
}

/** The role a user has in an organization: a server administrator is an owner everywhere. */
export function effectiveRole(membership: Role | null, isServerAdmin: boolean): Role | null {
  return isServerAdmin ? 'owner' : membership;
}

/**
 * Whether someone of role `actor` may give `target` to a member (or take it from one who has it):
 * owners handle every role, admins every role below owner, nobody else.
 */
export function mayAssign(actor: Role | null, target: Role): boolean {
  if (actor === 'owner') return true;
  return actor === 'admin' && target !== 'owner';
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'everything, including adding and removing owners',
  admin: 'settings, API tokens and members, besides what members do',
  member: 'runs and test cases: start, rerun, cancel; create, try, edit, enable, delete',
  viewer: 'reads runs, test cases, plans and reviews',
};
