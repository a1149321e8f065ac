// The runs section in Chromium, with runs a real worker executed against a small shop on 127.0.0.1:
// the list and each of its filters, paging, a run updating while it runs; the page of a run with one
// failure among nine (the failure on top, passes collapsed, captions naming steps); Rerun failed,
// Rerun all and Cancel as a member; a viewer without buttons whose POST is refused. axe-core checks
// every page and state. DASHBOARD_SCREENSHOTS=1 also writes docs/images/dashboard-run*.png.
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

const STYLE =
  'body{font:16px system-ui,sans-serif;margin:0}header{background:#1f3a5f;color:#fff;padding:12px 24px}main{padding:24px}button,a.button{background:#1f6feb;color:#fff;border:0;padding:8px 14px;border-radius:6px;text-decoration:none}li{margin:8px 0}';

const shopPage = (title: string, body: string) =>
  html(
    title,
    `<header><strong>Mug &amp; Co</strong> · <a style="color:#fff" href="/products">Products</a></header><main><h1>${title}</h1>${body}</main>`,
    `<style>${STYLE}</style>`,
  );

/** A small shop; /slow is held unanswered while a test needs a run that keeps running. */
const SHOP: Record<string, string> = {
  '/': shopPage('Welcome', '<p>Welcome to the shop</p>'),
  '/products': shopPage(
    'Products',
    `<ul><li>Blue mug <button onclick="document.getElementById('n').textContent='1 item in the cart'">Add to cart</button></li><li>Red mug</li></ul><p id="n">The cart is empty</p><a class="button" href="/checkout">Checkout</a>`,
  ),
  '/checkout': shopPage('Checkout', '<p role="alert">Payment failed: the card was declined</p>'),
  '/search': shopPage(
    'Search',
    `<label for="q">Search</label> <input id="q"> <button onclick="document.getElementById('r').textContent='1 result for ' + document.getElementById('q').value">Search</button><p id="r"></p>`,
  ),
  '/about': shopPage('About us', '<p>Mugs since 1999</p>'),
  '/contact': shopPage(
    'Contact',
    `<label for="e">Email</label> <input id="e"> <button onclick="document.getElementById('t').textContent='Thanks, we will write back'">Send</button><p id="t"></p>`,
  ),
  '/shipping': shopPage('Shipping', '<p>Free shipping from 30 EUR</p>'),
  '/returns': shopPage('Returns', '<p>30 days to return</p>'),
  '/slow': shopPage('Slow', '<p>finally</p>'),
};

const TEST_CASES: [name: string, goal: string, expected: string][] = [
  ['Home page', 'Go to /', "'Welcome to the shop' is shown"],
  ['Product list', 'Go to /products', "'Blue mug' is shown"],
  ['Add to cart', "Go to /products. Click 'Add to cart'", "'1 item in the cart' is shown"],
  ['Search', "Go to /search. Fill 'Search' with 'mug'. Click 'Search'", "'1 result for mug' is shown"],
  ['About', 'Go to /about', "'Mugs since 1999' is shown"],
  [
    'Contact form',
    "Go to /contact. Fill 'Email' with 'ada@example.com'. Click 'Send'",
    "'Thanks, we will write back' is shown",
  ],
  ['Shipping', 'Go to /shipping', "'Free shipping from 30 EUR' is shown"],
  ['Returns', 'Go to /returns', "'30 days to return' is shown"],
  ['Checkout', "Go to /products. Click 'Add to cart'. Click 'Checkout'", "'Order confirmed' is shown"],
];

const project = (siteUrl: string) => `
organization: { name: Mug and Co }
project: { name: mugs }
applications:
  - name: Shop
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${TEST_CASES.map(([name, goal, expected]) => `  - name: ${name}\n    application: Shop\n    goal: "${goal}"\n    expectedResult: "${expected}"`).join('\n')}
  - name: Slow page
    application: Shop
    goal: Go to /slow
    expectedResult: "'finally' is shown"
testPlans:
  - name: Storefront
    default: true
    testCases: [${TEST_CASES.map(([name]) => name).join(', ')}]
  - name: Slow
    testCases: [Slow page]
`;

