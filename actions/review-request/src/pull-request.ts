// Which pull request the workflow runs for, from the event payload at GITHUB_EVENT_PATH:
// pull_request / pull_request_target events, or a comment on a pull request (issue_comment).
import fs from 'node:fs';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
}

type Env = Record<string, string | undefined>;

interface Payload {
  number?: number;
  pull_request?: { number?: number };
  issue?: { number?: number; pull_request?: unknown };
  repository?: { full_name?: string };
}

export class NotAPullRequestError extends Error {
  override name = 'NotAPullRequestError';
}

const HOW_TO =
  'Run this action in a workflow triggered by `pull_request` (for example after the job that deploys the preview), ' +
  'or by `issue_comment` on a pull request.';

export function readPayload(env: Env): Payload {
  const file = env.GITHUB_EVENT_PATH;
  if (!file) throw new NotAPullRequestError(`GITHUB_EVENT_PATH is not set, so there is no event to find the pull request in. ${HOW_TO}`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Payload;
  } catch (error) {
    throw new NotAPullRequestError(`Could not read the event payload at GITHUB_EVENT_PATH (${(error as Error).message}).`);
  }
}

export function findPullRequest(env: Env, payload: Payload): PullRequestRef {
  const event = env.GITHUB_EVENT_NAME ?? 'unknown';
  let number: number | undefined;
  if (payload.pull_request) number = payload.pull_request.number ?? payload.number;
  else if (payload.issue?.pull_request) number = payload.issue.number;
  else if (payload.issue) {
    throw new NotAPullRequestError(`The ${event} event is about issue #${payload.issue.number}, which is not a pull request: a review needs a pull request with a preview deployment. ${HOW_TO}`);
  }
  if (typeof number !== 'number') {
    throw new NotAPullRequestError(`This workflow ran for a \`${event}\` event, which belongs to no pull request, so there is nothing to comment on. ${HOW_TO}`);
  }
  const fullName = env.GITHUB_REPOSITORY || payload.repository?.full_name || '';
  const [owner, repo, ...rest] = fullName.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new NotAPullRequestError(`Cannot tell the repository: GITHUB_REPOSITORY is ${JSON.stringify(env.GITHUB_REPOSITORY ?? '')} and the payload names none.`);
  }
  return { owner, repo, number };
}
