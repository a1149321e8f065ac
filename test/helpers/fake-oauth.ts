// Fake OAuth hosts on 127.0.0.1 for signing in with GitHub and GitLab: the authorize page (approves
// at once as the person signed in on the host, or denies when no one will), the token endpoint, and
// the user endpoints, with the shapes, status codes and error bodies the hosts document:
// - GitHub (docs.github.com "Authorizing OAuth apps"): /login/oauth/authorize and
//   /login/oauth/access_token on the web address (a refused exchange is HTTP 200 with `error`; the
//   answer is form-encoded unless JSON is asked for), GET /user and /user/emails under /api/v3
//   (GitHub Enterprise Server style).
// - GitLab (docs.gitlab.com "OAuth 2.0 identity provider API"): /oauth/authorize and /oauth/token
//   (400 invalid_grant, 401 invalid_client), GET /api/v4/user; served under a sub-path when asked
//   (https://example.com/gitlab style).
// Both check the client ID and secret, the registered redirect URI, that a code is used once, in
// time, by the client it was issued to with the same redirect URI, and the PKCE verifier.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeHostUser {
  id: number;
  username: string;
  name: string;
  emails: { email: string; primary?: boolean; verified?: boolean }[];
}

export interface FakeOAuthHost {
  kind: 'github' | 'gitlab';
  /** The web address Goalie is configured with (with the sub-path, if any). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The callback URLs registered for the application. */
  redirectUris: string[];
  /** Who is signed in on the host and approves; null: the person presses Deny (or Cancel). */
  signedIn: FakeHostUser | null;
  /**
   * The token endpoint's next answers: a 500, none at all (the connection stays open), an HTML page
   * with 200 (a proxy's sign-in page, say), or megabytes of it.
   */
  tokenTrouble: { kind: 'server-error' | 'hang' | 'garbage' | 'huge'; times: number } | null;
  /** Sent back instead of the state the authorize request carried (a forged or mixed-up answer). */
  stateOverride: string | null;
  /** Every request: method, path (without the sub-path) and query. */
  requests: { method: string; path: string; query: Record<string, string> }[];
  /** The token exchanges' form fields, and whether the host accepted them. */
  exchanges: { fields: Record<string, string>; accepted: boolean }[];
  /** Back to a host that works, with this person signed in. */
  reset(signedIn: FakeHostUser | null): void;
  close(): Promise<void>;
}

interface Grant {
  user: FakeHostUser;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
  used: boolean;
}

const GRANT_SECONDS = 600;
const GITLAB_INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

