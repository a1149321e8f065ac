// The GitHub and GitLab sign-in adapters against fake OAuth hosts on 127.0.0.1: the code exchange with
// PKCE, reading the account, and every way the host can fail, each a SignInHostError that names no
// secret (never the client secret, the code or the token).
import { expect } from 'chai';
import { SignInHostError, type SignInHost } from '../../../backend/src/app/ports/sign-in-host.js';
import { codeChallenge, newSignInState } from '../../../backend/src/http/dashboard/account/sign-in-state.js';
import { signInHosts } from '../../../backend/src/platforms/sign-in-hosts.js';
import { loadConfig } from '../../../backend/src/config.js';
import { freePort } from '../../../backend/src/persistence/embedded-postgres.js';
import { oauthEnv, startFakeOAuthHost, type FakeHostUser, type FakeOAuthHost } from '../../helpers/fake-oauth.js';

const GOALIE = 'http://127.0.0.1:8080';
const octocat: FakeHostUser = {
  id: 583231,
  username: 'octocat',
  name: 'The Octocat',
  emails: [
    { email: 'old@example.com', verified: true },
    { email: 'unverified@example.com', verified: false },
    { email: 'Octo@Example.com', primary: true, verified: true },
  ],
};
const tanuki: FakeHostUser = {
  id: 42,
  username: 'tanuki',
  name: '',
  emails: [{ email: 'tanuki@example.com', primary: true }],
};

/** The browser's part: the host approves (or not) and sends it back to the callback with a code. */
async function authorize(host: SignInHost, options: { verifier?: string } = {}) {
  const state = newSignInState(host.provider, '/', { kind: 'sign-in' }, new Date());
  const response = await fetch(
    host.authorizeUrl({ state: state.state, codeChallenge: codeChallenge(state.codeVerifier) }),
    { redirect: 'manual' },
  );
  expect(response.status, await response.clone().text()).to.equal(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.searchParams.get('state')).to.equal(state.state);
  return { code: back.searchParams.get('code') ?? '', codeVerifier: options.verifier ?? state.codeVerifier, back };
}

async function failure(promise: Promise<unknown>): Promise<SignInHostError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(SignInHostError);
    return error as SignInHostError;
  }
  throw new Error('expected a SignInHostError');
}

