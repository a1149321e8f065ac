// The Slack Web API through @slack/web-api's WebClient: one client per bot token, pointed at
// SLACK_API_URL (a fake Slack in tests), with a timeout and the retries the caller asks for.
import { WebAPIHTTPError, WebAPIPlatformError, WebAPIRateLimitedError, WebClient } from '@slack/web-api';

export interface SlackCallOptions {
  apiUrl: string;
  timeoutMs?: number;
  /**
   * Tries after the first, 200 ms apart and doubling, on network errors and 5xx. Leave it 0 for
   * calls a job makes: the queue already retries the job with backoff, and retrying here too
   * would multiply the attempts (and the "attempt failed" lines) the queue counts.
   */
  retries?: number;
}

/** Slack refused or failed a call; `code` is Slack's error (`channel_not_found`) or `HTTP <status>`. */
export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
  ) {
    super(`Slack ${method} failed: ${code}`);
  }
}

/** A WebClient for each bot token, made once and reused. */
export function slackClients(options: SlackCallOptions): (token: string) => WebClient {
  const clients = new Map<string, WebClient>();
  return (token) => {
    let client = clients.get(token);
    if (!client) {
      client = new WebClient(token, {
        slackApiUrl: options.apiUrl,
        timeout: options.timeoutMs ?? 5000,
        retryConfig: { retries: options.retries ?? 0, factor: 2, minTimeout: 200, randomize: false },
        // A 429 fails the call at once instead of waiting out Slack's Retry-After (seconds, or
        // minutes) inside a request or a job; the caller's own retry, if any, comes later.
        rejectRateLimitedCalls: true,
      });
      clients.set(token, client);
    }
    return client;
  };
}

/** WebClient's errors as SlackApiError, so callers test Slack's code; anything else unchanged. */
export function asSlackApiError(method: string, error: unknown): unknown {
  if (error instanceof WebAPIPlatformError) return new SlackApiError(method, error.data.error);
  if (error instanceof WebAPIHTTPError) return new SlackApiError(method, `HTTP ${error.statusCode}`);
  if (error instanceof WebAPIRateLimitedError) return new SlackApiError(method, 'HTTP 429');
  return error;
}
