// The GitLab client: the gitbeaker resources Goalie uses, a timeout on every call, and retries with
// backoff. Everything GitLab-specific about *how* to call lives here; what to call lives in
// gitlab-platform.ts.
//
// gitbeaker itself retries 429 and 502 only, up to 10 times within about a quarter of a second,
// and lets 500, 503, 504, network errors and timeouts through. `retrying` adds real backoff for
// all of them; a 429 or 502 that outlasts gitbeaker's own loop arrives here as GitbeakerRetryError.
import {
  Commits,
  Deployments,
  MergeRequestApprovals,
  MergeRequestNotes,
  MergeRequests,
  ProjectHooks,
  ProjectMembers,
  Users,
} from '@gitbeaker/rest';
import type { Logger } from '../../app/ports/logger.js';
import { isRetryable, statusOf } from './gitlab-errors.js';
import { gitlabRequester } from './gitlab-requester.js';

export interface GitLabClientOptions {
  logger: Logger;
  /**
   * How requests reach GitLab: every one checked against the address rules after DNS and pinned to
   * the checked address (integrations/http/checked-fetch.ts, wired in main.ts), through
   * gitlab-requester.ts instead of the global fetch @gitbeaker/rest would call.
   */
  fetch: typeof fetch;
  /** Per call, as gitbeaker's queryTimeout: a listing with all its pages is one call. Default 15 s. */
  timeoutMs?: number;
  /** Retries after a 5xx, 429, network error or timeout. Default 3. */
  retries?: number;
  /** The first wait before a retry; each next wait doubles, plus up to 25 % jitter. Default 1000 ms. */
  retryDelayMs?: number;
}

export interface GitLabClient {
  /** The instance's base URL (no trailing slash, no /api/v4): https://gitlab.com, https://gitlab.example.com/gitlab */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly mergeRequests: MergeRequests;
  readonly notes: MergeRequestNotes;
  readonly approvals: MergeRequestApprovals;
  readonly commits: Commits;
  readonly deployments: Deployments;
  readonly hooks: ProjectHooks;
  readonly members: ProjectMembers;
  readonly users: Users;
  /** Runs `attempt`, and again after a retryable failure, waiting longer each time. The last failure is rethrown as is. */
  retrying<T>(action: string, attempt: () => Promise<T>): Promise<T>;
}

/** Accepts the instance URL with or without a trailing slash or `/api/v4`: gitbeaker adds `/api/v4` itself. */
export function gitlabBaseUrl(apiUrl: string): string {
  return apiUrl
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/api\/v4$/, '');
}

export function createGitLabClient(
  connection: { apiUrl: string; token: string },
  options: GitLabClientOptions,
): GitLabClient {
  const baseUrl = gitlabBaseUrl(connection.apiUrl);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 3;
  const delayMs = options.retryDelayMs ?? 1000;
  // Only the resources Goalie calls: `new Gitlab()` would build all ~200, each with its own rate limiters.
  const config = {
    host: baseUrl,
    token: connection.token,
    queryTimeout: timeoutMs,
    requesterFn: gitlabRequester(options.fetch),
  };

  return {
    baseUrl,
    timeoutMs,
    mergeRequests: new MergeRequests(config),
    notes: new MergeRequestNotes(config),
    approvals: new MergeRequestApprovals(config),
    commits: new Commits(config),
    deployments: new Deployments(config),
    hooks: new ProjectHooks(config),
    members: new ProjectMembers(config),
    users: new Users(config),
    async retrying<T>(action: string, attempt: () => Promise<T>): Promise<T> {
      for (let retry = 0; ; retry++) {
        try {
          return await attempt();
        } catch (error) {
          if (retry >= retries || !isRetryable(error)) throw error;
          const waitMs = Math.round(delayMs * 2 ** retry * (1 + Math.random() / 4));
          options.logger.warn(
            {
              gitlab: {
                action,
                status: statusOf(error),
                error: (error as Error).message,
                retry: retry + 1,
                of: retries,
                waitMs,
              },
            },
            `GitLab: ${action} failed; retrying in ${waitMs} ms`,
          );
          await new Promise((resolve) => setTimeout(resolve, waitMs));
        }
      }
    },
  };
}
