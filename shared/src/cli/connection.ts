// Where the server is and who we are: --api-url / --token, else GOALIE_API_URL / GOALIE_API_TOKEN.
import { GoalieClient, normalizeApiUrl } from '../client/api-client.js';
import { ApiError } from '../client/api-error.js';
import { UsageError } from './args.js';
import type { ClientIo } from './io.js';

export interface ConnectionFlags {
  'api-url'?: string;
  token?: string;
}

export function connect(command: string, flags: ConnectionFlags, io: ClientIo): GoalieClient {
  const apiUrl = flags['api-url'] ?? io.env.GOALIE_API_URL;
  const token = flags.token ?? io.env.GOALIE_API_TOKEN;
  if (!apiUrl) {
    throw new UsageError(
      'no server: set GOALIE_API_URL to your Goalie server (export GOALIE_API_URL=https://goalie.example.com) or pass --api-url URL',
      command,
    );
  }
  if (!token) {
    // apply and export need more than the default scope: say which, or the token made is refused next.
    const scope = command === 'apply' || command === 'export' ? ' --scope admin (or plan, for --dry-run only)' : '';
    throw new UsageError(
      `no API token: set GOALIE_API_TOKEN (create one on the server with \`goalie token create --project <name>${scope}\`) or pass --token TOKEN`,
      command,
    );
  }
  try {
    normalizeApiUrl(apiUrl);
  } catch (error) {
    if (error instanceof ApiError)
      throw new UsageError(`${error.message} (from ${flags['api-url'] ? '--api-url' : 'GOALIE_API_URL'})`, command);
    throw error;
  }
  // Only keys with values: the client's defaults are spread under its options.
  return new GoalieClient({
    apiUrl,
    token,
    sleep: io.sleep,
    userAgent: `goalie-cli/${io.version ?? 'dev'}`,
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
}

/** The run's page on the server the client talks to: the API URL without /v1, then /runs/<shortId>. */
export function runPageUrl(client: GoalieClient, shortId: string): string {
  return `${client.apiUrl.replace(/\/v1$/, '')}/runs/${encodeURIComponent(shortId)}`;
}
