// The open pull requests whose head is a given commit: GET /repos/{owner}/{repo}/commits/{sha}/pulls.
// That endpoint lists the pull requests "associated with" the commit: for a commit outside the
// default branch, the open ones whose head is the commit *or that contain it* (a pull request based
// on another's branch, or one pushed to since); for a commit on the default branch, the merged pull
// request that brought it in. A preview built from the commit belongs only to the open pull requests
// whose head it still is; the others are returned apart so that the notice can name them.
import { githubRequest, GitHubApiError, repoPath, TOKEN_HINT, type GitHubApiOptions } from './github-api.js';
import type { RepositoryRef } from './event.js';

export interface CommitPullRequests {
  /** Open, with the commit as their head: the ones to comment on. */
  withHead: number[];
  /** Open, containing the commit, but with a newer (or another) head. */
  containing: number[];
}

interface PullRequestItem {
  number?: unknown;
  state?: unknown;
  head?: { sha?: unknown };
}

function hint(status: number, repo: RepositoryRef, sha: string): string {
  if (status === 401) return TOKEN_HINT;
  if (status === 403) {
    return ' The token may not read pull requests: give the job `permissions: pull-requests: read` (or write, to comment) and `contents: read`.';
  }
  if (status === 404)
    return ` Check that ${repo.owner}/${repo.repo} exists, that github_token can see it (\`permissions: contents: read\`), and github_api_url.`;
  if (status === 422) return ` GitHub does not know commit ${sha} in ${repo.owner}/${repo.repo}.`;
  return '';
}

export async function openPullRequestsOfCommit(
  options: GitHubApiOptions,
  repo: RepositoryRef,
  sha: string,
): Promise<CommitPullRequests> {
  const answer = await githubRequest(options, {
    method: 'GET',
    path: `${repoPath(repo)}/commits/${encodeURIComponent(sha)}/pulls?per_page=100`,
    hint: (status) => hint(status, repo, sha),
  });
  if (!Array.isArray(answer.data))
    throw new GitHubApiError(
      answer.status,
      `GitHub answered HTTP ${answer.status} without a list of pull requests: ${answer.text.slice(0, 200)}`,
    );
  const open = (answer.data as PullRequestItem[]).filter((pr) => pr.state === 'open' && typeof pr.number === 'number');
  return {
    withHead: open.filter((pr) => pr.head?.sha === sha).map((pr) => pr.number as number),
    containing: open.filter((pr) => pr.head?.sha !== sha).map((pr) => pr.number as number),
  };
}
