// The runs section over HTTP as a browser sends it: the list's filters (each, together, and every
// way of getting one wrong), keyset paging that keeps the filters, live updates; the run page's
// order, counts, step captions and links to the repository host; Rerun failed, Rerun all and Cancel
// with the access rules. (In Chromium: test/e2e/dashboard-runs.test.ts.)
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Visitor } from '../helpers/dashboard.js';
import { legacyRunTestCaseAnchor, runTestCaseAnchor, runTestCaseLink } from '../../shared/src/run-page-anchor.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

interface Seed {
  shortId: string;
  plan: 'Smoke' | 'Admin only';
  status: string;
  result: string | null;
  trigger: string;
  actor: string | null;
  branch: string;
  commit: string;
  createdAt: Date;
}

const hex = (i: number) => (i * 2654435761).toString(16).padStart(8, '0').repeat(5).slice(0, 40);

/** 60 runs an hour apart from 2026-10-01 13:00 UTC; the newest (60) is still running. */
function seeds(): Seed[] {
  return Array.from({ length: 60 }, (_, n) => {
    const i = n + 1;
    const status = i === 60 ? 'RUNNING' : i % 7 === 0 ? 'ERROR' : i % 11 === 0 ? 'CANCELLED' : 'COMPLETED';
    const trigger = ['API', 'REPOHOST', 'SCHEDULE', 'MANUAL'][i % 4]!;
    return {
      shortId: `seed-${String(i).padStart(3, '0')}`,
      plan: i % 3 === 0 ? 'Admin only' : 'Smoke',
      status,
      result: status === 'COMPLETED' ? (i % 5 === 0 ? 'FAILED' : 'PASSED') : null,
      trigger,
      actor: trigger === 'REPOHOST' ? 'octocat' : trigger === 'MANUAL' ? 'Ada Lovelace' : null,
      branch: i % 2 ? 'main' : 'feature/cart',
      commit: hex(i),
      createdAt: new Date(Date.UTC(2026, 9, 1, 12 + i)),
    };
  });
}

/** The runs a list page shows, in order. */
const listed = (html: string) => [...html.matchAll(/<td><a href="\/runs\/([^"?]+)">/g)].map((m) => m[1]);
const newestFirst = (runs: Seed[]) =>
  runs.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((r) => r.shortId);
const link = (html: string, text: string) => {
  const match = new RegExp(`<a href="([^"]+)">${text}</a>`).exec(html);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
};

