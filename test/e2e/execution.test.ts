// Runs executed for real: the service's queue and workers driving headless Chromium against a site
// on 127.0.0.1. Resume From state, Wait For skipping, burn-in then replay, healing, failedOnly
// reruns, evidence, and a worker process killed in the middle of a run (also after a cancel).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { adminFetch, visitor } from '../helpers/dashboard.js';
import { startGoalie, type Running } from '../helpers/processes.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { sharedBrowser } from '../helpers/shared-browser.js';
import { waitFor } from '../helpers/wait.js';

interface TestSite {
  url: string;
  label: string;
  /** While set, /slow does not answer (a test case stuck on it stays RUNNING). */
  holdSlow: boolean;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main>${body}</main></body></html>`;

async function startTestSite(): Promise<TestSite> {
  const site: TestSite = { url: '', label: 'Email', holdSlow: false, close: async () => {} };
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const send = (html: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
      res.end(html);
    };
    if (path === '/set') {
      // A cookie from the server, and localStorage and sessionStorage from the page.
      return send(
        page(
          'Set',
          `<p id="s">setting</p><script>localStorage.setItem('local', 'yes'); sessionStorage.setItem('session', 'yes'); document.getElementById('s').textContent = 'ready';</script>`,
        ),
        { 'set-cookie': 'crumb=yes; Path=/; HttpOnly' },
      );
    }
    if (path === '/show') {
      const cookie = /crumb=yes/.test(req.headers.cookie ?? '') ? 'yes' : 'no';
      return send(
        page(
          'Show',
          `<p>cookie=${cookie}</p><p id="l"></p><p id="s"></p><script>document.getElementById('l').textContent = 'local=' + (localStorage.getItem('local') || 'no'); document.getElementById('s').textContent = 'session=' + (sessionStorage.getItem('session') || 'no');</script>`,
        ),
      );
    }
    if (path === '/form') {
      // A redesign renames the label and the field's id: no recorded locator matches any more.
      const id = site.label === 'Email' ? 'e' : 'email-address';
      return send(
        page(
          'Form',
          `<label for="${id}">${site.label}</label><input id="${id}"><button onclick="document.getElementById('out').textContent = 'Hello ' + document.getElementById('${id}').value">Greet</button><p id="out"></p>`,
        ),
      );
    }
    if (path === '/device') {
      // What the browser tells the site about itself: the device preset's effect.
      const header = req.headers['x-test-run'] ?? 'none';
      const ua = /iPhone/.test(req.headers['user-agent'] ?? '') ? 'iPhone' : 'other';
      return send(
        page(
          'Device',
          `<p>ua=${ua}</p><p>header=${header}</p><p id="d"></p><script>document.getElementById('d').textContent = ['width=' + innerWidth, 'lang=' + navigator.language, 'zone=' + Intl.DateTimeFormat().resolvedOptions().timeZone, 'dark=' + matchMedia('(prefers-color-scheme: dark)').matches].join(' ');</script>`,
        ),
      );
    }
    if (path === '/slow') {
      if (site.holdSlow) return void held.push(res);
      return send(page('Slow', '<p>finally</p>'));
    }
    return send(page('Home', '<h1>Home</h1><p>All good</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      held.forEach((r) => r.destroy());
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

const project = (siteUrl: string) => `
organization: { name: E2E }
project: { name: e2e }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
devicePresets:
  - name: Phone
    viewport: { width: 390, height: 844 }
    locale: sv-SE
    timezone: Asia/Tokyo
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"
    extraHeaders: { X-Test-Run: goalie }
    colorScheme: dark
testCases:
  - name: Device
    application: Site
    goal: Go to /device
    expectedResult: "'ua=iPhone' is shown and 'header=goalie' is shown and 'width=390 lang=sv-SE zone=Asia/Tokyo dark=true' is shown"
  - name: Set state
    application: Site
    goal: Go to /set
    expectedResult: "'ready' is shown"
  - name: Resumed
    application: Site
    goal: Go to /show
    expectedResult: "'cookie=yes' is shown and 'local=yes' is shown and 'session=yes' is shown"
    resumeFrom: Set state
  - name: Fresh
    application: Site
    goal: Go to /show
    expectedResult: "'cookie=no' is shown and 'local=no' is shown and 'session=no' is shown"
    waitFor: [Set state]
  - name: Broken
    application: Site
    goal: Go to /
    expectedResult: "'Free shipping' is shown"
  - name: After broken
    application: Site
    goal: Go to /
    expectedResult: "'All good' is shown"
    waitFor: [Broken]
  - name: Greet
    application: Site
    goal: Go to /form. Fill 'Email' with 'Ada'. Click 'Greet'
    expectedResult: "'Hello Ada' is shown"
  - name: Slow
    application: Site
    goal: Go to /slow
    expectedResult: "'finally' is shown"
testPlans:
  - name: State
    default: true
    testCases: [Resumed, Fresh]
  - name: Failing
    testCases: [After broken, Greet]
  - name: Greeting
    testCases: [Greet]
  - name: Slow
    testCases: [Slow]
  - name: Device
    testCases: [Device]
    applications:
      Site: { environment: local, devicePreset: Phone }
`;

describe('executing runs in Chromium', function () {
  this.timeout(120_000);
  let site: TestSite;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker | null = null;
  let plans: Record<string, string>;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const finished = (shortId: string, timeoutMs = 60_000) =>
    waitFor(
      `run ${shortId} to end`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}?testCases=all`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      timeoutMs,
      100,
    );
  const byName = (view: { runTestCases: { name: string }[] }) =>
    Object.fromEntries(view.runTestCases.map((t) => [t.name, t])) as Record<string, any>;
  const run = async (plan: string) => (await api.post('/v1/run', { testPlanShortId: plans[plan] })).body.run;

  let organizationId: string;

  before(async () => {
    site = await startTestSite();
    service = await startTestService({ GOALIE_WORKER_STALE_SECONDS: '3', GOALIE_SCHEDULER_TICK_SECONDS: '1' });
    organizationId = (await service.apply(project(site.url))).organization.id;
    api = service.client(await service.token('e2e'));
    plans = Object.fromEntries(
      (await q(`SELECT name, short_id FROM test_plans`)).map((r: { name: string; short_id: string }) => [
        r.name,
        r.short_id,
      ]),
    );
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      90_000,
      100,
    );
  });
  after(async () => {
    await worker?.stop();
    await service.close();
    await site.close();
  });

  it('burns in every test case: steps recorded, generation COMPLETED', async () => {
    const rows = await q(
      `SELECT t.name, t.generation_status, (SELECT count(*)::int FROM test_case_step_versions v WHERE v.test_case_id = t.id) versions FROM test_cases t ORDER BY t.name`,
    );
    for (const row of rows) expect(row, row.name).to.include({ generation_status: 'COMPLETED', versions: 1 });
  });

  it('Resume From carries cookies, localStorage and sessionStorage; Wait For starts fresh', async () => {
    const view = await finished((await run('State')).shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
    const rows = byName(view);
    expect(rows['Resumed']).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(rows['Fresh']).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(rows['Set state']).to.include({ status: 'COMPLETED', result: 'PASSED' });
  });

  it('replays recorded steps, with screenshots, the trace and the step plan as evidence', async () => {
    const view = await finished((await run('Greeting')).shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
    const greet = view.runTestCases[0];
    expect(greet.promptGoal).to.equal("Go to /form. Fill 'Email' with 'Ada'. Click 'Greet'");
    expect(greet.promptExamples).to.equal("1. Go to /form\n2. Fill 'Email' with 'Ada'\n3. Click 'Greet'");
    const [row] = await q(`SELECT step_version, evidence, healed FROM run_test_cases WHERE id = $1`, [greet.id]);
    expect(row.step_version).to.equal(1);
    expect(row.healed).to.deep.equal([]);
    expect(row.evidence.map((e: { label: string }) => e.label)).to.include.members([
      '01',
      '02',
      '03',
      'final',
      'trace',
    ]);
    const pageHtml = await (await adminFetch(service, `/runs/${view.shortId}`)).text();
    const trace = /href="(\/evidence\/[^"]+trace\.zip)"/.exec(pageHtml)![1]!;
    // The trace is written while the worker goes on to the next test case: it lands a moment later.
    const zip = await waitFor('the trace file', async () => {
      const response = await adminFetch(service, trace);
      return response.status === 200 ? response : null;
    });
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).to.equal('PK');
    const shot = await adminFetch(service, /src="(\/evidence\/[^"]+screenshot-final\.jpg)"/.exec(pageHtml)![1]!);
    expect(shot.headers.get('content-type')).to.equal('image/jpeg');
  });

  it('heals a step after the site renames a label, reports it, and stores the healed steps', async () => {
    site.label = 'Email address';
    try {
      const view = await finished((await run('Greeting')).shortId);
      expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
      expect(view.runTestCases[0].evaluationThought).to.match(/Healed 1 step: step 2 \("Fill 'Email' with 'Ada'"\)/);
      const [row] = await q(`SELECT step_version, healed FROM run_test_cases WHERE id = $1`, [view.runTestCases[0].id]);
      expect(row.step_version).to.equal(2);
      expect(row.healed[0]).to.include({ index: 1, sentence: "Fill 'Email' with 'Ada'" });
      expect(row.healed[0].after).to.contain('Email address');
      const again = await finished((await run('Greeting')).shortId);
      const [next] = await q(`SELECT step_version, healed FROM run_test_cases WHERE id = $1`, [
        again.runTestCases[0].id,
      ]);
      expect(next).to.deep.equal({ step_version: 2, healed: [] });
    } finally {
      site.label = 'Email';
    }
  });

  it('applies the effective device preset: viewport, locale, time zone, user agent, headers, color scheme', async () => {
    const view = await finished((await run('Device')).shortId);
    expect(view.runTestCases[0], view.runTestCases[0].evaluationThought).to.include({
      status: 'COMPLETED',
      result: 'PASSED',
    });
  });

  it('cancels a run from its page', async () => {
    site.holdSlow = true;
    try {
      const slow = await run('Slow');
      await waitFor(
        'the test case to run',
        async () =>
          (
            await q(
              `SELECT 1 FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1 AND rtc.status = 'RUNNING'`,
              [slow.shortId],
            )
          )[0],
      );
      const member = await visitor(service, { organizationId: organizationId, role: 'member' });
      const pageHtml = await (await member.fetch(`/runs/${slow.shortId}`)).text();
      expect(pageHtml).to.contain(`action="/runs/${slow.shortId}/cancel"`);
      // A form on another site that posts here, with the member's cookie, is refused and cancels nothing.
      const crossSite: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ];
      for (const headers of crossSite) {
        const refused = await fetch(`${slow.url}/cancel`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, cookie: member.cookie },
        });
        expect(refused.status, JSON.stringify(headers)).to.equal(403);
        expect((await refused.json()).message).to.match(/only works from Goalie's own run page/);
      }
      // Without the session's form token (curl with the cookie), or with another token: 403.
      expect(pageHtml).to.contain(`name="token" value="${member.csrf}"`);
      for (const body of ['', 'token=' + 'x'.repeat(32)]) {
        const refused = await fetch(`${slow.url}/cancel`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: member.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        expect(refused.status, body).to.equal(403);
        expect((await refused.json()).message).to.match(/needs the token of the page/);
      }
      // Signed out, the form is not even reached: sign in first.
      const signedOut = await fetch(`${slow.url}/cancel`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'token=' + member.csrf,
      });
      // Sent to sign in before anything is looked up, as every page is signed out (docs/security.md).
      expect(signedOut.status).to.equal(401);
      expect((await q(`SELECT status FROM runs WHERE short_id = $1`, [slow.shortId]))[0].status).to.equal('RUNNING');
      // The page's own form, pressed in Chromium by the signed-in member.
      const context = await (await sharedBrowser()).newContext();
      try {
        await context.addCookies([
          { name: 'goalie_session', value: member.cookie.split('=')[1]!, url: service.baseUrl },
        ]);
        const page = await context.newPage();
        await page.goto(slow.url);
        await page.getByRole('button', { name: 'Cancel run' }).click();
        // Back on the run page, which says what the button did.
        await page.waitForURL(`${slow.url}?notice=cancelling`);
      } finally {
        await context.close();
      }
      const view = await finished(slow.shortId);
      expect(view).to.include({ status: 'CANCELLED', result: null });
      expect(view.runTestCases[0].status).to.equal('CANCELLED');
    } finally {
      site.holdSlow = false;
    }
  });

  it('fails with a reason, skips what waits for the failure, and reruns only the failed ones', async () => {
    const view = await finished((await run('Failing')).shortId);
    expect(view).to.include({ status: 'COMPLETED', result: 'FAILED' });
    const rows = byName(view);
    expect(rows['Broken']).to.include({ status: 'COMPLETED', result: 'FAILED' });
    expect(rows['Broken'].resultTitle).to.match(/Free shipping/);
    expect(rows['After broken']).to.include({
      status: 'SKIPPED',
      result: 'SKIPPED',
      resultTitle: 'Skipped: dependency "Broken" failed',
    });
    expect(rows['Greet']).to.include({ result: 'PASSED' });

    const rerun = await api.post(`/v1/run/${view.shortId}`, { failedOnly: true });
    expect(rerun.status).to.equal(200);
    expect(rerun.body.run.testCount).to.equal(2);
    const second = await finished(rerun.body.run.shortId);
    expect(second.runTestCases.map((t: { name: string }) => t.name).sort()).to.deep.equal(['After broken', 'Broken']);
  });

  // One worker process, killed while it runs a test case of each of two runs, one of which is then
  // cancelled: recovery finishes the one and ends the other CANCELLED (run-engine.test.ts proves
  // both in-process; this is the real process, killed for real, and the stale timeout in real time).
  it('after its worker process is killed mid-run: finishes one run, and ends CANCELLED one cancelled meanwhile, within the stale timeout and a tick', async () => {
    await worker!.stop();
    worker = null;
    site.holdSlow = true;
    const child: Running = startGoalie(['worker'], {
      DATABASE_URL: service.runtime.databaseUrl,
      GOALIE_HOME: service.home,
      GOALIE_DEMO_PORT: 'off',
      GOALIE_SCHEDULER_TICK_SECONDS: '1',
    });
    try {
      await child.waitFor(/Goalie worker .* is running/, 60_000);
      const [finishing, cancelled] = [await run('Slow'), await run('Slow')];
      const rows = await waitFor(
        'the child worker to run the test cases of both runs',
        async () =>
          q(
            `SELECT rtc.id, rtc.worker_id, r.short_id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = ANY($1) AND rtc.status = 'RUNNING'`,
            [[finishing.shortId, cancelled.shortId]],
          ).then((found) => (found.length === 2 ? found : null)),
        30_000,
      );
      for (const row of rows) expect(row.worker_id).to.match(new RegExp(`-${child.child.pid}-`));
      // Killed before its heartbeat could see the cancel: the cancel is left to recovery.
      child.child.kill('SIGKILL');
      await child.stop();
      expect((await api.post(`/v1/run/${cancelled.shortId}/cancel`)).status).to.equal(200);
      site.holdSlow = false;
      worker = await startWorker(service.runtime);

      // GOALIE_WORKER_STALE_SECONDS 3 and a tick of 1 s, with room for a slow machine.
      const ended = await finished(cancelled.shortId, 15_000);
      expect(ended).to.include({ status: 'CANCELLED', result: null });
      expect(ended.runTestCases[0]).to.include({ status: 'CANCELLED', resultTitle: 'Cancelled' });
      expect(
        (await q(`SELECT attempt FROM run_test_cases WHERE id = $1`, [ended.runTestCases[0].id]))[0].attempt,
      ).to.equal(0);

      const view = await finished(finishing.shortId, 60_000);
      expect(view).to.include({ status: 'COMPLETED', result: 'PASSED' });
      const row = rows.find((r: { short_id: string }) => r.short_id === finishing.shortId);
      const [after] = await q(`SELECT attempt, worker_id FROM run_test_cases WHERE id = $1`, [row.id]);
      expect(after.attempt).to.equal(1);
      expect(after.worker_id).to.equal(worker.worker.id);
    } finally {
      site.holdSlow = false;
      await child.stop();
    }
  });
});
