// What both hosts' sign-in needs to speak OAuth 2.0 over plain fetch: the authorize address, the code
// exchange and reading the account, each with a timeout, and failures turned into SignInHostErrors
// whose messages never hold the code, the token or the client secret.
//
// The code exchange is not retried: a code works once, so a second try after a lost answer would only
// fail with "bad code" and hide the real cause. Reading the account is retried once after a network
// error or a 5xx, since the token stays valid.
import { SignInHostError, type HostAccount, type SignInHost } from '../app/ports/sign-in-host.js';
import { isObject, type Json } from './webhook-json.js';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** <GOALIE_PUBLIC_URL>/auth/<host>/callback, exactly as registered on the host. */
  redirectUri: string;
}

/** An OAuth application on one host: the client, the host's web address and its REST API. */
export interface OAuthHostSettings extends OAuthClient {
  /** https://github.com, https://ghe.example.com, https://gitlab.com, https://example.com/gitlab */
  url: string;
  /** https://api.github.com, https://ghe.example.com/api/v3, https://example.com/gitlab/api/v4 */
  apiUrl: string;
}

export interface OAuthCallOptions {
  /** Per request, reading the answer included. Default 10 s. */
  timeoutMs?: number;
  /** The wait before reading the account again after a network error or 5xx. Default 500 ms. */
  retryDelayMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** `base` + `path` with the query: a base with a sub-path (https://example.com/gitlab) keeps it. */
export function hostUrl(base: string, path: string, query: Record<string, string> = {}): string {
  const url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}

/** The authorize address with the parameters both hosts take (RFC 6749 4.1.1, RFC 7636 4.3). */
export function authorizeUrl(
  base: string,
  path: string,
  client: OAuthClient,
  request: { state: string; codeChallenge: string; scope: string },
  extra: Record<string, string> = {},
): string {
  return hostUrl(base, path, {
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  });
}

/** The most of an answer that is read: a token or a user is a few KiB; more is not the host's. */
export const MAX_ANSWER_BYTES = 256 * 1024;
class TooLarge extends Error {}

/** The answer's text, refused past MAX_ANSWER_BYTES (a host answering garbage without end). */
async function readLimited(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One request, its answer read as JSON within the timeout. `what` names the call in messages. */
async function call(
  label: string,
  what: string,
  url: string,
  init: RequestInit,
  options: OAuthCallOptions,
): Promise<{ status: number; body: unknown }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await readLimited(response);
  } catch (error) {
    if (error instanceof TooLarge)
      throw new SignInHostError(
        'unexpected',
        `${label} answered ${what} with more than ${MAX_ANSWER_BYTES / 1024} KiB. Check that the configured address is the host's.`,
      );
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new SignInHostError('timeout', `${label} did not answer within ${timeoutMs / 1000} s (${what}).`);
    throw new SignInHostError(
      'unreachable',
      `${label} could not be reached at ${new URL(url).origin} (${what}: ${e.cause?.code ?? e.cause?.message ?? e.message}).`,
    );
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok)
      throw new SignInHostError(
        'unexpected',
        `${label} answered ${what} with something other than JSON (HTTP ${response.status}). Check that the configured address is the host's.`,
      );
  }
  return { status: response.status, body };
}

/** What a host says went wrong, from the OAuth error fields or the REST `message`, kept short. */
function hostSays(body: unknown): string {
  const b: Json = isObject(body) ? body : {};
  const parts = [b.error, b.error_description, b.message].filter((p): p is string => typeof p === 'string' && p !== '');
  const said = parts.join(': ');
  return said ? ` ${JSON.stringify(said.length > 200 ? `${said.slice(0, 200)}…` : said)}` : '';
}

/**
 * Exchanges the authorization code for an access token (RFC 6749 4.1.3, with the PKCE verifier).
 * GitHub answers a refused exchange with 200 and an `error` field, GitLab with 400 or 401: both are
 * `refused`.
 */
export async function exchangeCode(
  label: string,
  tokenUrl: string,
  client: OAuthClient,
  grant: { code: string; codeVerifier: string },
  options: OAuthCallOptions,
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code: grant.code,
    redirect_uri: client.redirectUri,
    code_verifier: grant.codeVerifier,
  });
  const { status, body } = await call(
    label,
    'the code exchange',
    tokenUrl,
    {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'goalie',
      },
      body: form.toString(),
    },
    options,
  );
  const token = isObject(body) ? body.access_token : undefined;
  if (status >= 200 && status < 300 && typeof token === 'string' && token) return token;
  if (status >= 500)
    throw new SignInHostError('unreachable', `${label} failed the code exchange with HTTP ${status}.${hostSays(body)}`);
  throw new SignInHostError(
    'refused',
    `${label} refused the code exchange (HTTP ${status})${hostSays(body) || ' without saying why'}. Check the client ID and secret, and that the callback URL registered on the host is this Goalie's.`,
  );
}

/** GET a REST resource with the token; a 5xx or a network error is tried once more. */
export async function readWithToken(
  label: string,
  url: string,
  token: string,
  headers: Record<string, string>,
  options: OAuthCallOptions,
): Promise<unknown> {
  const what = `GET ${new URL(url).pathname}`;
  const attempt = async () => {
    const { status, body } = await call(
      label,
      what,
      url,
      { headers: { ...headers, authorization: `Bearer ${token}`, 'user-agent': 'goalie' } },
      options,
    );
    if (status >= 200 && status < 300) return body;
    throw new SignInHostError(
      status >= 500 ? 'unreachable' : 'refused',
      `${label} answered ${what} with HTTP ${status}.${hostSays(body)}`,
    );
  };
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof SignInHostError) || error.reason !== 'unreachable') throw error;
    await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 500));
    return attempt();
  }
}

/** The host's answer for the user is not the shape it documents. */
export function unexpectedUser(label: string, what: string): SignInHostError {
  return new SignInHostError(
    'unexpected',
    `${label} answered ${what} without the user's id and username. Check that the configured API address is the host's.`,
  );
}

/** One host's sign-in: the authorize and token paths on its web address, and how it reads the account with a token. */
export interface OAuthHostSpec {
  provider: SignInHost['provider'];
  label: string;
  authorizePath: string;
  tokenPath: string;
  scope: string;
  readAccount(token: string): Promise<HostAccount>;
}

export function oauthSignInHost(
  spec: OAuthHostSpec,
  settings: OAuthHostSettings,
  options: OAuthCallOptions,
): SignInHost {
  return {
    provider: spec.provider,
    label: spec.label,
    url: settings.url,
    authorizeUrl: (request) =>
      authorizeUrl(settings.url, spec.authorizePath, settings, { ...request, scope: spec.scope }),
    account: async (grant) =>
      spec.readAccount(await exchangeCode(spec.label, hostUrl(settings.url, spec.tokenPath), settings, grant, options)),
  };
}
