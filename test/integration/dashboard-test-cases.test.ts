// The dashboard's test case and plan pages over HTTP, for what Chromium need not show: every refused
// form answers a page with a 4xx status that says why, and writes nothing; filters that cannot be
// read; who may see which page; the status badges' addresses. (The flows are in Chromium in
// test/e2e/dashboard-test-cases.test.ts.)
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { MAX_GOAL_LENGTH } from '../../backend/src/app/test-case-state.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql, withProjectSetting } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('dashboard: test case and plan pages, refusals and edge cases', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let member: Visitor;
  let viewer: Visitor;
  let outsider: Visitor;
  let apiCase: string;
  let declared: string;
  let openCase: string;
  const plans: Record<string, { shortId: string; badgeToken: string; project: string }> = {};

  const row = async (id: string) =>
    (
      await sql(
        service,
        'SELECT goal, expected_result, is_enabled, generation_status, updated_at FROM test_cases WHERE id = $1',
        [id],
      )
    )[0];
  const jobs = async () =>
    (await sql<{ n: number }>(service, "SELECT count(*)::int n FROM pgboss.job WHERE name = 'generate-test-case'"))[0]!
      .n;
  const runs = async () => (await sql<{ n: number }>(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    const open = await service.apply(
      withProjectSetting(shopProject({ organization: 'Open Source', project: 'oss' }), 'publicResults: true'),
    );
    const api = service.client(await service.token('shop'));
    const created = await api.post('/v1/test-cases', {
      name: 'Search',
      goal: 'Go to /search',
      expectedResult: "'Results' is shown",
      applicationShortId: shop.applications[0]!.shortId,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    apiCase = created.body.testCase.id;
    declared = (
      await sql(service, "SELECT id FROM test_cases WHERE name = 'Sign in' AND project_id = $1", [shop.project.id])
    )[0]!.id;
    openCase = (
      await sql(service, "SELECT id FROM test_cases WHERE name = 'Sign in' AND project_id = $1", [open.project.id])
    )[0]!.id;
    for (const plan of await sql(
      service,
      'SELECT p.short_id, p.name, p.badge_token, pr.slug FROM test_plans p JOIN projects pr ON pr.id = p.project_id',
    )) {
      plans[`${plan.slug}/${plan.name}`] = { shortId: plan.short_id, badgeToken: plan.badge_token, project: plan.slug };
    }
    member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
    outsider = await visitor(service, { organizationId: open.organization.id, role: 'owner' });
  });
  after(() => service.close());

  describe('editing a goal', () => {
    // The form holds every field of the test case (test/integration/dashboard-test-case-form.test.ts has the rest).
    let production = '';
    before(async () => {
      production = (
        await sql(
          service,
          `SELECT e.short_id FROM environments e JOIN applications a ON a.id = e.application_id
            WHERE a.project_id = $1 AND a.name = 'web' AND e.name = 'production'`,
          [shop.project.id],
        )
      )[0]!.short_id;
    });
    const edit = (form: Record<string, string>) =>
      member.fetch(`/test-cases/${apiCase}/edit`, { form: { name: 'Search', environment: production, ...form } });
    const refusals: [string, Record<string, string>, number, string][] = [
      ['an empty goal', { goal: '  \n ', expectedResult: '' }, 400, 'The goal is empty'],
      [
        'a goal too long',
        { goal: 'Go to /. '.repeat(MAX_GOAL_LENGTH / 8), expectedResult: '' },
        400,
        `at most ${MAX_GOAL_LENGTH} are allowed`,
      ],
      [
        'an expected result too long',
        { goal: 'Go to /about', expectedResult: 'x'.repeat(MAX_GOAL_LENGTH + 1) },
        400,
        'The expected result has',
      ],
    ];
    for (const [what, form, status, says] of refusals) {
      it(`${what} is ${status} on the edit form, keeping what was typed, and writes nothing`, async () => {
        const before = await row(apiCase);
        const queued = await jobs();
        const res = await edit(form);
        expect(res.status).to.equal(status);
        expect(res.headers.get('content-type')).to.include('text/html');
        const page = await res.text();
        expect(page).to.include(says).and.include('<h1>Edit Search</h1>');
        expect(page).to.include(form.goal!.trim().slice(0, 30));
        expect(await row(apiCase)).to.deep.equal(before);
        expect(await jobs()).to.equal(queued);
      });
    }

    it('saving the same texts changes nothing and says so', async () => {
      const before = await row(apiCase);
      const res = await edit({ goal: ' Go to /search ', expectedResult: "'Results' is shown" });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`/test-cases/${apiCase}?done=edited-unchanged`);
      expect(await row(apiCase)).to.deep.equal(before);
      expect(await (await member.fetch(`/test-cases/${apiCase}?done=edited-unchanged`)).text()).to.include(
        'Nothing was changed, so nothing was saved.',
      );
    });

    it('a test case declared in a project file opens the form, which says the next apply sets it back', async () => {
      const form = await member.fetch(`/test-cases/${declared}/edit`);
      expect(form.status).to.equal(200);
      expect(await form.text())
        .to.include('is declared in a project file')
        .and.include('the next goalie apply of that file sets it back');
    });

    it('a new goal is saved with a new burn-in queued, in one go', async () => {
      const queued = await jobs();
      const res = await edit({ goal: 'Go to /about', expectedResult: '' });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`/test-cases/${apiCase}?done=edited-burn-in`);
      expect(await row(apiCase)).to.include({
        goal: 'Go to /about',
        expected_result: null,
        generation_status: 'GENERATING',
      });
      expect(await jobs()).to.equal(queued + 1);
    });
  });

  describe('the other actions', () => {
    it('enabling a test case whose burn-in is still running is 409 on its page, and enables nothing', async () => {
      const res = await member.fetch(`/test-cases/${apiCase}/enable`, { form: {} });
      expect(res.status).to.equal(409);
      const page = await res.text();
      expect(page).to.include('<h1>Search</h1>').and.include('still recording the steps');
      expect((await row(apiCase))!.is_enabled).to.equal(false);
    });

    it('Run now of a test case still burning in is 409 on its page, and starts nothing', async () => {
      const before = await runs();
      const res = await member.fetch(`/test-cases/${declared}/run`, { form: {} });
      expect(res.status).to.equal(409);
      expect(await res.text())
        .to.include('<h1>Sign in</h1>')
        .and.include('cannot run yet: its burn-in is still recording the steps');
      expect(await runs()).to.equal(before);
    });

    it("Run now of a plan over its usage limit is 402 in the plan's section, and starts nothing", async () => {
      const limited = await service.apply(shopProject({ organization: 'Limited', project: 'limited', usageLimit: 0 }));
      const owner = await visitor(service, { organizationId: limited.organization.id, role: 'owner' });
      const [smoke] = await sql(service, "SELECT short_id FROM test_plans WHERE project_id = $1 AND name = 'Smoke'", [
        limited.project.id,
      ]);
      const before = await runs();
      const res = await owner.fetch(`/p/limited/plans/${smoke!.short_id}/run`, { form: {} });
      expect(res.status).to.equal(402);
      const page = await res.text();
      expect(page).to.include('<h1>Plans</h1>').and.include('usage limit');
      const section = page.slice(page.indexOf(`id="plan-${smoke!.short_id}"`));
      expect(section.slice(0, section.indexOf('</section>'))).to.include('class="notice error"');
      expect(await runs()).to.equal(before);
    });

    it('a POST without the form token is refused with 403 and changes nothing', async () => {
      const before = await row(apiCase);
      const res = await pageFetch(service, `/test-cases/${apiCase}/disable`, { form: {}, cookie: member.cookie });
      expect(res.status).to.equal(403);
      expect(await row(apiCase)).to.deep.equal(before);
    });

    it('Run now of a plan that does not exist is 404 and starts nothing', async () => {
      const before = await runs();
      const res = await member.fetch('/p/shop/plans/pln-nope_000000/run', { form: {} });
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.include('text/html');
      expect(await runs()).to.equal(before);
    });

    it('a viewer is refused every action with 403', async () => {
      const before = await row(apiCase);
      for (const path of [
        `/test-cases/${apiCase}/disable`,
        `/test-cases/${apiCase}/burn-in`,
        `/test-cases/${apiCase}/run`,
        `/p/shop/plans/${plans['shop/Smoke']!.shortId}/run`,
      ]) {
        expect((await viewer.fetch(path, { form: {} })).status, path).to.equal(403);
      }
      expect((await viewer.fetch(`/test-cases/${apiCase}/edit`)).status).to.equal(403);
      expect(await row(apiCase)).to.deep.equal(before);
    });
  });

  describe('the page of a test case', () => {
    it('a failed burn-in: its message once, the title in bold and the indented details in a wrapped block', async () => {
      const error = `Could not understand "Frobnicate". Understood phrasings (quotes optional where unambiguous):\n  navigate: Go to /path · Visit https://example.com\n  click: Click 'Sign in'`;
      await sql(service, "UPDATE test_cases SET generation_status = 'FAILED', generation_error = $2 WHERE id = $1", [
        apiCase,
        error,
      ]);
      try {
        const page = await (await member.fetch(`/test-cases/${apiCase}`)).text();
        expect(page.split('Could not understand').length - 1).to.equal(1);
        expect(page).to.include(
          '<strong>Could not understand &quot;Frobnicate&quot;. Understood phrasings (quotes optional where unambiguous):</strong>',
        );
        expect(page).to.include(
          `<pre class="message">  navigate: Go to /path · Visit https://example.com\n  click: Click 'Sign in'</pre>`,
        );
      } finally {
        await sql(
          service,
          "UPDATE test_cases SET generation_status = 'COMPLETED', generation_error = NULL WHERE id = $1",
          [apiCase],
        );
      }
    });
  });

  describe('who sees which page', () => {
    it('an unknown test case is a 404 page; a member of another organization gets the same 404', async () => {
      const unknown = await member.fetch('/test-cases/00000000-0000-4000-8000-000000000009');
      expect(unknown.status).to.equal(404);
      expect(unknown.headers.get('content-type')).to.include('text/html');
      const theirs = await outsider.fetch(`/test-cases/${apiCase}`);
      expect(theirs.status).to.equal(404);
      expect((await outsider.fetch(`/test-cases/${apiCase}/disable`, { form: {} })).status).to.equal(404);
      expect((await outsider.fetch('/p/shop/test-cases')).status).to.be.oneOf([403, 404]);
    });

    it('a not-UUID test case id is a 4xx page, not a 500', async () => {
      const res = await member.fetch('/test-cases/not-a-uuid');
      expect(res.status).to.be.within(400, 404);
      expect(res.headers.get('content-type')).to.include('text/html');
    });

    it('with publicResults, anyone may read a test case page, without buttons; the lists still need a member', async () => {
      const page = await pageFetch(service, `/test-cases/${openCase}`);
      expect(page.status).to.equal(200);
      const text = await page.text();
      expect(text).to.include('<h1>Sign in</h1>').and.include('Sign in as a member of its organization');
      expect(text).to.not.include('action="/test-cases/');
      for (const path of ['/p/oss/test-cases', '/p/oss/plans']) {
        const res = await pageFetch(service, path);
        expect(res.status, path).to.equal(302);
        expect(res.headers.get('location')).to.match(/^\/sign-in\?next=/);
      }
    });
  });

  describe('the test case list', () => {
    it('lists and filters by plan and state', async () => {
      const smoke = plans['shop/Smoke']!.shortId;
      const page = await (await member.fetch(`/p/shop/test-cases?plan=${smoke}`)).text();
      expect(page).to.include('3 test cases match');
      const disabled = await (await member.fetch('/p/shop/test-cases?state=disabled')).text();
      expect(disabled).to.include('Disabled check').and.include('Search').and.not.include('>Checkout<');
    });

    const bad: [string, string][] = [
      ['?state=broken', 'There is no state &quot;broken&quot;'],
      ['?page=abc', 'is not a page number'],
      ['?plan=pln-nope', 'There is no plan &quot;pln-nope&quot;'],
      [`?q=${'x'.repeat(201)}`, 'The search has 201 characters'],
    ];
    for (const [query, says] of bad) {
      it(`${query.slice(0, 20)} is a 400 page saying why, with the list`, async () => {
        const res = await member.fetch(`/p/shop/test-cases${query}`);
        expect(res.status).to.equal(400);
        const text = await res.text();
        expect(text).to.include(says).and.include('<h1>Test cases</h1>');
      });
    }

    it('a page past the end says nothing matches, with the counts', async () => {
      const res = await member.fetch('/p/shop/test-cases?page=9');
      expect(res.status).to.equal(200);
      expect(await res.text())
        .to.include('6 test cases')
        .and.include('No test cases match these filters.');
    });
  });

  describe('status badges', () => {
    it("a private project's badge is only at its secret address", async () => {
      const { shortId, badgeToken } = plans['shop/Smoke']!;
      const secret = await fetch(`${service.baseUrl}/badges/${shortId}/${badgeToken}.svg`);
      expect(secret.status).to.equal(200);
      expect(secret.headers.get('content-type')).to.equal('image/svg+xml; charset=utf-8');
      expect(secret.headers.get('cache-control')).to.equal('no-cache');
      const svg = await secret.text();
      expect(svg)
        .to.match(/^<svg /)
        .and.include('aria-label="Goalie: Smoke: no runs"');
      for (const path of [
        `/badges/${shortId}.svg`,
        `/badges/${shortId}/${badgeToken.slice(0, -1)}x.svg`,
        `/badges/${shortId}/short.svg`,
        '/badges/pln-nope_000000.svg',
      ]) {
        const res = await fetch(`${service.baseUrl}${path}`, { headers: { accept: 'text/html' } });
        expect(res.status, path).to.equal(404);
        expect(res.headers.get('content-type'), path).to.not.include('svg');
      }
    });

    it("a public project's badge is at its plain address too", async () => {
      const res = await fetch(`${service.baseUrl}/badges/${plans['oss/Smoke']!.shortId}.svg`);
      expect(res.status).to.equal(200);
      expect(await res.text()).to.include('Goalie: Smoke');
    });
  });
});
