// The settings pages over HTTP, as a browser sends their forms: who may see and use them, CSRF
// refusals, bad input, and the rules of tokens, roles and invitations. (The flows are looked at in
// Chromium in test/e2e/dashboard-settings.test.ts.)
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** The token a Create answer showed (the value of its copy field). */
const shownToken = (html: string) =>
  /id="new-token" type="text" readonly value="(goalie_[A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? null;
const shownLink = (html: string) => /id="new-invitation" type="text" readonly value="([^"]+)"/.exec(html)?.[1] ?? null;

describe('dashboard: settings (API tokens, members, invitations)', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let other: ApplySummary;
  let owner: Visitor;
  let admin: Visitor;
  let member: Visitor;
  let viewer: Visitor;
  let runShortId: string;
  let github: FakeGitHub;

  const tokensOf = async (projectId: string) =>
    sql<{ id: string; name: string; revoked_at: Date | null }>(
      service,
      'SELECT id, name, revoked_at FROM api_tokens WHERE project_id = $1',
      [projectId],
    );
  const apiStatus = async (token: string) => (await service.client(token).get(`/v1/run/${runShortId}`)).status;

  before(async () => {
    github = await startFakeGitHub({ tokens: { ghp_settings: 'goalie-bot' } });
    github.addRepo('acme/shop');
    service = await startTestService();
    // A repository connected as `goalie apply` connects it (its credentials sealed, its webhook set up).
    const repository = `repository:\n  host: github\n  url: "${github.url}"\n  repository: acme/shop\n  token: ghp_settings\n  reviews:\n    environments: { preview: web }\n`;
    shop = await service.apply(shopProject() + repository);
    other = await service.apply(shopProject({ organization: 'Other', project: 'other' }));
    runShortId = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run.shortId;
    const org = shop.organization.id;
    owner = await visitor(service, { organizationId: org, role: 'owner', email: 'owner@example.com' });
    admin = await visitor(service, { organizationId: org, role: 'admin', email: 'admin@example.com' });
    member = await visitor(service, { organizationId: org, role: 'member' });
    viewer = await visitor(service, { organizationId: org, role: 'viewer' });
  });
  after(async () => {
    await service?.close();
    await github?.close();
  });
  const reviewSettings = async () => {
    const c = (await service.runtime.app.store.reviews.connectionOfProject(shop.project.id))!;
    return { reviewContext: c.reviewContext, autoRun: c.autoRun, environmentMapping: c.environmentMapping };
  };

  describe('who may see the settings', () => {
    const pages = [
      '/p/shop/settings',
      '/p/shop/settings/api',
      '/p/shop/settings/repository',
      '/p/shop/settings/members',
    ];

    it('admins and owners see every page; a server administrator too', async () => {
      const root = await visitor(service, { admin: true });
      for (const who of [owner, admin, root]) {
        for (const path of pages) expect((await who.fetch(path)).status, path).to.equal(200);
      }
    });

    it('members and viewers get a 403 page that says who may', async () => {
      for (const who of [member, viewer]) {
        for (const path of pages) {
          const res = await who.fetch(path);
          expect(res.status, path).to.equal(403);
          expect(await res.text()).to.include('Only an admin or owner of its organization may');
        }
      }
    });

    it('someone signed out is sent to sign in; a member of another organization gets 404', async () => {
      const signedOut = await pageFetch(service, '/p/shop/settings/api');
      expect(signedOut.status).to.equal(302);
      expect(signedOut.headers.get('location')).to.equal('/sign-in?next=%2Fp%2Fshop%2Fsettings%2Fapi');
      const stranger = await visitor(service, { organizationId: other.organization.id, role: 'owner' });
      expect((await stranger.fetch('/p/shop/settings')).status).to.equal(404);
    });

    it('members and viewers get 403 on every form, and nothing changes', async () => {
      const [token] = await tokensOf(shop.project.id);
      const invitation = await owner.fetch('/p/shop/settings/invitations', { form: { role: 'viewer', email: '' } });
      expect(invitation.status).to.equal(201);
      const [open] = await sql<{ id: string }>(
        service,
        'SELECT id FROM invitations WHERE organization_id = $1 AND revoked_at IS NULL',
        [shop.organization.id],
      );
      const settings = await reviewSettings();
      const forms: [string, Record<string, string>][] = [
        ['/p/shop/settings/api/tokens', { name: 'sneaky' }],
        ['/p/shop/settings/repository', { reviewContext: 'sneaky', environment: '', application: '' }],
        [`/p/shop/settings/api/tokens/${token!.id}/revoke`, {}],
        [`/p/shop/settings/members/${owner.user.id}/role`, { role: 'viewer' }],
        [`/p/shop/settings/members/${owner.user.id}/remove`, {}],
        ['/p/shop/settings/invitations', { role: 'viewer' }],
        [`/p/shop/settings/invitations/${open!.id}/withdraw`, {}],
      ];
      for (const who of [member, viewer]) {
        for (const [path, form] of forms) {
          const res = await who.fetch(path, { form });
          expect(res.status, path).to.equal(403);
          expect(await res.text(), path).to.include('Only an admin or owner of its organization may');
        }
      }
      expect((await tokensOf(shop.project.id)).filter((t) => t.name === 'sneaky' || t.revoked_at)).to.deep.equal([]);
      expect(await reviewSettings()).to.deep.equal(settings);
      expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, owner.user.id)).to.equal('owner');
      expect(
        (await service.runtime.app.store.accounts.openInvitationsOf(shop.organization.id, new Date())).map((i) => i.id),
      ).to.include(open!.id);
    });
  });

  describe('forms without their page token', () => {
    it('refuses a form without the CSRF token, with another one, or sent from another site (403); nothing is created', async () => {
      const before = (await tokensOf(shop.project.id)).length;
      const path = '/p/shop/settings/api/tokens';
      const none = await pageFetch(service, path, { method: 'POST', cookie: owner.cookie, form: { name: 'forged' } });
      expect(none.status).to.equal(403);
      expect(await none.text()).to.include('sent none');
      const wrong = await pageFetch(service, path, {
        method: 'POST',
        cookie: owner.cookie,
        csrf: 'x'.repeat(32),
        form: { name: 'forged' },
      });
      expect(wrong.status).to.equal(403);
      const crossSite = await owner.fetch(path, {
        form: { name: 'forged' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).to.equal(403);
      expect(await crossSite.text()).to.include('Settings › Integrations › API');
      const members = await pageFetch(service, `/p/shop/settings/members/${viewer.user.id}/remove`, {
        method: 'POST',
        cookie: owner.cookie,
        form: {},
      });
      expect(members.status).to.equal(403);
      const settings = await reviewSettings();
      const repository = await pageFetch(service, '/p/shop/settings/repository', {
        method: 'POST',
        cookie: owner.cookie,
        form: { reviewContext: 'forged' },
      });
      expect(repository.status).to.equal(403);
      expect((await tokensOf(shop.project.id)).length).to.equal(before);
      expect(await service.runtime.app.store.accounts.roleIn(shop.organization.id, viewer.user.id)).to.equal('viewer');
      expect(await reviewSettings()).to.deep.equal(settings);
    });

    it('refuses a form body that is not a form (400)', async () => {
      const res = await owner.fetch('/p/shop/settings/api/tokens', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(400);
    });
  });

  describe('API tokens', () => {
    it('creates a token shown once in the answer; it works against /v1; the page lists it by its prefix only', async () => {
      const res = await admin.fetch('/p/shop/settings/api/tokens', { form: { name: 'GitHub Actions' } });
      expect(res.status).to.equal(201);
      expect(res.headers.get('cache-control')).to.equal('private, no-store');
      const html = await res.text();
      const token = shownToken(html)!;
      expect(token).to.match(/^goalie_/);
      expect(html)
        .to.include('Authorization: Bearer &lt;token>')
        .and.include('GOALIE_API_TOKEN=')
        .and.include(shop.project.id);
      expect(await apiStatus(token)).to.equal(200);
      const again = await (await admin.fetch('/p/shop/settings/api')).text();
      expect(again).not.to.include(token);
      expect(again)
        .to.include(`${token.slice(0, 15)}…`)
        .and.include('GitHub Actions');
    });

    it('creates a token of the scope chosen under Access, and refuses a scope there is not', async () => {
      const res = await admin.fetch('/p/shop/settings/api/tokens', { form: { name: 'Apply job', scope: 'admin' } });
      expect(res.status).to.equal(201);
      const html = await res.text();
      expect(html).to.include('node goalie.js apply goalie.yaml --dry-run');
      const [row] = await sql<{ scope: string }>(service, "SELECT scope FROM api_tokens WHERE name = 'Apply job'");
      expect(row!.scope).to.equal('admin');
      const listed = await (await admin.fetch('/p/shop/settings/api')).text();
      expect(listed).to.include('Administer the project');

      const count = (await tokensOf(shop.project.id)).length;
      const wrong = await admin.fetch('/p/shop/settings/api/tokens', { form: { name: 'Root', scope: 'root' } });
      expect(wrong.status).to.equal(400);
      expect(await wrong.text()).to.include('The token scope must be run');
      expect((await tokensOf(shop.project.id)).length).to.equal(count);
    });

    it('refuses a name that is empty, too long, or taken by an active token (the form sent again), with the page and its message', async () => {
      const empty = await owner.fetch('/p/shop/settings/api/tokens', { form: { name: '   ' } });
      expect(empty.status).to.equal(400);
      expect(await empty.text()).to.include('Give the token a name');
      const long = await owner.fetch('/p/shop/settings/api/tokens', { form: { name: 'x'.repeat(101) } });
      expect(long.status).to.equal(400);
      expect(await long.text()).to.include('keep it to 100');
      const count = (await tokensOf(shop.project.id)).length;
      const taken = await owner.fetch('/p/shop/settings/api/tokens', { form: { name: 'GitHub Actions' } });
      expect(taken.status).to.equal(409);
      const text = await taken.text();
      expect(text).to.include('An active token is named &quot;GitHub Actions&quot; already');
      expect(shownToken(text)).to.equal(null);
      expect(text, 'the form keeps what was typed').to.include('value="GitHub Actions"');
      expect((await tokensOf(shop.project.id)).length).to.equal(count);
    });

    it('revokes a token: the redirect says so, the token stops working (403), revoking again changes nothing', async () => {
      const html = await (await owner.fetch('/p/shop/settings/api/tokens', { form: { name: 'doomed' } })).text();
      const token = shownToken(html)!;
      const [row] = (await tokensOf(shop.project.id)).filter((t) => t.name === 'doomed');
      const res = await owner.fetch(`/p/shop/settings/api/tokens/${row!.id}/revoke`, { form: {} });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`/p/shop/settings/api?revoked=${row!.id}`);
      expect(await (await owner.fetch(res.headers.get('location')!)).text())
        .to.include('The token “doomed”')
        .and.include('is revoked');
      expect(await apiStatus(token)).to.equal(403);
      const [revoked] = await sql<{ revoked_at: Date }>(service, 'SELECT revoked_at FROM api_tokens WHERE id = $1', [
        row!.id,
      ]);
      expect((await owner.fetch(`/p/shop/settings/api/tokens/${row!.id}/revoke`, { form: {} })).status).to.equal(302);
      const [still] = await sql<{ revoked_at: Date }>(service, 'SELECT revoked_at FROM api_tokens WHERE id = $1', [
        row!.id,
      ]);
      expect(still!.revoked_at.getTime()).to.equal(revoked!.revoked_at.getTime());
    });

    it("cannot revoke another project's token or an unknown one (404), and that token keeps working", async () => {
      const foreign = await service.token('other');
      const [row] = await tokensOf(other.project.id);
      for (const id of [row!.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const res = await owner.fetch(`/p/shop/settings/api/tokens/${id}/revoke`, { form: {} });
        expect(res.status, id).to.equal(404);
        expect(await res.text()).to.include('This project has no such API token');
      }
      expect((await service.client(foreign).get('/v1/run/nothing')).status).to.equal(404);
    });
  });

  describe('members', () => {
    let someone: Visitor;
    beforeEach(async () => {
      someone = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    });
    const roleOf = (userId: string) => service.runtime.app.store.accounts.roleIn(shop.organization.id, userId);

    it('an admin changes roles below owner; the page then says so', async () => {
      const res = await admin.fetch(`/p/shop/settings/members/${someone.user.id}/role`, { form: { role: 'viewer' } });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`/p/shop/settings/members?changed=${someone.user.id}`);
      expect(await roleOf(someone.user.id)).to.equal('viewer');
      expect(await (await admin.fetch(res.headers.get('location')!)).text()).to.include(
        `${someone.user.name} is now a viewer.`,
      );
    });

    it('an admin may not make someone an owner, change an owner, or remove one (403)', async () => {
      for (const [path, form] of [
        [`/p/shop/settings/members/${someone.user.id}/role`, { role: 'owner' }],
        [`/p/shop/settings/members/${owner.user.id}/role`, { role: 'admin' }],
        [`/p/shop/settings/members/${owner.user.id}/remove`, {}],
      ] as const) {
        const res = await admin.fetch(path, { form });
        expect(res.status, path).to.equal(403);
        expect(await res.text()).to.include('Only an owner may change an owner');
      }
      expect(await roleOf(someone.user.id)).to.equal('member');
      expect(await roleOf(owner.user.id)).to.equal('owner');
    });

    it('the page gives an admin no control over an owner, and says why', async () => {
      const html = await (await admin.fetch('/p/shop/settings/members')).text();
      expect(html).to.include("Only an owner may change an owner's role or remove an owner.");
      expect(html).not.to.include(`/p/shop/settings/members/${owner.user.id}/role`);
      expect(html).to.include(`/p/shop/settings/members/${someone.user.id}/role`);
    });

    it('the last owner stays: not demoted, not removed (409); with a second owner it works', async () => {
      const demote = await owner.fetch(`/p/shop/settings/members/${owner.user.id}/role`, { form: { role: 'admin' } });
      expect(demote.status).to.equal(409);
      expect(await demote.text()).to.include('The organization needs an owner');
      expect((await owner.fetch(`/p/shop/settings/members/${owner.user.id}/remove`, { form: {} })).status).to.equal(
        409,
      );
      expect(await (await owner.fetch('/p/shop/settings/members')).text()).to.include(
        'The only owner: make someone else an owner first.',
      );
      expect(
        (await owner.fetch(`/p/shop/settings/members/${someone.user.id}/role`, { form: { role: 'owner' } })).status,
      ).to.equal(302);
      expect((await owner.fetch(`/p/shop/settings/members/${someone.user.id}/remove`, { form: {} })).status).to.equal(
        302,
      );
      expect(await roleOf(someone.user.id)).to.equal(null);
    });

    it('a server administrator acts as an owner without being a member', async () => {
      const root = await visitor(service, { admin: true });
      expect(
        (await root.fetch(`/p/shop/settings/members/${someone.user.id}/role`, { form: { role: 'owner' } })).status,
      ).to.equal(302);
      expect(
        (await root.fetch(`/p/shop/settings/members/${someone.user.id}/role`, { form: { role: 'member' } })).status,
      ).to.equal(302);
      expect(await roleOf(someone.user.id)).to.equal('member');
    });

    it('refuses an unknown role (400) and an unknown member (404) with the page', async () => {
      const bad = await owner.fetch(`/p/shop/settings/members/${someone.user.id}/role`, {
        form: { role: 'superuser' },
      });
      expect(bad.status).to.equal(400);
      expect(await bad.text()).to.include('The role must be one of owner, admin, member, viewer.');
      for (const id of ['nobody', '00000000-0000-4000-8000-000000000000']) {
        const res = await owner.fetch(`/p/shop/settings/members/${id}/remove`, { form: {} });
        expect(res.status, id).to.equal(404);
        expect(await res.text()).to.include('not a member of the organization');
      }
    });

    it('an admin who leaves is sent home and sees the project no more', async () => {
      const leaving = await visitor(service, { organizationId: shop.organization.id, role: 'admin' });
      const res = await leaving.fetch(`/p/shop/settings/members/${leaving.user.id}/remove`, { form: {} });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/');
      expect((await leaving.fetch('/p/shop/runs')).status).to.equal(404);
    });

    it('an admin who makes themselves a member goes to the runs, and the settings are closed to them', async () => {
      const stepping = await visitor(service, { organizationId: shop.organization.id, role: 'admin' });
      const res = await stepping.fetch(`/p/shop/settings/members/${stepping.user.id}/role`, {
        form: { role: 'member' },
      });
      expect(res.headers.get('location')).to.equal('/p/shop/runs');
      expect((await stepping.fetch('/p/shop/settings')).status).to.equal(403);
    });
  });

  describe('invitations', () => {
    it('creates a link shown once (201), lists it as open, and withdrawing it ends the link', async () => {
      const res = await admin.fetch('/p/shop/settings/invitations', {
        form: { role: 'member', email: 'Grace@Example.com' },
      });
      expect(res.status).to.equal(201);
      const html = await res.text();
      const link = shownLink(html)!;
      expect(link).to.match(new RegExp(`^${service.baseUrl}/invitations/`));
      expect(html).to.include('only for grace@example.com');
      const page = await (await admin.fetch('/p/shop/settings/members')).text();
      expect(page).not.to.include(link);
      expect(page).to.include('grace@example.com');
      const twice = await admin.fetch('/p/shop/settings/invitations', {
        form: { role: 'member', email: 'grace@example.com' },
      });
      expect(twice.status, 'the form sent again (a reload)').to.equal(409);
      const refusal = await twice.text();
      expect(refusal).to.include('grace@example.com has an open invitation already');
      expect(shownLink(refusal)).to.equal(null);
      const path = new URL(link).pathname;
      expect((await pageFetch(service, path)).status).to.equal(200);
      const [row] = await sql<{ id: string }>(service, `SELECT id FROM invitations WHERE email = 'grace@example.com'`);
      const withdrawn = await admin.fetch(`/p/shop/settings/invitations/${row!.id}/withdraw`, { form: {} });
      expect(withdrawn.status).to.equal(302);
      expect(await (await admin.fetch(withdrawn.headers.get('location')!)).text()).to.include(
        'The invitation was withdrawn',
      );
      const gone = await pageFetch(service, path);
      expect(gone.status).to.equal(404);
      expect(await gone.text()).to.include('This invitation was withdrawn');
      const again = await admin.fetch(`/p/shop/settings/invitations/${row!.id}/withdraw`, { form: {} });
      expect(again.status).to.equal(404);
      expect(await again.text()).to.include('not open any more');
    });

    it('refuses a bad address or role (400), and an owner invitation from an admin (403), keeping what was typed', async () => {
      const email = await admin.fetch('/p/shop/settings/invitations', {
        form: { role: 'member', email: 'not an address' },
      });
      expect(email.status).to.equal(400);
      const text = await email.text();
      expect(text).to.include('is not an email address');
      expect(text).to.include('value="not an address"');
      expect(shownLink(text)).to.equal(null);
      expect((await admin.fetch('/p/shop/settings/invitations', { form: { role: 'king' } })).status).to.equal(400);
      const ownerInvite = await admin.fetch('/p/shop/settings/invitations', { form: { role: 'owner' } });
      expect(ownerInvite.status).to.equal(403);
      expect(await ownerInvite.text()).to.include('Only an owner may invite someone as owner.');
    });

    it("an admin may not withdraw an owner's invitation (403); an owner may", async () => {
      const created = await owner.fetch('/p/shop/settings/invitations', { form: { role: 'owner' } });
      expect(created.status).to.equal(201);
      const [row] = await sql<{ id: string }>(
        service,
        `SELECT id FROM invitations WHERE role = 'owner' AND revoked_at IS NULL`,
      );
      expect(await (await admin.fetch('/p/shop/settings/members')).text()).to.include(
        "Only an owner may withdraw an owner's invitation.",
      );
      const refused = await admin.fetch(`/p/shop/settings/invitations/${row!.id}/withdraw`, { form: {} });
      expect(refused.status).to.equal(403);
      expect((await owner.fetch(`/p/shop/settings/invitations/${row!.id}/withdraw`, { form: {} })).status).to.equal(
        302,
      );
    });
  });
});
