// GitHub's shapes to our neutral words and back. Pure: shared by the REST calls and the webhooks,
// which carry the same pull request and deployment objects.
import type { ChangeRequest, ChangeRequestOrigin } from '../../app/ports/change-request-platform.js';
import { PERMISSION_LEVELS, type RepositoryPermission } from '../../domain/review/permission.js';
import type { Deployment } from '../../domain/review/readiness.js';
import type { Verdict } from '../../domain/review/verdict.js';

/** The fields of a GitHub pull request (REST or webhook payload) that Goalie reads. */
export interface GitHubPull {
  number: number;
  title: string;
  state: string;
  draft?: boolean | null;
  merged?: boolean | null;
  merged_at?: string | null;
  html_url: string;
  user: { login: string } | null;
  head: { ref: string; sha: string };
}

export function toChangeRequest(pull: GitHubPull): ChangeRequest {
  const merged = pull.merged === true || Boolean(pull.merged_at);
  return {
    number: pull.number,
    title: pull.title,
    branch: pull.head.ref,
    headSha: pull.head.sha,
    draft: pull.draft === true,
    state: merged ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
    url: pull.html_url,
    author: pull.user?.login ?? null,
  };
}

/**
 * A GitHub App's bot, github-actions[bot] included: user names cannot contain brackets, and the
 * webhook reader keeps a `[bot]` login only when GitHub says it is a Bot (github-webhooks.ts).
 */
export function isAppBot(login: string | null): boolean {
  return login?.endsWith('[bot]') === true;
}

/**
 * Head and base in different repositories: a pull request from a fork. A deleted fork leaves the
 * head's repository null, and a repository that cannot be read is taken for a fork too.
 */
export function isFromFork(headRepo: string | null, baseRepo: string | null): boolean {
  return headRepo === null || baseRepo === null || headRepo !== baseRepo;
}

/** The fields of a pull request (REST) that say who it comes from. */
export interface GitHubPullOrigin {
  user: { login: string; id: number } | null;
  head: { repo: { id: number } | null };
  base: { repo: { id: number } | null };
}

export function toChangeRequestOrigin(pull: GitHubPullOrigin): ChangeRequestOrigin {
  const repo = (side: { repo: { id: number } | null }) => (side.repo ? String(side.repo.id) : null);
  return {
    author: { username: pull.user?.login ?? null, id: pull.user ? String(pull.user.id) : null },
    fromFork: isFromFork(repo(pull.head), repo(pull.base)),
  };
}

export type ReviewEvent = 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';

export function toReviewEvent(verdict: Verdict): ReviewEvent {
  switch (verdict) {
    case 'Approved':
      return 'APPROVE';
    case 'Changes Requested':
      return 'REQUEST_CHANGES';
    default:
      return 'COMMENT';
  }
}

/** GitHub's 422 when the token's user is the pull request's author: "Can not approve your own pull request". */
export function isOwnPullRequestRefusal(status: number | null, githubMessage: string): boolean {
  return status === 422 && /can ?not (approve|request changes on) your own pull request/i.test(githubMessage);
}

export interface GitHubDeploymentStatusFields {
  state: string;
  environment?: string | null;
  environment_url?: string | null;
  target_url?: string | null;
}

export interface GitHubDeploymentFields {
  sha: string;
  ref?: string | null;
  environment?: string | null;
  payload?: unknown;
  created_at?: string;
}

/** Where a deployment can be reached: its environment URL, else the status's target URL, else a `web_url` in its payload. */
export function deploymentUrl(status: GitHubDeploymentStatusFields, deployment: GitHubDeploymentFields): string | null {
  const payload =
    deployment.payload && typeof deployment.payload === 'object' ? (deployment.payload as { web_url?: unknown }) : {};
  const fromPayload = typeof payload.web_url === 'string' ? payload.web_url : '';
  return status.environment_url || status.target_url || fromPayload || null;
}

export function deploymentEnvironment(
  status: GitHubDeploymentStatusFields,
  deployment: GitHubDeploymentFields,
): string {
  return status.environment || deployment.environment || '';
}

export type NeutralDeploymentState = 'success' | 'failure' | 'pending' | 'other';

export function toDeploymentState(state: string): NeutralDeploymentState {
  switch (state) {
    case 'success':
      return 'success';
    case 'failure':
    case 'error':
      return 'failure';
    case 'pending':
    case 'queued':
    case 'in_progress':
      return 'pending';
    default:
      return 'other';
  }
}

/** A successful deployment with a URL, or null: only those tell where a preview can be tested. */
export function toReadyDeployment(
  deployment: GitHubDeploymentFields,
  latest: GitHubDeploymentStatusFields | undefined,
): Deployment | null {
  if (!latest || latest.state !== 'success') return null;
  const url = deploymentUrl(latest, deployment);
  return url ? { environment: deploymentEnvironment(latest, deployment), url, sha: deployment.sha } : null;
}

/** GET /repos/{owner}/{repo}/collaborators/{username}/permission, the fields Goalie reads. */
export interface GitHubPermissionAnswer {
  /** Legacy: admin, write, read or none (maintain shows as write, triage as read). */
  permission?: string;
  /** admin, maintain, write, triage, read, or the name of a custom role. */
  role_name?: string;
  user?: {
    permissions?: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean; pull?: boolean };
  } | null;
}

/** The most exact of the answer's three ways of saying it: the user's flags, the role name, the legacy permission. */
export function toPermission(answer: GitHubPermissionAnswer): RepositoryPermission {
  const flags = answer.user?.permissions;
  if (flags) {
    if (flags.admin) return 'admin';
    if (flags.maintain) return 'maintain';
    if (flags.push) return 'write';
    if (flags.triage) return 'triage';
    if (flags.pull) return 'read';
    return 'none';
  }
  const known = (value: string | undefined) =>
    (PERMISSION_LEVELS as readonly string[]).includes(value ?? '') ? (value as RepositoryPermission) : null;
  return known(answer.role_name) ?? known(answer.permission) ?? 'none';
}
