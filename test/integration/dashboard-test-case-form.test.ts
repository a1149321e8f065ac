// The dashboard's test case form over HTTP, for what Chromium need not show: who may create, try,
// edit and delete (a viewer's POSTs are 403, another user's try is 404, its screenshots too); the
// limit of tries at once (429 with its message); forms without their CSRF token; references to
// another project's objects; Save keeping a try's steps only for the same goal, application and
// environment; a declared test case's YAML; deleting; a try's job run with a scripted browser
// (progress, masking) and tries deleted after a day. (The flows in Chromium, with a worker:
// test/e2e/dashboard-test-case-form.test.ts.)
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { expireGoalTries } from '../../backend/src/app/goal-tries/expire-tries.js';
import { runGoalTry } from '../../backend/src/app/goal-tries/run-try.js';
import { handOutAgain } from '../../backend/src/app/recover-lost-jobs.js';
import type { ExecutionOutcome, ExecutionRequest, TestExecutor } from '../../backend/src/app/ports/test-executor.js';
import { MAX_LIVE_TRIES, TRY_KEPT_MS } from '../../backend/src/domain/goal-try.js';
import type { Step } from '../../backend/src/domain/steps.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor, type Form, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Fields = Partial<Record<string, string | string[]>>;

/** A browser stand-in: records the given steps one by one (each with a screenshot key), then ends as told. */
class StepByStep implements TestExecutor {
  constructor(
    private readonly steps: Step[],
    private readonly end: Pick<ExecutionOutcome, 'verdict' | 'resultTitle' | 'evaluationThought'>,
    private readonly checks = true,
  ) {}
  async execute(request: ExecutionRequest): Promise<ExecutionOutcome> {
    for (const [index, step] of this.steps.entries())
      await request.onProgress?.({
        kind: 'step',
        index,
        step,
        screenshot: `${request.evidencePrefix}/screenshot-${index + 1}.jpg`,
      });
    if (this.checks) await request.onProgress?.({ kind: 'checking' });
    return {
      ...this.end,
      stepPlan: '',
      steps: this.steps,
      stepsChanged: true,
      healed: [],
      browserState: null,
      evidence: [],
      errorMessage: null,
    };
  }
}

const CLICK = {
  action: 'click',
  sentence: "Click 'Add to cart'",
  target: { locators: [{ kind: 'role', role: 'button', name: 'Add to cart', exact: true }] },
} as unknown as Step;
const GOTO: Step = { action: 'goto', url: '/', sentence: 'Go to /' };

