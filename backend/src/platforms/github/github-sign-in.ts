// Signing in with GitHub (github.com, GitHub Enterprise Cloud and Server): an OAuth app's
// authorization code flow with PKCE, then GET /user and GET /user/emails with the token (scopes
// read:user and user:email). docs.github.com: "Authorizing OAuth apps", "REST API: users, emails".
import { SignInHostError, type HostAccount, type SignInHost } from '../../app/ports/sign-in-host.js';
import {
  hostUrl,
  oauthSignInHost,
  readWithToken,
  unexpectedUser,
  type OAuthCallOptions,
  type OAuthHostSettings,
} from '../oauth-client.js';
import { isObject, text } from '../webhook-json.js';

export const GITHUB_SIGN_IN_SCOPES = 'read:user user:email';
const LABEL = 'GitHub';
const API_HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

export type GitHubSignInSettings = OAuthHostSettings;

export function githubSignIn(settings: GitHubSignInSettings, options: OAuthCallOptions = {}): SignInHost {
  const read = (path: string, token: string, query: Record<string, string> = {}) =>
    readWithToken(LABEL, hostUrl(settings.apiUrl, path, query), token, API_HEADERS, options);
  async function readAccount(token: string): Promise<HostAccount> {
    const user = await read('/user', token);
    if (!isObject(user) || typeof user.id !== 'number' || !text(user.login)) throw unexpectedUser(LABEL, 'GET /user');
    // A token without user:email (a GitHub App's, say) may not list the addresses: then there are none.
    const emails = await read('/user/emails', token, { per_page: '100' }).catch((error: unknown) => {
      if (error instanceof SignInHostError && error.reason === 'refused') return [];
      throw error;
    });
    return {
      id: String(user.id),
      username: text(user.login)!,
      name: text(user.name) ?? '',
      verifiedEmails: verifiedEmails(emails),
    };
  }
  const spec = {
    provider: 'github',
    label: LABEL,
    authorizePath: '/login/oauth/authorize',
    tokenPath: '/login/oauth/access_token',
    scope: GITHUB_SIGN_IN_SCOPES,
  } as const;
  return oauthSignInHost({ ...spec, readAccount }, settings, options);
}

/** The verified addresses of GET /user/emails, the primary one first. */
export function verifiedEmails(answer: unknown): string[] {
  if (!Array.isArray(answer)) return [];
  const verified = answer.filter(
    (e): e is { email: string; primary?: boolean } =>
      isObject(e) && e.verified === true && typeof e.email === 'string' && e.email !== '',
  );
  return [...verified.filter((e) => e.primary === true), ...verified.filter((e) => e.primary !== true)].map(
    (e) => e.email,
  );
}
