// The review-request action: post a comment on the pull request that mentions Goalie and names the
// preview URL on one line ("@goalie please review https://pr-42.preview.example.com"): the
// CI-assisted trigger of a Goalie review. Output: comment_url.
//
// @actions/core is GitHub's own implementation of the workflow-command protocol (inputs, outputs,
// ::error::, secret masking); the run action uses it too, and actions may not import each other.
import * as core from '@actions/core';
import { reviewRequestComment } from './comment.js';
import { createPullRequestComment, GitHubApiError } from './github-api.js';
import { InputError, parseInputs } from './inputs.js';
import { findPullRequest, NotAPullRequestError, readPayload } from './pull-request.js';

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const settings = parseInputs((name) => core.getInput(name));
    core.setSecret(settings.githubToken);
    const pr = findPullRequest(env, readPayload(env));
    const body = reviewRequestComment(settings);
    const comment = await createPullRequestComment({ apiUrl: settings.githubApiUrl, token: settings.githubToken }, pr, body);
    core.setOutput('comment_url', comment.html_url);
    core.info(`Asked ${settings.mention} to review ${settings.previewUrl} on ${pr.owner}/${pr.repo}#${pr.number}: ${comment.html_url}`);
  } catch (error) {
    if (error instanceof InputError || error instanceof NotAPullRequestError || error instanceof GitHubApiError) core.setFailed(error.message);
    else core.setFailed(`The review-request action failed unexpectedly: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
