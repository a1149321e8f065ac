// The one GitHub REST call this action makes: create a comment on a pull request (pull requests are
// issues to this endpoint). Native fetch, a timeout per attempt, and retries with backoff on
// network errors and 5xx answers; never on 4xx, which need a fix (token, permissions), not a retry.
import type { PullRequestRef } from './pull-request.js';

export interface GitHubApiOptions {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export interface CreatedComment {
  id: number;
  html_url: string;
}

export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What to do about an answer GitHub gives when the token may not comment. */
function hint(status: number, pr: PullRequestRef): string {
  if (status === 401) return ' Check github_token: it is missing, expired or revoked.';
  if (status === 403) {
    return (
      ' The token may not comment on pull requests: give the job `permissions: pull-requests: write` ' +
      '(the GITHUB_TOKEN of a pull request from a fork is read-only; use pull_request_target or a workflow_run workflow for those).'
    );
  }
  if (status === 404) return ` Check that ${pr.owner}/${pr.repo} and pull request #${pr.number} exist and that github_token can see the repository, and github_api_url.`;
  return '';
}

export async function createPullRequestComment(options: GitHubApiOptions, pr: PullRequestRef, body: string): Promise<CreatedComment> {
  const { retries = 2, backoffMs = 1000, timeoutMs = 30_000 } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.apiUrl}/repos/${encodeURIComponent(pr.owner)}/${encodeURIComponent(pr.repo)}/issues/${pr.number}/comments`;
  let last: GitHubApiError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${options.token}`,
          'content-type': 'application/json',
          'user-agent': 'goalie-review-request-action',
          'x-github-api-version': '2022-11-28',
        },
        body: JSON.stringify({ body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : ((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      last = new GitHubApiError(0, `Could not reach ${options.apiUrl}: ${reason}. Check github_api_url.`);
      continue;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (response.ok) {
      const comment = parsed as Partial<CreatedComment> | undefined;
      if (typeof comment?.html_url !== 'string') throw new GitHubApiError(response.status, `GitHub answered HTTP ${response.status} without the comment's html_url: ${text.slice(0, 200)}`);
      return comment as CreatedComment;
    }
    const message = (parsed as { message?: unknown } | undefined)?.message;
    const error = new GitHubApiError(
      response.status,
      `GitHub answered HTTP ${response.status} to POST ${new URL(url).pathname}: ${typeof message === 'string' ? message : text.slice(0, 200) || response.statusText}.${hint(response.status, pr)}`,
    );
    if (response.status < 500) throw error;
    last = error;
  }
  throw last!;
}
