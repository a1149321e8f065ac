// The dashboard's test cases and plans in Chromium, with a worker burning goals in and running them
// on a local site: the list with its result strips and the flaky mark, a test case's page with its
// steps as Playwright code, every action (enable, disable, edit, burn in again, run now), the plans
// page with its schedules and Run now, the status badge, and what a viewer may not do. Every page is
// checked with axe-core (no serious or critical violation). With DASHBOARD_SCREENSHOTS=1 it also
// writes the screenshots of docs/dashboard.md (docs/images/dashboard-{test-cases,test-case,plans}.png).
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { signInContext, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const COMMIT = '4f2a9c1e7b3d5a6c8e0f1a2b3c4d5e6f7a8b9c0d';
const HOME = (extra: string) =>
  html('Shop', `<main><h1>Shop</h1><p>${extra}</p><button type="button">Add to cart</button></main>`);

const project = (siteUrl: string) => `
organization: { name: Acme }
project: { name: shop }
applications:
  - name: web
    environments: [{ name: local, url: "${siteUrl}", default: true }]
devicePresets:
  - name: Desktop
    viewport: { width: 1280, height: 800 }
testCases:
  - name: Add to cart
    application: web
    goal: Go to /. Click 'Add to cart'
    expectedResult: "'Shop' is shown"
  - name: Home page
    application: web
    goal: Go to /
    expectedResult: "'All good' is shown"
  - name: About page
    application: web
    goal: Go to /about
    expectedResult: "'About us' is shown"
testPlans:
  - name: Smoke
    default: true
    description: The shop's front page and cart, before every release
    testCases: [Add to cart, Home page]
    applications:
      web: { environment: local, devicePreset: Desktop }
    schedules:
      - cron: "0 6 * * 1-5"
        description: Weekday mornings
        timezone: Europe/Stockholm
  - name: Nightly
    testCases: [About page]
    schedules:
      - cron: "30 2 * * *"
        timezone: UTC
`;

describe('the dashboard: test cases and plans (e2e)', function () {
  this.timeout(240_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker;
  let api: ApiClient;
  let shop: ApplySummary;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let viewer: Visitor;
  const ids: Record<string, string> = {};
  const plans: Record<string, { shortId: string; badgeToken: string }> = {};

  const accessible = async (what: string) => expect(await seriousAxeViolations(page), what).to.deep.equal([]);
  const generation = async (id: string) =>
    (
      await sql<{ generation_status: string }>(service, 'SELECT generation_status FROM test_cases WHERE id = $1', [id])
    )[0]!.generation_status;
  const burnedIn = (id: string) =>
    waitFor(`the burn-in of ${id}`, async () => (await generation(id)) !== 'GENERATING', 90_000, 100);
  const finished = (shortId: string) =>
    waitFor(
      `run ${shortId} to finish`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}?testCases=all`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      120_000,
      200,
    );
  const trigger = async (shortId: string) =>
    (await sql(service, 'SELECT trigger, actor FROM runs WHERE short_id = $1', [shortId]))[0];
  const screenshot = async (name: string) => {
    if (process.env.DASHBOARD_SCREENSHOTS !== '1') return;
    fs.mkdirSync('docs/images', { recursive: true });
    await page.screenshot({ path: `docs/images/${name}.png`, fullPage: true });
  };

  before(async () => {
    site = await startSite({
      '/': HOME('All good'),
      '/about': html('About', '<main><h1>About us</h1></main>'),
      '/search': html('Search', '<main><h1>Results</h1></main>'),
    });
    service = await startTestService();
    shop = await service.apply(project(site.url));
    api = service.client(await service.token('shop'));
    const created = await api.post('/v1/test-cases', {
      name: 'Search',
      goal: 'Go to /search',
      expectedResult: "'Results' is shown",
      applicationShortId: shop.applications[0]!.shortId,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    // A goal whose burn-in fails: the site has no Checkout button.
    const failing = await api.post('/v1/test-cases', {
      name: 'Checkout',
      goal: "Go to /. Click 'Checkout'",
      applicationShortId: shop.applications[0]!.shortId,
    });
    expect(failing.status, JSON.stringify(failing.body)).to.equal(200);
    for (const row of await sql<{ id: string; name: string }>(service, 'SELECT id, name FROM test_cases'))
      ids[row.name] = row.id;
    for (const row of await sql<{ short_id: string; name: string; badge_token: string }>(
      service,
      'SELECT short_id, name, badge_token FROM test_plans',
    )) {
      plans[row.name] = { shortId: row.short_id, badgeToken: row.badge_token };
    }
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () =>
        (
          await sql<{ n: number }>(
            service,
            `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`,
          )
        )[0]!.n === 0,
      120_000,
      100,
    );
    // Two runs of Smoke on one commit: Home page passes, then fails (flaky); Add to cart passes twice.
    for (const extra of ['All good', 'Something is off']) {
      site.setPage('/', HOME(extra));
      const run = await api.post('/v1/run', {
        trigger: 'REPOHOST',
        commitHash: COMMIT,
        branch: 'main',
        actor: 'grace',
      });
      expect(run.status, JSON.stringify(run.body)).to.equal(200);
      await finished(run.body.run.shortId);
    }
    site.setPage('/', HOME('All good'));
    const ada = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'member',
      email: 'ada@example.com',
      password: 'lovelace and babbage',
    });
    await sql(service, "UPDATE users SET name = 'Ada Lovelace' WHERE id = $1", [ada.user.id]);
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
    browser = await sharedBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
  });
  after(async () => {
    await closeContexts();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('the test case list asks to sign in, then lists every test case', async () => {
    await page.goto(`${service.baseUrl}/p/shop/test-cases`);
    expect(new URL(page.url()).pathname).to.equal('/sign-in');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password').fill('lovelace and babbage');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/p/shop/test-cases`);
    await page.getByRole('heading', { name: 'Test cases', level: 1 }).waitFor();
    await page.getByText('5 test cases: 1 failed their burn-in, 2 disabled (not run in plans).').waitFor();
    const rows = page.getByRole('table').getByRole('row');
    expect(await rows.count()).to.equal(6);
    const names = await page.getByRole('rowheader').getByRole('link').allTextContents();
    expect(names).to.deep.equal(['About page', 'Add to cart', 'Checkout', 'Home page', 'Search']);
    await accessible('the test case list');
  });

  it('shows the last results as a strip and marks the flaky test case', async () => {
    const home = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Home page', exact: true }) });
    const homeStrip = home.getByRole('list', { name: 'Last results of Home page, oldest first' });
    expect(await homeStrip.getByRole('link').count()).to.equal(2);
    expect(await homeStrip.getByRole('link').first().textContent())
      .to.include(`passed in run`)
      .and.include(COMMIT.slice(0, 7));
    expect(await homeStrip.getByRole('link').last().textContent()).to.include('failed in run');
    expect(await home.textContent())
      .to.include('1 of 2 passed, 1 failed')
      .and.include('flaky')
      .and.include('passed and failed on the same commit 4f2a9c1');

    const cart = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Add to cart', exact: true }) });
    expect(await cart.textContent())
      .to.include('2 of 2 passed')
      .and.not.include('flaky');
    const search = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Search', exact: true }) });
    expect(await search.textContent())
      .to.include('no results yet')
      .and.include('none');
    const checkout = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Checkout', exact: true }) });
    expect(await checkout.textContent())
      .to.include('FAILED')
      .and.include('Checkout');
    await screenshot('dashboard-test-cases');

    await page.getByLabel('State').selectOption('flaky');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('1 test case match.').waitFor();
    expect(await page.getByRole('rowheader').getByRole('link').allTextContents()).to.deep.equal(['Home page']);
    await accessible('the test case list filtered');
  });

  it("a test case's page shows its goal, its steps as Playwright calls and its history", async () => {
    await page.goto(`${service.baseUrl}/p/shop/test-cases`);
    await page.getByRole('link', { name: 'Add to cart', exact: true }).click();
    await page.waitForURL(`${service.baseUrl}/test-cases/${ids['Add to cart']}`);
    await page.getByRole('heading', { name: 'Add to cart', level: 1 }).waitFor();
    expect(await page.locator('p.text').first().textContent()).to.equal("Go to /. Click 'Add to cart'");
    const steps = await page.locator('ol.steps').textContent();
    expect(steps).to.match(/getByRole\('button', \{ name: 'Add to cart'(, exact: true)? \}\)/);
    expect(steps).to.not.include('{"');
    const history = page.getByRole('table').filter({ has: page.getByText('Its runs, the latest first') });
    expect(await history.getByRole('row').count()).to.equal(3);
    expect(await history.textContent())
      .to.include('4f2a9c1')
      .and.include('by grace');
    for (const button of ['Disable', 'Run now', 'Burn in again'])
      expect(await page.getByRole('button', { name: button }).count(), button).to.equal(1);
    // Declared in a project file: editable here (the form says the next apply sets it back), and
    // deleted only by an admin or owner.
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
    await accessible('a test case page');
    await screenshot('dashboard-test-case');
  });

  it('a failed burn-in says why and what to do, without Enable or Run now', async () => {
    await page.goto(`${service.baseUrl}/test-cases/${ids.Checkout}`);
    await page
      .getByText('It cannot be enabled or run: its burn-in failed. Edit its goal, or burn it in again.')
      .waitFor();
    expect(await page.locator('.burn-in-error').textContent()).to.include('Could not do "Click \'Checkout\'"');
    expect(await page.getByRole('button', { name: /Enable|Run now/ }).count()).to.equal(0);
    expect(await page.getByRole('button', { name: 'Burn in again' }).count()).to.equal(1);
    await accessible('a test case page with a failed burn-in');
  });

  it('enables and disables a test case created through the API', async () => {
    await page.goto(`${service.baseUrl}/test-cases/${ids.Search}`);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Enabled: it runs in its test plans from now on.').waitFor();
    expect(
      (await sql(service, 'SELECT is_enabled FROM test_cases WHERE id = $1', [ids.Search]))[0]!.is_enabled,
    ).to.equal(true);
    await accessible('a test case page after enabling');
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Disabled: its test plans leave it out until it is enabled again.').waitFor();
    expect(
      (await sql(service, 'SELECT is_enabled FROM test_cases WHERE id = $1', [ids.Search]))[0]!.is_enabled,
    ).to.equal(false);
  });

  it('edits the goal: an empty goal is refused on the form, a new one is burned in', async () => {
    await page.goto(`${service.baseUrl}/test-cases/${ids.Search}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Search' }).waitFor();
    await accessible('the edit page');
    // The browser would refuse an empty required field: spaces pass it, and the server says why.
    await page.getByRole('textbox', { name: /^Goal / }).fill('   ');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/edit') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Save', exact: true }).click(),
    ]);
    expect(refused.status()).to.equal(400);
    await page.getByText('The goal is empty').waitFor();
    await accessible('the edit page with its error');
    expect((await sql(service, 'SELECT goal FROM test_cases WHERE id = $1', [ids.Search]))[0]!.goal).to.equal(
      'Go to /search',
    );

    await page.getByRole('textbox', { name: /^Goal / }).fill('Go to /about');
    await page.getByRole('textbox', { name: /^Expected result / }).fill("'About us' is shown");
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. The burn-in is recording the steps of the new goal').waitFor();
    await accessible('a test case page while its burn-in runs');
    expect(await page.locator('p.text').first().textContent()).to.equal('Go to /about');
    expect(await burnedIn(ids.Search!)).to.equal(true);
    await page.reload();
    expect(await page.locator('ol.steps').textContent()).to.include('/about');
  });

  it('burns a test case in again', async () => {
    const before = (
      await sql(service, 'SELECT count(*)::int n FROM test_case_step_versions WHERE test_case_id = $1', [
        ids['About page'],
      ])
    )[0]!.n;
    await page.goto(`${service.baseUrl}/test-cases/${ids['About page']}`);
    await page.getByRole('button', { name: 'Burn in again' }).click();
    await page.getByText('The burn-in was queued again').waitFor();
    await burnedIn(ids['About page']!);
    expect(await generation(ids['About page']!)).to.equal('COMPLETED');
    expect(
      (
        await sql(service, 'SELECT count(*)::int n FROM test_case_step_versions WHERE test_case_id = $1', [
          ids['About page'],
        ])
      )[0]!.n,
    ).to.be.greaterThan(before);
  });

  it('runs a test case now, with its history naming who started it', async () => {
    await page.goto(`${service.baseUrl}/test-cases/${ids['Home page']}`);
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const shortId = new URL(page.url()).pathname.split('/').pop()!;
    const run = await finished(shortId);
    expect(await trigger(shortId)).to.deep.equal({ trigger: 'MANUAL', actor: 'ada@example.com' });
    const ran = run.runTestCases.map((t: { name: string }) => t.name);
    expect(ran).to.deep.equal(['Home page']);
    await page.goto(`${service.baseUrl}/test-cases/${ids['Home page']}`);
    const history = page.getByRole('table').filter({ has: page.getByText('Its runs, the latest first') });
    expect(await history.getByRole('row').nth(1).textContent())
      .to.include(shortId)
      .and.include('manual by ada@example.com');
  });

  it('the plans page shows test cases, where they run, schedules in words with the next times, and the badge', async () => {
    await page.goto(`${service.baseUrl}/p/shop/plans`);
    await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
    const smoke = page.getByRole('region', { name: /^Smoke/ });
    const text = (await smoke.textContent())!;
    expect(text).to.include('Add to cart').and.include('Home page').and.include('2 of 2 enabled');
    expect(text).to.include('local').and.include('Desktop');
    expect(text)
      .to.include('At 06:00, Monday to Friday')
      .and.include('Weekday mornings')
      .and.include('Europe/Stockholm');
    expect(await smoke.getByRole('table').filter({ hasText: 'Time zone' }).locator('time').count()).to.equal(3);
    const nightly = page.getByRole('region', { name: /^Nightly/ });
    expect(await nightly.textContent()).to.include('At 02:30, every day');
    // The project's results are not public: the badge is at its secret address.
    const markdown = await smoke.getByLabel('Markdown of the status badge of Smoke').inputValue();
    expect(markdown).to.include(`/badges/${plans.Smoke!.shortId}/${plans.Smoke!.badgeToken}.svg`);
    const badge = await fetch(`${service.baseUrl}/badges/${plans.Smoke!.shortId}/${plans.Smoke!.badgeToken}.svg`);
    expect(badge.status).to.equal(200);
    expect(badge.headers.get('content-type')).to.include('image/svg+xml');
    expect(await badge.text()).to.include('Goalie: Smoke');
    expect((await fetch(`${service.baseUrl}/badges/${plans.Smoke!.shortId}.svg`)).status).to.equal(404);
    await accessible('the plans page');
    await screenshot('dashboard-plans');
  });

  it('Run now on the plans page starts a manual run of the plan', async () => {
    await page.goto(`${service.baseUrl}/p/shop/plans`);
    await page
      .getByRole('region', { name: /^Nightly/ })
      .getByRole('button', { name: 'Run now' })
      .click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const shortId = new URL(page.url()).pathname.split('/').pop()!;
    const run = await finished(shortId);
    expect(await trigger(shortId)).to.deep.equal({ trigger: 'MANUAL', actor: 'ada@example.com' });
    expect(run.runTestCases.map((t: { name: string }) => t.name)).to.deep.equal(['About page']);
  });

  it('a viewer gets no buttons, and their POSTs are refused', async () => {
    const viewing = await browser.newContext();
    try {
      await signInContext(viewing, service, viewer);
      const viewerPage = await viewing.newPage();
      await viewerPage.goto(`${service.baseUrl}/test-cases/${ids.Search}`);
      await viewerPage.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
      expect(await viewerPage.getByRole('button', { name: /Enable|Disable|Run now|Burn in again/ }).count()).to.equal(
        0,
      );
      expect(await viewerPage.getByRole('link', { name: 'Edit', exact: true }).count()).to.equal(0);
      expect(await viewerPage.getByRole('button', { name: 'Delete' }).count()).to.equal(0);
      await viewerPage.getByText('needs the member role').waitFor();
      expect(await seriousAxeViolations(viewerPage), 'a test case page of a viewer').to.deep.equal([]);
      await viewerPage.goto(`${service.baseUrl}/p/shop/plans`);
      expect(await viewerPage.getByRole('button', { name: 'Run now' }).count()).to.equal(0);
      expect(await viewerPage.getByText('Starting a run needs the member role.').count()).to.equal(2);
      expect(await seriousAxeViolations(viewerPage), 'the plans page of a viewer').to.deep.equal([]);
    } finally {
      await viewing.close();
    }
    const runsBefore = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
    for (const [path, form] of [
      [`/test-cases/${ids.Search}/enable`, {}],
      [`/test-cases/${ids.Search}/run`, {}],
      [`/test-cases/${ids.Search}/burn-in`, {}],
      [`/test-cases/${ids.Search}/edit`, { goal: 'Go to /', expectedResult: '' }],
      [`/p/shop/plans/${plans.Smoke!.shortId}/run`, {}],
    ] as [string, Record<string, string>][]) {
      const res = await viewer.fetch(path, { form });
      expect(res.status, path).to.equal(403);
    }
    const [row] = await sql(service, 'SELECT goal, is_enabled, generation_status FROM test_cases WHERE id = $1', [
      ids.Search,
    ]);
    expect(row).to.deep.equal({ goal: 'Go to /about', is_enabled: false, generation_status: 'COMPLETED' });
    expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(runsBefore);
  });
});
