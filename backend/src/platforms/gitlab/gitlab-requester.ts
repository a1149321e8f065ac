// gitbeaker's requests through the fetch Goalie gives it (each address checked after DNS, the
// connection pinned: integrations/http/checked-fetch.ts) rather than the global fetch @gitbeaker/rest
// calls, which no option can replace. The same handling as @gitbeaker/rest's own request handler
// (43.x): the URL, the rate limiters, its quick retries of 429 and 502, the answer's body by its
// type, and GitbeakerRequestError with GitLab's message for any other failure.
import {
  createRequesterFn,
  getMatchingRateLimiter,
  type FormattedResponse,
  type RateLimiters,
  type RequestHandlerFn,
} from '@gitbeaker/requester-utils';
import { GitbeakerRequestError, GitbeakerRetryError, GitbeakerTimeoutError } from '@gitbeaker/rest';

const QUICK_RETRY_STATUSES = [429, 502];
const QUICK_RETRIES = 10;

interface HandlerOptions {
  rateLimiters?: RateLimiters;
  asStream?: boolean;
  prefixUrl?: string;
  searchParams?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  signal?: AbortSignal;
}

/** A gitbeaker `requesterFn` whose requests go through `send`. */
export function gitlabRequester(send: typeof fetch): ReturnType<typeof createRequesterFn> {
  const handler: RequestHandlerFn = async (endpoint, raw) => {
    const options = (raw ?? {}) as HandlerOptions;
    const rateLimit = getMatchingRateLimiter(endpoint, options.rateLimiters, options.method);
    const base = options.prefixUrl?.endsWith('/') ? options.prefixUrl : `${options.prefixUrl ?? ''}/`;
    const url = new URL(endpoint, base);
    url.search = options.searchParams ?? '';
    let lastStatus = 0;
    for (let attempt = 0; attempt < QUICK_RETRIES; attempt++) {
      const request = new Request(url, {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        body: options.body ?? null,
        signal: options.signal ?? null,
      });
      await rateLimit();
      const response = await send(request).catch((error: Error) => {
        if (error.name === 'TimeoutError' || error.name === 'AbortError')
          throw new GitbeakerTimeoutError('Query timeout was reached');
        throw error;
      });
      if (response.ok) return answer(response, options.asStream ?? false);
      if (!QUICK_RETRY_STATUSES.includes(response.status)) await failed(request, response);
      lastStatus = response.status;
      await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 0.25));
    }
    throw new GitbeakerRetryError(
      `Could not successfully complete this request after ${QUICK_RETRIES} retries, last status code: ${lastStatus}. ${lastStatus === 429 ? 'Check the applicable rate limits for this endpoint' : 'Verify the status of the endpoint'}.`,
    );
  };
  return createRequesterFn((_, options) => Promise.resolve(options), handler);
}

async function answer(response: Response, asStream: boolean): Promise<FormattedResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  if (asStream) return { body: response.body as FormattedResponse['body'], headers, status: response.status };
  if (response.status === 204) return { body: null, headers, status: response.status };
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const body =
    type === 'application/json'
      ? ((await response.json()) as FormattedResponse['body']) || {}
      : type.startsWith('text/')
        ? (await response.text()) || ''
        : await response.blob();
  return { body, headers, status: response.status };
}

/** GitLab's message (its JSON `error` or `message`, or the text) as a GitbeakerRequestError. */
async function failed(request: Request, response: Response): Promise<never> {
  const content = await response.text();
  let description = content;
  if (response.headers.get('content-type')?.includes('application/json')) {
    const output = JSON.parse(content) as { error?: unknown; message?: unknown } | null;
    const said = output?.error || output?.message || '';
    description = typeof said === 'string' ? said : JSON.stringify(said);
  }
  throw new GitbeakerRequestError(description, { cause: { description, request, response } });
}