describe('dashboard: runs', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let member: Visitor;
  let viewer: Visitor;
  const all = seeds();
  const planId = (name: string) => shop.testPlans.find((p) => p.name === name)!;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    await service.apply(shopProject({ organization: 'Rivals', project: 'rival' }));
    await service.apply(shopProject({ organization: 'Rivals', project: 'empty' }));
    member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
    const column = <T>(f: (s: Seed) => T) => all.map(f);
    await sql(
      service,
      `INSERT INTO runs (short_id, project_id, test_plan_id, test_plan_name, test_plan_short_id, status, result, trigger, actor, branch, commit_hash, created_at, started_at, finished_at)
       SELECT s, $1, p, pn, ps, st, re, tr, ac, br, co, ca, ca, CASE WHEN st = 'RUNNING' THEN NULL ELSE ca + interval '90 seconds' END
         FROM unnest($2::text[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
           AS t(s, p, pn, ps, st, re, tr, ac, br, co, ca)`,
      [
        shop.project.id,
        column((s) => s.shortId),
        column((s) => planId(s.plan).id),
        column((s) => s.plan),
        column((s) => planId(s.plan).shortId),
        column((s) => s.status),
        column((s) => s.result),
        column((s) => s.trigger),
        column((s) => s.actor),
        column((s) => s.branch),
        column((s) => s.commit),
        column((s) => s.createdAt),
      ],
    );
    // A run of another project on the same branch never shows.
    const rival = (await service.client(await service.token('rival')).post('/v1/run', {})).body.run;
    await sql(service, `UPDATE runs SET branch = 'main', created_at = '2026-10-02T00:30:00Z' WHERE id = $1`, [
      rival.id,
    ]);
  });
  after(() => service.close());

  describe('the list', () => {
    const list = (query = '', who: Visitor = member) => who.fetch(`/p/shop/runs${query}`);

    it('shows the newest 25 runs first, with an Older link; the page is live while a listed run runs', async () => {
      const res = await list();
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(listed(html)).to.deep.equal(newestFirst([...all]).slice(0, 25));
      expect(html).to.include('data-live="true"');
      expect(link(html, '← Newer runs')).to.equal(null);
      expect(link(html, 'Older runs →')).to.equal('/p/shop/runs?before=seed-036');
    });

    it('pages older and newer by run, and back', async () => {
      const second = await (await list('?before=seed-036')).text();
      expect(listed(second)).to.deep.equal(newestFirst([...all]).slice(25, 50));
      expect(second, 'nothing listed runs any more').not.to.include('data-live');
      const third = await (await list(`?before=${listed(second).at(-1)}`)).text();
      expect(listed(third)).to.deep.equal(newestFirst([...all]).slice(50));
      expect(link(third, 'Older runs →')).to.equal(null);
      const back = await (await list(link(third, '← Newer runs')!.replace('/p/shop/runs', ''))).text();
      expect(listed(back)).to.deep.equal(listed(second));
      expect(link(back, 'Newest runs')).to.equal('/p/shop/runs');
    });

    const filters: [string, (s: Seed) => boolean][] = [
      [`plan=PLAN`, (s) => s.plan === 'Admin only'],
      ['status=ERROR', (s) => s.status === 'ERROR'],
      ['status=running', (s) => s.status === 'RUNNING'],
      ['result=FAILED', (s) => s.result === 'FAILED'],
      ['trigger=MANUAL', (s) => s.trigger === 'MANUAL'],
      ['branch=feature%2Fcart', (s) => s.branch === 'feature/cart'],
      [`commit=${hex(17).slice(0, 7).toUpperCase()}`, (s) => s.commit.startsWith(hex(17).slice(0, 7))],
      ['author=LOVE', (s) => s.actor === 'Ada Lovelace'],
      ['from=2026-10-02&to=2026-10-02', (s) => s.createdAt.toISOString().startsWith('2026-10-02')],
      ['from=2026-10-03', (s) => s.createdAt >= new Date('2026-10-03T00:00:00Z')],
      [
        'plan=PLAN&trigger=API&branch=feature%2Fcart',
        (s) => s.plan === 'Admin only' && s.trigger === 'API' && s.branch === 'feature/cart',
      ],
      [
        'status=COMPLETED&result=PASSED&branch=main&author=octo',
        (s) => s.status === 'COMPLETED' && s.result === 'PASSED' && s.branch === 'main' && s.actor === 'octocat',
      ],
    ];
    for (const [query, keep] of filters) {
      it(`filters by ${query}`, async () => {
        const res = await list(`?${query.replace('PLAN', planId('Admin only').shortId!)}`);
        expect(res.status).to.equal(200);
        const expected = newestFirst(all.filter(keep));
        expect(expected.length, 'the seed has runs to find').to.be.greaterThan(0);
        expect(listed(await res.text())).to.deep.equal(expected.slice(0, 25));
      });
    }

    it('keeps the filters in the paging links, and fills the form with them', async () => {
      const html = await (await list('?branch=main&trigger=')).text();
      const expected = newestFirst(all.filter((s) => s.branch === 'main'));
      expect(expected.length).to.be.greaterThan(25);
      expect(listed(html)).to.deep.equal(expected.slice(0, 25));
      expect(html).to.include('name="branch" value="main"');
      const older = link(html, 'Older runs →')!;
      expect(older).to.equal(`/p/shop/runs?branch=main&before=${expected[24]}`);
      const second = await (await member.fetch(older)).text();
      expect(listed(second)).to.deep.equal(expected.slice(25, 50));
      expect(link(second, '← Newer runs')).to.equal(`/p/shop/runs?branch=main&after=${expected[25]}`);
      const statusFiltered = await (await list('?status=completed')).text();
      expect(statusFiltered).to.include('<option value="COMPLETED" selected>COMPLETED</option>');
    });

    it("says so when nothing matches, and when the project has no runs yet; lists only the project's runs", async () => {
      expect(await (await list('?branch=nowhere')).text()).to.include('No runs match these filters.');
      const admin = await visitor(service, { admin: true });
      expect(await (await admin.fetch('/p/empty/runs')).text()).to.include('No runs yet.');
      const rivals = listed(await (await admin.fetch('/p/rival/runs?branch=main')).text());
      expect(rivals).to.have.length(1);
      expect(rivals[0]).not.to.match(/^seed-/);
    });

    const wrong: [string, string[]][] = [
      ['status=bogus', ['no status "bogus"', 'INITIATED, RUNNING, COMPLETED, ERROR, CANCELLED']],
      ['result=maybe&trigger=cron', ['no result "maybe"', 'no trigger "cron"', 'API, REPOHOST, SCHEDULE, MANUAL']],
      ['plan=pln-nope', ['no test plan "pln-nope"']],
      ['commit=xyz123', ['"xyz123" is not the start of a commit hash', '4 to 40 hexadecimal']],
      ['commit=abc', ['"abc" is not the start of a commit hash']],
      ['from=2026-02-30', ['"2026-02-30" is not a date', 'YYYY-MM-DD']],
      ['to=yesterday', ['"yesterday" is not a date']],
      ['from=2026-10-03&to=2026-10-01', ['ends (2026-10-01) before it starts (2026-10-03)']],
      ['branch=a&branch=b', ['Give branch once']],
      [`author=${'x'.repeat(256)}`, ['give at most 255']],
      ['before=seed-010&after=seed-020', ['either before or after']],
      ['before=%3Cscript%3E', ["is not a run's short ID"]],
      ['before=no-such-run', ['not in this project']],
    ];
    for (const [query, says] of wrong) {
      it(`answers ?${query.slice(0, 40)} with a 400 page that says what is wrong`, async () => {
        const res = await list(`?${query}`);
        expect(res.status).to.equal(400);
        expect(res.headers.get('content-type')).to.match(/text\/html/);
        const html = (await res.text()).replace(/&quot;/g, '"').replace(/&#39;/g, "'");
        for (const part of says) expect(html).to.include(part);
        expect(html).to.include('role="alert"').and.include('aria-label="Filter runs"');
        expect(listed(html)).to.deep.equal([]);
      });
    }

    it('a run of another project is no cursor here', async () => {
      const [rival] = await sql(service, `SELECT short_id FROM runs WHERE project_id <> $1`, [shop.project.id]);
      expect((await list(`?before=${rival!.short_id}`)).status).to.equal(400);
    });

    it("counts each listed run's test cases in words", async () => {
      const [run] = await sql(service, `SELECT id FROM runs WHERE short_id = 'seed-058'`);
      await sql(
        service,
        `INSERT INTO run_test_cases (short_id, run_id, name, status, result, position)
         VALUES ('rtc-a', $1, 'A', 'COMPLETED', 'PASSED', 0), ('rtc-b', $1, 'B', 'COMPLETED', 'FAILED', 1), ('rtc-c', $1, 'C', 'SKIPPED', 'SKIPPED', 2), ('rtc-d', $1, 'D', 'COMPLETED', 'PASSED', 3)`,
        [run!.id],
      );
      expect(await (await list()).text()).to.include('<td>1 failed, 1 skipped, 2 passed of 4</td>');
    });

    it('a viewer reads it; a member of another organization gets 404; someone signed out signs in first', async () => {
      expect((await list('', viewer)).status).to.equal(200);
      const stranger = await visitor(service, {
        organizationId: (await sql(service, `SELECT id FROM organizations WHERE name = 'Rivals'`))[0]!.id,
        role: 'owner',
      });
      expect((await list('', stranger)).status).to.equal(404);
      const signedOut = await pageFetch(service, '/p/shop/runs?status=ERROR');
      expect(signedOut.status).to.equal(302);
      expect(signedOut.headers.get('location')).to.equal(
        `/sign-in?next=${encodeURIComponent('/p/shop/runs?status=ERROR')}`,
      );
    });
  });

  describe('a run page', () => {
    let run: { id: string; shortId: string };
    let rows: Record<string, { id: string; short_id: string; test_case_id: string }>;
    const page = async (shortId = run.shortId, who: Visitor = member) => (await who.fetch(`/runs/${shortId}`)).text();

    before(async () => {
      const api = service.client(await service.token('shop'));
      run = (await api.post('/v1/run', {})).body.run;
      const found = await sql(
        service,
        `SELECT id, short_id, name, test_case_id FROM run_test_cases WHERE run_id = $1`,
        [run.id],
      );
      rows = Object.fromEntries(found.map((r) => [r.name, r])) as typeof rows;
      const shots = (rtc: string, labels: string[]) =>
        JSON.stringify([
          ...labels.map((label) => ({
            kind: 'screenshot',
            key: `runs/${run.id}/${rtc}/attempt-0/screenshot-${label}.jpg`,
            label,
            contentType: 'image/jpeg',
          })),
          {
            kind: 'trace',
            key: `runs/${run.id}/${rtc}/attempt-0/trace.zip`,
            label: 'trace',
            contentType: 'application/zip',
          },
        ]);
      const outcome = (name: string, status: string, result: string | null, extra: string, params: unknown[] = []) =>
        sql(service, `UPDATE run_test_cases SET status = $2, result = $3${extra} WHERE id = $1`, [
          rows[name]!.id,
          status,
          result,
          ...params,
        ]);
      await sql(
        service,
        `INSERT INTO test_case_step_versions (test_case_id, version, steps, source) VALUES ($1, 1, $2, 'burn-in')`,
        [
          rows['Add to cart']!.test_case_id,
          JSON.stringify([
            { action: 'goto', url: '/shop', sentence: 'Go to /shop' },
            { action: 'click', sentence: "Click 'Add to cart'" },
          ]),
        ],
      );
      await outcome('Sign in', 'COMPLETED', 'PASSED', ', evidence = $4, step_version = NULL, prompt_examples = $5', [
        shots(rows['Sign in']!.id, ['01', '02', 'final']),
        "1. Go to /login\n2. Fill 'Email' with 'admin'  [interpreted by scripted-model]",
      ]);
      await outcome(
        'Add to cart',
        'COMPLETED',
        'FAILED',
        ", result_title = 'The cart stayed empty', evaluation_thought = $4, evidence = $5, step_version = 1",
        ["'1 item' never appeared.", shots(rows['Add to cart']!.id, ['01', '02', 'final'])],
      );
      await outcome('Checkout', 'SKIPPED', 'SKIPPED', `, result_title = 'Skipped: dependency "Add to cart" failed'`);
      await outcome('Admin dashboard', 'COMPLETED', 'PASSED', '');
      await sql(
        service,
        `UPDATE runs SET status = 'COMPLETED', result = 'FAILED', branch = 'feature/cart', commit_hash = $2, commit_message = $3, finished_at = now() WHERE id = $1`,
        [run.id, 'f00dfeed'.repeat(5), 'Cart: keep the item\n\nA longer body.'],
      );
    });

    it('says what happened in words, failures first with their reason, passes collapsed', async () => {
      const html = await page();
      expect(html).to.include('<strong>Failed</strong>: 1 failed, 1 skipped, 2 passed of 4.');
      const failed = html.indexOf('The cart stayed empty');
      const skipped = html.indexOf('Skipped: dependency');
      const passed = html.indexOf('<h2>Passed (2)</h2>');
      expect(failed).to.be.greaterThan(0);
      expect(failed).to.be.lessThan(skipped);
      expect(skipped).to.be.lessThan(passed);
      expect(html).to.match(
        /<details class="test-case" id="[^"]+"><summary>Sign in <span class="badge PASSED">PASSED<\/span>/,
      );
      expect(html).not.to.match(/<details class="test-case"[^>]* open/);
    });

    it('gives each test case, failed or passed, the id links use (runTestCaseAnchor), and answers the old tc- form', async () => {
      const html = await page();
      const failed = rows['Add to cart']!.short_id;
      const passed = rows['Sign in']!.short_id;
      expect(html).to.include(`<section class="test-case failed" id="${runTestCaseAnchor(failed)}"`);
      expect(html).to.include(`<details class="test-case" id="${runTestCaseAnchor(passed)}"><summary>Sign in `);
      // The links every builder makes land there: the fragment is that id.
      expect(new URL(runTestCaseLink(service.baseUrl + `/runs/${run.shortId}`, passed)).hash).to.equal(
        `#${runTestCaseAnchor(passed)}`,
      );
      // Links of the old form (the MCP server's) land just before the same element.
      for (const shortId of [failed, passed])
        expect(html).to.match(
          new RegExp(
            `<span id="${legacyRunTestCaseAnchor(shortId)}"></span><(section|details) class="test-case[^"]*" id="${shortId}"`,
          ),
        );
      // Each id once on the page.
      for (const id of [failed, passed, legacyRunTestCaseAnchor(failed), legacyRunTestCaseAnchor(passed)])
        expect(html.split(`id="${id}"`).length - 1, id).to.equal(1);
    });

    it('names the step each screenshot was taken after: the recorded version, else the step plan', async () => {
      const html = (await page()).replace(/&#39;/g, "'");
      expect(html).to.include("<figcaption>after step 2: Click 'Add to cart'</figcaption>");
      expect(html).to.include('<figcaption>after step 1: Go to /shop</figcaption>');
      expect(html).to.include('<figcaption>when it stopped</figcaption>');
      expect(html).to.include("<figcaption>after step 2: Fill 'Email' with 'admin'</figcaption>");
      expect(html).to.include('<figcaption>at the end</figcaption>');
      // The failure's own screenshot comes before the screenshots of its earlier steps.
      expect(html.indexOf('screenshot-final.jpg')).to.be.lessThan(html.indexOf('after step 1: Go to /shop'));
      expect(html).to.match(/href="\/evidence\/runs\/[^"]+\/trace\.zip" download>Playwright trace \(zip\)/);
    });

    it('links the commit, branch and merge request on GitHub Enterprise, and on self-managed GitLab', async () => {
      const [connection] = await sql(
        service,
        `INSERT INTO repository_connections (project_id, short_id, host, api_url, repository, token, webhook_secret)
         VALUES ($1, 'conn-shop', 'github', 'https://ghe.example.com/api/v3', 'acme/shop', 'not-a-token', 'not-a-secret') RETURNING id`,
        [shop.project.id],
      );
      await sql(
        service,
        `INSERT INTO reviews (short_id, project_id, connection_id, change_request_number, change_request_title, branch, head_sha, author, event, status, run_id)
         VALUES ('rev-shop', $1, $2, 12, 'Keep the cart', 'feature/cart', $3, 'octocat', 'opened', 'COMPLETED', $4)`,
        [shop.project.id, connection!.id, 'f00dfeed'.repeat(5), run.id],
      );
      let html = await page();
      expect(html).to.include(
        `<a href="https://ghe.example.com/acme/shop/commit/${'f00dfeed'.repeat(5)}"><code title="${'f00dfeed'.repeat(5)}">f00dfee</code></a> Cart: keep the item`,
      );
      expect(html).to.include('href="https://ghe.example.com/acme/shop/tree/feature/cart"');
      expect(html).to.include('<a href="https://ghe.example.com/acme/shop/pull/12">#12 Keep the cart</a>');
      expect(html).to.include('<a href="/reviews/rev-shop">review rev-shop</a>');
      await sql(
        service,
        `UPDATE repository_connections SET host = 'gitlab', api_url = 'https://git.example.com/gitlab/api/v4' WHERE id = $1`,
        [connection!.id],
      );
      html = await page();
      expect(html).to.include('href="https://git.example.com/gitlab/acme/shop/-/commit/');
      expect(html).to.include('href="https://git.example.com/gitlab/acme/shop/-/tree/feature/cart"');
      expect(html).to.include(
        '<a href="https://git.example.com/gitlab/acme/shop/-/merge_requests/12">!12 Keep the cart</a>',
      );
    });

    it('a viewer sees no buttons and may not rerun (403, no run started)', async () => {
      const html = await page(run.shortId, viewer);
      expect(html).not.to.include('/rerun').and.not.to.include('/cancel');
      expect(html).to.include('needs a member');
      const before = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
      for (const action of ['rerun', 'rerun-failed', 'cancel']) {
        const refused = await viewer.fetch(`/runs/${run.shortId}/${action}`, { form: {} });
        expect(refused.status, action).to.equal(403);
        expect(await refused.text()).to.include('viewers only read');
      }
      expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(before);
    });

    it('Rerun failed starts a manual run of the failed and skipped ones (and their dependencies) by the member', async () => {
      const html = await page();
      expect(html)
        .to.include(`action="/runs/${run.shortId}/rerun-failed"`)
        .and.include(`action="/runs/${run.shortId}/rerun"`);
      expect(html, 'the run has ended').not.to.include(`action="/runs/${run.shortId}/cancel"`);
      const res = await member.fetch(`/runs/${run.shortId}/rerun-failed`, { form: {} });
      expect(res.status).to.equal(302);
      const shortId = /^\/runs\/(.+)$/.exec(res.headers.get('location')!)![1]!;
      const [again] = await sql(
        service,
        `SELECT id, trigger, actor, rerun_of_run_id, branch FROM runs WHERE short_id = $1`,
        [shortId],
      );
      expect(again).to.deep.include({
        trigger: 'MANUAL',
        actor: member.user.name,
        rerun_of_run_id: run.id,
        branch: 'feature/cart',
      });
      const names = (
        await sql(service, `SELECT name FROM run_test_cases WHERE run_id = $1 ORDER BY position`, [again!.id])
      ).map((r) => r.name);
      expect(names).to.have.members(['Sign in', 'Add to cart', 'Checkout']);
      const newPage = await page(shortId);
      expect(newPage).to.include('<dt>Rerun of</dt>').and.include(`href="/runs/${run.shortId}"`);
      expect(newPage).to.include('<dt>Previous run of the plan</dt>');
      expect(newPage).to.include(`>${member.user.name}</dd>`);
      expect(newPage).to.include(`action="/runs/${shortId}/cancel"`);
    });

    it('Rerun all starts every test case again', async () => {
      const res = await member.fetch(`/runs/${run.shortId}/rerun`, { form: {} });
      expect(res.status).to.equal(302);
      const shortId = /^\/runs\/(.+)$/.exec(res.headers.get('location')!)![1]!;
      const { n } = (
        await sql<{ n: number }>(
          service,
          `SELECT count(*)::int n FROM run_test_cases WHERE run_id = (SELECT id FROM runs WHERE short_id = $1)`,
          [shortId],
        )
      )[0]!;
      expect(n).to.equal(4);
    });

    it('Rerun failed of a run where nothing failed says so on the run page', async () => {
      const api = service.client(await service.token('shop'));
      const green = (await api.post('/v1/run', { testPlanShortId: planId('Admin only').shortId })).body.run;
      await sql(service, `UPDATE run_test_cases SET status = 'COMPLETED', result = 'PASSED' WHERE run_id = $1`, [
        green.id,
      ]);
      await sql(service, `UPDATE runs SET status = 'COMPLETED', result = 'PASSED' WHERE id = $1`, [green.id]);
      expect(await page(green.shortId)).not.to.include('/rerun-failed');
      const res = await member.fetch(`/runs/${green.shortId}/rerun-failed`, { form: {} });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`/runs/${green.shortId}?notice=nothing-failed`);
      const html = await (await member.fetch(res.headers.get('location')!)).text();
      expect(html).to.include('Nothing to rerun: no test case of this run failed, errored or was skipped.');
      expect(html).to.include('<strong>Passed</strong>: 1 passed of 1.');
    });

    it('a run not started says so, offers Cancel and no rerun; a rerun POSTed meanwhile starts nothing', async () => {
      const api = service.client(await service.token('shop'));
      const live = (await api.post('/v1/run', {})).body.run;
      await sql(service, `UPDATE runs SET status = 'INITIATED' WHERE id = $1`, [live.id]);
      await sql(service, `UPDATE run_test_cases SET status = 'PENDING', result = NULL WHERE run_id = $1`, [live.id]);
      const actions = (html: string) => /<div class="actions">[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
      let html = await page(live.shortId);
      expect(actions(html)).to.include('Not started yet: 4 test cases waiting.');
      expect(html).not.to.include('Nothing failed, errored or was skipped');
      expect(html).not.to.include(`/runs/${live.shortId}/rerun`);
      expect(html).to.include(`action="/runs/${live.shortId}/cancel"`);
      // Running, none finished yet: still not started, as far as anyone can tell.
      await sql(service, `UPDATE runs SET status = 'RUNNING', started_at = now() WHERE id = $1`, [live.id]);
      await sql(
        service,
        `UPDATE run_test_cases SET status = 'RUNNING', started_at = now() WHERE run_id = $1 AND position = 0`,
        [live.id],
      );
      expect(actions(await page(live.shortId))).to.include('Not started yet: 4 test cases waiting.');
      // One failed, one passed: counted, and still no rerun until it has ended.
      await sql(
        service,
        `UPDATE run_test_cases SET status = 'COMPLETED', result = CASE WHEN position = 0 THEN 'FAILED' ELSE 'PASSED' END
          WHERE run_id = $1 AND position < 2`,
        [live.id],
      );
      html = await page(live.shortId);
      expect(actions(html)).to.include('Running: 2 of 4 done.');
      expect(html).not.to.include(`/runs/${live.shortId}/rerun`);
      expect(html).to.include(`action="/runs/${live.shortId}/cancel"`);
      const before = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
      for (const action of ['rerun', 'rerun-failed']) {
        const res = await member.fetch(`/runs/${live.shortId}/${action}`, { form: {} });
        expect(res.status, action).to.equal(302);
        expect(res.headers.get('location'), action).to.equal(`/runs/${live.shortId}?notice=still-running`);
      }
      expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(before);
      expect(await page(`${live.shortId}?notice=still-running`)).to.include(
        'This run has not ended yet: nothing was rerun.',
      );
      expect((await api.post(`/v1/run/${live.shortId}/cancel`)).status).to.equal(200);
    });

    it('an ended run with failures offers both reruns; a passed one Rerun all only; neither offers Cancel', async () => {
      const failed = await page();
      expect(failed)
        .to.include(`action="/runs/${run.shortId}/rerun-failed"`)
        .and.include(`action="/runs/${run.shortId}/rerun"`)
        .and.include('Rerun failed starts a new run of the 2 test cases that failed, errored or were skipped');
      expect(failed).not.to.include(`action="/runs/${run.shortId}/cancel"`).and.not.to.include('Not started yet');
      const api = service.client(await service.token('shop'));
      const green = (await api.post('/v1/run', {})).body.run;
      await sql(service, `UPDATE run_test_cases SET status = 'COMPLETED', result = 'PASSED' WHERE run_id = $1`, [
        green.id,
      ]);
      await sql(service, `UPDATE runs SET status = 'COMPLETED', result = 'PASSED', finished_at = now() WHERE id = $1`, [
        green.id,
      ]);
      const passed = await page(green.shortId);
      expect(passed).to.include(`action="/runs/${green.shortId}/rerun"`);
      expect(passed).to.include('Nothing failed, errored or was skipped.');
      expect(passed)
        .not.to.include(`action="/runs/${green.shortId}/rerun-failed"`)
        .and.not.to.include(`action="/runs/${green.shortId}/cancel"`);
    });

    it('Cancel on a run that has ended says so; on a live one it cancels', async () => {
      const ended = await member.fetch(`/runs/${run.shortId}/cancel`, { form: {} });
      expect(ended.headers.get('location')).to.equal(`/runs/${run.shortId}?notice=ended`);
      const api = service.client(await service.token('shop'));
      const live = (await api.post('/v1/run', {})).body.run;
      const html = await page(live.shortId);
      expect(html).to.include('data-live="true"').and.include('Still to go');
      const res = await member.fetch(`/runs/${live.shortId}/cancel`, { form: {} });
      expect(res.headers.get('location')).to.equal(`/runs/${live.shortId}?notice=cancelling`);
      expect((await api.get(`/v1/run/${live.shortId}`)).body.status).to.equal('CANCELLED');
      const after = await (await member.fetch(res.headers.get('location')!)).text();
      expect(after)
        .to.include('Cancelling: the test cases that had not started are cancelled')
        .and.include('<strong>Cancelled</strong>');
      expect(after).not.to.include('data-live');
    });

    it('an unknown notice shows nothing; an unknown run is a 404 page', async () => {
      expect(await (await member.fetch(`/runs/${run.shortId}?notice=%3Cb%3Ehi`)).text()).not.to.include('hi</');
      const missing = await member.fetch('/runs/no-such-run');
      expect(missing.status).to.equal(404);
      expect(await missing.text()).to.include('<h1>Not found</h1>');
    });
  });
});
