// The dashboard in Chromium under its Content-Security-Policy: every page the routers declare loads
// without a single violation, the script's interactive parts (live updates, copy, confirm) still
// work, script slipped into a page does not run, and a page of another site (another port of the
// same host, so the session cookie is sent) cannot show the dashboard in a frame.
// (The headers themselves, on every answer: test/integration/security-headers.test.ts.)
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signInContext } from '../helpers/dashboard.js';
import { appRoutes, routeRecords, type RouteRecords } from '../helpers/routes.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';
import { html, startSite, type Site } from '../helpers/site.js';

interface Violation {
  page: string;
  what: string;
}

describe('the dashboard under its Content-Security-Policy in Chromium (e2e)', function () {
  this.timeout(180_000);
  let service: TestService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let records: RouteRecords;
  const violations: Violation[] = [];
  const evidenceKey = (name: string) => records.evidenceKey(name);

  before(async () => {
    // No worker: the run stays queued, so its page keeps updating itself.
    service = await startTestService({ GOALIE_CONCURRENCY: '0' });
    records = await routeRecords(service);

    browser = await sharedBrowser();
    context = await browser.newContext();
    await signInContext(context, service, records.owner);
    // Every violation Chromium reports, by the page's event and in the console (either would do).
    await context.exposeBinding('reportCspViolation', ({ page: from }, what: string) =>
      violations.push({ page: from.url(), what }),
    );
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportCspViolation(what: string): void }).reportCspViolation(
          `${e.effectiveDirective} refused ${e.blockedURI || 'inline'}`,
        ),
      ),
    );
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
        violations.push({ page: message.page()?.url() ?? '?', what: message.text() });
    });
    page = await context.newPage();
    // A real screenshot as evidence, to be shown as an image.
    await page.setContent('<p style="font-size: 40px">evidence</p>');
    const jpeg = await page.screenshot({ type: 'jpeg' });
    await service.runtime.evidence.put(evidenceKey('screenshot-final.jpg'), jpeg, 'image/jpeg', []);
    await service.runtime.evidence.put(evidenceKey('console.txt'), 'console line\n', 'text/plain; charset=utf-8', []);
  });
  after(async () => {
    await closeContexts();
    await service?.close();
  });

  beforeEach(() => (violations.length = 0));

  it('loads every page the routers declare, and the evidence, without a violation', async () => {
    const paths = appRoutes(service.runtime.http)
      .filter((route) => route.method === 'GET')
      .map((route) => records.path(route.template));
    paths.push(`/evidence/${evidenceKey('console.txt')}`, '/no/such/page');
    const pages: string[] = [];
    for (const path of paths) {
      // A download (the project's YAML) opens no page.
      const response = await page
        .goto(service.baseUrl + path)
        .catch((error: Error) => (/Download is starting/.test(error.message) ? null : Promise.reject(error)));
      if ((await response?.headerValue('content-type'))?.startsWith('text/html') && response?.status() === 200)
        pages.push(path);
    }
    expect(violations, JSON.stringify(violations, null, 2)).to.deep.equal([]);
    expect(pages.length, 'pages that answered 200').to.be.greaterThan(15);
  });

  it('shows a screenshot from the evidence as an image', async () => {
    await page.goto(`${service.baseUrl}/evidence/${evidenceKey('screenshot-final.jpg')}`);
    const width = await page.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0);
    expect(width).to.be.greaterThan(100);
    expect(violations).to.deep.equal([]);
  });

  it("applies the dashboard's stylesheet and runs its script: live updates, copy buttons, confirmations", async () => {
    // Live: a queued run's page asks for itself again in the background.
    const refreshed = page.waitForRequest((request) => request.headers()['x-goalie-live'] === '1');
    await page.goto(`${service.baseUrl}/runs/${records.run.shortId}`);
    const rules = await page.evaluate(() => document.styleSheets[0]?.cssRules.length ?? 0);
    expect(rules, 'rules of dashboard.css').to.be.greaterThan(10);
    expect((await (await refreshed).response())?.status()).to.equal(200);

    // Copy: the badge's Markdown from the plans page.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service.baseUrl });
    await page.goto(`${service.baseUrl}/p/shop/plans`);
    const copy = page.locator('button[data-copy]').first();
    const markdown = await copy.getAttribute('data-copy');
    await copy.click();
    await page.locator('button[data-copy]', { hasText: 'Copied' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.equal(markdown);

    // Confirm: recording a test case's steps again asks first; saying no stays on the page.
    await page.goto(`${service.baseUrl}/test-cases/${records.testCaseId}`);
    const asked = page.waitForEvent('dialog');
    const burnIn = page.locator('form[data-confirm] button[type="submit"]').first();
    const click = burnIn.click();
    const dialog = await asked;
    expect(dialog.message()).to.equal('Record its steps again from its goal?');
    await dialog.dismiss();
    await click;
    expect(new URL(page.url()).pathname).to.equal(`/test-cases/${records.testCaseId}`);
    expect(violations).to.deep.equal([]);
  });

  it('runs no script slipped into a page, and reports it', async () => {
    await page.goto(`${service.baseUrl}/p/shop/runs`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.slipped = true';
      document.body.append(script);
      document.body.insertAdjacentHTML('beforeend', '<img src="x:" onerror="window.slipped = true">');
    });
    await page.waitForFunction(() => document.querySelector('img[onerror]'));
    const reported = async () => {
      for (let i = 0; i < 100 && violations.length < 2; i++)
        await page.evaluate(() => new Promise(requestAnimationFrame));
      return violations.length;
    };
    expect(await reported(), JSON.stringify(violations)).to.be.at.least(2);
    expect(await page.evaluate(() => (window as unknown as { slipped?: boolean }).slipped)).to.equal(undefined);
  });

  describe('framing', () => {
    let framer: Site;
    before(async () => {
      framer = await startSite({});
    });
    after(() => framer?.close());

    for (const path of ['/p/shop/settings/api', '/', `/evidence/RUN`])
      it(`a page on another port of the same host cannot show ${path} in a frame`, async () => {
        const target = service.baseUrl + path.replace('RUN', evidenceKey('screenshot-final.jpg'));
        framer.setPage('/frame', html('Framer', `<iframe src="${target}" width="800" height="600"></iframe>`));
        const blocked: string[] = [];
        const listen = (message: { text(): string }) => {
          if (/frame-ancestors|X-Frame-Options/.test(message.text())) blocked.push(message.text());
        };
        page.on('console', listen);
        await page.goto(`${framer.url}/frame`); // waits for the frame's load event
        page.off('console', listen);
        const frame = page.frames().find((f) => f !== page.mainFrame())!;
        // Chromium shows its own error page in the frame instead.
        expect(frame.url(), `${path} was shown in the frame`).to.equal('chrome-error://chromewebdata/');
        expect(blocked.length, 'Chromium says why').to.be.greaterThan(0);
      });
  });
});
