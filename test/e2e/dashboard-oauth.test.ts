// Signing in with GitHub and GitLab in Chromium, against fake OAuth hosts on 127.0.0.1 (a GitHub
// Enterprise-style one at the root, a self-managed GitLab under /gitlab): signing in, joining by an
// invitation, linking on the account page and signing in with the linked account, unlinking, and every
// way it must not sign anyone in: an unknown account, a forged, missing or replayed state, a denial,
// a host that fails. Every page is checked with axe-core. SCREENSHOTS=1 writes the docs' images.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Writable } from 'node:stream';
import { createInvitation } from '../../backend/src/app/accounts/invitations.js';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createLogger } from '../../backend/src/logger.js';
import { shopProject } from '../fixtures/projects.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { oauthEnv, startFakeOAuthHost, type FakeHostUser, type FakeOAuthHost } from '../helpers/fake-oauth.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';

const octocat: FakeHostUser = {
  id: 583231,
  username: 'octocat',
  name: 'Ada Lovelace',
  emails: [{ email: 'ada@example.com', primary: true }],
};
const stranger: FakeHostUser = {
  id: 999,
  username: 'stranger',
  name: 'Someone Else',
  emails: [{ email: 'grace@example.com', primary: true }],
};
const newcomer: FakeHostUser = {
  id: 1001,
  username: 'linus',
  name: 'Linus Newcomer',
  emails: [
    { email: 'linus@home.example', primary: true },
    { email: 'linus@acme.example', verified: true },
  ],
};
const tanuki: FakeHostUser = {
  id: 42,
  username: 'grace-h',
  name: 'Grace Hopper',
  emails: [{ email: 'grace@gitlab.example', primary: true }],
};

