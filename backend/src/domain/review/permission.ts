// Who may make Goalie review: a person's permission on the repository, in GitHub's five levels
// (GitLab's roles map onto them in its adapter), compared with the repository's minimum.

/** Lowest first. `none`: not a collaborator or member at all. */
export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type RepositoryPermission = (typeof PERMISSION_LEVELS)[number];
/** What a project may set as `reviews.minimumPermission`. */
export type MinimumPermission = Exclude<RepositoryPermission, 'none'>;
export const DEFAULT_MINIMUM_PERMISSION: MinimumPermission = 'write';

export function meetsMinimum(actual: RepositoryPermission, minimum: MinimumPermission): boolean {
  return PERMISSION_LEVELS.indexOf(actual) >= PERMISSION_LEVELS.indexOf(minimum);
}

/**
 * GitLab's roles as GitHub's levels: Guest reads, Reporter triages, Developer writes, Maintainer
 * maintains, Owner administers. Minimal access and Planner (who cannot read the code) count as read
 * at most; anything unknown above Owner (an administrator's 60) as admin.
 */
export function gitlabAccessToPermission(accessLevel: number): RepositoryPermission {
  if (accessLevel >= 50) return 'admin';
  if (accessLevel >= 40) return 'maintain';
  if (accessLevel >= 30) return 'write';
  if (accessLevel >= 20) return 'triage';
  if (accessLevel >= 10) return 'read';
  return 'none';
}

/** The role a GitLab user needs for a minimum, for messages. */
export const GITLAB_ROLE_FOR: Record<MinimumPermission, string> = {
  read: 'Guest',
  triage: 'Reporter',
  write: 'Developer',
  maintain: 'Maintainer',
  admin: 'Owner',
};

/** `login` is a GitHub Actions workflow of the repository itself: only its own workflows can act as it. */
export const GITHUB_ACTIONS_LOGIN = 'github-actions[bot]';
