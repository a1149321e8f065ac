// GitHub REST calls of this action, one way: native fetch, a timeout per attempt, and retries with
// backoff on network errors and 5xx answers; never on 4xx, which need a fix (token, permissions),
// not a retry. Each call says what to check for a 4xx answer (`hint`).

export interface GitHubApiOptions {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  fetch?: typeof fetch;
}

export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface GitHubRequest {
  method: 'GET' | 'POST';
  /** Below the API URL, e.g. /repos/o/r/issues/1/comments (with its query). */
  path: string;
  body?: unknown;
  /** What to check when GitHub answers this status (a sentence, or ''). */
  hint(status: number): string;
}

export interface GitHubAnswer {
  status: number;
  /** The answer's JSON (undefined when it is not JSON). */
  data: unknown;
  text: string;
}

/** The answer of a successful (2xx) call; throws GitHubApiError otherwise. */
export async function githubRequest(options: GitHubApiOptions, request: GitHubRequest): Promise<GitHubAnswer> {
  const { retries = 2, backoffMs = 1000, timeoutMs = 30_000 } = options;
  const doFetch = options.fetch ?? globalThis.fetch;
  const url = `${options.apiUrl}${request.path}`;
  let last: GitHubApiError | null = null;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
    let response: Response;
    try {
      response = await doFetch(url, {
        method: request.method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${options.token}`,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'goalie-review-request-action',
          'x-github-api-version': '2022-11-28',
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : ((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      last = new GitHubApiError(0, `Could not reach ${options.apiUrl}: ${reason}. Check github_api_url.`);
      continue;
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
    if (response.ok) return { status: response.status, data, text };
    const message = (data as { message?: unknown } | undefined)?.message;
    const error = new GitHubApiError(
      response.status,
      `GitHub answered HTTP ${response.status} to ${request.method} ${new URL(url).pathname}: ${typeof message === 'string' ? message : text.slice(0, 200) || response.statusText}.${request.hint(response.status)}`,
    );
    if (response.status < 500) throw error;
    last = error;
  }
  throw last!;
}

/** `/repos/{owner}/{repo}`, encoded. */
export function repoPath(repo: { owner: string; repo: string }): string {
  return `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`;
}

/** The hint for a 401: the same for every call. */
export const TOKEN_HINT = ' Check github_token: it is missing, expired or revoked.';
