// Signing in with GitHub and GitLab, the pure parts: the GOALIE_*_OAUTH_* variables, the addresses the
// browser is sent to (self-hosted ones with a sub-path included), and checking the state a host sends
// back against the one the browser kept.
import { expect } from 'chai';
import { githubApiUrl, loadConfig } from '../../backend/src/config.js';
import {
  checkSignInState,
  codeChallenge,
  encodeState,
  newSignInState,
} from '../../backend/src/http/dashboard/account/sign-in-state.js';
import { signInHosts } from '../../backend/src/platforms/sign-in-hosts.js';

const GITHUB = { GOALIE_GITHUB_OAUTH_CLIENT_ID: 'Iv1.abc', GOALIE_GITHUB_OAUTH_CLIENT_SECRET: 'shh' };
const GITLAB = { GOALIE_GITLAB_OAUTH_CLIENT_ID: 'app-id', GOALIE_GITLAB_OAUTH_CLIENT_SECRET: 'gloas-shh' };

describe('sign-in with GitHub and GitLab: configuration', () => {
  it('has no host unless its client ID and secret are set', () => {
    expect(loadConfig({}).signIn).to.deep.equal({ github: null, gitlab: null });
  });

  it('defaults to github.com and gitlab.com', () => {
    const { signIn } = loadConfig({ ...GITHUB, ...GITLAB });
    expect(signIn.github).to.deep.equal({
      clientId: 'Iv1.abc',
      clientSecret: 'shh',
      url: 'https://github.com',
      apiUrl: 'https://api.github.com',
    });
    expect(signIn.gitlab).to.deep.equal({
      clientId: 'app-id',
      clientSecret: 'gloas-shh',
      url: 'https://gitlab.com',
      apiUrl: 'https://gitlab.com/api/v4',
    });
  });

  it("derives GitHub Enterprise's API address, and takes GOALIE_GITHUB_OAUTH_API_URL instead", () => {
    expect(githubApiUrl('https://ghe.example.com')).to.equal('https://ghe.example.com/api/v3');
    expect(githubApiUrl('https://octo.ghe.com')).to.equal('https://api.octo.ghe.com');
    expect(githubApiUrl('https://github.com')).to.equal('https://api.github.com');
    expect(loadConfig({ ...GITHUB, GOALIE_GITHUB_OAUTH_URL: 'https://GHE.example.com/' }).signIn.github).to.include({
      url: 'https://ghe.example.com',
      apiUrl: 'https://ghe.example.com/api/v3',
    });
    expect(
      loadConfig({
        ...GITHUB,
        GOALIE_GITHUB_OAUTH_URL: 'https://ghe.example.com',
        GOALIE_GITHUB_OAUTH_API_URL: 'https://api.ghe.example.com/',
      }).signIn.github!.apiUrl,
    ).to.equal('https://api.ghe.example.com');
  });

  it('keeps a self-managed GitLab sub-path, given with or without /api/v4', () => {
    for (const raw of [
      'https://example.com/gitlab',
      'https://example.com/gitlab/',
      'https://example.com/gitlab/api/v4',
    ]) {
      expect(loadConfig({ ...GITLAB, GOALIE_GITLAB_OAUTH_URL: raw }).signIn.gitlab).to.include({
        url: 'https://example.com/gitlab',
        apiUrl: 'https://example.com/gitlab/api/v4',
      });
    }
  });

  it('refuses half a configuration and addresses that are not a host, saying what to set', () => {
    expect(() => loadConfig({ GOALIE_GITHUB_OAUTH_CLIENT_ID: 'x' })).to.throw(
      'GOALIE_GITHUB_OAUTH_CLIENT_ID is set but GOALIE_GITHUB_OAUTH_CLIENT_SECRET is not',
    );
    expect(() => loadConfig({ GOALIE_GITLAB_OAUTH_URL: 'https://example.com/gitlab' })).to.throw(
      'GOALIE_GITLAB_OAUTH_URL is set but GOALIE_GITLAB_OAUTH_CLIENT_ID and GOALIE_GITLAB_OAUTH_CLIENT_SECRET are not',
    );
    expect(() => loadConfig({ ...GITLAB, GOALIE_GITLAB_OAUTH_URL: 'gitlab.example.com' })).to.throw(
      'GOALIE_GITLAB_OAUTH_URL must be an http(s) URL',
    );
    expect(() => loadConfig({ ...GITHUB, GOALIE_GITHUB_OAUTH_URL: 'https://ghe.example.com/?x=1' })).to.throw(
      'without credentials, ? or #',
    );
    expect(() => loadConfig({ ...GITHUB, GOALIE_GITHUB_OAUTH_URL: 'ftp://ghe.example.com' })).to.throw(
      'must start with https://',
    );
  });
});

