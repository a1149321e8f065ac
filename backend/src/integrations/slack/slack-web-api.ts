// A minimal Slack Web API caller: timeouts, retries with backoff on network errors, 5xx and 429.
// SLACK_API_URL points it at a fake Slack in tests.

export interface SlackCallOptions {
  apiUrl: string;
  timeoutMs?: number;
  retries?: number;
}

export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
  ) {
    super(`Slack ${method} failed: ${code}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function callSlack(
  options: SlackCallOptions,
  token: string,
  method: string,
  args: Record<string, string>,
): Promise<Record<string, unknown>> {
  const retries = options.retries ?? 2;
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(200 * 2 ** (attempt - 1));
    try {
      const response = await fetch(new URL(method, options.apiUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(args),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (response.status >= 500 || response.status === 429) {
        lastError = new SlackApiError(method, `HTTP ${response.status}`);
        continue;
      }
      const body = (await response.json()) as Record<string, unknown>;
      if (body.ok !== true) throw new SlackApiError(method, String(body.error ?? `HTTP ${response.status}`));
      return body;
    } catch (error) {
      if (error instanceof SlackApiError && !error.code.startsWith('HTTP')) throw error;
      lastError = error;
    }
  }
  throw lastError;
}
