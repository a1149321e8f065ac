import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { countRuns, errorMessage, planlessProject, sql, withOrganizationSetting } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

type Summary = ApplySummary;

type Named = { id: string; shortId: string };
const app = (s: Summary, name: string) =>
  s.applications.find((a) => a.name === name)! as Summary['applications'][number] & Named;
const env = (s: Summary, appName: string, envName: string) =>
  app(s, appName).environments.find((e) => e.name === envName)! as Named;
const preset = (s: Summary, name: string) => s.devicePresets.find((p) => p.name === name)! as Named;
const plan = (s: Summary, name: string) => s.testPlans.find((p) => p.name === name)! as Named;

interface StoredRunTestCase {
  name: string;
  test_case_id: string;
  environment_id: string;
  environment_url: string;
  device_preset_id: string | null;
  position: number;
}

async function storedTestCases(service: TestService, runId: string): Promise<StoredRunTestCase[]> {
  return sql<StoredRunTestCase>(
    service,
    'SELECT name, test_case_id, environment_id, environment_url, device_preset_id, position FROM run_test_cases WHERE run_id = $1 ORDER BY position',
    [runId],
  );
}

describe('POST /v1/run', () => {
  let service: TestService;
  let api: ApiClient;
  let shop: Summary;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    api = service.client(await service.token('shop'));
  });
  after(() => service.close());

  describe('choosing the plan', () => {
    it('runs the default plan with trigger API when the body is omitted', async () => {
      const res = await api.request('POST', '/v1/run');
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.run.testPlan.name).to.equal('Smoke');
      expect(res.body.run.testPlan.shortId).to.equal(plan(shop, 'Smoke').shortId);
      // Checkout needs Add to cart and Sign in; the disabled test case is left out.
      expect(res.body.run.testCount).to.equal(4);
      expect(res.body.run.url).to.equal(`${service.baseUrl}/runs/${res.body.run.shortId}`);
      const [row] = await sql(service, 'SELECT trigger, status, test_plan_id, project_id FROM runs WHERE id = $1', [
        res.body.run.id,
      ]);
      expect(row).to.deep.equal({
        trigger: 'API',
        status: 'INITIATED',
        test_plan_id: plan(shop, 'Smoke').id,
        project_id: shop.project.id,
      });
    });

    it('runs the plan named by testPlanShortId', async () => {
      const res = await api.post('/v1/run', { testPlanShortId: plan(shop, 'Admin only').shortId });
      expect(res.status).to.equal(200);
      expect(res.body.run.testPlan).to.deep.equal({ name: 'Admin only', shortId: plan(shop, 'Admin only').shortId });
      expect(res.body.run.testCount).to.equal(1);
      expect((await storedTestCases(service, res.body.run.id)).map((r) => r.name)).to.deep.equal(['Admin dashboard']);
    });

    it('answers 404 naming an unknown test plan, and stores nothing', async () => {
      const before = await countRuns(service, shop.project.id);
      const res = await api.post('/v1/run', { testPlanShortId: 'pln-nope_zzzzzz' });
      expect(res.status).to.equal(404);
      expect(errorMessage(res.body)).to.include('pln-nope_zzzzzz').and.include('not found');
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });

    it('answers 404 when the project has no default test plan and none is given', async () => {
      const other = await service.apply(planlessProject({ organization: 'Acme', project: 'planless' }));
      const planless = service.client(await service.token('planless'));
      const res = await planless.request('POST', '/v1/run');
      expect(res.status).to.equal(404);
      expect(errorMessage(res.body)).to.include('no default test plan').and.include('testPlanShortId');
      expect(await countRuns(service, other.project.id)).to.equal(0);
    });
  });

  describe('which test cases run', () => {
    it('runs each test case once, dependencies first, including dependencies outside the plan but no disabled test case', async () => {
      const res = await api.post('/v1/run', {});
      expect(res.status).to.equal(200);
      const rows = await storedTestCases(service, res.body.run.id);
      const names = rows.map((r) => r.name);
      // Add to cart and Sign in are not in the Smoke plan; Checkout needs them.
      expect(names).to.have.members(['Sign in', 'Add to cart', 'Checkout', 'Admin dashboard']);
      expect(new Set(names).size).to.equal(names.length);
      expect(names).not.to.include('Disabled check');
      expect(names.indexOf('Sign in')).to.be.lessThan(names.indexOf('Add to cart'));
      expect(names.indexOf('Add to cart')).to.be.lessThan(names.indexOf('Checkout'));
      expect(res.body.run.testCount).to.equal(rows.length);

      const view = await api.get(`/v1/run/${res.body.run.shortId}?testCases=all`);
      expect(view.status).to.equal(200);
      expect(view.body.runTestCases.map((tc: { name: string }) => tc.name)).to.deep.equal(names);
    });
  });

  describe('environments and device presets', () => {
    it('applies project < plan precedence when there are no overrides', async () => {
      // Smoke sets web -> staging + Phone; admin has no plan parameters: its default environment and the project preset (Desktop).
      const res = await api.post('/v1/run', {});
      expect(res.status).to.equal(200);
      for (const row of await storedTestCases(service, res.body.run.id)) {
        if (row.name === 'Admin dashboard') {
          expect(row, row.name).to.include({
            environment_id: env(shop, 'admin', 'production').id,
            environment_url: 'https://admin.example.com',
            device_preset_id: preset(shop, 'Desktop').id,
          });
        } else {
          expect(row, row.name).to.include({
            environment_id: env(shop, 'web', 'staging').id,
            environment_url: 'https://staging.shop.example.com',
            device_preset_id: preset(shop, 'Phone').id,
          });
        }
      }
    });

    it('lets per-run overrides win over the plan (environment by short ID and device preset)', async () => {
      const res = await api.post('/v1/run', {
        applications: [
          {
            applicationShortId: app(shop, 'web').shortId,
            environment: { shortId: env(shop, 'web', 'production').shortId },
            devicePresetShortId: preset(shop, 'Desktop').shortId,
          },
        ],
      });
      expect(res.status).to.equal(200);
      const rows = await storedTestCases(service, res.body.run.id);
      expect(rows).to.have.length(4);
      for (const row of rows) {
        if (row.name === 'Admin dashboard') {
          expect(row, row.name).to.include({
            environment_url: 'https://admin.example.com',
            device_preset_id: preset(shop, 'Desktop').id,
          });
        } else {
          expect(row, row.name).to.include({
            environment_id: env(shop, 'web', 'production').id,
            environment_url: 'https://shop.example.com',
            device_preset_id: preset(shop, 'Desktop').id,
          });
        }
      }
    });

    it('overrides only the device preset and keeps the plan environment', async () => {
      const res = await api.post('/v1/run', {
        applications: [
          { applicationShortId: app(shop, 'admin').shortId, devicePresetShortId: preset(shop, 'Phone').shortId },
        ],
      });
      expect(res.status).to.equal(200);
      const rows = await storedTestCases(service, res.body.run.id);
      const admin = rows.find((r) => r.name === 'Admin dashboard')!;
      expect(admin).to.include({
        environment_url: 'https://admin.example.com',
        device_preset_id: preset(shop, 'Phone').id,
      });
      const checkout = rows.find((r) => r.name === 'Checkout')!;
      expect(checkout).to.include({
        environment_url: 'https://staging.shop.example.com',
        device_preset_id: preset(shop, 'Phone').id,
      });
    });

    it('creates a preview environment for an override by URL, created by the run', async () => {
      const url = 'https://pr-42.preview.shop.example.com';
      const res = await api.post('/v1/run', {
        applications: [{ applicationShortId: app(shop, 'web').shortId, environment: { url, name: 'PR 42' } }],
      });
      expect(res.status).to.equal(200);
      const envs = await sql(
        service,
        'SELECT id, name, url, is_preview, is_default, created_by_run_id, application_id, short_id FROM environments WHERE url = $1',
        [url],
      );
      expect(envs).to.have.length(1);
      expect(envs[0]).to.include({
        name: 'PR 42',
        is_preview: true,
        is_default: false,
        created_by_run_id: res.body.run.id,
        application_id: app(shop, 'web').id,
      });
      expect(envs[0]!.short_id).to.match(/^env(-.+_.+|_.+)$/);
      const rows = await storedTestCases(service, res.body.run.id);
      for (const row of rows.filter((r) => r.name !== 'Admin dashboard'))
        expect(row, row.name).to.include({ environment_url: url, environment_id: envs[0]!.id });
      expect(rows.find((r) => r.name === 'Admin dashboard')!.environment_url).to.equal('https://admin.example.com');
      // The web application's default environment is still production.
      const [web] = await sql(service, 'SELECT url FROM environments WHERE application_id = $1 AND is_default', [
        app(shop, 'web').id,
      ]);
      expect(web!.url).to.equal('https://shop.example.com');
    });

    it('names a preview environment after its host when no name is given', async () => {
      const url = 'https://pr-7.preview.shop.example.com/app';
      const res = await api.post('/v1/run', {
        applications: [{ applicationShortId: app(shop, 'web').shortId, environment: { url } }],
      });
      expect(res.status).to.equal(200);
      const envs = await sql(service, 'SELECT name, is_preview, created_by_run_id FROM environments WHERE url = $1', [
        url,
      ]);
      expect(envs).to.deep.equal([
        { name: 'Preview pr-7.preview.shop.example.com', is_preview: true, created_by_run_id: res.body.run.id },
      ]);
    });

    it('answers 400 when an application has no environment to run against, and runs with an environment override', async () => {
      const bare = await service.apply(`
organization:
  name: Acme
project:
  name: bare
applications:
  - name: mobile web
testCases:
  - name: Landing
    application: mobile web
    goal: Go to /
testPlans:
  - name: Everything
    testCases: [Landing]
`);
      const client = service.client(await service.token('bare'));
      const refused = await client.post('/v1/run', {});
      expect(refused.status).to.equal(400);
      expect(errorMessage(refused.body))
        .to.include(`No environment to run against for mobile web (${bare.applications[0]!.shortId})`)
        .and.include('applications[].environment');
      expect(await countRuns(service, bare.project.id)).to.equal(0);

      const url = 'https://m.preview.example.com';
      const ok = await client.post('/v1/run', {
        applications: [{ applicationShortId: bare.applications[0]!.shortId, environment: { url } }],
      });
      expect(ok.status).to.equal(200);
      expect(
        (await storedTestCases(service, ok.body.run.id)).map((r) => [r.name, r.environment_url, r.device_preset_id]),
      ).to.deep.equal([['Landing', url, null]]);
    });

    const overrideErrors: { title: string; status: number; applications: () => unknown[]; says: () => string[] }[] = [
      {
        title: 'an environment of another application',
        status: 400,
        applications: () => [
          {
            applicationShortId: app(shop, 'web').shortId,
            environment: { shortId: env(shop, 'admin', 'production').shortId },
          },
        ],
        says: () => ['applications[0].environment', env(shop, 'admin', 'production').shortId, 'another application'],
      },
      {
        title: 'an unknown application',
        status: 404,
        applications: () => [{ applicationShortId: 'app-nope_zzzzzz' }],
        says: () => ['applications[0]', 'app-nope_zzzzzz', 'not found'],
      },
      {
        title: 'an unknown environment',
        status: 404,
        applications: () => [
          { applicationShortId: app(shop, 'web').shortId, environment: { shortId: 'env-nope_zzzzzz' } },
        ],
        says: () => ['applications[0].environment', 'env-nope_zzzzzz', 'not found'],
      },
      {
        title: 'an unknown device preset',
        status: 404,
        applications: () => [
          { applicationShortId: app(shop, 'web').shortId, devicePresetShortId: 'preset-nope_zzzzzz' },
        ],
        says: () => ['applications[0].devicePresetShortId', 'preset-nope_zzzzzz', 'not found'],
      },
      {
        title: 'the same application twice',
        status: 400,
        applications: () => [
          { applicationShortId: app(shop, 'web').shortId },
          { applicationShortId: app(shop, 'web').shortId, devicePresetShortId: preset(shop, 'Phone').shortId },
        ],
        says: () => ['applications[1].applicationShortId', app(shop, 'web').shortId, 'more than once'],
      },
    ];
    for (const c of overrideErrors) {
      it(`answers ${c.status} for ${c.title}, and stores nothing`, async () => {
        const before = await countRuns(service, shop.project.id);
        const [{ n: envsBefore }] = (await sql(service, 'SELECT count(*)::int AS n FROM environments')) as [
          { n: number },
        ];
        const res = await api.post('/v1/run', { applications: c.applications() });
        expect(res.status).to.equal(c.status);
        const message = errorMessage(res.body);
        for (const part of c.says()) expect(message).to.include(part);
        expect(await countRuns(service, shop.project.id)).to.equal(before);
        expect((await sql(service, 'SELECT count(*)::int AS n FROM environments'))[0]!.n).to.equal(envsBefore);
      });
    }

    it('creates no preview environment when a later override of the same request is wrong', async () => {
      const url = 'https://pr-99.preview.shop.example.com';
      const res = await api.post('/v1/run', {
        applications: [
          { applicationShortId: app(shop, 'web').shortId, environment: { url } },
          { applicationShortId: app(shop, 'admin').shortId, devicePresetShortId: 'preset-nope_zzzzzz' },
        ],
      });
      expect(res.status).to.equal(404);
      expect(await sql(service, 'SELECT id FROM environments WHERE url = $1', [url])).to.deep.equal([]);
    });
  });

  describe('attribution', () => {
    const attribution = {
      actor: 'octocat',
      branch: 'feature/cart',
      commitHash: 'a'.repeat(40),
      commitMessage: 'Fix the cart',
      repository: 'acme/shop',
    };

    it('stores actor, branch, commit and repository when the trigger is REPOHOST', async () => {
      const res = await api.post('/v1/run', { trigger: 'REPOHOST', ...attribution });
      expect(res.status).to.equal(200);
      const [row] = await sql(
        service,
        'SELECT trigger, actor, branch, commit_hash, commit_message, repository FROM runs WHERE id = $1',
        [res.body.run.id],
      );
      expect(row).to.deep.equal({
        trigger: 'REPOHOST',
        actor: 'octocat',
        branch: 'feature/cart',
        commit_hash: 'a'.repeat(40),
        commit_message: 'Fix the cart',
        repository: 'acme/shop',
      });
    });

    for (const trigger of ['API', undefined]) {
      it(`ignores them when the trigger is ${trigger ?? 'omitted'}`, async () => {
        const res = await api.post('/v1/run', { ...(trigger ? { trigger } : {}), ...attribution });
        expect(res.status).to.equal(200);
        const [row] = await sql(
          service,
          'SELECT trigger, actor, branch, commit_hash, commit_message, repository FROM runs WHERE id = $1',
          [res.body.run.id],
        );
        expect(row).to.deep.equal({
          trigger: 'API',
          actor: null,
          branch: null,
          commit_hash: null,
          commit_message: null,
          repository: null,
        });
      });
    }
  });

  describe('validation', () => {
    const invalid: { title: string; body: unknown; says: string[] }[] = [
      {
        title: 'a test plan short ID without the prefix',
        body: { testPlanShortId: 'abc' },
        says: ['testPlanShortId', 'test plan short ID', '"abc"'],
      },
      { title: 'a numeric test plan short ID', body: { testPlanShortId: 12 }, says: ['testPlanShortId', 'string'] },
      {
        title: 'trigger GITHUB (v1 knows API and REPOHOST only)',
        body: { trigger: 'GITHUB' },
        says: ['trigger', '"API"', '"REPOHOST"', 'GITHUB'],
      },
      { title: 'a lowercase trigger', body: { trigger: 'api' }, says: ['trigger', '"API"'] },
      { title: 'applications as an object', body: { applications: { web: {} } }, says: ['applications', 'array'] },
      {
        title: 'an application override without applicationShortId',
        body: { applications: [{}] },
        says: ['applications[0].applicationShortId', 'required'],
      },
      {
        title: 'an application short ID without the prefix',
        body: { applications: [{ applicationShortId: 'web' }] },
        says: ['applications[0].applicationShortId', 'application short ID'],
      },
      {
        title: 'an environment that is neither a URL nor a short ID',
        body: { applications: [{ applicationShortId: 'app_x', environment: { name: 'x' } }] },
        says: ['applications[0].environment'],
      },
      {
        title: 'an environment URL that is not http(s)',
        body: { applications: [{ applicationShortId: 'app_x', environment: { url: 'ftp://x.example.com' } }] },
        says: ['applications[0].environment'],
      },
      {
        title: 'a device preset short ID without the prefix',
        body: { applications: [{ applicationShortId: 'app_x', devicePresetShortId: 'Phone' }] },
        says: ['applications[0].devicePresetShortId', 'device preset short ID'],
      },
      { title: 'a numeric actor', body: { trigger: 'REPOHOST', actor: 42 }, says: ['actor', 'string'] },
      { title: 'a boolean branch', body: { branch: true }, says: ['branch', 'string'] },
      { title: 'an empty notifications array', body: { notifications: [] }, says: ['notifications', 'at least one'] },
      {
        title: 'a notification of another type',
        body: { notifications: [{ type: 'email', channel: 'x' }] },
        says: ['notifications[0].type', 'slack'],
      },
      {
        title: 'a NUL character in a commit message',
        body: { trigger: 'REPOHOST', commitMessage: 'fix\u0000' },
        says: ['commitMessage', 'NUL character'],
      },
      {
        title: 'a NUL character in a preview environment name',
        body: {
          applications: [
            { applicationShortId: 'app_x', environment: { url: 'https://x.example.com', name: 'a\u0000' } },
          ],
        },
        says: ['applications[0].environment.name', 'NUL character'],
      },
      {
        title: 'a NUL character in a test plan short ID',
        body: { testPlanShortId: 'pln_\u0000' },
        says: ['testPlanShortId', 'NUL character'],
      },
    ];
    for (const c of invalid) {
      it(`answers 400 for ${c.title}, naming the field, and stores nothing`, async () => {
        const before = await countRuns(service, shop.project.id);
        const res = await api.post('/v1/run', c.body);
        expect(res.status).to.equal(400);
        const message = errorMessage(res.body);
        for (const part of c.says) expect(message).to.include(part);
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    }

    const notObjects: { title: string; raw: string; says: string }[] = [
      { title: 'an array', raw: '[]', says: 'not an array' },
      { title: 'JSON null', raw: 'null', says: 'not null' },
      { title: 'a string', raw: '"run"', says: 'not string' },
      { title: 'a number', raw: '42', says: 'not number' },
    ];
    for (const c of notObjects) {
      it(`answers 400 for a body that is ${c.title}`, async () => {
        const before = await countRuns(service, shop.project.id);
        const res = await api.request('POST', '/v1/run', {
          raw: c.raw,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body)).to.include('must be a JSON object').and.include(c.says);
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    }

    it('answers 400 for malformed JSON', async () => {
      const before = await countRuns(service, shop.project.id);
      const res = await api.request('POST', '/v1/run', {
        raw: '{"testPlanShortId": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('not valid JSON');
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });

    it('ignores unknown fields', async () => {
      const res = await api.post('/v1/run', {
        testPlanShortId: plan(shop, 'Admin only').shortId,
        priority: 'high',
        nested: { anything: [1, 2] },
      });
      expect(res.status).to.equal(200);
      expect(res.body.run.testPlan.name).to.equal('Admin only');
    });
  });
});

describe('POST /v1/run usage limit and suspension', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('starts exactly as many runs as the limit allows under 50 concurrent requests, and 402 for the rest', async function () {
    this.timeout(120_000);
    const limited = await service.apply(shopProject({ organization: 'Limited', project: 'limited', usageLimit: 20 }));
    const api = service.client(await service.token('limited'));
    const answers = await Promise.all(Array.from({ length: 50 }, () => api.request('POST', '/v1/run')));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(ok).to.have.length(20);
    expect(refused).to.have.length(30);
    for (const r of refused) expect(errorMessage(r.body)).to.include('usage limit of 20');
    const shortIds = ok.map((a) => a.body.run.shortId as string);
    expect(new Set(shortIds).size).to.equal(20);
    expect(await countRuns(service, limited.project.id)).to.equal(20);
    // Refused runs left no test cases behind either.
    const [{ n }] = (await sql(
      service,
      'SELECT count(*)::int AS n FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.project_id = $1',
      [limited.project.id],
    )) as [{ n: number }];
    expect(n).to.equal(20 * 4);
    const [org] = await sql(service, 'SELECT usage_count FROM organizations WHERE id = $1', [limited.organization.id]);
    expect(org!.usage_count).to.equal(20);
  });

  it('does not count requests that fail validation or name missing things', async () => {
    const tight = await service.apply(shopProject({ organization: 'Tight', project: 'tight', usageLimit: 1 }));
    const api = service.client(await service.token('tight'));
    expect((await api.post('/v1/run', { testPlanShortId: 'abc' })).status).to.equal(400);
    expect((await api.post('/v1/run', { testPlanShortId: 'pln-nope_zzzzzz' })).status).to.equal(404);
    expect((await api.post('/v1/run', { applications: [{ applicationShortId: 'app-nope_zzzzzz' }] })).status).to.equal(
      404,
    );
    const [org] = await sql(service, 'SELECT usage_count FROM organizations WHERE id = $1', [tight.organization.id]);
    expect(org!.usage_count).to.equal(0);
    expect((await api.post('/v1/run', {})).status).to.equal(200);
    const refused = await api.post('/v1/run', {});
    expect(refused.status).to.equal(402);
    expect(errorMessage(refused.body)).to.include('Tight').and.include('usage limit of 1');
    expect(await countRuns(service, tight.project.id)).to.equal(1);
  });

  it('answers 403 for a suspended organization and starts nothing', async () => {
    const frozen = await service.apply(
      withOrganizationSetting(shopProject({ organization: 'Frozen', project: 'frozen' }), 'suspended: true'),
    );
    const api = service.client(await service.token('frozen'));
    const res = await api.post('/v1/run', {});
    expect(res.status).to.equal(403);
    expect(errorMessage(res.body)).to.include('Frozen').and.include('suspended');
    expect(await countRuns(service, frozen.project.id)).to.equal(0);
  });
});