describe('signing in with GitHub and GitLab in Chromium (e2e)', function () {
  this.timeout(120_000);
  let fakeGithub: FakeOAuthHost;
  let fakeGitlab: FakeOAuthHost;
  let service: TestService;
  let browser: Browser;
  let shop: ApplySummary;
  let ada: Visitor;
  let grace: Visitor;
  const logLines: string[] = [];

  before(async () => {
    fakeGithub = await startFakeOAuthHost({ kind: 'github' });
    fakeGitlab = await startFakeOAuthHost({ kind: 'gitlab', basePath: '/gitlab' });
    const logger = createLogger(
      'warn',
      new Writable({ write: (chunk: Buffer, _encoding, done) => (logLines.push(chunk.toString('utf8')), done()) }),
    );
    service = await startTestService({ ...oauthEnv(fakeGithub), ...oauthEnv(fakeGitlab) }, { logger });
    fakeGithub.redirectUris = [`${service.baseUrl}/auth/github/callback`];
    fakeGitlab.redirectUris = [`${service.baseUrl}/auth/gitlab/callback`];
    shop = await service.apply(shopProject());
    ada = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'admin',
      email: 'ada@example.com',
      password: 'lovelace and babbage',
    });
    grace = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'member',
      email: 'grace@example.com',
      password: 'hopper and cobol',
    });
    // Ada linked her GitHub account before (the account page's flow is tested with GitLab below).
    await service.runtime.app.store.accounts.linkIdentity({
      provider: 'github',
      providerUrl: fakeGithub.url,
      providerUserId: String(octocat.id),
      username: octocat.username,
      userId: ada.user.id,
    });
    browser = await sharedBrowser();
  });
  after(async () => {
    await closeContexts();
    await service?.close();
    await fakeGithub?.close();
    await fakeGitlab?.close();
  });
  beforeEach(() => {
    fakeGithub.reset(octocat);
    fakeGitlab.reset(tanuki);
  });

  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  /** A fresh browser, 1280 px wide, signed out. */
  async function freshPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    return context.newPage();
  }
  const accessible = async (page: Page, what: string) =>
    expect(await seriousAxeViolations(page), what).to.deep.equal([]);
  const sessionCookie = async (page: Page) =>
    (await page.context().cookies()).find((c) => c.name === 'goalie_session')?.value;
  const screenshot = async (page: Page, name: string) => {
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `docs/images/dashboard-${name}.png`, fullPage: true });
  };
  /** Follows the link to the host and back: the callback's answer. */
  async function toCallback(page: Page, link: string, provider: 'github' | 'gitlab') {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/auth/${provider}/callback`)),
      page.getByRole('link', { name: link }).click(),
    ]);
    return response;
  }
  async function signInWithPassword(page: Page, email: string, password: string) {
    await page.goto(`${service.baseUrl}/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${service.baseUrl}/`);
  }
  const userCount = () => service.runtime.app.store.accounts.userCount();

  it('the sign-in page offers both hosts; GitHub signs Ada in and goes where she was headed', async () => {
    const page = await freshPage();
    await page.goto(`${service.baseUrl}/account`);
    await page.getByRole('heading', { name: 'Sign in to Goalie' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign in with GitLab' }).count()).to.equal(1);
    await accessible(page, 'the sign-in page with both buttons');
    await screenshot(page, 'oauth-sign-in');

    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await page.waitForURL(`${service.baseUrl}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByRole('cell', { name: '@octocat', exact: true }).count()).to.equal(1);
    expect(await sessionCookie(page)).to.be.a('string');
    // The state cookie was used once and is gone; the host saw the PKCE challenge and the scopes.
    expect((await page.context().cookies()).map((c) => c.name)).to.not.include('goalie_sign_in_github');
    const authorize = fakeGithub.requests.filter((r) => r.path === '/login/oauth/authorize').at(-1)!;
    expect(authorize.query).to.include({
      scope: 'read:user user:email',
      code_challenge_method: 'S256',
      redirect_uri: `${service.baseUrl}/auth/github/callback`,
    });
  });

  it('a GitHub account no Goalie user has gets a page saying so, and no account', async () => {
    fakeGithub.signedIn = stranger;
    const before = await userCount();
    const page = await freshPage();
    await page.goto(`${service.baseUrl}/sign-in`);
    const response = await toCallback(page, 'Sign in with GitHub', 'github');
    expect(response.status()).to.equal(403);
    await page.getByRole('heading', { name: 'No Goalie account uses this GitHub account' }).waitFor();
    expect(
      await page
        .getByText(
          'Ask an admin of your organization for an invitation, or sign in with your password and link it on your account page.',
        )
        .count(),
    ).to.equal(1);
    expect(await sessionCookie(page)).to.equal(undefined);
    // Grace has stranger's address on GitHub, and still is not signed in: addresses are no proof.
    expect(await userCount()).to.equal(before);
    expect(await service.runtime.app.store.accounts.identitiesOf(grace.user.id)).to.deep.equal([]);
    await accessible(page, 'the no-account page');
    await screenshot(page, 'oauth-no-account');
  });

  it('an invitation accepted with GitHub makes the account (no password) and the membership at once', async () => {
    const { link } = await createInvitation(
      service.runtime.app,
      { user: ada.user, role: 'admin' },
      shop.organization.id,
      { role: 'viewer', email: 'linus@acme.example' },
    );
    fakeGithub.signedIn = newcomer;
    const page = await freshPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Join Acme' }).waitFor();
    await accessible(page, 'the invitation page with the buttons');
    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await page.waitForURL(`${service.baseUrl}/`);
    expect(await sessionCookie(page)).to.be.a('string');

    // The invitation is for the address GitHub verified besides the primary one: that one is used.
    const linus = (await service.runtime.app.store.accounts.userByEmail('linus@acme.example'))!;
    expect(linus).to.include({ name: 'Linus Newcomer', hasPassword: false, passwordHash: null });
    expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, linus.id)).to.equal('viewer');
    expect(
      (await service.runtime.app.store.accounts.identitiesOf(linus.id)).map((i) => `${i.provider} ${i.username}`),
    ).to.deep.equal(['github linus']);

    // The link worked once; signing in with GitHub again is a plain sign-in now.
    expect((await pageFetch(service, new URL(link).pathname)).status).to.equal(404);
    // GitHub is Linus's only way to sign in: his account page says so instead of offering Unlink.
    await page.goto(`${service.baseUrl}/account`);
    await page.getByText('Your only way to sign in').waitFor();
    expect(await page.getByRole('button', { name: /^Unlink/ }).count()).to.equal(0);
    await accessible(page, 'the account page of a user without a password');
  });

  it('an invitation for an address GitHub has not verified is refused, and nothing is made', async () => {
    const { link } = await createInvitation(
      service.runtime.app,
      { user: ada.user, role: 'admin' },
      shop.organization.id,
      { role: 'member', email: 'someone@acme.example' },
    );
    // The GitHub account has the address, but GitHub has not verified it.
    fakeGithub.signedIn = {
      ...stranger,
      id: 1002,
      username: 'other',
      emails: [{ email: 'someone@acme.example', primary: true, verified: false }],
    };
    const before = await userCount();
    const page = await freshPage();
    await page.goto(link);
    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    await page.getByText('This invitation is for someone@acme.example').waitFor();
    expect(await userCount()).to.equal(before);
    expect(await sessionCookie(page)).to.equal(undefined);
    await accessible(page, 'the refused invitation');
    await page.getByRole('link', { name: 'Back to the invitation' }).click();
    await page.getByRole('heading', { name: 'Join Acme' }).waitFor();
  });

  it('Grace links her self-managed GitLab account on /account, signs in with it, and unlinks it', async () => {
    const page = await freshPage();
    await signInWithPassword(page, 'grace@example.com', 'hopper and cobol');
    await page.getByRole('link', { name: grace.user.name }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByText('No GitHub or GitLab account is linked').waitFor();
    await accessible(page, 'the account page before linking');

    await page.getByRole('button', { name: 'Link a GitLab account' }).click();
    await page.waitForURL(`${service.baseUrl}/account?result=linked&host=gitlab`);
    await page.getByRole('status').filter({ hasText: 'Your GitLab account is linked' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '@grace-h' });
    expect(await row.getByRole('cell', { name: fakeGitlab.url }).count()).to.equal(1);
    await accessible(page, 'the account page after linking');
    await screenshot(page, 'account');
    expect(fakeGitlab.requests.filter((r) => r.path === '/oauth/authorize').at(-1)!.query).to.include({
      scope: 'read_user',
      response_type: 'code',
    });

    // Signed out, the GitLab button signs her in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${service.baseUrl}/sign-in`);
    await page.getByRole('link', { name: 'Sign in with GitLab' }).click();
    await page.waitForURL(`${service.baseUrl}/`);
    expect(await page.getByRole('link', { name: grace.user.name }).count()).to.equal(1);

    // She keeps her password, so she may unlink it; then GitLab signs no one in.
    await page.goto(`${service.baseUrl}/account`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Unlink GitLab @grace-h' }).click();
    await page.getByRole('status').filter({ hasText: 'The GitLab account is unlinked' }).waitFor();
    expect(await service.runtime.app.store.accounts.identitiesOf(grace.user.id)).to.deep.equal([]);
  });

  it('linking an account that another user has is refused', async () => {
    const page = await freshPage();
    await page
      .context()
      .addCookies([{ name: 'goalie_session', value: grace.cookie.split('=')[1]!, url: service.baseUrl }]);
    fakeGitlab.signedIn = tanuki;
    await service.runtime.app.store.accounts.linkIdentity({
      provider: 'gitlab',
      providerUrl: fakeGitlab.url,
      providerUserId: String(tanuki.id),
      username: tanuki.username,
      userId: ada.user.id,
    });
    await page.goto(`${service.baseUrl}/account`);
    await page.getByRole('button', { name: 'Link a GitLab account' }).click();
    await page.getByRole('heading', { name: 'Already linked elsewhere' }).waitFor();
    await page.getByText('is linked to another Goalie user already').waitFor();
    await accessible(page, 'the refused link');
    expect(await service.runtime.app.store.accounts.identitiesOf(grace.user.id)).to.deep.equal([]);
  });

  it('a forged state, a callback this browser did not start, and a replayed callback get 400 and no session', async () => {
    // Forged: the state that comes back is not the one this browser was given.
    fakeGithub.stateOverride = 'forged-state-value-of-the-same-kind-00000000';
    const forged = await freshPage();
    await forged.goto(`${service.baseUrl}/sign-in`);
    const refused = await toCallback(forged, 'Sign in with GitHub', 'github');
    expect(refused.status()).to.equal(400);
    await forged.getByRole('heading', { name: 'This sign-in cannot be finished' }).waitFor();
    await forged.getByText('belongs to another sign-in than the one this browser started').waitFor();
    expect(await sessionCookie(forged)).to.equal(undefined);
    await accessible(forged, 'the refused state');
    fakeGithub.stateOverride = null;

    // An attacker starts a sign-in with their own GitHub account and stops at the callback ...
    const started = await fetch(`${service.baseUrl}/auth/github/start?next=%2F`, { redirect: 'manual' });
    const approved = await fetch(started.headers.get('location')!, { redirect: 'manual' });
    const callback = approved.headers.get('location')!;
    expect(callback).to.contain('code=').and.contain(`${service.baseUrl}/auth/github/callback`);
    // ... and makes someone open it (login CSRF): their browser has no state, so nothing is signed in.
    const other = await freshPage();
    const missing = await other.goto(callback);
    expect(missing!.status()).to.equal(400);
    await other.getByText('This browser has no sign-in with GitHub waiting to be finished').waitFor();
    expect(await sessionCookie(other)).to.equal(undefined);

    // Replayed: a browser that finished signing in opens the same callback again.
    const page = await freshPage();
    let used = '';
    page.on('request', (request) => {
      if (request.url().startsWith(`${service.baseUrl}/auth/github/callback`)) used = request.url();
    });
    await page.goto(`${service.baseUrl}/sign-in`);
    await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
    await page.waitForURL(`${service.baseUrl}/`);
    const session = await sessionCookie(page);
    const replay = await page.goto(used);
    expect(replay!.status()).to.equal(400);
    expect(await sessionCookie(page)).to.equal(session);
  });

  it('access denied on GitHub, and a GitHub that fails, are pages that say so, logged without secrets', async () => {
    fakeGithub.signedIn = null;
    const page = await freshPage();
    await page.goto(`${service.baseUrl}/sign-in?next=%2Faccount`);
    const denied = await toCallback(page, 'Sign in with GitHub', 'github');
    expect(denied.status()).to.equal(403);
    await page.getByRole('heading', { name: 'GitHub did not let Goalie in' }).waitFor();
    expect(await sessionCookie(page)).to.equal(undefined);
    await accessible(page, 'the denied page');

    fakeGithub.signedIn = octocat;
    fakeGithub.tokenTrouble = { kind: 'server-error', times: 1 };
    const failed = await toCallback(page, 'Try GitHub again', 'github');
    expect(failed.status()).to.equal(502);
    await page.getByRole('heading', { name: 'GitHub could not sign you in' }).waitFor();
    await page.getByText('GitHub failed the code exchange with HTTP 500').waitFor();
    expect(await sessionCookie(page)).to.equal(undefined);
    await accessible(page, 'the failed host page');

    const warnings = logLines.filter((line) => line.includes('sign-in with GitHub'));
    expect(warnings.some((line) => line.includes('access_denied'))).to.equal(true);
    expect(warnings.some((line) => line.includes('failed the code exchange'))).to.equal(true);
    const codes = fakeGithub.exchanges.map((e) => e.fields.code!);
    for (const secret of [fakeGithub.clientSecret, fakeGitlab.clientSecret, ...codes])
      expect(logLines.join('\n')).to.not.include(secret);
  });

  it('a next that points off-site ends on the dashboard after signing in', async () => {
    for (const next of [
      '//evil.example/',
      'https://evil.example/',
      '/\\evil.example/',
      'javascript:alert(1)',
      `/p/${'x'.repeat(5000)}`,
    ]) {
      const page = await freshPage();
      await page.goto(`${service.baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
      await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
      await page.waitForURL(`${service.baseUrl}/`);
      // Started directly, too (a link someone else made).
      await page.goto(`${service.baseUrl}/auth/github/start?next=${encodeURIComponent(next)}`);
      await page.waitForURL(`${service.baseUrl}/`);
      expect(await sessionCookie(page), next).to.be.a('string');
    }
  });

  it('a GitLab that answers garbage is a page that says so, and signs no one in', async () => {
    fakeGitlab.tokenTrouble = { kind: 'garbage', times: 1 };
    const page = await freshPage();
    await page.goto(`${service.baseUrl}/sign-in`);
    const failed = await toCallback(page, 'Sign in with GitLab', 'gitlab');
    expect(failed.status()).to.equal(502);
    await page.getByText('GitLab answered the code exchange with something other than JSON').waitFor();
    expect(await sessionCookie(page)).to.equal(undefined);
  });

  it('a user changes their password on /account: the old one no longer works, other browsers are signed out', async () => {
    const alan = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'viewer',
      email: 'alan@example.com',
      password: 'turing machine 1936',
    });
    const page = await freshPage();
    await page
      .context()
      .addCookies([{ name: 'goalie_session', value: alan.cookie.split('=')[1]!, url: service.baseUrl }]);
    await page.goto(`${service.baseUrl}/account`);
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: false }).first().fill('enigma bombe colossus');
    await page.getByLabel('New password again').fill('enigma bombe colossus');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The current password is wrong' }).waitFor();
    await accessible(page, 'the account page with a wrong current password');

    await page.getByLabel('Current password').fill('turing machine 1936');
    await page.getByLabel('New password', { exact: false }).first().fill('enigma bombe colossus');
    await page.getByLabel('New password again').fill('enigma bombe colossus');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(`${service.baseUrl}/account?result=password`);
    await page.getByRole('status').filter({ hasText: 'Your new password is set' }).waitFor();
    // This browser stays signed in (a new session); the old session is gone.
    expect(await sessionCookie(page))
      .to.be.a('string')
      .and.not.equal(alan.cookie.split('=')[1]);
    expect((await alan.fetch('/account')).status).to.not.equal(200);

    await signInWithPassword(await freshPage(), 'alan@example.com', 'enigma bombe colossus');
  });

  it('without configuration there are no buttons, and the addresses say how to set it up', async () => {
    const plain = await startTestService();
    try {
      const signIn = await (await pageFetch(plain, '/sign-in')).text();
      expect(signIn)
        .to.include('Sign in to Goalie')
        .and.not.include('Sign in with GitHub')
        .and.not.include('Sign in with GitLab');
      const start = await pageFetch(plain, '/auth/gitlab/start?next=/');
      expect(start.status).to.equal(404);
      expect(await start.text()).to.include('Signing in with GitLab is not set up on this Goalie');
      const someone = await visitor(plain, {});
      const account = await (await someone.fetch('/account')).text();
      expect(account).to.include('Signing in with GitHub or GitLab is not set up').and.not.include('Link a');
      const page = await freshPage();
      await page.goto(`${plain.baseUrl}/sign-in`);
      await accessible(page, 'the sign-in page without buttons');
    } finally {
      await plain.close();
    }
  });
});