describe('dashboard: the test case form, tries and their refusals', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let other: ApplySummary;
  let member: Visitor;
  let colleague: Visitor;
  let viewer: Visitor;
  let otherCase = '';
  const envs: Record<string, string> = {};

  const count = async (query: string, params: unknown[] = []) =>
    (await sql<{ n: number }>(service, query, params))[0]!.n;
  const testCases = () => count('SELECT count(*)::int n FROM test_cases WHERE project_id = $1', [shop.project.id]);
  const tries = () => count('SELECT count(*)::int n FROM goal_tries');
  const idOf = async (name: string) =>
    (await sql(service, 'SELECT id FROM test_cases WHERE name = $1 AND project_id = $2', [name, shop.project.id]))[0]!
      .id as string;
  const form = (fields: Fields = {}): Form => ({
    name: 'Buy a mug',
    goal: "Go to /. Click 'Add to cart'",
    expectedResult: "'1 item' is shown",
    environment: envs['web/production']!,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
  });
  /** Starts a try as `who` and answers its id (from the redirect). */
  const tryIt = async (who: Visitor, fields: Fields = {}) => {
    const res = await who.fetch('/p/shop/tries', { form: form(fields) });
    expect(res.status, await res.clone().text()).to.equal(303);
    return /[?&]try=([0-9a-f-]{36})/.exec(res.headers.get('location')!)![1]!;
  };

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    other = await service.apply(shopProject({ organization: 'Other', project: 'other' }));
    member = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    colleague = await visitor(service, { organizationId: shop.organization.id, role: 'member' });
    viewer = await visitor(service, { organizationId: shop.organization.id, role: 'viewer' });
    for (const row of await sql(
      service,
      `SELECT p.slug, a.name app, e.name env, e.short_id FROM environments e
         JOIN applications a ON a.id = e.application_id JOIN projects p ON p.id = a.project_id`,
    ))
      envs[`${row.slug === 'shop' ? '' : `${row.slug}:`}${row.app}/${row.env}`] = row.short_id;
    otherCase = (await sql(service, 'SELECT id FROM test_cases WHERE project_id = $1 LIMIT 1', [other.project.id]))[0]!
      .id;
  });
  after(() => service.close());
  // No worker runs here: tries stay queued until a test ends them.
  afterEach(() => sql(service, "UPDATE goal_tries SET status = 'ERROR' WHERE status IN ('QUEUED', 'RUNNING')"));

  it('the list offers New test case to members, not to viewers; the form lists the choices', async () => {
    expect(await (await member.fetch('/p/shop/test-cases')).text()).to.include('href="/p/shop/test-cases/new"');
    expect(await (await viewer.fetch('/p/shop/test-cases')).text()).to.not.include('/test-cases/new');
    const page = await member.fetch('/p/shop/test-cases/new');
    expect(page.status).to.equal(200);
    expect(await page.text())
      .to.include('<h1>New test case</h1>')
      .and.include('web: staging')
      .and.include('admin login')
      .and.include('Smoke')
      .and.include('formaction="/p/shop/tries"');
  });

  it('a try is queued and shown, and nothing is saved until Save', async () => {
    const before = await testCases();
    const id = await tryIt(member);
    const html = await (await member.fetch(`/p/shop/test-cases/new?try=${id}`)).text();
    expect(html)
      .to.include('Waiting for a worker')
      .and.include(`data-try-poll="/p/shop/tries/${id}"`)
      .and.include('>Refresh</a>')
      .and.include('value="Buy a mug"');
    expect(await testCases()).to.equal(before);
    expect(
      await count("SELECT count(*)::int n FROM pgboss.job WHERE name = 'try-goal' AND data->>'tryId' = $1", [id]),
    ).to.equal(1);
    expect((await member.fetch(`/p/shop/tries/${id}`)).status).to.equal(200);
  });

  it("another user's try, and a try under another project's address, are 404, its screenshots too", async () => {
    const id = await tryIt(member);
    await service.runtime.evidence.put(`tries/${id}/screenshot-01.jpg`, Buffer.from('jpeg'), 'image/jpeg', []);
    expect((await member.fetch(`/evidence/tries/${id}/screenshot-01.jpg`)).status).to.equal(200);
    for (const path of [
      `/p/shop/tries/${id}`,
      `/p/shop/test-cases/new?try=${id}`,
      `/evidence/tries/${id}/screenshot-01.jpg`,
    ])
      expect((await colleague.fetch(path)).status, path).to.equal(404);
    const outsider = await visitor(service, { organizationId: other.organization.id, role: 'owner' });
    expect((await outsider.fetch(`/p/other/tries/${id}`)).status).to.equal(404);
    expect((await member.fetch('/p/shop/tries/not-a-uuid')).status).to.equal(404);
  });

  it(`a project has at most ${MAX_LIVE_TRIES} tries at once: the next is 429 with the limit's message`, async () => {
    for (let i = 0; i < MAX_LIVE_TRIES; i++) await tryIt(i % 2 ? member : colleague);
    const before = await tries();
    const res = await member.fetch('/p/shop/tries', { form: form() });
    expect(res.status).to.equal(429);
    expect(res.headers.get('retry-after')).to.equal('30');
    expect(await res.text())
      .to.include(`the most it may have at once (${MAX_LIVE_TRIES})`)
      .and.include('Tries count against nothing else')
      .and.include('value="Buy a mug"');
    expect(await tries()).to.equal(before);
    // Another project's tries are its own.
    const outsider = await visitor(service, { organizationId: other.organization.id, role: 'member' });
    const theirs = await outsider.fetch('/p/other/tries', {
      form: form({ environment: envs['other:web/production'] }),
    });
    expect(theirs.status).to.equal(303);
  });

  it('a viewer gets 403 for the form and every POST, and nothing is written', async () => {
    const tc = await idOf('Admin dashboard');
    const before = [await testCases(), await tries()];
    expect((await viewer.fetch('/p/shop/test-cases/new')).status).to.equal(403);
    expect((await viewer.fetch(`/test-cases/${tc}/edit`)).status).to.equal(403);
    for (const path of [
      '/p/shop/tries',
      '/p/shop/test-cases/new',
      `/test-cases/${tc}/edit`,
      `/test-cases/${tc}/delete`,
    ])
      expect((await viewer.fetch(path, { form: form() })).status, path).to.equal(403);
    expect([await testCases(), await tries()]).to.deep.equal(before);
  });

  it('a form without its CSRF token is refused, and nothing is written', async () => {
    const before = [await testCases(), await tries()];
    for (const path of [
      '/p/shop/tries',
      '/p/shop/test-cases/new',
      `/test-cases/${await idOf('Disabled check')}/delete`,
    ]) {
      const res = await pageFetch(service, path, { form: form(), cookie: member.cookie });
      expect(res.status, path).to.equal(403);
      expect(await res.text()).to.include('needs the token of the page it is on');
    }
    const crossSite = await pageFetch(service, '/p/shop/tries', {
      form: form(),
      cookie: member.cookie,
      csrf: member.csrf,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).to.equal(403);
    expect([await testCases(), await tries()]).to.deep.equal(before);
  });

  const refusals: [string, () => Fields, number, string][] = [
    ['an empty goal', () => ({ goal: '  ' }), 400, 'The goal is empty'],
    ['no environment', () => ({ environment: '' }), 400, 'Choose the application and the environment'],
    [
      "another project's environment",
      () => ({ environment: envs['other:web/production'] }),
      404,
      'was not found in project shop',
    ],
    ['an unknown config', () => ({ configs: ['cfg-nope_000000'] }), 404, 'was not found in project shop'],
    ['an unknown plan', () => ({ plans: ['pln-nope_000000'] }), 404, 'was not found in project shop'],
    [
      "another project's test case to resume from",
      () => ({ resumeFrom: otherCase }),
      404,
      'was not found in project shop',
    ],
  ];
  for (const [what, fields, status, says] of refusals) {
    it(`${what}: ${status} on the form for Try it and Save, keeping what was typed, writing nothing`, async () => {
      const before = [await testCases(), await tries()];
      for (const path of ['/p/shop/tries', '/p/shop/test-cases/new']) {
        const res = await member.fetch(path, { form: form(fields()) });
        expect(res.status, path).to.equal(status);
        expect(await res.text(), path)
          .to.include(says)
          .and.include('value="Buy a mug"');
      }
      expect([await testCases(), await tries()]).to.deep.equal(before);
    });
  }

  it("a try of another project's test case (the form's hidden field) is 404, and nothing is queued", async () => {
    const before = await tries();
    const res = await member.fetch('/p/shop/tries', { form: form({ testCase: otherCase }) });
    expect(res.status).to.equal(404);
    const garbage = await member.fetch('/p/shop/tries', { form: form({ testCase: "'; DROP TABLE goal_tries; --" }) });
    expect(garbage.status).to.equal(400);
    expect(await tries()).to.equal(before);
  });

  it("Save keeps the try's steps for the same goal and environment, and queues a burn-in otherwise", async () => {
    const executor = new StepByStep([GOTO, CLICK], { verdict: 'PASSED', resultTitle: null, evaluationThought: 'ok' });
    const id = await tryIt(member, { name: 'Kept steps' });
    expect(await runGoalTry(service.runtime.app, executor, id)).to.equal('PASSED');
    const res = await member.fetch('/p/shop/test-cases/new', { form: form({ name: 'Kept steps', try: id }) });
    expect(res.status).to.equal(302);
    const saved = /\/test-cases\/([0-9a-f-]{36})\?done=created-tried$/.exec(res.headers.get('location')!)![1]!;
    const [row] = await sql(
      service,
      'SELECT generation_status, is_enabled, created_via FROM test_cases WHERE id = $1',
      [saved],
    );
    expect(row).to.deep.equal({ generation_status: 'COMPLETED', is_enabled: false, created_via: 'api' });
    const versions = await sql(
      service,
      'SELECT version, source, steps FROM test_case_step_versions WHERE test_case_id = $1',
      [saved],
    );
    expect(versions).to.deep.equal([{ version: 1, source: 'burn-in', steps: [GOTO, CLICK] }]);
    expect(
      await count(
        "SELECT count(*)::int n FROM pgboss.job WHERE name = 'generate-test-case' AND data->>'testCaseId' = $1",
        [saved],
      ),
    ).to.equal(0);
    expect(await (await member.fetch(`/test-cases/${saved}?done=created-tried`)).text()).to.include(
      'Saved with the steps of your try',
    );

    // The environment changed since the try: a burn-in. Someone else's try lends nothing either.
    const changed = await member.fetch('/p/shop/test-cases/new', {
      form: form({ name: 'Staging', environment: envs['web/staging'], try: id }),
    });
    expect(changed.headers.get('location')).to.match(/done=created-burn-in$/);
    const theirs = await colleague.fetch('/p/shop/test-cases/new', { form: form({ name: 'Theirs', try: id }) });
    expect(theirs.headers.get('location')).to.match(/done=created-burn-in$/);
    expect(
      await count(
        `SELECT count(*)::int n FROM test_cases WHERE name IN ('Staging', 'Theirs') AND generation_status = 'GENERATING'`,
      ),
    ).to.equal(2);
  });

  it('a try that could not carry the goal out keeps nothing; its page shows the message whole, masked', async () => {
    const message =
      "Could not do \"Click 'Checkout'\": the page has no such button.\nClosest: button 'Add to cart'; it typed s3cret";
    const executor = new StepByStep(
      [GOTO],
      { verdict: 'FAILED', resultTitle: 'Could not do "Click \'Checkout\'"', evaluationThought: message },
      false,
    );
    const id = await tryIt(member, { goal: "Go to /. Click 'Checkout'" });
    expect(await runGoalTry(service.runtime.app, executor, id)).to.equal('FAILED');
    const html = await (await member.fetch(`/p/shop/tries/${id}`)).text();
    expect(html)
      .to.include('The goal could not be carried out.')
      .and.include("Closest: button 'Add to cart'")
      .and.include('{{config.password}}')
      .and.not.include('s3cret')
      .and.not.include('data-try-poll');
    const res = await member.fetch('/p/shop/test-cases/new', {
      form: form({ name: 'Checkout try', goal: "Go to /. Click 'Checkout'", try: id }),
    });
    expect(res.headers.get('location')).to.match(/done=created-burn-in$/);
  });

  it('the job records each step as it comes, then the check, and the page shows both', async () => {
    const id = await tryIt(member);
    const pages: string[] = [];
    const executor: TestExecutor = {
      async execute(request) {
        await request.onProgress!({ kind: 'step', index: 0, step: GOTO, screenshot: `tries/${id}/screenshot-01.jpg` });
        pages.push(await (await member.fetch(`/p/shop/tries/${id}`)).text());
        await request.onProgress!({ kind: 'checking' });
        pages.push(await (await member.fetch(`/p/shop/tries/${id}`)).text());
        return new StepByStep([GOTO], {
          verdict: 'FAILED',
          resultTitle: "'1 item' is not shown",
          evaluationThought: 'The page shows 0 items.',
        }).execute({ ...request, onProgress: undefined });
      },
    };
    expect(await runGoalTry(service.runtime.app, executor, id)).to.equal('FAILED');
    expect(pages[0])
      .to.include('Carrying out the goal')
      .and.include('Go to /')
      .and.include(`/evidence/tries/${id}/screenshot-01.jpg`)
      .and.include('data-try-poll');
    expect(pages[1]).to.include('checking the expected result');
    expect(await (await member.fetch(`/p/shop/tries/${id}`)).text())
      .to.include('but the expected result does not hold')
      .and.include('The page shows 0 items.')
      .and.include('Save keeps these 1 recorded step');
  });

  it('editing a declared test case saves, says the next apply sets it back, and shows its YAML', async () => {
    const tc = await idOf('Admin dashboard');
    const burnIns = () =>
      count("SELECT count(*)::int n FROM pgboss.job WHERE name = 'generate-test-case' AND data->>'testCaseId' = $1", [
        tc,
      ]);
    const queued = await burnIns();
    const page = await (await member.fetch(`/test-cases/${tc}/edit`)).text();
    expect(page).to.include('the next goalie apply of that file sets it back').and.include('value="Admin dashboard"');
    const res = await member.fetch(`/test-cases/${tc}/edit`, {
      form: {
        name: 'Admin dashboard',
        goal: 'Go to /',
        expectedResult: "'Admin' is shown",
        environment: envs['admin/production']!,
        plans: [],
      },
    });
    expect(res.headers.get('location')).to.equal(`/test-cases/${tc}?done=edited-kept`);
    expect(await (await member.fetch(res.headers.get('location')!)).text())
      .to.include('In the project file')
      .and.include('name: Admin dashboard')
      .and.include('application: admin')
      .and.include('is shown');
    const [row] = await sql(service, 'SELECT expected_result FROM test_cases WHERE id = $1', [tc]);
    expect(row).to.deep.equal({ expected_result: "'Admin' is shown" });
    expect(await burnIns(), 'no new burn-in for a new expected result').to.equal(queued);
    expect(
      await count('SELECT count(*)::int n FROM test_plan_test_cases WHERE test_case_id = $1', [tc]),
      'taken out of its plans',
    ).to.equal(0);
  });

  it('saving the same form changes nothing and says so', async () => {
    const tc = await idOf('Disabled check');
    const [before] = await sql(service, 'SELECT updated_at FROM test_cases WHERE id = $1', [tc]);
    const [smoke] = await sql(service, "SELECT short_id FROM test_plans WHERE name = 'Smoke' AND project_id = $1", [
      shop.project.id,
    ]);
    const res = await member.fetch(`/test-cases/${tc}/edit`, {
      form: {
        name: 'Disabled check',
        goal: 'Go to /broken',
        expectedResult: '',
        environment: envs['web/production']!,
        plans: [smoke!.short_id],
      },
    });
    expect(res.headers.get('location')).to.equal(`/test-cases/${tc}?done=edited-unchanged`);
    expect((await sql(service, 'SELECT updated_at FROM test_cases WHERE id = $1', [tc]))[0]).to.deep.equal(before);
  });

  it('deleting is refused while others depend on it, and works otherwise', async () => {
    const create = async (name: string, fields: Fields = {}) => {
      const res = await member.fetch('/p/shop/test-cases/new', { form: form({ name, ...fields }) });
      return /\/test-cases\/([0-9a-f-]{36})/.exec(res.headers.get('location')!)![1]!;
    };
    const base = await create('Base');
    const child = await create('Child', { resumeFrom: base });
    expect(await (await member.fetch(`/test-cases/${base}`)).text()).to.include(
      'action="/test-cases/' + base + '/delete"',
    );
    const refused = await member.fetch(`/test-cases/${base}/delete`, { form: {} });
    expect(refused.status).to.equal(409);
    expect(await refused.text())
      .to.include('cannot be deleted: other test cases depend on it')
      .and.include('&quot;Child&quot;');
    expect(await count('SELECT count(*)::int n FROM test_cases WHERE id = $1', [base])).to.equal(1);
    for (const id of [child, base]) {
      const res = await member.fetch(`/test-cases/${id}/delete`, { form: {} });
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/p/shop/test-cases?done=deleted');
    }
    expect(await (await member.fetch('/p/shop/test-cases?done=deleted')).text()).to.include(
      'The test case was deleted.',
    );
    expect(await count('SELECT count(*)::int n FROM test_cases WHERE id = ANY($1::uuid[])', [[base, child]])).to.equal(
      0,
    );
  });

  it('a test case of a project file is deleted by an admin or owner only, as a token needs the admin scope', async () => {
    const disabled = await idOf('Disabled check');
    expect(await (await member.fetch(`/test-cases/${disabled}`)).text()).to.not.include('/delete"');
    const refused = await member.fetch(`/test-cases/${disabled}/delete`, { form: {} });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.include('Only an admin or owner of its organization may delete Disabled check');
    expect(await count('SELECT count(*)::int n FROM test_cases WHERE id = $1', [disabled])).to.equal(1);
    const admin = await visitor(service, { organizationId: shop.organization.id, role: 'admin' });
    expect((await admin.fetch(`/test-cases/${disabled}/delete`, { form: {} })).status).to.equal(302);
    expect(await count('SELECT count(*)::int n FROM test_cases WHERE id = $1', [disabled])).to.equal(0);
  });

  it('a try whose worker was lost ends at once, saying to try again', async () => {
    const id = await tryIt(member);
    const app = service.runtime.app;
    await app.store.transaction((tx) =>
      handOutAgain(app, tx, { queue: 'try-goal', id: 'lost-job', data: { tryId: id } }, 1),
    );
    expect(await (await member.fetch(`/p/shop/tries/${id}`)).text())
      .to.include('The worker running this try stopped before it ended')
      .and.include('Press Try it again')
      .and.not.include('data-try-poll');
    expect(
      await count("SELECT count(*)::int n FROM pgboss.job WHERE name = 'try-goal' AND data->>'tryId' = $1", [id]),
      'not queued again',
    ).to.equal(1);
  });

  it('tries and their screenshots are deleted a day after they were started', async () => {
    const id = await tryIt(member);
    await service.runtime.evidence.put(`tries/${id}/screenshot-01.jpg`, Buffer.from('jpeg'), 'image/jpeg', []);
    const app = service.runtime.app;
    expect(await expireGoalTries(app, service.runtime.evidence)).to.equal(0);
    const now = app.now;
    app.now = () => new Date(Date.now() + TRY_KEPT_MS + 60_000);
    try {
      expect(await expireGoalTries(app, service.runtime.evidence)).to.be.greaterThan(0);
    } finally {
      app.now = now;
    }
    expect(await tries()).to.equal(0);
    expect(await service.runtime.evidence.open(`tries/${id}/screenshot-01.jpg`)).to.equal(null);
  });
});
