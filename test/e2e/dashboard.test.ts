// The dashboard in Chromium, as a person uses it: signing in through the form, the projects page,
// a run's page, signing out; every page checked with axe-core (no serious or critical violation).
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { visitor } from '../helpers/dashboard.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';

describe('the dashboard in Chromium (e2e)', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let shop: ApplySummary;
  let runShortId: string;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    runShortId = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run.shortId;
    await visitor(service, {
      organizationId: shop.organization.id,
      role: 'member',
      email: 'ada@example.com',
      password: 'lovelace and babbage',
    });
    browser = await sharedBrowser();
    page = await (await browser.newContext()).newPage();
  });
  after(async () => {
    await closeContexts();
    await service?.close();
  });

  const accessible = async (what: string) => expect(await seriousAxeViolations(page), what).to.deep.equal([]);

  it('a link to a run asks to sign in first, then shows the run', async () => {
    await page.goto(`${service.baseUrl}/runs/${runShortId}`);
    expect(new URL(page.url()).pathname).to.equal('/sign-in');
    await page.getByRole('heading', { name: 'Sign in to Goalie' }).waitFor();
    await accessible('the sign-in page');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email address or the password is wrong' }).waitFor();
    await accessible('the sign-in page with its error');
    await page.getByLabel('Password').fill('lovelace and babbage');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${service.baseUrl}/runs/${runShortId}`);
    await page.getByRole('heading', { name: new RegExp(`Run ${runShortId}`) }).waitFor();
  });

  it('the projects page lists the organization, its project and plans with their latest run', async () => {
    await page.goto(`${service.baseUrl}/`);
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    const card = page.getByRole('region', { name: 'shop' });
    expect(await card.getByRole('link', { name: runShortId }).count()).to.equal(1);
    await accessible('the projects page');
  });

  it('an unknown address is a page saying so', async () => {
    const response = await page.goto(`${service.baseUrl}/no/such/page`);
    expect(response!.status()).to.equal(404);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await accessible('the 404 page');
  });

  it('signs out from the header', async () => {
    await page.goto(`${service.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${service.baseUrl}/sign-in`);
    await page.goto(`${service.baseUrl}/`);
    expect(new URL(page.url()).pathname).to.equal('/sign-in');
  });
});