const COMMIT = '3f9a2c1d7e5b4a6f8c0d2e4f6a8b0c1d2e3f4a5b';
const shots = process.env.DASHBOARD_SCREENSHOTS === '1';

describe('the runs section in Chromium (e2e)', function () {
  this.timeout(180_000);
  let site: Site;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker;
  let applied: ApplySummary;
  let member: Visitor;
  let viewer: Visitor;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let failing: { id: string; shortId: string };
  const plans: Record<string, string> = {};

  const finished = (shortId: string) =>
    waitFor(
      `run ${shortId} to end`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      90_000,
      100,
    );
  const accessible = async (what: string) => expect(await seriousAxeViolations(page), what).to.deep.equal([]);
  const shoot = async (name: string) => {
    if (shots) await page.screenshot({ path: `docs/images/dashboard-${name}.png`, fullPage: true });
  };
  /** The run links of the list, in order. */
  const listed = () =>
    page
      .locator('main table tbody tr td:first-child a')
      .allTextContents()
      .then((ids) => ids.map((id) => id.replace(/^Run /, '').trim()));

  before(async () => {
    site = await startSite(SHOP);
    service = await startTestService();
    applied = await service.apply(project(site.url));
    api = service.client(await service.token('mugs'));
    for (const plan of applied.testPlans) plans[plan.name] = plan.shortId!;
    // The repository connection the attribution links to (its token is never used here).
    const [connection] = await sql(
      service,
      `INSERT INTO repository_connections (project_id, short_id, host, api_url, repository, token, webhook_secret)
       VALUES ($1, 'conn-mugs', 'github', 'https://api.github.com', 'mug-and-co/shop', 'unused', 'unused') RETURNING id`,
      [applied.project.id],
    );
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () =>
        (await sql(service, `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!.n ===
        0,
      120_000,
      100,
    );
    expect(
      (await sql(service, `SELECT name FROM test_cases WHERE generation_status <> 'COMPLETED'`)).map((r) => r.name),
    ).to.deep.equal([]);
    await seedHistory();
    // The run of a pull request whose checkout fails: one failure among nine.
    const started = await api.post('/v1/run', {
      trigger: 'REPOHOST',
      branch: 'feature/saved-cards',
      commitHash: COMMIT,
      commitMessage: 'Checkout: pay with a saved card\n\nKeeps the card for next time.',
      actor: 'octocat',
      repository: 'mug-and-co/shop',
    });
    expect(started.status).to.equal(200);
    failing = started.body.run;
    await finished(failing.shortId);
    await sql(
      service,
      `INSERT INTO reviews (short_id, project_id, connection_id, change_request_number, change_request_title, change_request_url, branch, head_sha, author, event, status, run_id, verdict)
       VALUES ('rev-42', $1, $2, 42, 'Pay with a saved card', 'https://github.com/mug-and-co/shop/pull/42', 'feature/saved-cards', $3, 'octocat', 'opened', 'COMPLETED', $4, 'Changes Requested')`,
      [applied.project.id, connection!.id, COMMIT, failing.id],
    );
    member = await visitor(service, {
      organizationId: applied.organization.id,
      role: 'member',
      email: 'ada@example.com',
    });
    await service.runtime.dataSource.query(`UPDATE users SET name = 'Ada Lovelace' WHERE id = $1`, [member.user.id]);
    viewer = await visitor(service, { organizationId: applied.organization.id, role: 'viewer' });
    browser = await sharedBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, service, member);
    page = await context.newPage();
  });
  after(async () => {
    await closeContexts();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  /** 30 earlier runs over two weeks, with their nine test cases each, as history for the list. */
  async function seedHistory() {
    await sql(
      service,
      `WITH made AS (
         INSERT INTO runs (short_id, project_id, test_plan_id, test_plan_name, test_plan_short_id, trigger, status, result, actor, branch, commit_hash, commit_message, created_at, started_at, finished_at)
         SELECT 'h' || lpad(i::text, 2, '0') || 'x7k2m9', $1, $2, 'Storefront', $3,
                (ARRAY['API', 'REPOHOST', 'SCHEDULE', 'MANUAL'])[1 + i % 4],
                CASE WHEN i % 9 = 0 THEN 'CANCELLED' ELSE 'COMPLETED' END,
                CASE WHEN i % 9 = 0 THEN NULL WHEN i % 5 = 0 THEN 'FAILED' ELSE 'PASSED' END,
                (ARRAY['github-actions', 'octocat', NULL, 'Grace Hopper'])[1 + i % 4],
                CASE WHEN i % 4 = 2 THEN NULL WHEN i % 3 = 0 THEN 'feature/wishlist' ELSE 'main' END,
                CASE WHEN i % 4 = 2 THEN NULL ELSE md5(i::text) || substr(md5((i + 1)::text), 1, 8) END,
                CASE WHEN i % 4 = 2 THEN NULL ELSE 'Change ' || i END,
                now() - interval '14 days' + i * interval '11 hours', now() - interval '14 days' + i * interval '11 hours',
                now() - interval '14 days' + i * interval '11 hours' + interval '52 seconds'
           FROM generate_series(1, 30) i
         RETURNING id, status, result)
       INSERT INTO run_test_cases (short_id, run_id, name, status, result, position)
       SELECT 'hc' || md5(made.id::text || n), made.id, 'Test case ' || n,
              CASE WHEN made.status = 'CANCELLED' AND n > 4 THEN 'CANCELLED' ELSE 'COMPLETED' END,
              CASE WHEN made.status = 'CANCELLED' AND n > 4 THEN NULL WHEN made.result = 'FAILED' AND n = 9 THEN 'FAILED' ELSE 'PASSED' END, n
         FROM made, generate_series(1, 9) n`,
      [applied.project.id, applied.testPlans.find((p) => p.name === 'Storefront')!.id, plans['Storefront']],
    );
  }

  it('lists the runs newest first, and filters them with the form', async () => {
    await page.goto(`${service.baseUrl}/p/mugs/runs`);
    await page.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    expect((await listed())[0]).to.equal(failing.shortId);
    const first = page.locator('main tbody tr').first();
    expect(await first.textContent())
      .to.include('1 failed, 8 passed of 9')
      .and.include('repository host')
      .and.include('by octocat')
      .and.include('feature/saved-cards')
      .and.include('3f9a2c1');
    await accessible('the run list');
    await shoot('runs');

    // Each filter, through the form as a person uses it: the URL says what was chosen.
    const apply = async (fill: () => Promise<void>, expected: RegExp) => {
      await page.goto(`${service.baseUrl}/p/mugs/runs`);
      await fill();
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.waitForURL(expected);
      return listed();
    };
    const history = await sql<{
      short_id: string;
      trigger: string;
      status: string;
      result: string | null;
      actor: string | null;
      branch: string | null;
      commit_hash: string | null;
      created_at: Date;
    }>(
      service,
      `SELECT short_id, trigger, status, result, actor, branch, commit_hash, created_at FROM runs WHERE project_id = $1 ORDER BY created_at DESC`,
      [applied.project.id],
    );
    const expectRuns = (runs: string[], keep: (r: (typeof history)[number]) => boolean) =>
      expect(runs).to.deep.equal(
        history
          .filter(keep)
          .slice(0, 25)
          .map((r) => r.short_id),
      );

    expectRuns(
      await apply(
        () =>
          page
            .getByLabel('Plan')
            .selectOption({ label: 'Storefront' })
            .then(() => {}),
        /plan=/,
      ),
      () => true,
    );
    expectRuns(
      await apply(
        () =>
          page
            .getByLabel('Status')
            .selectOption('CANCELLED')
            .then(() => {}),
        /status=CANCELLED/,
      ),
      (r) => r.status === 'CANCELLED',
    );
    expectRuns(
      await apply(
        () =>
          page
            .getByLabel('Result')
            .selectOption('FAILED')
            .then(() => {}),
        /result=FAILED/,
      ),
      (r) => r.result === 'FAILED',
    );
    expectRuns(
      await apply(
        () =>
          page
            .getByLabel('Trigger')
            .selectOption('SCHEDULE')
            .then(() => {}),
        /trigger=SCHEDULE/,
      ),
      (r) => r.trigger === 'SCHEDULE',
    );
    expectRuns(
      await apply(() => page.getByLabel('Branch').fill('feature/wishlist'), /branch=feature%2Fwishlist/),
      (r) => r.branch === 'feature/wishlist',
    );
    expectRuns(
      await apply(() => page.getByLabel('Commit').fill('3F9A2C'), /commit=3F9A2C/),
      (r) => r.commit_hash === COMMIT,
    );
    expectRuns(
      await apply(() => page.getByLabel('Author').fill('grace'), /author=grace/),
      (r) => r.actor === 'Grace Hopper',
    );
    const day = history[history.length - 1]!.created_at.toISOString().slice(0, 10);
    const byDay = await apply(
      async () => {
        await page.getByLabel('From (UTC)').fill(day);
        await page.getByLabel('To (UTC)').fill(day);
      },
      new RegExp(`from=${day}&to=${day}`),
    );
    expectRuns(byDay, (r) => r.created_at.toISOString().startsWith(day));
    expect(byDay.length).to.be.greaterThan(0);
    await accessible('the run list, filtered');

    // A filter that cannot be used: the page says why, with the form to correct it.
    await page.goto(`${service.baseUrl}/p/mugs/runs`);
    await page.getByLabel('Commit').fill('not-a-sha');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('alert').filter({ hasText: 'is not the start of a commit hash' }).waitFor();
    await accessible('the run list with a wrong filter');
    await shoot('runs-wrong-filter');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${service.baseUrl}/p/mugs/runs`);
  });

  it('pages older and newer, keeping the filters', async () => {
    await page.goto(`${service.baseUrl}/p/mugs/runs?plan=${plans['Storefront']}`);
    const firstPage = await listed();
    expect(firstPage).to.have.length(25);
    await page.getByRole('link', { name: 'Older runs →' }).click();
    await page.waitForURL(/before=/);
    expect(page.url()).to.include(`plan=${plans['Storefront']}`);
    const secondPage = await listed();
    expect(secondPage.length).to.be.greaterThan(0);
    expect(secondPage.some((id) => firstPage.includes(id))).to.equal(false);
    await accessible('the second page of runs');
    await page.getByRole('link', { name: '← Newer runs' }).click();
    await page.waitForURL(/after=/);
    expect(await listed()).to.deep.equal(firstPage);
  });

  it('updates the list and the run page in place while a run runs', async () => {
    site.hold('/slow');
    try {
      const slow = (await api.post('/v1/run', { testPlanShortId: plans['Slow'] })).body.run;
      await waitFor(
        'the slow test case to run',
        async () =>
          (await sql(service, `SELECT 1 FROM run_test_cases WHERE run_id = $1 AND status = 'RUNNING'`, [slow.id]))[0],
      );
      await page.goto(`${service.baseUrl}/p/mugs/runs`);
      const row = page.locator('main tbody tr').filter({ hasText: slow.shortId });
      await row.getByText('RUNNING', { exact: true }).waitFor();
      expect(await page.locator('main').getAttribute('data-live')).to.equal('true');
      await accessible('the run list with a running run');

      const runPage = await context.newPage();
      await runPage.goto(`${service.baseUrl}/runs/${slow.shortId}`);
      await runPage.getByRole('heading', { name: 'Still to go (1)' }).waitFor();
      expect(await runPage.getByText('1 to go of 1').count()).to.equal(1);
      expect(await seriousAxeViolations(runPage), 'a running run').to.deep.equal([]);

      site.release();
      // No reload: the pages fetch themselves again while something is live.
      await row.getByText('PASSED', { exact: true }).waitFor({ timeout: 30_000 });
      await runPage.getByRole('heading', { name: 'Passed (1)' }).waitFor({ timeout: 30_000 });
      await runPage.getByText('1 passed of 1').waitFor();
      await waitFor(
        'the list to stop updating',
        async () => (await page.locator('main').getAttribute('data-live')) === null,
      );
      await runPage.close();
    } finally {
      site.release();
    }
  });

  it('shows a run with one failure among nine: the failure on top, passes collapsed, captions naming steps', async () => {
    await page.goto(`${service.baseUrl}/runs/${failing.shortId}`);
    await page.getByRole('heading', { name: `Run ${failing.shortId} of Storefront` }).waitFor();
    expect(await page.locator('p.summary').textContent()).to.include('Failed: 1 failed, 8 passed of 9.');
    // The failure comes first, open, with its reason, where it stopped, and its trace.
    const headings = await page.locator('main h2').allTextContents();
    expect(headings.slice(0, 2)).to.deep.equal(['Did not pass (1)', 'Passed (8)']);
    const failure = page.locator('section.test-case').first();
    expect(await failure.getByRole('heading', { level: 3 }).textContent()).to.include('Checkout');
    expect(await failure.locator('.reason').textContent()).to.include('Order confirmed');
    const main = failure.locator('figure.main img');
    expect(await main.isVisible()).to.equal(true);
    await waitFor('the screenshot to load', () =>
      main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    );
    expect(await failure.locator('figure.main figcaption').textContent()).to.equal('when it stopped');
    expect(await failure.getByRole('link', { name: 'Playwright trace (zip)' }).count()).to.equal(1);
    const box = await failure.boundingBox();
    const passedBox = await page.getByRole('heading', { name: 'Passed (8)' }).boundingBox();
    expect(box!.y).to.be.lessThan(passedBox!.y);
    expect(box!.y, 'the failure is near the top, not 11,000 px down').to.be.lessThan(400);
    // The screenshots of its earlier steps say which step each followed.
    await failure.getByText('Screenshots of the steps before').click();
    expect(await failure.locator('figcaption').allTextContents()).to.include.members([
      'after step 1: Go to /products',
      "after step 2: Click 'Add to cart'",
      "after step 3: Click 'Checkout'",
    ]);
    // Passes are one line each, their screenshots hidden until opened.
    const passes = page.locator('details.test-case');
    expect(await passes.count()).to.equal(8);
    expect(await passes.evaluateAll((all) => all.filter((d) => (d as HTMLDetailsElement).open).length)).to.equal(0);
    expect(await page.locator('details.test-case img').first().isVisible()).to.equal(false);
    // Attribution, linked to the host.
    const facts = page.locator('dl.facts').last();
    expect(await facts.getByRole('link', { name: '3f9a2c1' }).getAttribute('href')).to.equal(
      `https://github.com/mug-and-co/shop/commit/${COMMIT}`,
    );
    expect(await facts.getByRole('link', { name: 'feature/saved-cards' }).getAttribute('href')).to.equal(
      'https://github.com/mug-and-co/shop/tree/feature/saved-cards',
    );
    expect(await facts.getByRole('link', { name: '#42 Pay with a saved card' }).getAttribute('href')).to.equal(
      'https://github.com/mug-and-co/shop/pull/42',
    );
    expect(await facts.textContent())
      .to.include('octocat')
      .and.include('Checkout: pay with a saved card');
    await accessible('the run page');
    await failure.getByText('Screenshots of the steps before').click();
    await shoot('run');

    const search = passes.filter({ hasText: 'Search' });
    await search.locator(':scope > summary').click();
    expect(await search.locator('figcaption').allTextContents()).to.deep.equal([
      'after step 1: Go to /search',
      "after step 2: Fill 'Search' with 'mug'",
      "after step 3: Click 'Search'",
      'at the end',
    ]);
    expect(await search.locator('img').first().isVisible()).to.equal(true);
    await accessible('the run page with a pass opened');
    await shoot('run-pass-open');
  });

  it('Rerun failed and Rerun all start manual runs by the member and open them', async () => {
    await page.goto(`${service.baseUrl}/runs/${failing.shortId}`);
    await page.getByRole('button', { name: 'Rerun failed' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/runs/') && !url.pathname.endsWith(failing.shortId));
    const rerunId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByText('1 failed of 1').waitFor({ timeout: 60_000 });
    const facts = page.locator('dl.facts').last();
    expect(await facts.textContent())
      .to.include('manual: started in the dashboard or Slack')
      .and.include('Ada Lovelace');
    expect(
      await facts
        .getByRole('link', { name: `Run ${failing.shortId}` })
        .first()
        .getAttribute('href'),
    ).to.equal(`/runs/${failing.shortId}`);
    await accessible('a rerun');
    const [row] = await sql(service, `SELECT trigger, actor FROM runs WHERE short_id = $1`, [rerunId]);
    expect(row).to.deep.equal({ trigger: 'MANUAL', actor: 'Ada Lovelace' });

    // Rerun all: a manual run of all nine, opened. How a run of them ends is the rerun above and the
    // run of the failure on this page; this one is cancelled rather than waited for.
    await page.goto(`${service.baseUrl}/runs/${failing.shortId}`);
    await page.getByRole('button', { name: 'Rerun all' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/runs/') && !url.pathname.endsWith(failing.shortId));
    const allId = new URL(page.url()).pathname.split('/')[2]!;
    await page.getByRole('heading', { name: `Run ${allId} of Storefront` }).waitFor();
    await page.locator('p.summary').filter({ hasText: ' of 9.' }).waitFor();
    const [all] = await sql(
      service,
      `SELECT r.trigger, r.actor, count(c.id)::int AS test_cases FROM runs r JOIN run_test_cases c ON c.run_id = r.id
        WHERE r.short_id = $1 GROUP BY r.id`,
      [allId],
    );
    expect(all).to.deep.equal({ trigger: 'MANUAL', actor: 'Ada Lovelace', test_cases: 9 });
    expect((await api.post(`/v1/run/${allId}/cancel`)).status).to.equal(200);
    await finished(allId);
  });

  it('Cancel as a member stops a running run', async () => {
    site.hold('/slow');
    try {
      const slow = (await api.post('/v1/run', { testPlanShortId: plans['Slow'] })).body.run;
      await waitFor(
        'the slow test case to run',
        async () =>
          (await sql(service, `SELECT 1 FROM run_test_cases WHERE run_id = $1 AND status = 'RUNNING'`, [slow.id]))[0],
      );
      await page.goto(`${service.baseUrl}/runs/${slow.shortId}`);
      await page.getByRole('button', { name: 'Cancel run' }).click();
      await page.getByRole('status').filter({ hasText: 'Cancelling' }).waitFor();
      await accessible('a run being cancelled');
      await page.locator('p.summary').filter({ hasText: 'Cancelled' }).waitFor({ timeout: 30_000 });
      expect((await finished(slow.shortId)).status).to.equal('CANCELLED');
    } finally {
      site.release();
    }
  });

  it('a viewer sees the run without buttons, and a POST anyway is refused', async () => {
    const viewerContext = await browser.newContext();
    try {
      await signInContext(viewerContext, service, viewer);
      const viewerPage = await viewerContext.newPage();
      await viewerPage.goto(`${service.baseUrl}/runs/${failing.shortId}`);
      await viewerPage.getByRole('heading', { name: 'Did not pass (1)' }).waitFor();
      expect(await viewerPage.getByRole('button', { name: /Rerun|Cancel/ }).count()).to.equal(0);
      await viewerPage.getByText('rerunning and cancelling runs needs a member').waitFor();
      expect(await seriousAxeViolations(viewerPage), 'the run page as a viewer').to.deep.equal([]);
      const before = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
      // From the page itself (same origin, the session's token): only the role is missing.
      const statuses = await viewerPage.evaluate(
        ({ shortId, token }) =>
          Promise.all(
            ['rerun', 'rerun-failed', 'cancel'].map((action) =>
              fetch(`/runs/${shortId}/${action}`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: `token=${token}`,
                redirect: 'manual',
              }).then((r) => r.status),
            ),
          ),
        { shortId: failing.shortId, token: viewer.csrf },
      );
      expect(statuses).to.deep.equal([403, 403, 403]);
      expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(before);
      await viewerPage.goto(`${service.baseUrl}/p/mugs/runs`);
      await viewerPage.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
      expect(await seriousAxeViolations(viewerPage), 'the run list as a viewer').to.deep.equal([]);
    } finally {
      await viewerContext.close();
    }
  });
});
