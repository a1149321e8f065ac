// Which pull request a pull_request / pull_request_target event, or a comment on a pull request
// (issue_comment), is about. Events about a commit (push, deployment_status) are commit-event.ts'.
import {
  EventError,
  repositoryOf,
  SUPPORTED_EVENTS,
  type Env,
  type EventPayload,
  type RepositoryRef,
} from './event.js';

export interface PullRequestRef extends RepositoryRef {
  number: number;
}

export function findPullRequest(env: Env, payload: EventPayload): PullRequestRef {
  const event = env.GITHUB_EVENT_NAME ?? 'unknown';
  let number: number | undefined;
  if (payload.pull_request) number = payload.pull_request.number ?? payload.number;
  else if (payload.issue?.pull_request) number = payload.issue.number;
  else if (payload.issue) {
    throw new EventError(
      `The ${event} event is about issue #${payload.issue.number}, which is not a pull request: a review needs a pull request with a preview deployment. ${SUPPORTED_EVENTS}`,
    );
  }
  if (typeof number !== 'number') {
    throw new EventError(
      `This workflow ran for a \`${event}\` event, which belongs to no pull request, so there is nothing to comment on. ${SUPPORTED_EVENTS}`,
    );
  }
  return { ...repositoryOf(env, payload), number };
}
