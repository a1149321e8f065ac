// Whether a review request may start, and whose permission decides. A person's mention is judged by
// that person. A mention by an automation identity (a workflow's github-actions[bot], another GitHub
// App's bot, a GitLab access token's bot user) is judged by the change request it is about: a
// workflow on pull_request_target or workflow_run mentions Goalie on anyone's pull request, so the
// bot's own permission only shows that the repository set the workflow up. Such a mention passes
// the rule for forks of an automatic review, and the change request's author must be someone who
// could ask themselves.
import { meetsMinimum, type MinimumPermission, type RepositoryPermission } from './permission.js';

export interface ReviewRules {
  /** reviews.minimumPermission: who may ask for a review. */
  minimumPermission: MinimumPermission;
  /** reviews.allowForks: forks' change requests are reviewed automatically whoever opened them. */
  allowForks: boolean;
}

/** Who asks for the review, with what the host says about them. */
export type ReviewAsker =
  /** A person's mention: their own permission. */
  | { kind: 'person'; permission: RepositoryPermission }
  /** The automatic review of a fork's change request: its author's permission. */
  | { kind: 'fork'; authorPermission: RepositoryPermission }
  /** A mention by an automation identity: its own permission, and the change request's author and origin. */
  | { kind: 'automation'; permission: RepositoryPermission; authorPermission: RepositoryPermission; fromFork: boolean };

export type ReviewAuthorization =
  | { allowed: true }
  | {
      allowed: false;
      /** Whose permission fell short: whoever asked, or the change request's author they ask for. */
      short: 'asker' | 'author';
      permission: RepositoryPermission;
      needed: MinimumPermission;
      /** The rule for forks refused it. */
      fork: boolean;
    };

/** A fork's code is run automatically only for authors who could push it to the repository themselves. */
export function writerMinimum(minimum: MinimumPermission): MinimumPermission {
  return meetsMinimum(minimum, 'write') ? minimum : 'write';
}

export function authorizeReviewRequest(asker: ReviewAsker, rules: ReviewRules): ReviewAuthorization {
  const writer = writerMinimum(rules.minimumPermission);
  const refuse = (
    short: 'asker' | 'author',
    permission: RepositoryPermission,
    needed: MinimumPermission,
    fork = false,
  ) => (meetsMinimum(permission, needed) ? null : ({ allowed: false, short, permission, needed, fork } as const));
  const forkRule = (fromFork: boolean, author: RepositoryPermission) =>
    fromFork && !rules.allowForks ? refuse('author', author, writer, true) : null;
  switch (asker.kind) {
    case 'person':
      return refuse('asker', asker.permission, rules.minimumPermission) ?? { allowed: true };
    case 'fork':
      return forkRule(true, asker.authorPermission) ?? { allowed: true };
    case 'automation':
      return (
        refuse('asker', asker.permission, writer) ??
        forkRule(asker.fromFork, asker.authorPermission) ??
        refuse('author', asker.authorPermission, rules.minimumPermission) ?? { allowed: true }
      );
  }
}
