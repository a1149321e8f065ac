// Posting the review-request comment on a pull request (pull requests are issues to this endpoint).
import { githubRequest, GitHubApiError, repoPath, TOKEN_HINT, type GitHubApiOptions } from './github-api.js';
import type { PullRequestRef } from './pull-request.js';

export interface CreatedComment {
  id: number;
  html_url: string;
}

/** What to do about an answer GitHub gives when the token may not comment. */
function hint(status: number, pr: PullRequestRef): string {
  if (status === 401) return TOKEN_HINT;
  if (status === 403) {
    return (
      ' The token may not comment on pull requests: give the job `permissions: pull-requests: write` ' +
      '(the GITHUB_TOKEN of a pull request from a fork is read-only; use pull_request_target or a workflow_run workflow for those).'
    );
  }
  if (status === 404)
    return ` Check that ${pr.owner}/${pr.repo} and pull request #${pr.number} exist and that github_token can see the repository, and github_api_url.`;
  return '';
}

export async function createPullRequestComment(
  options: GitHubApiOptions,
  pr: PullRequestRef,
  body: string,
): Promise<CreatedComment> {
  const answer = await githubRequest(options, {
    method: 'POST',
    path: `${repoPath(pr)}/issues/${pr.number}/comments`,
    body: { body },
    hint: (status) => hint(status, pr),
  });
  const comment = answer.data as Partial<CreatedComment> | undefined;
  if (typeof comment?.html_url !== 'string')
    throw new GitHubApiError(
      answer.status,
      `GitHub answered HTTP ${answer.status} without the comment's html_url: ${answer.text.slice(0, 200)}`,
    );
  return comment as CreatedComment;
}
