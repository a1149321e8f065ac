// The test case form in Chromium, with a worker and a site on 127.0.0.1: New test case, Try it (the
// page follows the try by itself, without a reload: each step with its element and screenshot, then the expected
// result's check), nothing saved before Save, Save keeping the tried steps; a goal that cannot be
// carried out shows the burn-in's whole message; secret values typed by a goal are masked in the
// steps shown; a viewer gets neither the button nor the form. axe-core finds no serious or critical
// violation on the form. (Refusals over HTTP: test/integration/dashboard-test-case-form.test.ts.)
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { signInContext, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';
import { html, startSite, type Site } from '../helpers/site.js';

const SECRET = 's3cret-value-1906';

const project = (siteUrl: string) => `
organization: { name: Acme }
project: { name: shop }
applications:
  - name: web
    environments: [{ name: local, url: "${siteUrl}", default: true }]
configs:
  - name: login
    values:
      password: { secret: ${SECRET} }
testPlans:
  - name: Smoke
    default: true
`;

describe('the dashboard: creating a test case with a live try (e2e)', function () {
  this.timeout(240_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker;
  let shop: ApplySummary;
  let context: BrowserContext;
  let page: Page;
  let viewer: Visitor;

  const count = async (query: string, params: unknown[] = []) =>
    (await sql<{ n: number }>(service, query, params))[0]!.n;
  const accessible = async (what: string) => expect(await seriousAxeViolations(page), what).to.deep.equal([]);
  const tryIt = async (name: string, goal: string, expectedResult: string) => {
    await page.goto(`${service.baseUrl}/p/shop/test-cases`);
    await page.getByRole('link', { name: 'New test case' }).click();
    await page.getByRole('heading', { name: 'New test case', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Goal / }).fill(goal);
    await page.getByRole('textbox', { name: /^Expected result / }).fill(expectedResult);
    await page.getByRole('checkbox', { name: 'login' }).check();
    await page.getByRole('checkbox', { name: 'Smoke' }).check();
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.waitForURL(/\/p\/shop\/test-cases\/new\?try=/);
    return new URL(page.url()).searchParams.get('try')!;
  };

  before(async () => {
    site = await startSite({
      '/': html(
        'Shop',
        '<main><h1>Shop</h1><label>Password <input type="password" name="password"></label> <a href="/about">About</a></main>',
      ),
      '/about': html('About', '<main><h1>About us</h1></main>'),
    });
    service = await startTestService();
    shop = await service.apply(project(site.url));
    const member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
    worker = await startWorker(service.runtime);
    context = await (await sharedBrowser()).newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, service, member);
    page = await context.newPage();
  });
  after(async () => {
    await closeContexts();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('a goal that works shows its steps, elements and screenshots, then the check; nothing is saved', async () => {
    const before = await count('SELECT count(*)::int n FROM test_cases');
    // The site holds its start page: the try is seen running before it goes on.
    site.hold('/');
    const id = await tryIt('Read about us', `Fill 'Password' with '${SECRET}'. Click 'About'`, "'About us' is shown");
    await page.getByText('Carrying out the goal, sentence by sentence.').waitFor({ timeout: 120_000 });
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    site.release();
    // The script follows the try in place: no reload.
    await page.getByText('The goal was carried out and the expected result holds.').waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).to.equal(true);
    const steps = page.getByRole('list', { name: 'Recorded steps of the try' }).locator(':scope > li');
    expect(await steps.count()).to.equal(2);
    const text = (await page.locator('section#try').textContent())!;
    expect(text).to.include('{{config.password}}').and.not.include(SECRET);
    expect(await steps.nth(1).textContent()).to.match(/getByRole\('link', \{ name: 'About'(, exact: true)? \}\)/);
    const shots = page.locator('section#try img.shot');
    expect(await shots.count()).to.equal(3);
    for (let i = 0; i < 3; i++) {
      await shots.nth(i).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).naturalWidth > 100,
        await shots.nth(i).elementHandle(),
      );
    }
    expect(await page.getByRole('checkbox', { name: 'Smoke' }).isChecked(), 'the form as it was sent').to.equal(true);
    expect(await count('SELECT count(*)::int n FROM test_cases')).to.equal(before);
    expect((await sql(service, 'SELECT status FROM goal_tries WHERE id = $1', [id]))[0]!.status).to.equal('PASSED');
    await accessible('the form with a try that passed');

    // Save keeps the tried steps: no second burn-in.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved with the steps of your try').waitFor();
    const saved = new URL(page.url()).pathname.split('/').pop()!;
    const [row] = await sql(service, 'SELECT name, generation_status FROM test_cases WHERE id = $1', [saved]);
    expect(row).to.deep.equal({ name: 'Read about us', generation_status: 'COMPLETED' });
    const [tried] = await sql(service, 'SELECT steps FROM goal_tries WHERE id = $1', [id]);
    const [kept] = await sql(service, 'SELECT steps FROM test_case_step_versions WHERE test_case_id = $1', [saved]);
    expect(kept!.steps).to.deep.equal(tried!.steps);
    expect(
      await count(
        "SELECT count(*)::int n FROM pgboss.job WHERE name = 'generate-test-case' AND data->>'testCaseId' = $1",
        [saved],
      ),
    ).to.equal(0);
    expect(await count('SELECT count(*)::int n FROM test_plan_test_cases WHERE test_case_id = $1', [saved])).to.equal(
      1,
    );
  });

  it("a goal that cannot be carried out shows the burn-in's reason with what the page offers", async () => {
    await tryIt('Checkout', "Click 'Checkout'", "'Thank you' is shown");
    await page.getByText('The goal could not be carried out.').waitFor({ timeout: 120_000 });
    const reason = (await page.locator('section#try .burn-in-error').textContent())!;
    expect(reason).to.include('Checkout').and.include('About');
    expect(await page.getByText('Save stores the test case and burns its goal in').count()).to.equal(1);
    await accessible('the form with a try that failed');
  });

  it('a viewer gets no New test case button, and the form is 403', async () => {
    const viewing = await (await sharedBrowser()).newContext();
    try {
      await signInContext(viewing, service, viewer);
      const viewerPage = await viewing.newPage();
      await viewerPage.goto(`${service.baseUrl}/p/shop/test-cases`);
      await viewerPage.getByRole('heading', { name: 'Test cases', level: 1 }).waitFor();
      expect(await viewerPage.getByRole('link', { name: 'New test case' }).count()).to.equal(0);
      const res = await viewerPage.goto(`${service.baseUrl}/p/shop/test-cases/new`);
      expect(res?.status()).to.equal(403);
    } finally {
      await viewing.close();
    }
  });
});