export async function startFakeOAuthHost(options: {
  kind: 'github' | 'gitlab';
  basePath?: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<FakeOAuthHost> {
  const base = (options.basePath ?? '').replace(/\/+$/, '');
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeHostUser>();
  const hung = new Set<http.ServerResponse>();
  const github = options.kind === 'github';

  const host: FakeOAuthHost = {
    kind: options.kind,
    url: '',
    clientId: options.clientId ?? `${options.kind}-client-${randomBytes(4).toString('hex')}`,
    clientSecret: options.clientSecret ?? randomBytes(20).toString('hex'),
    redirectUris: [],
    signedIn: null,
    tokenTrouble: null,
    stateOverride: null,
    requests: [],
    exchanges: [],
    reset: (signedIn) => {
      host.signedIn = signedIn;
      host.tokenTrouble = null;
      host.stateOverride = null;
    },
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  type Answer = { status: number; body: string | object; headers?: Record<string, string> };
  const json = (status: number, body: object, headers: Record<string, string> = {}): Answer => ({
    status,
    body,
    headers,
  });
  const redirect = (to: string): Answer => ({ status: 302, body: '', headers: { location: to } });
  const page = (status: number, text: string): Answer => ({
    status,
    body: text,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });

  function authorize(query: Record<string, string>): Answer {
    if (query.client_id !== host.clientId)
      return page(404, github ? 'Not Found' : 'Client authentication failed due to unknown client.');
    const redirectUri = query.redirect_uri ?? host.redirectUris[0] ?? '';
    // Both hosts show an error page (never a redirect) for a callback that is not registered.
    if (!host.redirectUris.includes(redirectUri))
      return page(400, 'The redirect_uri is not associated with this application.');
    const back = (params: Record<string, string>) => {
      const to = new URL(redirectUri);
      for (const [k, v] of Object.entries({
        ...params,
        ...(query.state !== undefined ? { state: host.stateOverride ?? query.state } : {}),
      }))
        to.searchParams.set(k, v);
      return redirect(to.href);
    };
    if (!github && query.response_type !== 'code')
      return back({
        error: 'unsupported_response_type',
        error_description: 'The authorization server does not support this response type.',
      });
    if (query.code_challenge && query.code_challenge_method !== 'S256')
      return back({ error: 'invalid_request', error_description: 'Code challenge method must be S256.' });
    if (!host.signedIn) {
      return back(
        github
          ? {
              error: 'access_denied',
              error_description: 'The user has denied your application access.',
              error_uri:
                'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
            }
          : {
              error: 'access_denied',
              error_description: 'The resource owner or authorization server denied the request.',
            },
      );
    }
    const code = randomBytes(10).toString('hex');
    grants.set(code, {
      user: host.signedIn,
      clientId: host.clientId,
      redirectUri,
      challenge: query.code_challenge ?? null,
      expiresAt: Date.now() + GRANT_SECONDS * 1000,
      used: false,
    });
    return back({ code });
  }

  function exchange(fields: Record<string, string>, acceptsJson: boolean): Answer {
    const refuse = (error: string, description: string, gitlabStatus: number): Answer => {
      host.exchanges.push({ fields, accepted: false });
      if (!github) return json(gitlabStatus, { error, error_description: description });
      const body = {
        error,
        error_description: description,
        error_uri: `https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#${error.replace(/_/g, '-')}`,
      };
      return acceptsJson
        ? json(200, body)
        : {
            status: 200,
            body: new URLSearchParams(body).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          };
    };
    if (!github && fields.grant_type !== 'authorization_code')
      return refuse(
        'unsupported_grant_type',
        'The authorization grant type is not supported by the authorization server.',
        400,
      );
    if (fields.client_id !== host.clientId || fields.client_secret !== host.clientSecret) {
      return github
        ? refuse('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.', 401)
        : refuse(
            'invalid_client',
            'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
            401,
          );
    }
    const grant = grants.get(fields.code ?? '');
    const verifierOk =
      !grant?.challenge ||
      createHash('sha256')
        .update(fields.code_verifier ?? '')
        .digest('base64url') === grant.challenge;
    if (!grant || grant.used || grant.expiresAt <= Date.now() || grant.clientId !== fields.client_id || !verifierOk) {
      return github
        ? refuse('bad_verification_code', 'The code passed is incorrect or expired.', 400)
        : refuse('invalid_grant', GITLAB_INVALID_GRANT, 400);
    }
    if (fields.redirect_uri !== undefined && fields.redirect_uri !== grant.redirectUri) {
      return github
        ? refuse(
            'redirect_uri_mismatch',
            'The redirect_uri MUST match the registered callback URL for this application.',
            400,
          )
        : refuse('invalid_grant', GITLAB_INVALID_GRANT, 400);
    }
    grant.used = true;
    host.exchanges.push({ fields, accepted: true });
    const token = `${github ? 'gho_' : ''}${randomBytes(20).toString('hex')}`;
    tokens.set(token, grant.user);
    const answer = github
      ? { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' }
      : {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 7200,
          refresh_token: randomBytes(20).toString('hex'),
          scope: 'read_user',
          created_at: Math.floor(Date.now() / 1000),
        };
    return acceptsJson || !github
      ? json(200, answer)
      : {
          status: 200,
          body: new URLSearchParams(Object.entries(answer).map(([k, v]) => [k, String(v)])).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        };
  }

  function api(path: string, authorization: string | undefined): Answer {
    const token = /^(?:bearer|token)\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const user = token ? tokens.get(token) : undefined;
    if (!user)
      return github
        ? json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' })
        : json(401, { message: '401 Unauthorized' });
    const primary = user.emails.find((e) => e.primary) ?? user.emails[0];
    if (github && path === '/api/v3/user') {
      return json(200, {
        login: user.username,
        id: user.id,
        node_id: `U_${user.id}`,
        type: 'User',
        site_admin: false,
        name: user.name || null,
        email: null,
        html_url: `${host.url}/${user.username}`,
      });
    }
    if (github && path === '/api/v3/user/emails') {
      return json(
        200,
        user.emails.map((e) => ({
          email: e.email,
          primary: e.primary === true,
          verified: e.verified !== false,
          visibility: e.primary ? 'private' : null,
        })),
      );
    }
    if (!github && path === '/api/v4/user') {
      return json(200, {
        id: user.id,
        username: user.username,
        name: user.name,
        state: 'active',
        web_url: `${host.url}/${user.username}`,
        email: primary?.email ?? null,
        confirmed_at: primary && primary.verified !== false ? '2024-01-02T03:04:05.000Z' : null,
      });
    }
    return json(404, github ? { message: 'Not Found' } : { message: '404 Not Found' });
  }

  function handle(req: http.IncomingMessage, text: string, res: http.ServerResponse): Answer | null {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    if (!url.pathname.startsWith(`${base}/`)) return page(404, 'Not Found');
    const path = url.pathname.slice(base.length);
    host.requests.push({ method: req.method ?? '', path, query });
    const [authorizePath, tokenPath] = github
      ? ['/login/oauth/authorize', '/login/oauth/access_token']
      : ['/oauth/authorize', '/oauth/token'];
    if (req.method === 'GET' && path === authorizePath) return authorize(query);
    if (req.method === 'POST' && path === tokenPath) {
      if (host.tokenTrouble && host.tokenTrouble.times > 0) {
        host.tokenTrouble.times--;
        if (host.tokenTrouble.kind === 'hang') {
          hung.add(res);
          return null;
        }
        if (host.tokenTrouble.kind === 'garbage')
          return page(200, '<!doctype html><title>Sign in to the proxy</title><p>Who are you?</p>');
        if (host.tokenTrouble.kind === 'huge') return page(200, `<p>${'garbage '.repeat(512 * 1024)}</p>`);
        return json(500, { error: 'server_error', error_description: 'Something went wrong on our side.' });
      }
      const type = req.headers['content-type'] ?? '';
      const fields = type.includes('json')
        ? (JSON.parse(text || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(text));
      return exchange(fields, (req.headers.accept ?? '').includes('json'));
    }
    if (req.method === 'GET') return api(path, req.headers.authorization);
    return page(404, 'Not Found');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let answer: Answer | null;
      try {
        answer = handle(req, Buffer.concat(chunks).toString('utf8'), res);
      } catch (error) {
        answer = json(500, { message: `fake ${options.kind} bug: ${(error as Error).message}` });
      }
      if (!answer) return;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`;
  return host;
}

/** The GOALIE_*_OAUTH_* variables that point Goalie at the fake. */
export function oauthEnv(host: FakeOAuthHost): Record<string, string> {
  const prefix = host.kind === 'github' ? 'GOALIE_GITHUB_OAUTH_' : 'GOALIE_GITLAB_OAUTH_';
  return {
    [`${prefix}CLIENT_ID`]: host.clientId,
    [`${prefix}CLIENT_SECRET`]: host.clientSecret,
    [`${prefix}URL`]: host.url,
  };
}
