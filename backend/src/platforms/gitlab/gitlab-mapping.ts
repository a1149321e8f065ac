// GitLab's shapes to our neutral words. Pure: shared by the REST calls and the webhooks.
import type { ChangeRequest, ChangeRequestOrigin, CommitState } from '../../app/ports/change-request-platform.js';
import type { Deployment } from '../../domain/review/readiness.js';

/** The fields of a merge request from the REST API (GET /projects/:id/merge_requests/:iid) that Goalie reads. */
export interface GitLabMergeRequest {
  iid: number;
  title: string;
  source_branch: string;
  /** The source branch's head; null while GitLab has not computed the diff yet. */
  sha: string | null;
  diff_refs?: { head_sha?: string | null } | null;
  draft?: boolean;
  /** Older GitLab (before 14.0) says work_in_progress instead of draft. */
  work_in_progress?: boolean;
  state: string;
  web_url: string;
  author?: { id?: number; username?: string } | null;
  source_project_id?: number;
  target_project_id?: number;
}

export function toChangeRequest(mr: GitLabMergeRequest): ChangeRequest {
  return {
    number: mr.iid,
    title: mr.title,
    branch: mr.source_branch,
    headSha: mr.sha ?? mr.diff_refs?.head_sha ?? '',
    draft: mr.draft ?? mr.work_in_progress ?? false,
    state: toChangeRequestState(mr.state),
    url: mr.web_url,
    author: mr.author?.username ?? null,
  };
}

/** From a fork: the source project is not the target project (or GitLab does not say which it is). */
export function toChangeRequestOrigin(mr: GitLabMergeRequest): ChangeRequestOrigin {
  const id = mr.author?.id;
  return {
    author: { username: mr.author?.username ?? null, id: typeof id === 'number' ? String(id) : null },
    fromFork: typeof mr.source_project_id !== 'number' || mr.source_project_id !== mr.target_project_id,
  };
}

/**
 * The names GitLab gives bot users: project_<id>_bot_<hash> and group_<id>_bot_<hash> for access
 * tokens (project_<id>_bot<n> on older versions), service_account_... for service accounts.
 */
export function isBotUsername(username: string | null): boolean {
  return /^(?:(?:project|group)_\d+_bot|service_account_)/.test(username ?? '');
}

/** opened, closed, merged, and locked: the moment GitLab holds a merge request while merging it, still open. */
export function toChangeRequestState(state: string): ChangeRequest['state'] {
  if (state === 'merged') return 'merged';
  if (state === 'closed') return 'closed';
  return 'open';
}

/** GitLab's commit status states have no `failure` or `error`: both are `failed`. */
export function toGitLabCommitState(state: CommitState): 'pending' | 'success' | 'failed' | 'canceled' {
  if (state === 'pending') return 'pending';
  if (state === 'success') return 'success';
  if (state === 'cancelled') return 'canceled';
  return 'failed';
}

/** Deployment statuses: created, running, success, failed, canceled, blocked, skipped. */
export function toDeploymentState(status: string): 'success' | 'failure' | 'pending' | 'other' {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
      return 'failure';
    case 'created':
    case 'running':
      return 'pending';
    default:
      return 'other';
  }
}

/** The fields of a deployment from the REST API (GET /projects/:id/deployments) that Goalie reads. */
export interface GitLabDeployment {
  id: number;
  sha: string;
  status: string;
  environment?: { name?: string | null; external_url?: string | null } | null;
}

/** A successful deployment whose environment has an external URL, or null: only those tell where a preview can be tested. */
export function toReadyDeployment(deployment: GitLabDeployment): Deployment | null {
  const name = deployment.environment?.name;
  const url = deployment.environment?.external_url;
  if (deployment.status !== 'success' || !name || !url) return null;
  return { environment: name, url, sha: deployment.sha };
}

/**
 * The commit of a Deployment Hook. GitLab's payload has no full `sha` field, only `short_sha` and a
 * `commit_url` ending in the full SHA; a `sha` field, should GitLab add one, wins.
 */
export function deploymentHookSha(payload: {
  sha?: unknown;
  commit_url?: unknown;
  short_sha?: unknown;
}): string | null {
  if (typeof payload.sha === 'string' && payload.sha) return payload.sha;
  const fromUrl =
    typeof payload.commit_url === 'string'
      ? /\/commit\/([0-9a-f]{40}|[0-9a-f]{64})\/?$/i.exec(payload.commit_url)?.[1]
      : undefined;
  if (fromUrl) return fromUrl;
  return typeof payload.short_sha === 'string' && payload.short_sha ? payload.short_sha : null;
}

/** Where a note can be seen: the merge request's page, anchored at the note. */
export function noteUrl(baseUrl: string, project: string, iid: number, noteId: number): string {
  return `${baseUrl}/${project}/-/merge_requests/${iid}#note_${noteId}`;
}
