// GitHub's failures as messages a person can act on: what Goalie tried, what GitHub said (an
// excerpt: a wrong API URL may answer with anyone's page), and what to check (token or GitHub App,
// its permissions, the repository name, the API URL).
import { HostAddressRefused } from '../../app/ports/change-request-platform.js';
import { excerpt } from '../../domain/excerpt.js';

export class GitHubError extends Error {
  constructor(
    message: string,
    /** GitHub's HTTP status, or null when GitHub was not reached. */
    readonly status: number | null,
    /** GitHub's own message (`Bad credentials`, `Not Found`, ...). */
    readonly githubMessage: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GitHubError';
  }
}

export interface GitHubCallContext {
  /** What Goalie tried, e.g. `read pull request #12`. */
  action: string;
  /** owner/repo */
  repository: string;
  apiUrl: string;
  /** The fine-grained token (or GitHub App) permission the call needs, e.g. `Pull requests: write`. */
  permission: string;
  /** What Goalie signs in with: a token, or a GitHub App installation (whose hints differ). */
  auth: 'token' | 'app';
}

interface RequestErrorLike {
  status?: unknown;
  message?: unknown;
  request?: { url?: unknown };
  response?: { data?: unknown; headers?: Record<string, string | undefined> };
}

/** GitHub's JSON error: `{ message, errors?, documentation_url? }`; falls back to the error's message. */
export function githubMessageOf(error: unknown): string {
  const e = (error ?? {}) as RequestErrorLike;
  const data = e.response?.data as { message?: unknown; errors?: unknown } | undefined;
  if (data && typeof data === 'object' && typeof data.message === 'string') {
    const details = Array.isArray(data.errors)
      ? data.errors
          .map((item) =>
            typeof item === 'string' ? item : ((item as { message?: string })?.message ?? JSON.stringify(item)),
          )
          .filter(Boolean)
      : [];
    return details.length ? `${data.message}: ${details.join('; ')}` : data.message;
  }
  return typeof e.message === 'string' ? e.message : String(error);
}

export function toGitHubError(error: unknown, context: GitHubCallContext): GitHubError {
  if (error instanceof GitHubError) return error;
  const what = `GitHub: could not ${context.action} in ${context.repository}`;
  // Goalie's own refusal, not GitHub's words: whole, and without hints about GitHub.
  const refused = HostAddressRefused.in(error);
  if (refused) return new GitHubError(`${what} (${refused.explained}).`, null, refused.message, { cause: error });
  const e = (error ?? {}) as RequestErrorLike;
  // Octokit reports a failed fetch (refused, timed out) as status 500 without a response: GitHub was not reached.
  const status = e.response && typeof e.status === 'number' ? e.status : null;
  const said = excerpt(githubMessageOf(error));
  const exchange =
    typeof e.request?.url === 'string' && /\/app\/installations\/[^/]+\/access_tokens$/.test(e.request.url);
  const hint =
    (exchange ? exchangeHint(status, context) : null) ?? hintFor(status, said, e.response?.headers ?? {}, context);
  const reached = status !== null ? `${status} ${said}` : said;
  return new GitHubError(`${what} (${reached}). ${hint}`, status, said, { cause: error });
}

/** When the App's installation token could not be had: the App's ID, key or installation is wrong. */
function exchangeHint(status: number | null, context: GitHubCallContext): string | null {
  if (status === 401) {
    return "GitHub refused the GitHub App's credentials while getting an installation token: check that appId is the App's ID and privateKey a current private key of that App (App settings → Private keys), and that the server clock is right.";
  }
  if (status === 404) {
    return `GitHub has no such installation of the App: check installationId (the number at the end of the installation's settings URL) and that the App is installed on the owner of ${context.repository}, on ${context.apiUrl}.`;
  }
  if (status === 403)
    return "GitHub refused an installation token: the installation may be suspended; see the App's installation settings.";
  return null;
}

function hintFor(
  status: number | null,
  said: string,
  headers: Record<string, string | undefined>,
  context: GitHubCallContext,
): string {
  const app = context.auth === 'app';
  const access = app
    ? `the GitHub App needs the permission "${context.permission}" (App settings → Permissions; the installation must accept new permissions), and its installation must include ${context.repository}`
    : `a classic token needs the \`repo\` scope (and \`admin:repo_hook\` for webhooks); a fine-grained token needs "${context.permission}" on ${context.repository}`;
  const who = app ? 'the GitHub App' : 'the token';
  if (status === 401) {
    return app
      ? "GitHub refused the GitHub App installation's token: check the App is still installed and not suspended, then apply again."
      : 'The GitHub token is invalid, expired or revoked: create a new token and update the GitHub connection.';
  }
  if ((status === 403 || status === 429) && (headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(said))) {
    return `GitHub rate limit exceeded and not lifted within the wait Goalie allows: try again later, or give Goalie ${app ? 'an App installation' : 'a token'} of its own.`;
  }
  if (status === 403)
    return `${app ? 'The GitHub App' : 'The token'} lacks access to ${context.repository} or a permission: ${access}.`;
  if (status === 404) {
    return (
      `Either ${context.repository} (or the item) does not exist, or ${who} cannot see it (GitHub answers 404 for repositories it gives no access to). ` +
      `Check the repository name, the API URL (${context.apiUrl}; GitHub Enterprise uses https://HOST/api/v3) and the access: ${access}.`
    );
  }
  if (status === 422) return 'GitHub refused the request as invalid; its message above says which field.';
  if (status !== null && status < 500) return "See GitHub's message above.";
  if (status === null)
    return `GitHub could not be reached, also after retries: check that ${context.apiUrl} is the right API URL and reachable from Goalie.`;
  return 'GitHub failed, also after retries: try again later.';
}
