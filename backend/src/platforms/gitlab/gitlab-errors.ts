// GitLab's failures as messages a person can act on: what Goalie tried, what GitLab said (an
// excerpt: a wrong URL may answer with anyone's page), and what to check (the token and its scope,
// the user's role in the project, the project path, the URL).
import { GitbeakerRequestError, GitbeakerRetryError, GitbeakerTimeoutError } from '@gitbeaker/rest';
import { HostAddressRefused } from '../../app/ports/change-request-platform.js';
import { excerpt } from '../../domain/excerpt.js';

export class GitLabError extends Error {
  constructor(
    message: string,
    /** GitLab's HTTP status, or null when no answer came (network error, timeout, retries used up). */
    readonly status: number | null,
    /** GitLab's own message (`401 Unauthorized`, `404 Project Not Found`, `insufficient_scope`, ...). */
    readonly gitlabMessage: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GitLabError';
  }
}

export interface GitLabCallContext {
  /** What Goalie tried, e.g. `read merge request !12`. */
  action: string;
  /** group/subgroup/project */
  project: string;
  baseUrl: string;
  /** The least project role the call needs: `Reporter`, `Developer` or `Maintainer`. */
  role: string;
  timeoutMs: number;
}

/** The HTTP status of a gitbeaker request error; null when GitLab did not answer. */
export function statusOf(error: unknown): number | null {
  if (error instanceof GitLabError) return error.status;
  if (error instanceof GitbeakerRequestError) return error.cause?.response?.status ?? null;
  return null;
}

function isTimeout(error: unknown): boolean {
  // A timeout while the body is read is a bare DOMException: gitbeaker converts only the one in fetch().
  return (
    error instanceof GitbeakerTimeoutError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/** undici's network failure (refused, reset, DNS): `TypeError: fetch failed` with the system error as cause. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'fetch failed';
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof GitbeakerRetryError || isTimeout(error) || isNetworkError(error)) return true;
  const status = statusOf(error);
  return status !== null && (status >= 500 || status === 429);
}

export function toGitLabError(error: unknown, context: GitLabCallContext): GitLabError {
  if (error instanceof GitLabError) return error;
  // Goalie's own refusal, not GitLab's words: whole, and without hints about GitLab.
  const refused = HostAddressRefused.in(error);
  if (refused)
    return new GitLabError(
      `GitLab: could not ${context.action} in ${context.project} (${refused.explained}).`,
      null,
      refused.message,
      { cause: error },
    );
  const status = statusOf(error);
  const said = excerpt(saidBy(error));
  // GitLab's messages usually start with the status already ("404 Project Not Found").
  const reached = status === null || said.startsWith(String(status)) ? said : `${status} ${said}`;
  const hint = hintFor(status, said, error, context);
  return new GitLabError(
    `GitLab: could not ${context.action} in ${context.project} (${reached}). ${hint}`,
    status,
    said,
    { cause: error },
  );
}

function saidBy(error: unknown): string {
  if (isTimeout(error)) return 'no answer in time';
  if (isNetworkError(error)) {
    const code = (error as TypeError & { cause?: { code?: unknown; message?: unknown } }).cause;
    return `not reachable: ${String(code?.code ?? code?.message ?? 'network error')}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function hintFor(status: number | null, said: string, error: unknown, context: GitLabCallContext): string {
  const { project, baseUrl, role } = context;
  if (status === 401) {
    return 'The GitLab token is invalid, expired or revoked: create a new project or personal access token with the "api" scope and update the GitLab connection.';
  }
  if (status === 403 && /insufficient_scope/.test(said))
    return 'The token lacks the "api" scope: create a token with the "api" scope and update the GitLab connection.';
  if (status === 403)
    return `The token's user may not do this in ${project}: it needs at least the ${role} role there, and the token the "api" scope.`;
  if (status === 404 && /merge request/i.test(said))
    return `That merge request does not exist in ${project}, or the token's user cannot see it.`;
  if (status === 404) {
    return (
      `Either the project path "${project}" is wrong (write it as in its URL: group/subgroup/project), or the token's user is not a member of it ` +
      `(GitLab answers 404 for projects it hides). Also check the GitLab URL (${baseUrl}).`
    );
  }
  if (status === 429 || (error instanceof GitbeakerRetryError && /429/.test(said)))
    return 'GitLab kept answering "too many requests", also after retries: try again later.';
  if (status !== null && status < 500) return "See GitLab's message above.";
  if (isTimeout(error))
    return `GitLab did not answer within ${context.timeoutMs} ms, also after retries: check that ${baseUrl} is up, or try again later.`;
  if (isNetworkError(error))
    return `GitLab could not be reached, also after retries: check that ${baseUrl} is the GitLab URL (https://gitlab.com or your instance) and reachable from Goalie.`;
  return 'GitLab failed, also after retries: try again later.';
}