describe('sign-in with GitHub and GitLab: where the browser is sent', () => {
  const config = loadConfig({ ...GITHUB, ...GITLAB, GOALIE_GITLAB_OAUTH_URL: 'https://example.com/gitlab' }).signIn;
  const [github, gitlab] = signInHosts(config, 'https://goalie.example.com/');

  it('is one host per configured application, kept under its web address', () => {
    expect(signInHosts({ github: null, gitlab: null }, 'https://goalie.example.com')).to.deep.equal([]);
    expect([github!.provider, github!.url, gitlab!.provider, gitlab!.url]).to.deep.equal([
      'github',
      'https://github.com',
      'gitlab',
      'https://example.com/gitlab',
    ]);
  });

  it('GitHub: /login/oauth/authorize with the callback, the scopes, the state and the PKCE challenge', () => {
    const url = new URL(github!.authorizeUrl({ state: 'st', codeChallenge: 'ch' }));
    expect(url.origin + url.pathname).to.equal('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).to.deep.include({
      client_id: 'Iv1.abc',
      redirect_uri: 'https://goalie.example.com/auth/github/callback',
      scope: 'read:user user:email',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.has('client_secret')).to.equal(false);
  });

  it('GitLab: /oauth/authorize under the sub-path, scope read_user', () => {
    const url = new URL(gitlab!.authorizeUrl({ state: 'st', codeChallenge: 'ch' }));
    expect(url.origin + url.pathname).to.equal('https://example.com/gitlab/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).to.deep.include({
      client_id: 'app-id',
      redirect_uri: 'https://goalie.example.com/auth/gitlab/callback',
      response_type: 'code',
      scope: 'read_user',
      state: 'st',
      code_challenge_method: 'S256',
    });
  });
});

describe('sign-in with GitHub and GitLab: the state', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  const saved = newSignInState('github', '/p/shop/runs', { kind: 'sign-in' }, now);
  const cookie = encodeState(saved);

  it('is random each time, with an S256 challenge of its verifier (RFC 7636 appendix B)', () => {
    const other = newSignInState('github', '/', { kind: 'sign-in' }, now);
    expect(other.state).to.not.equal(saved.state);
    expect(other.codeVerifier).to.not.equal(saved.codeVerifier);
    expect(saved.codeVerifier).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).to.equal(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('accepts the same state within ten minutes, for the same host', () => {
    expect(checkSignInState('github', cookie, saved.state, later(9))).to.deep.equal(saved);
  });

  it('refuses a missing cookie or state, another state, another host, a forged cookie, and a late one', () => {
    expect(checkSignInState('github', undefined, saved.state, now)).to.deep.equal({ problem: 'missing' });
    expect(checkSignInState('github', cookie, undefined, now)).to.deep.equal({ problem: 'missing' });
    expect(checkSignInState('github', cookie, `${saved.state.slice(0, -1)}x`, now)).to.deep.equal({
      problem: 'mismatch',
    });
    expect(checkSignInState('github', cookie, 'short', now)).to.deep.equal({ problem: 'mismatch' });
    expect(checkSignInState('gitlab', cookie, saved.state, now)).to.deep.equal({ problem: 'mismatch' });
    expect(checkSignInState('github', 'not-base64-json', saved.state, now)).to.deep.equal({ problem: 'mismatch' });
    expect(
      checkSignInState('github', encodeState({ ...saved, intent: { kind: 'link' } as never }), saved.state, now),
    ).to.deep.equal({ problem: 'mismatch' });
    expect(checkSignInState('github', cookie, saved.state, later(10))).to.deep.equal({ problem: 'expired' });
  });
});
