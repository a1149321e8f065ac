// The reviews list and a review's page over HTTP, with reviews written in SQL: one row per change
// request by its newest review, filters, paging, live updates, access, and each state in words.
// (Looked at in Chromium in test/e2e/dashboard-reviews.test.ts.)
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { sql, withProjectSetting } from '../helpers/project-yaml.js';
import { connectRepository, newSha, writeReview, type Connection } from '../helpers/review-rows.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** The change request numbers a list page shows, in order. */
const numbersIn = (html: string) => [...html.matchAll(/<strong>#(\d+)<\/strong>/g)].map((m) => Number(m[1]));

describe('dashboard: reviews', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let viewer: Visitor;
  let connection: Connection;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
  });
  after(() => service.close());

  it('without a repository connection, says how to connect one', async () => {
    const res = await viewer.fetch('/p/shop/reviews');
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.include('No repository is connected').and.include('docs/reviews.md').and.include('goalie apply');
  });

  describe('with a connection', () => {
    let older: string;
    let newest: string;
    let running: string;

    before(async () => {
      connection = await connectRepository(service, shop.project.id, { applicationId: shop.applications[0]!.id });
      older = await writeReview(service, connection, {
        number: 1,
        status: 'SUPERSEDED',
        supersededBySha: newSha(),
        minutesAgo: 60,
      });
      newest = await writeReview(service, connection, {
        number: 1,
        status: 'COMPLETED',
        verdict: 'Approved',
        summary: 'All 1 test case passed.',
        minutesAgo: 50,
      });
      await writeReview(service, connection, {
        number: 2,
        status: 'COMPLETED',
        verdict: 'Changes Requested',
        minutesAgo: 40,
      });
      await writeReview(service, connection, {
        number: 3,
        status: 'REFUSED',
        errorMessage: 'mallory has read permission; write is needed.',
        author: 'mallory',
        event: 'comment',
        minutesAgo: 30,
      });
      await writeReview(service, connection, {
        number: 4,
        status: 'ERROR',
        errorMessage: 'The preview answered 502.',
        minutesAgo: 20,
      });
      await writeReview(service, connection, { number: 5, status: 'WAITING', minutesAgo: 10 });
    });

    it('lists each change request once, by its newest review, newest first, with links to the host and the review', async () => {
      const html = await (await viewer.fetch('/p/shop/reviews')).text();
      expect(numbersIn(html)).to.deep.equal([5, 4, 3, 2, 1]);
      expect(html).to.include(`href="/reviews/${newest}"`).and.not.include(`href="/reviews/${older}"`);
      expect(html).to.include('href="https://github.example/acme/shop/pull/1"').and.include('Open #1 on GitHub');
      expect(html).to.include('2 reviews');
      expect(html).to.include('>waiting for deployments<').and.include('>refused<').and.include('>Changes Requested<');
      expect(html).to.include('5 pull requests.');
      expect(html, 'a review is waiting: live').to.include('data-live="true"');
    });

    it('filters by the newest review state and verdict', async () => {
      const list = async (q: string) => numbersIn(await (await viewer.fetch(`/p/shop/reviews?${q}`)).text());
      expect(await list('state=completed')).to.deep.equal([2, 1]);
      expect(await list('state=in-progress')).to.deep.equal([5]);
      expect(await list('state=superseded'), 'only the newest review counts').to.deep.equal([]);
      expect(await list('verdict=changes-requested')).to.deep.equal([2]);
      expect(await list('verdict=none')).to.deep.equal([5, 4, 3]);
      expect(await list('state=completed&verdict=approved')).to.deep.equal([1]);
      const none = await (await viewer.fetch('/p/shop/reviews?state=error&verdict=approved')).text();
      expect(none).to.include("No pull request's newest review matches these filters.");
    });

    it('refuses an unknown filter or page with a 400 page that lists what works', async () => {
      const state = await viewer.fetch('/p/shop/reviews?state=bogus');
      expect(state.status).to.equal(400);
      expect(await state.text()).to.include(
        'There is no review state &quot;bogus&quot; to filter by. Use one of: in-progress, completed, superseded, refused, error.',
      );
      const verdict = await viewer.fetch('/p/shop/reviews?verdict=Approved');
      expect(verdict.status).to.equal(400);
      expect(await verdict.text()).to.include('approved, changes-requested, comment, none');
      for (const page of ['0', 'abc', '-1', '99999999'])
        expect((await viewer.fetch(`/p/shop/reviews?page=${page}`)).status, page).to.equal(400);
    });

    it('pages through many change requests, 25 at a time', async () => {
      for (let n = 100; n < 126; n++)
        await writeReview(service, connection, {
          number: n,
          status: 'COMPLETED',
          verdict: 'Approved',
          minutesAgo: 200 - n,
        });
      const first = await (await viewer.fetch('/p/shop/reviews')).text();
      expect(numbersIn(first)).to.have.length(25);
      expect(first).to.include('1–25 of 31 pull requests.').and.include('href="/p/shop/reviews?page=2"');
      const second = await (await viewer.fetch('/p/shop/reviews?page=2')).text();
      expect(numbersIn(second), 'the older ones').to.deep.equal([105, 104, 103, 102, 101, 100]);
      expect(second).to.include('26–31 of 31').and.include('Newer pull requests');
      const filtered = await (await viewer.fetch('/p/shop/reviews?state=completed&page=2')).text();
      expect(filtered).to.include('href="/p/shop/reviews?state=completed"');
      const past = await (await viewer.fetch('/p/shop/reviews?page=9')).text();
      expect(past).to.include('There are only 31 pull requests.');
    });

    it('is not live once no review is in progress', async () => {
      await sql(service, `UPDATE reviews SET status = 'COMPLETED', verdict = 'Comment' WHERE status = 'WAITING'`);
      expect(await (await viewer.fetch('/p/shop/reviews')).text()).not.to.include('data-live');
      running = await writeReview(service, connection, { number: 6, status: 'RUNNING' });
      expect(await (await viewer.fetch('/p/shop/reviews')).text()).to.include('data-live="true"');
      expect(await (await viewer.fetch(`/reviews/${running}`)).text()).to.include('data-live="true"');
    });
  });

  describe('a review page', () => {
    let runShortId: string;
    let failing: string;

    before(async () => {
      const started = await service.client(await service.token('shop')).post('/v1/run', {});
      runShortId = started.body.run.shortId;
      const runId = started.body.run.id as string;
      const outcome = (name: string, status: string, result: string | null, title: string | null) =>
        sql(
          service,
          'UPDATE run_test_cases SET status = $3, result = $4, result_title = $5 WHERE run_id = $1 AND name = $2',
          [runId, name, status, result, title],
        );
      await outcome('Sign in', 'COMPLETED', 'PASSED', 'Signed in');
      await outcome('Add to cart', 'COMPLETED', 'FAILED', 'Cart stayed empty');
      await outcome('Checkout', 'SKIPPED', 'SKIPPED', null);
      await outcome('Admin dashboard', 'COMPLETED', 'PASSED', 'Dashboard shown');
      await sql(service, "UPDATE runs SET status = 'COMPLETED', result = 'FAILED' WHERE id = $1", [runId]);
      failing = await writeReview(service, connection, {
        number: 7,
        title: 'Free shipping <banner>',
        status: 'COMPLETED',
        verdict: 'Changes Requested',
        summary: '1 test case failed: Add to cart.',
        runId,
        deploymentUrls: [
          { applicationId: shop.applications[0]!.id, url: 'https://pr-7.preview.example.com', environment: 'preview' },
        ],
        exploration: {
          pagesVisited: ['https://pr-7.preview.example.com/', 'https://pr-7.preview.example.com/cart'],
          unreachable: false,
          findings: [
            {
              severity: 'minor',
              kind: 'console-error',
              title: 'Console error',
              page: 'https://pr-7.preview.example.com/',
              evidence: 'Analytics failed to load',
            },
            {
              severity: 'critical',
              kind: 'http-error',
              title: 'Cart answers 500',
              page: 'https://pr-7.preview.example.com/cart',
              evidence: 'GET /cart -> 500 <html>',
            },
          ],
        },
        checks: [{ goal: "Go to /cart. Verify that 'Total' is shown", passed: false, title: 'No total', thought: '' }],
      });
    });

    it('shows the verdict first, the results failures first, findings by severity in words, the checks and where it came from', async () => {
      const res = await viewer.fetch(`/reviews/${failing}`);
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.include('Review of #7: Free shipping &lt;banner>');
      const order = [
        'Verdict:',
        '1 test case failed: Add to cart.',
        'End-to-end tests',
        'Exploration of the preview',
        'Checks from the review context',
        'About this review',
      ].map((s) => html.indexOf(s));
      expect(
        order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!)),
        JSON.stringify(order),
      ).to.equal(true);
      expect(html).to.include(`href="/runs/${runShortId}"`).and.include('1 failed, 1 skipped, 2 passed');
      expect(html.indexOf('Add to cart')).to.be.lessThan(html.indexOf('Sign in'));
      expect(html).to.include('>Critical<').and.include('>Minor<').and.include('2 findings: 1 critical, 1 minor.');
      expect(html.indexOf('Cart answers 500')).to.be.lessThan(html.indexOf('Console error'));
      expect(html).to.include('<pre>GET /cart -> 500 &lt;html></pre>');
      expect(html)
        .to.include('href="https://pr-7.preview.example.com"')
        .and.include('automatic: the change request was opened');
      expect(html).not.to.include('data-live');
    });

    it('explains superseded, refused, error and waiting reviews in words', async () => {
      const newer = newSha();
      const cases: [Parameters<typeof writeReview>[2], string[]][] = [
        [
          { number: 8, status: 'SUPERSEDED', supersededBySha: newer },
          [`Commit <code>${newer.slice(0, 7)}</code> is newer`, 'gave no verdict'],
        ],
        [{ number: 8, status: 'SUPERSEDED', supersededBySha: '' }, ['changed or was closed']],
        [
          {
            number: 9,
            status: 'REFUSED',
            author: 'mallory',
            errorMessage: 'mallory has read permission; write is needed.',
          },
          ['mallory may not ask for a review', 'write is needed', 'nothing ran'],
        ],
        [
          { number: 10, status: 'ERROR', errorMessage: 'The preview answered 502.' },
          ['Goalie could not finish this review.', 'The preview answered 502.'],
        ],
        [
          { number: 11, status: 'WAITING' },
          [
            'Waiting for the deployments of commit',
            'to the environment <code>preview</code>',
            '<code>@goalie &lt;preview URL></code>',
          ],
        ],
        [
          { number: 12, status: 'AUTHORIZING', author: 'eve' },
          ['Goalie is asking GitHub whether eve may ask for a review'],
        ],
      ];
      for (const [input, texts] of cases) {
        const shortId = await writeReview(service, connection, input);
        const html = await (await viewer.fetch(`/reviews/${shortId}`)).text();
        for (const text of texts) expect(html, `${input.status}: ${text}`).to.include(text);
      }
    });

    it('lists the other reviews of the change request, this one marked', async () => {
      const html = await (
        await viewer.fetch(
          `/reviews/${(await sql<{ short_id: string }>(service, 'SELECT short_id FROM reviews WHERE change_request_number = 1 ORDER BY created_at LIMIT 1'))[0]!.short_id}`,
        )
      ).text();
      expect(html).to.include('Reviews of this change request').and.include('(this one)');
    });

    it('answers an unknown review with a 404 page', async () => {
      const res = await viewer.fetch('/reviews/nosuchreview');
      expect(res.status).to.equal(404);
      expect(await res.text()).to.include('Review nosuchreview was not found');
    });
  });

  describe('access', () => {
    it('the list needs a member (signed out: sign in; another organization: 404)', async () => {
      expect((await pageFetch(service, '/p/shop/reviews')).headers.get('location')).to.equal(
        '/sign-in?next=%2Fp%2Fshop%2Freviews',
      );
      const other = await service.apply(shopProject({ organization: 'Other', project: 'other' }));
      const stranger = await visitor(service, { organizationId: other.organization.id, role: 'owner' });
      expect((await stranger.fetch('/p/shop/reviews')).status).to.equal(404);
      const [review] = await sql<{ short_id: string }>(service, 'SELECT short_id FROM reviews LIMIT 1');
      expect((await stranger.fetch(`/reviews/${review!.short_id}`)).status).to.equal(404);
    });

    it('publicResults opens a review page to anyone, without the project sections; never the list', async () => {
      const oss = await service.apply(
        withProjectSetting(shopProject({ organization: 'Open Source', project: 'oss' }), 'publicResults: true'),
      );
      const ossConnection = await connectRepository(service, oss.project.id, { repository: 'oss/oss' });
      const shortId = await writeReview(service, ossConnection, {
        number: 1,
        status: 'COMPLETED',
        verdict: 'Approved',
      });
      const page = await pageFetch(service, `/reviews/${shortId}`);
      expect(page.status).to.equal(200);
      const html = await page.text();
      expect(html).to.include('Review of #1').and.not.include('href="/p/oss/settings"');
      expect((await pageFetch(service, '/p/oss/reviews')).status).to.equal(302);
    });
  });
});