describe('sign-in hosts against fake GitHub and GitLab OAuth servers', function () {
  this.timeout(30_000);
  let fakeGithub: FakeOAuthHost;
  let fakeGitlab: FakeOAuthHost;
  let github: SignInHost;
  let gitlab: SignInHost;

  before(async () => {
    fakeGithub = await startFakeOAuthHost({ kind: 'github' });
    fakeGitlab = await startFakeOAuthHost({ kind: 'gitlab', basePath: '/gitlab' });
    fakeGithub.redirectUris = [`${GOALIE}/auth/github/callback`];
    fakeGitlab.redirectUris = [`${GOALIE}/auth/gitlab/callback`];
    const hosts = signInHosts(loadConfig({ ...oauthEnv(fakeGithub), ...oauthEnv(fakeGitlab) }).signIn, GOALIE, {
      timeoutMs: 500,
      retryDelayMs: 10,
    });
    expect(hosts.map((h) => h.provider)).to.deep.equal(['github', 'gitlab']);
    [github, gitlab] = hosts as [SignInHost, SignInHost];
  });
  after(async () => {
    await fakeGithub?.close();
    await fakeGitlab?.close();
  });
  beforeEach(() => {
    fakeGithub.reset(octocat);
    fakeGitlab.reset(tanuki);
  });

  it('GitHub (Enterprise style, API under /api/v3): the account with its verified addresses, the primary first', async () => {
    const grant = await authorize(github);
    expect(await github.account(grant)).to.deep.equal({
      id: '583231',
      username: 'octocat',
      name: 'The Octocat',
      verifiedEmails: ['Octo@Example.com', 'old@example.com'],
    });
    const exchange = fakeGithub.exchanges.at(-1)!;
    expect(exchange.accepted).to.equal(true);
    expect(exchange.fields).to.include({
      redirect_uri: `${GOALIE}/auth/github/callback`,
      code_verifier: grant.codeVerifier,
    });
    expect(fakeGithub.requests.map((r) => `${r.method} ${r.path}`).slice(-3)).to.deep.equal([
      'POST /login/oauth/access_token',
      'GET /api/v3/user',
      'GET /api/v3/user/emails',
    ]);
  });

  it('GitLab under a sub-path: the account, its primary address verified', async () => {
    const grant = await authorize(gitlab);
    expect(await gitlab.account(grant)).to.deep.equal({
      id: '42',
      username: 'tanuki',
      name: '',
      verifiedEmails: ['tanuki@example.com'],
    });
    expect(fakeGitlab.requests.map((r) => `${r.method} ${r.path}`).slice(-3)).to.deep.equal([
      'GET /oauth/authorize',
      'POST /oauth/token',
      'GET /api/v4/user',
    ]);
    // An address GitLab has not confirmed (confirmed_at: null) is not verified.
    fakeGitlab.signedIn = { ...tanuki, emails: [{ email: 'new@example.com', primary: true, verified: false }] };
    expect((await gitlab.account(await authorize(gitlab))).verifiedEmails).to.deep.equal([]);
  });

  it('a denied authorization comes back as error=access_denied, with the state', async () => {
    fakeGithub.signedIn = null;
    const { back } = await authorize(github);
    expect(back.searchParams.get('error')).to.equal('access_denied');
    expect(back.searchParams.has('code')).to.equal(false);
  });

  it('refuses a code used twice, a wrong PKCE verifier and wrong client credentials, naming no secret', async () => {
    for (const [host, fake] of [
      [github, fakeGithub],
      [gitlab, fakeGitlab],
    ] as const) {
      const grant = await authorize(host);
      await host.account(grant);
      const replay = await failure(host.account(grant));
      expect(replay.reason).to.equal('refused');
      expect(replay.message).to.match(host === github ? /bad_verification_code/ : /invalid_grant/);

      const wrongVerifier = await failure(host.account(await authorize(host, { verifier: 'x'.repeat(43) })));
      expect(wrongVerifier.reason).to.equal('refused');

      const wrongSecret = signInHosts(
        loadConfig({ ...oauthEnv(fake), [`GOALIE_${fake.kind.toUpperCase()}_OAUTH_CLIENT_SECRET`]: 'not-the-secret' })
          .signIn,
        GOALIE,
      )[0]!;
      const grant2 = await authorize(wrongSecret);
      const refused = await failure(wrongSecret.account(grant2));
      expect(refused.reason).to.equal('refused');
      expect(refused.message)
        .to.match(host === github ? /incorrect_client_credentials/ : /invalid_client/)
        .and.to.include('Check the client ID and secret');
      for (const secret of [fake.clientSecret, 'not-the-secret', grant.code, grant2.code, grant2.codeVerifier])
        expect(refused.message + replay.message).to.not.include(secret);
    }
  });

  it('a host that fails, or does not answer in time, is unreachable or a timeout', async () => {
    fakeGitlab.tokenTrouble = { kind: 'server-error', times: 1 };
    const broken = await failure(gitlab.account(await authorize(gitlab)));
    expect([broken.reason, broken.message]).to.deep.equal([
      'unreachable',
      'GitLab failed the code exchange with HTTP 500. "server_error: Something went wrong on our side."',
    ]);

    fakeGithub.tokenTrouble = { kind: 'hang', times: 1 };
    const slow = await failure(github.account(await authorize(github)));
    expect([slow.reason, slow.message]).to.deep.equal([
      'timeout',
      'GitHub did not answer within 0.5 s (the code exchange).',
    ]);

    fakeGitlab.tokenTrouble = { kind: 'garbage', times: 1 };
    const garbage = await failure(gitlab.account(await authorize(gitlab)));
    expect([garbage.reason, garbage.message]).to.deep.equal([
      'unexpected',
      "GitLab answered the code exchange with something other than JSON (HTTP 200). Check that the configured address is the host's.",
    ]);

    fakeGitlab.tokenTrouble = { kind: 'huge', times: 1 };
    const huge = await failure(gitlab.account(await authorize(gitlab)));
    expect([huge.reason, huge.message]).to.deep.equal([
      'unexpected',
      "GitLab answered the code exchange with more than 256 KiB. Check that the configured address is the host's.",
    ]);

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const closed = signInHosts(
      loadConfig({ ...oauthEnv(fakeGithub), GOALIE_GITHUB_OAUTH_URL: nobody }).signIn,
      GOALIE,
    )[0]!;
    const unreachable = await failure(closed.account({ code: 'c', codeVerifier: 'v' }));
    expect([unreachable.reason, unreachable.message]).to.deep.equal([
      'unreachable',
      `GitHub could not be reached at ${nobody} (the code exchange: ECONNREFUSED).`,
    ]);
  });
});
