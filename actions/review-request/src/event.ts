// The event the workflow runs for: its payload (the file at GITHUB_EVENT_PATH) and its repository.
// Only the fields this action reads are typed.
import fs from 'node:fs';

export type Env = Record<string, string | undefined>;

export interface RepositoryRef {
  owner: string;
  repo: string;
}

export interface EventPayload {
  number?: number;
  pull_request?: { number?: number };
  issue?: { number?: number; pull_request?: unknown };
  repository?: { full_name?: string };
  /** push */
  ref?: string;
  after?: string;
  deleted?: boolean;
  /** deployment_status */
  deployment?: { sha?: string; environment?: string };
  deployment_status?: { state?: string; environment_url?: string | null; target_url?: string | null };
}

/** The event cannot tell which pull request to comment on (wrong trigger, unreadable payload). */
export class EventError extends Error {
  override name = 'EventError';
}

export const SUPPORTED_EVENTS =
  'Run this action in a workflow triggered by `pull_request` (for example after the job that deploys the preview), ' +
  "by `deployment_status` (after a deployment of the pull request's commit), by `push` to the pull request's branch, " +
  'or by `issue_comment` on a pull request.';

export function readPayload(env: Env): EventPayload {
  const file = env.GITHUB_EVENT_PATH;
  if (!file)
    throw new EventError(
      `GITHUB_EVENT_PATH is not set, so there is no event to find the pull request in. ${SUPPORTED_EVENTS}`,
    );
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as EventPayload;
  } catch (error) {
    throw new EventError(`Could not read the event payload at GITHUB_EVENT_PATH (${(error as Error).message}).`);
  }
}

export function repositoryOf(env: Env, payload: EventPayload): RepositoryRef {
  const fullName = env.GITHUB_REPOSITORY || payload.repository?.full_name || '';
  const [owner, repo, ...rest] = fullName.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new EventError(
      `Cannot tell the repository: GITHUB_REPOSITORY is ${JSON.stringify(env.GITHUB_REPOSITORY ?? '')} and the payload names none.`,
    );
  }
  return { owner, repo };
}
