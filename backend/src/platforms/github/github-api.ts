// The GitHub client: Octokit with retries (5xx, network errors, timeouts) and throttling (rate
// limits, GitHub's pacing of writes), a timeout on every request, and logs through our logger.
// Everything GitHub-specific about *how* to call lives here; what to call lives in github-platform.ts.
import { createHash } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';
import type { PlatformCredentials } from '../../app/ports/change-request-platform.js';
import type { Logger } from '../../app/ports/logger.js';
import { githubAppAuth, InstallationTokens } from './github-app-auth.js';

const GoalieOctokit = Octokit.plugin(retry, throttling);
export type GitHubClient = InstanceType<typeof GoalieOctokit>;

export interface GitHubClientOptions {
  logger: Logger;
  /**
   * How requests reach GitHub: every one checked against the address rules after DNS and pinned to
   * the checked address (integrations/http/checked-fetch.ts, wired in main.ts). Never the global fetch:
   * the token would go wherever the API URL's name resolves.
   */
  fetch: typeof fetch;
  /** Per request, including reading the body. Default 15 s. */
  timeoutMs?: number;
  /** Retries after a 5xx, a network error or a timeout, with growing waits (1 s, 4 s, 9 s). Default 3. */
  retries?: number;
  /** Retries after a rate-limit answer. Default 2. */
  rateLimitRetries?: number;
  /** A rate limit that resets later than this is not waited out: the call fails instead of blocking a job. Default 60 s. */
  maxRateLimitWaitSeconds?: number;
  /** Milliseconds per second of wait the plugins compute. 1000 in production; tests shrink it. */
  retryAfterBaseMs?: number;
  /**
   * GitHub asks integrations to leave a second between writes (three for writes that notify people),
   * and the throttling plugin does so. Tests, which write a lot to a fake server, turn it off.
   */
  paceWrites?: boolean;
  /** Where App installation tokens are kept between clients: one per process. Default: this client's own. */
  installationTokens?: InstallationTokens;
}

export function createGitHubClient(
  connection: { apiUrl: string; credentials: PlatformCredentials },
  options: GitHubClientOptions,
): GitHubClient {
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const baseMs = options.retryAfterBaseMs ?? 1000;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const baseUrl = connection.apiUrl.replace(/\/+$/, '');
  const { credentials } = connection;

  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const retrying = retryCount < rateLimitRetries && retryAfter <= maxWait;
      logger.warn(
        { github: { method: request.method, url: request.url, retryAfterSeconds: retryAfter, retryCount, retrying } },
        retrying ? `GitHub ${kind} rate limit: retrying after ${retryAfter} s` : `GitHub ${kind} rate limit: giving up`,
      );
      return retrying;
    };

  const throttle: ThrottlingOptions = {
    // Limits belong to the credential (an App's: to its installation), so pacing does too; the hash
    // keeps the secret out of the key.
    id: createHash('sha256')
      .update(credentials.kind === 'app' ? `app ${baseUrl} ${credentials.installationId}` : credentials.token)
      .digest('hex')
      .slice(0, 16),
    retryAfterBaseValue: baseMs,
    onRateLimit: onLimit('primary'),
    onSecondaryRateLimit: onLimit('secondary'),
    ...(options.paceWrites === false ? { write: unpacedGroup, notifications: unpacedGroup } : {}),
  };

  return new GoalieOctokit({
    ...(credentials.kind === 'app'
      ? { authStrategy: githubAppAuth(baseUrl, credentials, options.installationTokens ?? new InstallationTokens()) }
      : { auth: credentials.token }),
    baseUrl,
    userAgent: 'goalie',
    request: { fetch: fetchWithTimeout(options.fetch, timeoutMs) },
    // 429 joins the plugin's defaults (client errors): rate limits are the throttling plugin's to wait out.
    retry: {
      retries: options.retries ?? 3,
      retryAfterBaseValue: baseMs,
      doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
    },
    throttle,
    // Octokit logs each failed attempt as an error ("GET /repos/... - 500 with id ..."), retried or not:
    // a warning here; the call's final failure reaches the caller as a GitHubError.
    log: {
      debug: () => {},
      info: () => {},
      warn: (message: string) => logger.warn({ github: true }, message),
      error: (message: string) => logger.warn({ github: true }, message),
    },
  });
}

/**
 * A fresh timeout per request: one signal on the client would expire once for all of them. A
 * timed-out fetch becomes a RequestError with status 500, which the retry plugin retries.
 */
function fetchWithTimeout(fetchChecked: typeof fetch, timeoutMs: number): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return fetchChecked(input, { ...init, signal });
  };
}

/** Stands in for a Bottleneck group that never waits: the plugin only calls `.key(id).schedule(options, task)`. */
const unpacedGroup = {
  key: () => ({
    schedule: (_options: unknown, task: (...args: unknown[]) => unknown, ...args: unknown[]) =>
      Promise.resolve(task(...args)),
  }),
} as unknown as NonNullable<ThrottlingOptions['write']>;
