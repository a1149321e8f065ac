// The review-request action: post a comment on the pull request that mentions Goalie and names the
// preview URL on one line ("@goalie please review https://pr-42.preview.example.com"): the
// CI-assisted trigger of a Goalie review. For push and deployment_status events, on each open pull
// request whose head is the event's commit. Output: comment_url (one per line when several, empty
// when there was nothing to ask for).
//
// @actions/core is GitHub's own implementation of the workflow-command protocol (inputs, outputs,
// ::error::, secret masking); the run action uses it too, and actions may not import each other.
import * as core from '@actions/core';
import { reviewRequestComment } from './comment.js';
import { EventError, readPayload } from './event.js';
import { GitHubApiError, type GitHubApiOptions } from './github-api.js';
import { InputError, parseInputs, type ReviewRequestSettings } from './inputs.js';
import { createPullRequestComment } from './pull-request-comment.js';
import { findReviewTargets, type ReviewTargets } from './review-targets.js';

const isExpected = (error: unknown) =>
  error instanceof InputError || error instanceof EventError || error instanceof GitHubApiError;

/** Comments on each pull request; one's failure does not keep the others from their comment. */
async function requestReviews(
  api: GitHubApiOptions,
  settings: ReviewRequestSettings,
  targets: Exclude<ReviewTargets, { skip: string }>,
) {
  const body = reviewRequestComment({ ...settings, previewUrl: targets.previewUrl });
  const urls: string[] = [];
  const failures: string[] = [];
  for (const pr of targets.pullRequests) {
    try {
      const comment = await createPullRequestComment(api, pr, body);
      urls.push(comment.html_url);
      core.info(
        `Asked ${settings.mention} to review ${targets.previewUrl} on ${pr.owner}/${pr.repo}#${pr.number}: ${comment.html_url}`,
      );
    } catch (error) {
      if (!isExpected(error) || targets.pullRequests.length === 1) throw error;
      failures.push(`#${pr.number}: ${error.message}`);
    }
  }
  return { urls, failures };
}

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const settings = parseInputs((name) => core.getInput(name), {
      previewUrlOptional: env.GITHUB_EVENT_NAME === 'deployment_status',
    });
    core.setSecret(settings.githubToken);
    for (const warning of settings.warnings ?? []) core.warning(warning);
    const api: GitHubApiOptions = { apiUrl: settings.githubApiUrl, token: settings.githubToken };
    const targets = await findReviewTargets(env, readPayload(env), settings.previewUrl, api, settings.pullRequest);
    if ('skip' in targets) core.notice(targets.skip);
    const { urls, failures } =
      'skip' in targets ? { urls: [], failures: [] } : await requestReviews(api, settings, targets);
    core.setOutput('comment_url', urls.join('\n'));
    if (failures.length > 0)
      core.setFailed(
        `Could not comment on ${failures.length} of ${urls.length + failures.length} pull requests:\n${failures.join('\n')}`,
      );
  } catch (error) {
    if (isExpected(error)) core.setFailed(error.message);
    else
      core.setFailed(
        `The review-request action failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
  }
}
