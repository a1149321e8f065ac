// Signing in with GitLab (gitlab.com or self-managed, also under a sub-path such as
// https://example.com/gitlab): an application's authorization code flow with PKCE, then GET
// /api/v4/user with the token (scope read_user). docs.gitlab.com: "OAuth 2.0 identity provider API",
// "Users API".
import type { HostAccount, SignInHost } from '../../app/ports/sign-in-host.js';
import {
  hostUrl,
  oauthSignInHost,
  readWithToken,
  unexpectedUser,
  type OAuthCallOptions,
  type OAuthHostSettings,
} from '../oauth-client.js';
import { isObject, text } from '../webhook-json.js';

export const GITLAB_SIGN_IN_SCOPES = 'read_user';
const LABEL = 'GitLab';

export type GitLabSignInSettings = OAuthHostSettings;

export function gitlabSignIn(settings: GitLabSignInSettings, options: OAuthCallOptions = {}): SignInHost {
  async function readAccount(token: string): Promise<HostAccount> {
    const user = await readWithToken(LABEL, hostUrl(settings.apiUrl, '/user'), token, {}, options);
    if (!isObject(user) || typeof user.id !== 'number' || !text(user.username))
      throw unexpectedUser(LABEL, 'GET /api/v4/user');
    return {
      id: String(user.id),
      username: text(user.username)!,
      name: text(user.name) ?? '',
      verifiedEmails: primaryEmail(user),
    };
  }
  const spec = {
    provider: 'gitlab',
    label: LABEL,
    authorizePath: '/oauth/authorize',
    tokenPath: '/oauth/token',
    scope: GITLAB_SIGN_IN_SCOPES,
  } as const;
  return oauthSignInHost({ ...spec, readAccount }, settings, options);
}

/**
 * GitLab's `email` is the primary address; `confirmed_at` says when the user confirmed it (GET /user
 * shows it to the user themselves). It counts as verified only with a confirmation time: null (an
 * instance that lets unconfirmed users sign in) or a missing field is no proof.
 */
function primaryEmail(user: Record<string, unknown>): string[] {
  const email = text(user.email);
  return email && text(user.confirmed_at) ? [email] : [];
}
