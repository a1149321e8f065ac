// Where to ask for a review, and for which preview URL: the pull request of a pull_request or
// issue_comment event; for push and deployment_status, the open pull requests whose head is the
// event's commit, looked up with the API. `skip` says why there is nothing to ask for.
import { openPullRequestsOfCommit } from './commit-pull-requests.js';
import { commitOfEvent, isCommitEvent } from './commit-event.js';
import { repositoryOf, type Env, type EventPayload } from './event.js';
import type { GitHubApiOptions } from './github-api.js';
import { InputError, isHttpUrl } from './inputs.js';
import { findPullRequest, type PullRequestRef } from './pull-request.js';

export type ReviewTargets = { previewUrl: string; pullRequests: PullRequestRef[] } | { skip: string };

/** The preview_url input, else (deployment_status) the deployment's URL. */
function previewUrlOf(input: string | undefined, event: string | undefined, deploymentUrl?: string): string {
  if (input) return input;
  // parseInputs requires preview_url for every other event.
  if (event !== 'deployment_status') throw new InputError(['preview_url is required.']);
  if (deploymentUrl === undefined) {
    throw new InputError([
      'preview_url is empty and the deployment_status event names no URL (its environment_url and target_url are empty): ' +
        'pass preview_url, or have the deployment set its environment URL.',
    ]);
  }
  if (!isHttpUrl(deploymentUrl)) {
    throw new InputError([
      `preview_url is empty and the deployment's URL ${JSON.stringify(deploymentUrl)} is not an absolute http(s) URL: pass preview_url.`,
    ]);
  }
  return deploymentUrl;
}

function noPullRequestNotice(sha: string, containing: number[]): string {
  const others = containing.map((number) => `#${number}`).join(', ');
  return (
    `No open pull request has commit ${sha} as its head, so no review was requested.` +
    (others
      ? ` Open ${others} contain${containing.length === 1 ? 's' : ''} the commit but ${containing.length === 1 ? 'has' : 'have'} another head commit, whose own preview is the one to review.`
      : '')
  );
}

/** `named`: the pull request the workflow named (QA.tech's pr_url input), instead of the event's. */
export async function findReviewTargets(
  env: Env,
  payload: EventPayload,
  previewUrlInput: string | undefined,
  api: GitHubApiOptions,
  named?: PullRequestRef,
): Promise<ReviewTargets> {
  const event = env.GITHUB_EVENT_NAME;
  if (!isCommitEvent(event)) {
    const pullRequest = named ?? findPullRequest(env, payload);
    return { previewUrl: previewUrlOf(previewUrlInput, event), pullRequests: [pullRequest] };
  }
  const commit = commitOfEvent(event, payload);
  if ('skip' in commit) return commit;
  const previewUrl = previewUrlOf(previewUrlInput, event, commit.deploymentUrl);
  if (named) return { previewUrl, pullRequests: [named] };
  const repo = repositoryOf(env, payload);
  const found = await openPullRequestsOfCommit(api, repo, commit.sha);
  if (found.withHead.length === 0) return { skip: noPullRequestNotice(commit.sha, found.containing) };
  return { previewUrl, pullRequests: found.withHead.map((number) => ({ ...repo, number })) };
}
