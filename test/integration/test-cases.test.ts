import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { adminFetch } from '../helpers/dashboard.js';

describe('POST /v1/test-cases', () => {
  let service: TestService;
  let api: ApiClient;
  let shop: ApplySummary;
  let counter = 0;

  const web = () => shop.applications.find((a) => a.name === 'web')!.shortId;
  const testCaseId = (name: string) => shop.testCases.find((t) => t.name === name)!.id;
  const countTestCases = async () =>
    (
      await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM test_cases WHERE project_id = $1', [
        shop.project.id,
      ])
    )[0]!.n;
  const valid = (extra: Record<string, unknown> = {}) => ({
    name: `Search ${++counter}`,
    goal: "Search for 'socks'",
    applicationShortId: web(),
    ...extra,
  });

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    api = service.client(await service.token('shop'));
  });
  after(() => service.close());

  it('creates a disabled test case that starts generating, with a link to its page', async () => {
    const res = await api.post('/v1/test-cases', {
      name: 'Find socks',
      goal: "Search for 'socks'",
      applicationShortId: web(),
      expectedResult: 'Socks are listed',
    });
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    const { id, name, url } = res.body.testCase;
    expect(name).to.equal('Find socks');
    expect(url).to.equal(`${service.baseUrl}/test-cases/${id}`);
    const [row] = await sql(
      service,
      'SELECT project_id, application_id, name, goal, expected_result, is_enabled, generation_status, created_via FROM test_cases WHERE id = $1',
      [id],
    );
    expect(row).to.deep.equal({
      project_id: shop.project.id,
      application_id: shop.applications.find((a) => a.name === 'web')!.id,
      name: 'Find socks',
      goal: "Search for 'socks'",
      expected_result: 'Socks are listed',
      is_enabled: false,
      generation_status: 'GENERATING',
      created_via: 'api',
    });

    const page = await adminFetch(service, url);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.include('text/html');
    const html = await page.text();
    expect(html).to.include('<h1>Find socks</h1>');
    expect(html).to.include('GENERATING');
  });

  it('stores configs, scenario, Resume From and Wait For dependencies', async () => {
    const config = shop.configs.find((c) => c.name === 'admin login')!;
    const scenario = shop.scenarios.find((s) => s.name === 'returning customer')!;
    const res = await api.post(
      '/v1/test-cases',
      valid({
        configShortIds: [config.shortId],
        scenarioShortId: scenario.shortId,
        resumeFromDependencyProjectTestCaseId: testCaseId('Add to cart'),
        waitForDependenciesProjectTestCaseIds: [testCaseId('Sign in'), testCaseId('Add to cart')],
      }),
    );
    expect(res.status).to.equal(200);
    const id = res.body.testCase.id;
    const [row] = await sql(service, 'SELECT resume_from_id, scenario_id FROM test_cases WHERE id = $1', [id]);
    expect(row).to.deep.equal({ resume_from_id: testCaseId('Add to cart'), scenario_id: scenario.id });
    const waits = await sql(service, 'SELECT depends_on_id FROM test_case_wait_for WHERE test_case_id = $1', [id]);
    expect(waits.map((w) => w.depends_on_id)).to.have.members([testCaseId('Sign in'), testCaseId('Add to cart')]);
    const configs = await sql(service, 'SELECT config_id FROM test_case_configs WHERE test_case_id = $1', [id]);
    expect(configs).to.deep.equal([{ config_id: config.id }]);
  });

  it('accepts a dependency on another test case created through the API', async () => {
    const first = await api.post('/v1/test-cases', valid());
    expect(first.status).to.equal(200);
    const second = await api.post(
      '/v1/test-cases',
      valid({ resumeFromDependencyProjectTestCaseId: first.body.testCase.id }),
    );
    expect(second.status).to.equal(200);
    const [row] = await sql(service, 'SELECT resume_from_id FROM test_cases WHERE id = $1', [second.body.testCase.id]);
    expect(row!.resume_from_id).to.equal(first.body.testCase.id);
  });

  describe('name length', () => {
    it('accepts 80 characters', async () => {
      const name = 'n'.repeat(76) + String(++counter).padStart(4, '0');
      const res = await api.post('/v1/test-cases', valid({ name }));
      expect(res.status).to.equal(200);
      expect(res.body.testCase.name).to.equal(name);
    });

    it('counts characters, not UTF-16 code units: 80 emoji are 80 characters', async () => {
      const name = '🧦'.repeat(79) + String(++counter % 10);
      const res = await api.post('/v1/test-cases', valid({ name }));
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const [row] = await sql(service, 'SELECT char_length(name) AS n FROM test_cases WHERE id = $1', [
        res.body.testCase.id,
      ]);
      expect(row!.n).to.equal(80);
    });

    it('trims the name it stores', async () => {
      const res = await api.post('/v1/test-cases', valid({ name: '  Padded name  ' }));
      expect(res.status).to.equal(200);
      expect(res.body.testCase.name).to.equal('Padded name');
      const [row] = await sql(service, 'SELECT name FROM test_cases WHERE id = $1', [res.body.testCase.id]);
      expect(row!.name).to.equal('Padded name');
    });

    for (const [title, name, says] of [
      ['empty', '', 'got 0'],
      ['81 characters', 'x'.repeat(81), 'got 81'],
      ['81 emoji', '🧦'.repeat(81), 'got 81'],
      ['whitespace only', '   \t ', 'blank'],
    ] as const) {
      it(`answers 400 for a name that is ${title}`, async () => {
        const before = await countTestCases();
        const res = await api.post('/v1/test-cases', valid({ name }));
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body)).to.include('name must be 1 to 80 characters').and.include(says);
        expect(await countTestCases()).to.equal(before);
      });
    }
  });

  describe('validation', () => {
    const invalid: { title: string; body: () => unknown; says: string[] }[] = [
      {
        title: 'an empty object',
        body: () => ({}),
        says: ['name is required', 'goal is required', 'applicationShortId is required'],
      },
      {
        title: 'a missing goal',
        body: () => ({ name: 'No goal', applicationShortId: web() }),
        says: ['goal is required'],
      },
      { title: 'a missing name', body: () => ({ goal: 'g', applicationShortId: web() }), says: ['name is required'] },
      {
        title: 'a missing applicationShortId',
        body: () => ({ name: 'No app', goal: 'g' }),
        says: ['applicationShortId is required'],
      },
      { title: 'a blank goal', body: () => valid({ goal: '  ' }), says: ['goal', 'empty'] },
      { title: 'a numeric name', body: () => valid({ name: 7 }), says: ['name', 'string'] },
      {
        title: 'an application name instead of its short ID',
        body: () => valid({ applicationShortId: 'web' }),
        says: ['applicationShortId', 'application short ID', '"web"'],
      },
      {
        title: 'a config name instead of its short ID',
        body: () => valid({ configShortIds: ['admin login'] }),
        says: ['configShortIds[0]', 'config short ID'],
      },
      {
        title: 'configShortIds as a string',
        body: () => valid({ configShortIds: 'cfg_x' }),
        says: ['configShortIds', 'array'],
      },
      {
        title: 'a scenario short ID with the wrong prefix',
        body: () => valid({ scenarioShortId: 'scn_abc' }),
        says: ['scenarioShortId', 'scenario short ID'],
      },
      {
        title: 'a malformed Resume From UUID',
        body: () => valid({ resumeFromDependencyProjectTestCaseId: 'Sign in' }),
        says: ['resumeFromDependencyProjectTestCaseId', 'UUID'],
      },
      {
        title: 'a malformed Wait For UUID',
        body: () => valid({ waitForDependenciesProjectTestCaseIds: [testCaseId('Sign in'), '1234'] }),
        says: ['waitForDependenciesProjectTestCaseIds[1]', 'UUID', '"1234"'],
      },
      {
        title: 'a Wait For dependency listed twice',
        body: () => valid({ waitForDependenciesProjectTestCaseIds: [testCaseId('Sign in'), testCaseId('Sign in')] }),
        says: ['waitForDependenciesProjectTestCaseIds', 'more than once'],
      },
      {
        title: 'a NUL character in the name',
        body: () => valid({ name: 'Bad\u0000name' }),
        says: ['name contains a NUL character'],
      },
      {
        title: 'a NUL character in the goal',
        body: () => valid({ goal: 'Go\u0000' }),
        says: ['goal contains a NUL character'],
      },
      { title: 'a duplicate name', body: () => valid({ name: 'Sign in' }), says: ['"Sign in"', 'already exists'] },
      {
        title: 'a duplicate name after trimming',
        body: () => valid({ name: ' Checkout ' }),
        says: ['"Checkout"', 'already exists'],
      },
    ];
    for (const c of invalid) {
      it(`answers 400 for ${c.title}, and stores nothing`, async () => {
        const before = await countTestCases();
        const res = await api.post('/v1/test-cases', c.body());
        expect(res.status).to.equal(400);
        const message = errorMessage(res.body);
        for (const part of c.says) expect(message).to.include(part);
        expect(await countTestCases()).to.equal(before);
      });
    }

    for (const [title, raw, says] of [
      ['no body', undefined, 'JSON object body is required'],
      ['malformed JSON', '{"name": "x",}', 'not valid JSON'],
      ['an array body', '[{"name": "x"}]', 'not an array'],
      ['a JSON null body', 'null', 'not null'],
    ] as const) {
      it(`answers 400 for ${title}`, async () => {
        const before = await countTestCases();
        const res = await api.request(
          'POST',
          '/v1/test-cases',
          raw === undefined ? {} : { raw, headers: { 'content-type': 'application/json' } },
        );
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body)).to.include(says);
        expect(await countTestCases()).to.equal(before);
      });
    }

    it('ignores unknown fields', async () => {
      const res = await api.post('/v1/test-cases', valid({ owner: 'someone', tags: ['a'] }));
      expect(res.status).to.equal(200);
    });
  });

  describe('references', () => {
    const missing: { title: string; body: () => unknown; says: () => string[] }[] = [
      {
        title: 'an unknown application',
        body: () => valid({ applicationShortId: 'app-nope_zzzzzz' }),
        says: () => ['Application app-nope_zzzzzz', 'not found'],
      },
      {
        title: 'an unknown config',
        body: () => valid({ configShortIds: [shop.configs[0]!.shortId, 'cfg-nope_zzzzzz'] }),
        says: () => ['Config cfg-nope_zzzzzz', 'not found'],
      },
      {
        title: 'an unknown scenario',
        body: () => valid({ scenarioShortId: 'scenario-nope_zzzzzz' }),
        says: () => ['Scenario scenario-nope_zzzzzz', 'not found'],
      },
      {
        title: 'an unknown Resume From dependency',
        body: () => valid({ resumeFromDependencyProjectTestCaseId: '00000000-0000-4000-8000-000000000001' }),
        says: () => ['00000000-0000-4000-8000-000000000001', 'not found'],
      },
      {
        title: 'an unknown Wait For dependency',
        body: () =>
          valid({
            waitForDependenciesProjectTestCaseIds: [testCaseId('Sign in'), '00000000-0000-4000-8000-000000000002'],
          }),
        says: () => ['00000000-0000-4000-8000-000000000002', 'not found'],
      },
    ];
    for (const c of missing) {
      it(`answers 404 for ${c.title}, and stores nothing`, async () => {
        const before = await countTestCases();
        const res = await api.post('/v1/test-cases', c.body());
        expect(res.status).to.equal(404);
        const message = errorMessage(res.body);
        for (const part of c.says()) expect(message).to.include(part);
        expect(await countTestCases()).to.equal(before);
      });
    }
  });

  it('keeps a test case created through the API out of plan runs until it is enabled, even when the plan lists it', async () => {
    const created = await api.post('/v1/test-cases', {
      name: 'Wishlist',
      goal: 'Add socks to the wishlist',
      applicationShortId: shop.applications.find((a) => a.name === 'admin')!.shortId,
    });
    expect(created.status).to.equal(200);
    // A second apply lists it in the Admin only plan; the file does not declare it, so apply leaves it as it is.
    const yaml = shopProject().replace('testCases: [Admin dashboard]\n', 'testCases: [Admin dashboard, Wishlist]\n');
    expect(yaml).to.include('[Admin dashboard, Wishlist]');
    await service.apply(yaml);
    const [member] = await sql(service, 'SELECT count(*)::int AS n FROM test_plan_test_cases WHERE test_case_id = $1', [
      created.body.testCase.id,
    ]);
    expect(member!.n).to.equal(1);
    const [row] = await sql(service, 'SELECT is_enabled FROM test_cases WHERE id = $1', [created.body.testCase.id]);
    expect(row!.is_enabled).to.equal(false);

    const run = await api.post('/v1/run', {
      testPlanShortId: shop.testPlans.find((p) => p.name === 'Admin only')!.shortId,
    });
    expect(run.status).to.equal(200);
    expect(run.body.run.testCount).to.equal(1);
    const view = await api.get(`/v1/run/${run.body.run.shortId}?testCases=all`);
    expect(view.body.runTestCases.map((tc: { name: string }) => tc.name)).to.deep.equal(['Admin dashboard']);
  });

  it('gives one of two simultaneous requests with the same name 400, and stores one test case', async () => {
    const body = valid({ name: 'Race' });
    const [a, b] = await Promise.all([api.post('/v1/test-cases', body), api.post('/v1/test-cases', body)]);
    expect([a.status, b.status].sort()).to.deep.equal([200, 400]);
    expect(errorMessage([a, b].find((r) => r.status === 400)!.body)).to.include('already exists');
    const rows = await sql(service, 'SELECT id FROM test_cases WHERE project_id = $1 AND name = $2', [
      shop.project.id,
      'Race',
    ]);
    expect(rows).to.have.length(1);
  });

  it('answers 404 for a dependency that does not exist anywhere (random UUID)', async () => {
    const id = randomUUID();
    const res = await api.post('/v1/test-cases', valid({ waitForDependenciesProjectTestCaseIds: [id] }));
    expect(res.status).to.equal(404);
    expect(errorMessage(res.body)).to.include(id);
  });
});
