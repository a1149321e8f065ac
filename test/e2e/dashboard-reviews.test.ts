// Reviews in Chromium: the project's change requests (filters, live while a review runs), a review's
// page in each state (the verdict first, results, findings, checks, where it came from; live while in
// progress), and a project without a repository. Reviews are written in SQL as the review job stores
// them; every page and state is checked with axe-core. DASHBOARD_SCREENSHOTS=1 also writes
// docs/images/dashboard-review*.png.
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { seriousAxeViolations } from '../helpers/axe.js';
import { signInContext, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { connectRepository, newSha, writeReview, type Connection } from '../helpers/review-rows.js';
import { SCREENSHOT_VIEWPORT, screenshot } from '../helpers/screenshots.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { closeContexts, sharedBrowser } from '../helpers/shared-browser.js';

const PREVIEW = 'https://pr-42.shop-previews.example.com';

describe('dashboard reviews in Chromium (e2e)', function () {
  this.timeout(120_000);
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let shop: ApplySummary;
  let connection: Connection;
  let viewer: Visitor;
  const reviews: Record<string, string> = {};
  let failedRun: string;

  const accessible = async (what: string) => expect(await seriousAxeViolations(page), what).to.deep.equal([]);

  /** A run of the shop's default plan with these outcomes per test case: [status, result, reason]. */
  async function finishedRun(
    outcomes: Record<string, [string, string | null, string | null]>,
    result: string,
  ): Promise<{ id: string; shortId: string }> {
    const run = (await service.client(await service.token('shop')).post('/v1/run', {})).body.run as {
      id: string;
      shortId: string;
    };
    for (const [name, [status, outcome, title]] of Object.entries(outcomes)) {
      await sql(
        service,
        'UPDATE run_test_cases SET status = $3, result = $4, result_title = $5 WHERE run_id = $1 AND name = $2',
        [run.id, name, status, outcome, title],
      );
    }
    await sql(
      service,
      "UPDATE runs SET status = 'COMPLETED', result = $2, started_at = now() - interval '3 minutes', finished_at = now() - interval '1 minute' WHERE id = $1",
      [run.id, result],
    );
    return run;
  }

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    await service.apply(shopProject({ project: 'blog' }));
    viewer = await visitor(service, {
      organizationId: shop.organization.id,
      role: 'viewer',
      email: 'katherine@acme.example',
      name: 'Katherine Johnson',
    });
    connection = await connectRepository(service, shop.project.id, {
      repository: 'acme/shop',
      applicationId: shop.applications[0]!.id,
    });
    const app = shop.applications[0]!.id;

    const failed = await finishedRun(
      {
        'Sign in': ['COMPLETED', 'PASSED', "'Welcome' is shown"],
        'Add to cart': ['COMPLETED', 'FAILED', "'1 item' never appeared: the cart answered 500"],
        Checkout: ['SKIPPED', 'SKIPPED', 'Add to cart did not pass'],
        'Admin dashboard': ['COMPLETED', 'PASSED', "'Dashboard' is shown"],
      },
      'FAILED',
    );
    failedRun = failed.shortId;
    const passed = await finishedRun(
      {
        'Sign in': ['COMPLETED', 'PASSED', "'Welcome' is shown"],
        'Add to cart': ['COMPLETED', 'PASSED', "'1 item' is shown"],
        Checkout: ['COMPLETED', 'PASSED', 'Order placed'],
        'Admin dashboard': ['COMPLETED', 'PASSED', "'Dashboard' is shown"],
      },
      'PASSED',
    );
    const deployment = (url: string) => [{ applicationId: app, url, environment: 'preview' }];
    const older = newSha();
    const head = newSha();
    await writeReview(service, connection, {
      number: 42,
      title: 'Add a free-shipping banner to the cart',
      branch: 'feature/free-shipping',
      sha: older,
      status: 'SUPERSEDED',
      supersededBySha: head,
      minutesAgo: 95,
    });
    reviews.failed = await writeReview(service, connection, {
      number: 42,
      title: 'Add a free-shipping banner to the cart',
      branch: 'feature/free-shipping',
      sha: head,
      author: 'octocat',
      event: 'updated',
      status: 'COMPLETED',
      verdict: 'Changes Requested',
      summary: '1 test case failed: Add to cart. 1 critical finding: /cart answers 500.',
      runId: failed.id,
      deploymentUrls: deployment(PREVIEW),
      minutesAgo: 90,
      exploration: {
        pagesVisited: [
          `${PREVIEW}/`,
          `${PREVIEW}/cart`,
          `${PREVIEW}/about`,
          `${PREVIEW}/products/blue-mug-with-a-very-long-name-that-goes-on-and-on?ref=homepage-banner&utm_source=goalie`,
        ],
        unreachable: false,
        findings: [
          {
            severity: 'minor',
            kind: 'console-error',
            title: 'Console error: Analytics failed to load',
            page: `${PREVIEW}/`,
            evidence: 'Uncaught (in promise) TypeError: Failed to fetch\n    at analytics.js:12:5',
          },
          {
            severity: 'critical',
            kind: 'http-error',
            title: '/cart answers 500',
            page: `${PREVIEW}/cart`,
            evidence: 'GET /cart → 500 Internal Server Error',
          },
          {
            severity: 'major',
            kind: 'accessibility',
            title: 'Images must have alternate text (image-alt)',
            page: `${PREVIEW}/`,
            evidence:
              '<img src="/static/banners/free-shipping-over-50-euros-summer-campaign-2026-large.png" class="banner banner--wide">\nhttps://dequeuniversity.com/rules/axe/4.10/image-alt',
          },
        ],
      },
      checks: [
        {
          goal: "Go to /cart. Verify that 'Free shipping' is shown",
          passed: false,
          title: "'Free shipping' is not on the page",
          thought: '',
        },
        { goal: "Go to /. Verify that 'Shop' is shown", passed: true, title: "'Shop' is shown", thought: '' },
      ],
    });
    reviews.approved = await writeReview(service, connection, {
      number: 41,
      title: 'Fix currency rounding in order totals',
      branch: 'fix/rounding',
      author: 'hopper',
      status: 'COMPLETED',
      verdict: 'Approved',
      summary: 'All 4 test cases passed and exploration found nothing major.',
      runId: passed.id,
      deploymentUrls: deployment('https://pr-41.shop-previews.example.com'),
      exploration: { pagesVisited: ['https://pr-41.shop-previews.example.com/'], unreachable: false, findings: [] },
      minutesAgo: 70,
    });
    reviews.running = await writeReview(service, connection, {
      number: 40,
      title: 'Bump playwright-core to 1.56',
      branch: 'dependabot/npm/playwright-core-1.56',
      author: 'dependabot[bot]',
      status: 'RUNNING',
      deploymentUrls: deployment('https://pr-40.shop-previews.example.com'),
      minutesAgo: 2,
    });
    reviews.waiting = await writeReview(service, connection, {
      number: 39,
      title: 'Update the footer links',
      branch: 'footer-links',
      author: 'lovelace',
      status: 'WAITING',
      minutesAgo: 30,
    });
    reviews.refused = await writeReview(service, connection, {
      number: 38,
      title: 'Experimental checkout',
      branch: 'mallory/checkout',
      author: 'mallory',
      event: 'comment',
      status: 'REFUSED',
      errorMessage: 'mallory has read permission; write (or higher) is needed.',
      minutesAgo: 40,
    });
    reviews.error = await writeReview(service, connection, {
      number: 37,
      title: 'Dark mode',
      branch: 'feature/dark-mode',
      author: 'turing',
      status: 'ERROR',
      errorMessage: 'The preview https://pr-37.shop-previews.example.com could not be reached: connect ECONNREFUSED.',
      minutesAgo: 50,
    });
    reviews.superseded = (
      await sql<{ short_id: string }>(service, "SELECT short_id FROM reviews WHERE status = 'SUPERSEDED'")
    )[0]!.short_id;

    browser = await sharedBrowser();
    const context = await browser.newContext({ viewport: SCREENSHOT_VIEWPORT });
    await signInContext(context, service, viewer);
    page = await context.newPage();
  });
  after(async () => {
    await closeContexts();
    await service?.close();
  });

  describe('the list of change requests', () => {
    it('shows each pull request by its newest review, its state and verdict in words, newest first; live while one runs', async () => {
      await page.goto(`${service.baseUrl}/p/shop/reviews`);
      await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
      const rows = page.getByRole('table', { name: /pull requests/ }).getByRole('row');
      expect(await rows.count()).to.equal(7); // the header and 6 pull requests (#42 once)
      const first = await rows.nth(1).textContent();
      expect(first).to.include('#40').and.include('running').and.include('dependabot[bot]');
      const failed = page.getByRole('row', { name: /#42/ });
      expect(await failed.textContent())
        .to.include('completed')
        .and.include('Changes Requested')
        .and.include('2 reviews')
        .and.include('feature/free-shipping');
      expect(await failed.getByRole('link', { name: 'Open #42 on GitHub' }).getAttribute('href')).to.equal(
        'https://github.example/acme/shop/pull/42',
      );
      expect(await page.getByRole('main').getAttribute('data-live')).to.equal('true');
      await accessible('the reviews list');
      await screenshot(page, 'reviews');
    });

    it('updates itself when the running review ends', async () => {
      await sql(
        service,
        "UPDATE reviews SET status = 'COMPLETED', verdict = 'Approved', finished_at = now() WHERE short_id = $1",
        [reviews.running],
      );
      await page.getByRole('row', { name: /#40/ }).filter({ hasText: 'Approved' }).waitFor();
      expect(await page.getByRole('main').getAttribute('data-live'), '#39 still waits for its deployments').to.equal(
        'true',
      );
    });

    it('filters by state and verdict, and shows all again', async () => {
      await page.getByLabel('State of the newest review').selectOption('completed');
      await page.getByLabel('Verdict').selectOption('changes-requested');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/state=completed&verdict=changes-requested/);
      const rows = page.getByRole('table', { name: /pull requests/ }).getByRole('row');
      expect(await rows.count()).to.equal(2);
      expect(await rows.nth(1).textContent()).to.include('#42');
      await accessible('the filtered reviews list');
      await page.getByLabel('State of the newest review').selectOption('refused');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.getByText("No pull request's newest review matches these filters.").waitFor();
      await accessible('a filter that matches nothing');
      await page.getByRole('link', { name: 'Show all pull requests' }).click();
      await page.waitForURL(`${service.baseUrl}/p/shop/reviews`);
    });

    it('leads to the review page', async () => {
      await page.getByRole('link', { name: '#42 Add a free-shipping banner to the cart' }).click();
      await page.waitForURL(`${service.baseUrl}/reviews/${reviews.failed}`);
    });

    it('a project without a repository says how to connect one', async () => {
      await page.goto(`${service.baseUrl}/p/blog/reviews`);
      await page.getByRole('heading', { name: 'No repository is connected' }).waitFor();
      expect(await page.getByRole('main').textContent())
        .to.include('docs/reviews.md')
        .and.include('repository:');
      await accessible('the reviews page without a repository');
      await screenshot(page, 'reviews-no-repository');
    });
  });

  describe('a review page', () => {
    it('puts the verdict and why first, then the results failures first, the findings by severity, the checks and where it came from', async () => {
      await page.goto(`${service.baseUrl}/reviews/${reviews.failed}`);
      await page
        .getByRole('heading', { level: 1, name: /Review of #42: Add a free-shipping banner to the cart/ })
        .waitFor();
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings).to.deep.equal([
        'Verdict: Changes Requested',
        'End-to-end tests',
        'Exploration of the preview',
        'Checks from the review context',
        'About this review',
        'Reviews of this change request',
      ]);
      const results = page.getByRole('table', { name: /Test cases of run/ }).getByRole('row');
      expect((await results.nth(1).textContent())!)
        .to.include('Add to cart')
        .and.include('failed');
      expect(await results.nth(1).getByRole('link').getAttribute('href')).to.match(new RegExp(`^/runs/${failedRun}#`));
      expect(await page.getByRole('link', { name: `Run ${failedRun}` }).getAttribute('href')).to.equal(
        `/runs/${failedRun}`,
      );
      const severities = await page
        .getByRole('table', { name: /Findings/ })
        .locator('tbody tr td:first-child')
        .allTextContents();
      expect(severities).to.deep.equal(['Critical', 'Major', 'Minor']);
      expect(await page.getByRole('main').textContent())
        .to.include('automatic: new commits were pushed')
        .and.include(PREVIEW);
      expect(await page.getByRole('main').getAttribute('data-live')).to.equal(null);
      await accessible('a review with changes requested');
      await screenshot(page, 'review');
    });

    it('an approved review', async () => {
      await page.goto(`${service.baseUrl}/reviews/${reviews.approved}`);
      await page.getByRole('heading', { name: 'Verdict: Approved' }).waitFor();
      expect(await page.getByRole('main').textContent())
        .to.include('4 passed')
        .and.include('nothing found');
      await accessible('an approved review');
    });

    for (const [state, text] of [
      ['superseded', 'is newer, so this review of'],
      ['refused', 'mallory may not ask for a review'],
      ['error', 'Goalie could not finish this review.'],
      ['waiting', 'Waiting for the deployments of commit'],
    ] as const) {
      it(`says in words what happened to the ${state} review`, async () => {
        await page.goto(`${service.baseUrl}/reviews/${reviews[state]}`);
        await page.getByText(text).waitFor();
        await accessible(`a ${state} review`);
        if (state === 'superseded') {
          await page.getByRole('link', { name: reviews.failed, exact: true }).first().click();
          await page.waitForURL(`${service.baseUrl}/reviews/${reviews.failed}`);
        }
      });
    }

    it('updates itself while in progress, up to the verdict', async () => {
      const running = await writeReview(service, connection, {
        number: 43,
        title: 'Show delivery dates in the cart',
        branch: 'feature/delivery-dates',
        status: 'RUNNING',
        deploymentUrls: [
          {
            applicationId: shop.applications[0]!.id,
            url: 'https://pr-43.shop-previews.example.com',
            environment: 'preview',
          },
        ],
      });
      await page.goto(`${service.baseUrl}/reviews/${running}`);
      await page.getByText('In progress: the end-to-end run and the exploration of the preview are running.').waitFor();
      expect(await page.getByRole('main').getAttribute('data-live')).to.equal('true');
      await accessible('a review in progress');
      await screenshot(page, 'review-running');
      await sql(
        service,
        "UPDATE reviews SET status = 'COMPLETED', verdict = 'Approved', summary = 'Exploration found nothing major.', finished_at = now() WHERE short_id = $1",
        [running],
      );
      await page.getByRole('heading', { name: 'Verdict: Approved' }).waitFor();
      expect(await page.getByRole('main').getAttribute('data-live')).to.equal(null);
      await accessible('the review once it ended');
    });

    it('a member of another organization gets the 404 page; someone signed out is asked to sign in', async () => {
      const other = await service.apply(shopProject({ organization: 'Other', project: 'other' }));
      const stranger = await visitor(service, { organizationId: other.organization.id, role: 'owner' });
      const context = await browser.newContext({ viewport: SCREENSHOT_VIEWPORT });
      const anonymous = await context.newPage();
      await anonymous.goto(`${service.baseUrl}/reviews/${reviews.failed}`);
      expect(new URL(anonymous.url()).pathname).to.equal('/sign-in');
      await signInContext(context, service, stranger);
      const response = await anonymous.goto(`${service.baseUrl}/reviews/${reviews.failed}`);
      expect(response!.status()).to.equal(404);
      expect((await anonymous.goto(`${service.baseUrl}/p/shop/reviews`))!.status()).to.equal(404);
      await context.close();
    });
  });
});
