// Signing in as a GitHub App installation: the App's JWT is exchanged for an installation token
// (POST {apiUrl}/app/installations/{id}/access_tokens), which every other call then carries. GitHub
// gives the token an hour; one process keeps it and renews it shortly before it expires.
//
// Our own code rather than @octokit/auth-app: its cache ignores the token's expires_at (a fixed
// 59 minutes) and cannot be given a clock, and its exchanges in flight are shared process-wide by
// installation ID alone, so two GitHub hosts with the same installation ID could get each other's token.
import { createHash, createPrivateKey } from 'node:crypto';
import type { Octokit } from '@octokit/rest';
import { appJwt } from './github-app-jwt.js';

export interface GitHubAppCredentials {
  appId: number;
  installationId: number;
  /** PEM. */
  privateKey: string;
}

interface InstallationToken {
  token: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface InstallationTokensOptions {
  /** Milliseconds since the epoch, for JWTs and token expiry; tests move it forward. Default Date.now. */
  now?: () => number;
  /** A token with less than this left is renewed before use. Default 5 minutes. */
  renewBeforeMs?: number;
}

/**
 * The installation tokens of one process, shared by every client built in it (a client is built per
 * job step): one exchange per installation and hour, not one per job. Concurrent callers wait for
 * the same exchange.
 */
export class InstallationTokens {
  readonly now: () => number;
  private readonly renewBeforeMs: number;
  private readonly held = new Map<string, InstallationToken>();
  private readonly pending = new Map<string, Promise<InstallationToken>>();

  constructor(options: InstallationTokensOptions = {}) {
    this.now = options.now ?? Date.now;
    this.renewBeforeMs = options.renewBeforeMs ?? 5 * 60_000;
  }

  async get(key: string, exchange: () => Promise<InstallationToken>): Promise<string> {
    const held = this.held.get(key);
    if (held && held.expiresAt - this.now() > this.renewBeforeMs) return held.token;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = exchange()
        .then((fresh) => {
          this.held.set(key, fresh);
          return fresh;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return (await pending).token;
  }

  /** Drops a token GitHub refused, so that the next call exchanges a new one. */
  forget(key: string, token: string): void {
    if (this.held.get(key)?.token === token) this.held.delete(key);
  }
}

type Request = Octokit['request'];
type Route = Parameters<Request>[0];
type RequestParameters = NonNullable<Parameters<Request>[1]>;
interface HttpFailure {
  status?: number;
  response?: { headers?: Record<string, string | undefined> };
}

/** Clocks further apart than this are corrected once when GitHub refuses a JWT. */
const SKEW_TOLERANCE_SECONDS = 30;

/**
 * An Octokit `authStrategy` signing every request with the installation's token. The cache key
 * includes the private key: a connection naming someone else's installation without the App's key
 * never gets that installation's token from the cache.
 */
export function githubAppAuth(apiUrl: string, credentials: GitHubAppCredentials, tokens: InstallationTokens) {
  const key = createHash('sha256')
    .update([apiUrl, credentials.appId, credentials.installationId, credentials.privateKey].join('\n'))
    .digest('hex');
  const privateKey = createPrivateKey(credentials.privateKey);

  const exchangeWith = (request: Request) => async (): Promise<InstallationToken> => {
    const exchange = async (skewSeconds: number) => {
      const jwt = appJwt(credentials.appId, privateKey, Math.floor(tokens.now() / 1000) + skewSeconds);
      const { data } = await request('POST /app/installations/{installation_id}/access_tokens', {
        installation_id: credentials.installationId,
        headers: { authorization: `bearer ${jwt}` },
      });
      return { token: data.token, expiresAt: Date.parse(data.expires_at) };
    };
    try {
      return await exchange(0);
    } catch (error) {
      // GitHub refuses a JWT "issued in the future" or "expiring too far ahead" when our clock is
      // off: sign once more on GitHub's time, read from its Date header.
      const failure = error as HttpFailure;
      const serverTime = Date.parse(failure.response?.headers?.date ?? '');
      const skewSeconds = Math.round((serverTime - tokens.now()) / 1000);
      if (failure.status !== 401 || !Number.isFinite(skewSeconds) || Math.abs(skewSeconds) < SKEW_TOLERANCE_SECONDS)
        throw error;
      return exchange(skewSeconds);
    }
  };

  const hook = async (request: Request, route: Route, parameters?: RequestParameters) => {
    const endpoint = request.endpoint.merge(route, parameters);
    // merge() always resolves the URL; its type does not say so.
    const send = (token: string) =>
      request({
        ...endpoint,
        url: endpoint.url ?? '',
        headers: { ...endpoint.headers, authorization: `token ${token}` },
      });
    const exchange = exchangeWith(request);
    let exchanged = false;
    const token = await tokens.get(key, () => {
      exchanged = true;
      return exchange();
    });
    try {
      return await send(token);
    } catch (error) {
      // A kept token GitHub no longer takes (revoked before its time): once more with a new one,
      // rather than failing every call until the old one would have expired.
      if ((error as HttpFailure).status !== 401 || exchanged) throw error;
      tokens.forget(key, token);
      return send(await tokens.get(key, exchange));
    }
  };
  // Octokit calls the strategy with its own `request`; `octokit.auth()` answers with the token.
  return (options: { request: Request }) =>
    Object.assign(
      async () => ({
        type: 'token',
        tokenType: 'installation',
        token: await tokens.get(key, exchangeWith(options.request)),
      }),
      { hook },
    );
}
