// Which commit a push or deployment_status event is about (its pull requests are looked up with the
// API), and for a successful deployment the URL it was deployed to: environment_url, else
// target_url. A deployment that did not succeed (yet) and a push that deleted a branch have no
// preview to review: `skip` says why.
import { EventError, type EventPayload } from './event.js';

export const COMMIT_EVENTS = ['deployment_status', 'push'] as const;
export type CommitEventName = (typeof COMMIT_EVENTS)[number];

export type CommitOfEvent = { sha: string; deploymentUrl?: string } | { skip: string };

export function isCommitEvent(name: string | undefined): name is CommitEventName {
  return (COMMIT_EVENTS as readonly (string | undefined)[]).includes(name);
}

const isSha = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{40}$/i.test(value);

function deploymentCommit(payload: EventPayload): CommitOfEvent {
  const { deployment, deployment_status: status } = payload;
  if (!isSha(deployment?.sha) || !status)
    throw new EventError(
      'The deployment_status event has no deployment.sha or deployment_status: is GITHUB_EVENT_PATH the event of this workflow?',
    );
  const what = `The deployment of ${deployment.sha.slice(0, 7)}${deployment.environment ? ` to ${deployment.environment}` : ''}`;
  if (status.state !== 'success') {
    return {
      skip: `${what} is ${status.state ?? 'in an unknown state'}, not success: no preview to review yet, so no review was requested. The workflow runs again when the deployment's status changes.`,
    };
  }
  const deploymentUrl = status.environment_url || status.target_url || undefined;
  return { sha: deployment.sha, ...(deploymentUrl ? { deploymentUrl } : {}) };
}

function pushCommit(payload: EventPayload): CommitOfEvent {
  if (payload.deleted || /^0+$/.test(payload.after ?? ''))
    return { skip: `The push deleted ${payload.ref ?? 'a ref'}: there is no commit to review.` };
  if (!isSha(payload.after))
    throw new EventError('The push event has no `after` commit: is GITHUB_EVENT_PATH the event of this workflow?');
  return { sha: payload.after };
}

export function commitOfEvent(name: CommitEventName, payload: EventPayload): CommitOfEvent {
  return name === 'deployment_status' ? deploymentCommit(payload) : pushCommit(payload);
}
