// Who may see and do what in the dashboard, over HTTP as a browser sends it: signing in and out,
// rate limits, invitations, password resets, roles on the run pages and their evidence, and
// `publicResults`. (Pages are looked at in Chromium in test/e2e/dashboard.test.ts.)
import { expect } from 'chai';
import { createInvitation } from '../../backend/src/app/accounts/invitations.js';
import { issuePasswordReset } from '../../backend/src/app/accounts/users.js';
import { FAILURES_PER_EMAIL } from '../../backend/src/app/accounts/sign-in.js';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { withProjectSetting } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** The form token a page put in its form. */
const tokenIn = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
/** The cookies a response set, as a Cookie header. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('dashboard: signing in and who may see what', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let open: ApplySummary;
  let runShortId: string;
  let openRunShortId: string;
  let owner: Visitor;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    open = await service.apply(
      withProjectSetting(shopProject({ organization: 'Open Source', project: 'oss' }), 'publicResults: true'),
    );
    runShortId = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run.shortId;
    openRunShortId = (await service.client(await service.token('oss')).post('/v1/run', {})).body.run.shortId;
    owner = await visitor(service, { organizationId: shop.organization.id, role: 'owner', email: 'owner@example.com' });
  });
  after(() => service.close());

  describe('signing in', () => {
    it('sends a signed-out browser to the sign-in page and back', async () => {
      const home = await pageFetch(service, '/');
      expect(home.status).to.equal(302);
      expect(home.headers.get('location')).to.equal('/sign-in?next=%2F');
      const run = await pageFetch(service, `/runs/${runShortId}`);
      expect(run.headers.get('location')).to.equal(`/sign-in?next=${encodeURIComponent(`/runs/${runShortId}`)}`);
    });

    it('answers a script asking for a page with a 401 in JSON, not a redirect', async () => {
      const res = await fetch(`${service.baseUrl}/runs/${runShortId}`, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
      });
      expect(res.status).to.equal(401);
      expect((await res.json()).message).to.match(/^Sign in to see this page/);
    });

    it('signs in with the password: an HttpOnly SameSite=Lax session cookie, then the projects', async () => {
      const page = await pageFetch(service, '/sign-in?next=/p/shop/runs');
      expect(page.status).to.equal(200);
      const form = { email: 'OWNER@example.com', password: 'correct horse battery', next: '/' };
      const signedIn = await pageFetch(service, '/sign-in', {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(await page.text()),
        form,
      });
      expect(signedIn.status).to.equal(302);
      expect(signedIn.headers.get('location')).to.equal('/');
      const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('goalie_session='))!;
      expect(cookie)
        .to.match(/HttpOnly/i)
        .and.match(/SameSite=Lax/i);
      expect(cookie).not.to.match(/Secure/i, 'http://127.0.0.1 is not https');
      const home = await pageFetch(service, '/', { cookie: cookie.split(';')[0] });
      expect(home.status).to.equal(200);
      const body = await home.text();
      expect(body).to.include('Acme').and.include('href="/p/shop/runs"');
      expect(body, 'not a member of Open Source').not.to.include('href="/p/oss/runs"');
    });

    it('refuses a sign-in form without the page token (403), and a wrong password with a page saying so (401)', async () => {
      const forged = await pageFetch(service, '/sign-in', {
        method: 'POST',
        form: { email: 'owner@example.com', password: 'correct horse battery' },
      });
      expect(forged.status).to.equal(403);
      const page = await pageFetch(service, '/sign-in');
      const wrong = await pageFetch(service, '/sign-in', {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(await page.text()),
        form: { email: 'owner@example.com', password: 'wrong password!' },
      });
      expect(wrong.status).to.equal(401);
      expect(await wrong.text()).to.include('The email address or the password is wrong');
      expect(wrong.headers.getSetCookie().some((c) => c.startsWith('goalie_session='))).to.equal(false);
    });

    it('after too many failures for one address answers 429 with Retry-After, even with the right password', async () => {
      await visitor(service, { email: 'target@example.com' });
      const page = await pageFetch(service, '/sign-in');
      const cookie = cookiesOf(page);
      const csrf = tokenIn(await page.text());
      for (let i = 0; i < FAILURES_PER_EMAIL; i++) {
        const res = await pageFetch(service, '/sign-in', {
          method: 'POST',
          cookie,
          csrf,
          form: { email: 'target@example.com', password: `guess number ${i}` },
        });
        expect(res.status).to.equal(401);
      }
      const blocked = await pageFetch(service, '/sign-in', {
        method: 'POST',
        cookie,
        csrf,
        form: { email: 'target@example.com', password: 'correct horse battery' },
      });
      expect(blocked.status).to.equal(429);
      expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
      expect(await blocked.text()).to.include('Too many failed sign-in attempts');
    });

    it('signs out: the session no longer works', async () => {
      const someone = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
      expect((await someone.fetch('/')).status).to.equal(200);
      const out = await someone.fetch('/sign-out', { form: {} });
      expect(out.status).to.equal(302);
      expect((await someone.fetch('/')).status).to.equal(302);
    });

    it('follows only local paths after signing in', async () => {
      await visitor(service, { email: 'next@example.com' });
      const page = await pageFetch(service, '/sign-in');
      const csrf = tokenIn(await page.text());
      for (const next of ['https://evil.example.com/', '//evil.example.com/', '/\\evil.example.com']) {
        const res = await pageFetch(service, '/sign-in', {
          method: 'POST',
          cookie: cookiesOf(page),
          csrf,
          form: { email: 'next@example.com', password: 'correct horse battery', next },
        });
        expect(res.headers.get('location'), next).to.equal('/');
      }
    });
  });

  describe('roles on the run pages', () => {
    it('a member of another organization gets 404, as for a run that does not exist', async () => {
      const stranger = await visitor(service, { organizationId: open.organization.id, role: 'owner' });
      const res = await stranger.fetch(`/runs/${runShortId}`);
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/text\/html/);
    });

    it('a viewer reads the run but may not cancel it (403); a member cancels it', async () => {
      const viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
      expect((await viewer.fetch(`/runs/${runShortId}`)).status).to.equal(200);
      const refused = await viewer.fetch(`/runs/${runShortId}/cancel`, { form: {} });
      expect(refused.status).to.equal(403);
      expect(await refused.text()).to.include('viewers only read');
      const member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
      const noToken = await member.fetch(`/runs/${runShortId}/cancel`, {
        form: { token: 'not-the-session-token-000000000000' },
      });
      expect(noToken.status).to.equal(403);
      const cancelled = await member.fetch(`/runs/${runShortId}/cancel`, { form: {} });
      expect(cancelled.status).to.equal(302);
      const run = await service.client(await service.token('shop')).get(`/v1/run/${runShortId}`);
      expect(run.body.status).to.equal('CANCELLED');
    });

    it('a server administrator reads every organization', async () => {
      const admin = await visitor(service, { admin: true });
      expect((await admin.fetch(`/runs/${runShortId}`)).status).to.equal(200);
      expect((await admin.fetch(`/runs/${openRunShortId}`)).status).to.equal(200);
    });

    it('publicResults: anyone reads the run page, nobody signed out may cancel', async () => {
      const page = await pageFetch(service, `/runs/${openRunShortId}`);
      expect(page.status).to.equal(200);
      const text = await page.text();
      expect(text).to.include(openRunShortId);
      // No buttons for someone signed out, but a way to sign in; a form posted anyway (with a
      // token of the sign-in page) is sent to sign in first.
      expect(text).not.to.include('/cancel"');
      expect(text).to.include(`/sign-in?next=${encodeURIComponent(`/runs/${openRunShortId}`)}`);
      const signIn = await pageFetch(service, '/sign-in');
      const cancel = await pageFetch(service, `/runs/${openRunShortId}/cancel`, {
        method: 'POST',
        cookie: cookiesOf(signIn),
        csrf: tokenIn(await signIn.text()),
        form: {},
      });
      expect(cancel.status).to.equal(302);
      expect(cancel.headers.get('location')).to.match(/^\/sign-in\?next=/);
    });

    it('publicResults stops when the line leaves the project file', async () => {
      await service.apply(shopProject({ organization: 'Open Source', project: 'oss' }));
      expect((await pageFetch(service, `/runs/${openRunShortId}`)).status).to.equal(302);
      await service.apply(
        withProjectSetting(shopProject({ organization: 'Open Source', project: 'oss' }), 'publicResults: true'),
      );
      expect((await pageFetch(service, `/runs/${openRunShortId}`)).status).to.equal(200);
    });
  });

  describe('evidence', () => {
    let key: string;
    before(async () => {
      const [row] = await service.runtime.dataSource.query<{ id: string; run_id: string }[]>(
        `SELECT id, run_id FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1) LIMIT 1`,
        [runShortId],
      );
      key = `runs/${row!.run_id}/${row!.id}/attempt-0/console.txt`;
      await service.runtime.evidence.put(key, 'console output', 'text/plain', []);
    });

    it('needs a member of the organization (signed out: sign in; stranger: 404)', async () => {
      expect((await pageFetch(service, `/evidence/${key}`)).status).to.equal(302);
      const stranger = await visitor(service, { organizationId: open.organization.id, role: 'owner' });
      expect((await stranger.fetch(`/evidence/${key}`)).status).to.equal(404);
      const viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
      const res = await viewer.fetch(`/evidence/${key}`);
      expect(res.status).to.equal(200);
      expect(await res.text()).to.equal('console output');
      expect(res.headers.get('cache-control')).to.match(/^private/);
    });

    it('an evidence key outside runs, reviews and burn-ins is not served', async () => {
      expect((await owner.fetch('/evidence/../../etc/passwd')).status).to.equal(404);
      expect((await owner.fetch('/evidence/other/thing.txt')).status).to.equal(404);
    });
  });

  describe('invitations', () => {
    it('a new person creates an account from the link and joins with its role; the link then no longer works', async () => {
      const app = service.runtime.app;
      const { link } = await createInvitation(app, { user: owner.user, role: 'owner' }, shop.organization.id, {
        role: 'viewer',
      });
      const path = new URL(link).pathname;
      const page = await pageFetch(service, path);
      expect(page.status).to.equal(200);
      const text = await page.text();
      expect(text).to.include('Join Acme').and.include('<strong>viewer</strong>');
      const joined = await pageFetch(service, path, {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(text),
        form: { email: 'newcomer@example.com', name: 'New Comer', password: 'a long enough password' },
      });
      expect(joined.status).to.equal(302);
      const session = joined.headers
        .getSetCookie()
        .find((c) => c.startsWith('goalie_session='))!
        .split(';')[0]!;
      expect((await pageFetch(service, `/runs/${runShortId}`, { cookie: session })).status).to.equal(200);
      const user = (await app.store.accounts.userByEmail('newcomer@example.com'))!;
      expect(await app.store.accounts.roleIn(shop.organization.id, user.id)).to.equal('viewer');
      const again = await pageFetch(service, path);
      expect(again.status).to.equal(404);
      expect(await again.text()).to.include('This invitation was used already');
    });

    it('an invitation for one address refuses someone signed in with another', async () => {
      const app = service.runtime.app;
      const { link } = await createInvitation(app, { user: owner.user, role: 'owner' }, shop.organization.id, {
        role: 'member',
        email: 'alice@example.com',
      });
      const bob = await visitor(service, { email: 'bob@example.com' });
      const res = await bob.fetch(new URL(link).pathname, { form: {} });
      expect(res.status).to.equal(403);
      expect(await res.text()).to.include('This invitation is for alice@example.com');
      expect(await app.store.accounts.roleIn(shop.organization.id, bob.user.id)).to.equal(null);
    });

    it('an admin may not invite an owner', async () => {
      const app = service.runtime.app;
      const admin = await visitor(service, { organizationId: shop.organization.id, role: 'admin' });
      const refused = await createInvitation(app, { user: admin.user, role: 'admin' }, shop.organization.id, {
        role: 'owner',
      }).then(
        () => null,
        (e: Error) => e,
      );
      expect(refused?.message).to.equal('Only an owner may invite someone as owner.');
    });
  });

  describe('password reset', () => {
    it('a reset link sets a new password once, signs in, and ends the other sessions', async () => {
      const app = service.runtime.app;
      const forgetful = await visitor(service, {
        organizationId: shop.organization.id,
        role: 'member',
        email: 'forgetful@example.com',
      });
      const { link } = await issuePasswordReset(app, 'forgetful@example.com');
      const path = new URL(link).pathname;
      const page = await pageFetch(service, path);
      const text = await page.text();
      const short = await pageFetch(service, path, {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(text),
        form: { password: 'short' },
      });
      expect(short.status).to.equal(400);
      expect(await short.text()).to.include('too short');
      const done = await pageFetch(service, path, {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(text),
        form: { password: 'a brand new password' },
      });
      expect(done.status).to.equal(302);
      expect((await forgetful.fetch('/')).status, 'the old session ended').to.equal(302);
      const again = await pageFetch(service, path, {
        method: 'POST',
        cookie: cookiesOf(page),
        csrf: tokenIn(text),
        form: { password: 'another new password' },
      });
      expect(again.status).to.equal(404);
      const signIn = await pageFetch(service, '/sign-in');
      const signedIn = await pageFetch(service, '/sign-in', {
        method: 'POST',
        cookie: cookiesOf(signIn),
        csrf: tokenIn(await signIn.text()),
        form: { email: 'forgetful@example.com', password: 'a brand new password' },
      });
      expect(signedIn.status).to.equal(302);
    });
  });

  describe('pages for browsers, JSON for the API', () => {
    it('an unknown address is an HTML 404 for a browser and JSON for a client', async () => {
      const page = await owner.fetch('/no/such/page');
      expect(page.status).to.equal(404);
      expect(page.headers.get('content-type')).to.match(/text\/html/);
      expect(await page.text()).to.include('<h1>Not found</h1>');
      const api = await fetch(`${service.baseUrl}/v1/nothing`, { headers: { accept: 'text/html' } });
      expect(api.status).to.equal(404);
      expect(api.headers.get('content-type')).to.match(/json/);
    });
  });
});
