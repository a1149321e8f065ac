// The hosts people may sign in with, from the configuration: GitHub and GitLab each when its OAuth
// application is configured, calling back to <GOALIE_PUBLIC_URL>/auth/<host>/callback.
import type { SignInHost } from '../app/ports/sign-in-host.js';
import type { OAuthAppConfig } from '../config.js';
import { githubSignIn } from './github/index.js';
import { gitlabSignIn } from './gitlab/index.js';
import type { OAuthCallOptions } from './oauth-client.js';

export function signInCallbackUrl(publicUrl: string, provider: SignInHost['provider']): string {
  return `${publicUrl.replace(/\/+$/, '')}/auth/${provider}/callback`;
}

export function signInHosts(
  config: { github: OAuthAppConfig | null; gitlab: OAuthAppConfig | null },
  publicUrl: string,
  options: OAuthCallOptions = {},
): SignInHost[] {
  const hosts: SignInHost[] = [];
  if (config.github)
    hosts.push(githubSignIn({ ...config.github, redirectUri: signInCallbackUrl(publicUrl, 'github') }, options));
  if (config.gitlab)
    hosts.push(gitlabSignIn({ ...config.gitlab, redirectUri: signInCallbackUrl(publicUrl, 'gitlab') }, options));
  return hosts;
}
