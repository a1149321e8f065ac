import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { countRuns, errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

describe('deprecated /api/projects/{projectUuid}/runs', () => {
  let service: TestService;
  let shop: ApplySummary;
  let other: ApplySummary;
  let api: ApiClient;
  let base: string;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    other = await service.apply(shopProject({ organization: 'Other', project: 'other' }));
    api = service.client(await service.token('shop'));
    base = `/api/projects/${shop.project.id}/runs`;
  });
  after(() => service.close());

  it("starts a run from an old client's body: GITHUB trigger, snake_case fields, applications keyed by short ID", async () => {
    const web = shop.applications.find((a) => a.name === 'web')!;
    const admin = shop.applications.find((a) => a.name === 'admin')!;
    const desktop = shop.devicePresets.find((p) => p.name === 'Desktop')!;
    const smoke = shop.testPlans.find((p) => p.name === 'Smoke')!;
    const preview = 'https://pr-12.preview.shop.example.com';
    const res = await api.post(base, {
      trigger: 'GITHUB',
      test_plan_short_id: smoke.shortId,
      commit_hash: 'c'.repeat(40),
      commit_message: 'Old client',
      branch: 'main',
      actor: 'legacy-bot',
      repository: 'acme/shop',
      applications: {
        [web.shortId!]: { environment: { url: preview } },
        [admin.shortId!]: { device_preset_short_id: desktop.shortId },
      },
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('deprecation')).to.equal('true');
    expect(res.headers.get('link')).to.include('successor-version');
    expect(res.body.success).to.equal(true);
    expect(res.body.run.testPlan).to.deep.equal({ name: 'Smoke', shortId: smoke.shortId, short_id: smoke.shortId });
    expect(res.body.run.testCount).to.equal(4);

    const [run] = await sql(
      service,
      'SELECT trigger, actor, branch, commit_hash, commit_message, repository, project_id FROM runs WHERE id = $1',
      [res.body.run.id],
    );
    expect(run).to.deep.equal({
      trigger: 'REPOHOST',
      actor: 'legacy-bot',
      branch: 'main',
      commit_hash: 'c'.repeat(40),
      commit_message: 'Old client',
      repository: 'acme/shop',
      project_id: shop.project.id,
    });
    const rows = await sql(
      service,
      'SELECT name, environment_url, device_preset_id FROM run_test_cases WHERE run_id = $1',
      [res.body.run.id],
    );
    for (const row of rows) {
      if (row.name === 'Admin dashboard')
        expect(row).to.include({ environment_url: 'https://admin.example.com', device_preset_id: desktop.id });
      else expect(row, row.name).to.include({ environment_url: preview });
    }
    const [env] = await sql(service, 'SELECT is_preview, created_by_run_id FROM environments WHERE url = $1', [
      preview,
    ]);
    expect(env).to.deep.equal({ is_preview: true, created_by_run_id: res.body.run.id });
  });

  it('also takes the v1 body, with a trailing slash, and an omitted body as the default plan with trigger API', async () => {
    const v1 = await api.post(`${base}/`, {
      testPlanShortId: shop.testPlans.find((p) => p.name === 'Admin only')!.shortId,
    });
    expect(v1.status).to.equal(200);
    expect(v1.body.run.testPlan.name).to.equal('Admin only');
    const none = await api.request('POST', base);
    expect(none.status).to.equal(200);
    expect(none.body.run.testPlan.short_id).to.equal(shop.project.defaultTestPlan);
    const [run] = await sql(service, 'SELECT trigger, actor FROM runs WHERE id = $1', [none.body.run.id]);
    expect(run).to.deep.equal({ trigger: 'API', actor: null });
  });

  it('ignores attribution when the old trigger means API', async () => {
    const res = await api.post(base, { trigger: 'api', actor: 'someone', commit_hash: 'd'.repeat(40) });
    expect(res.status).to.equal(200);
    const [run] = await sql(service, 'SELECT trigger, actor, commit_hash FROM runs WHERE id = $1', [res.body.run.id]);
    expect(run).to.deep.equal({ trigger: 'API', actor: null, commit_hash: null });
  });

  it('accepts the project UUID in upper case', async () => {
    const res = await api.post(`/api/projects/${shop.project.id.toUpperCase()}/runs`, {});
    expect(res.status).to.equal(200);
  });

  it('reads a run as the v1 status view, with the Deprecation header', async () => {
    const started = await api.post(base, {});
    const res = await api.get(`${base}/${started.body.run.shortId}?testCases=all`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('deprecation')).to.equal('true');
    const v1 = await api.get(`/v1/run/${started.body.run.shortId}?testCases=all`);
    expect(res.body).to.deep.equal(v1.body);
    expect(res.body.runTestCases).to.have.length(4);
    const plain = await api.get(`${base}/${started.body.run.shortId}`);
    expect(plain.body).to.deep.include({ status: 'INITIATED', result: null, runTestCases: [] });
    const bad = await api.get(`${base}/${started.body.run.shortId}?testCases=some`);
    expect(bad.status).to.equal(400);
    expect(errorMessage(bad.body)).to.include('testCases=some');
  });

  it("answers 404 for another project's UUID (even one that exists), and starts nothing", async () => {
    const before = await countRuns(service, shop.project.id);
    const started = await api.post(base, {});
    for (const uuid of [other.project.id, '00000000-0000-4000-8000-000000000000']) {
      const post = await api.post(`/api/projects/${uuid}/runs`, {});
      expect(post.status).to.equal(404);
      expect(post.headers.get('deprecation')).to.equal('true');
      expect(errorMessage(post.body)).to.include(`Project ${uuid} was not found`);
      const get = await api.get(`/api/projects/${uuid}/runs/${started.body.run.shortId}`);
      expect(get.status).to.equal(404);
      expect(errorMessage(get.body)).to.include(`Project ${uuid} was not found`);
    }
    expect(await countRuns(service, shop.project.id)).to.equal(before + 1);
    expect(await countRuns(service, other.project.id)).to.equal(0);
  });

  it('answers 404 for an unknown run', async () => {
    const res = await api.get(`${base}/doesnotexist`);
    expect(res.status).to.equal(404);
    expect(errorMessage(res.body)).to.include('Run doesnotexist was not found');
  });

  it('answers 401 for an invalid token, with the Deprecation header', async () => {
    for (const client of [service.client('goalie_wrong'), service.client()]) {
      const res = await client.post(base, {});
      expect(res.status).to.equal(401);
      expect(res.headers.get('deprecation')).to.equal('true');
      expect(errorMessage(res.body)).to.match(/API token/);
    }
    expect((await service.client('goalie_wrong').get(`${base}/anything`)).status).to.equal(401);
  });

  const invalid: { title: string; body: () => unknown; status: number; says: () => string[] }[] = [
    {
      title: 'a bad snake_case plan short ID',
      body: () => ({ test_plan_short_id: 'smoke' }),
      status: 400,
      says: () => ['testPlanShortId', '"smoke"'],
    },
    {
      title: 'an unknown plan',
      body: () => ({ test_plan_short_id: 'pln-nope_zzzzzz' }),
      status: 404,
      says: () => ['pln-nope_zzzzzz'],
    },
    {
      title: 'an unknown application key',
      body: () => ({ applications: { 'app-nope_zzzzzz': { environment: { url: 'https://x.example.com' } } } }),
      status: 404,
      says: () => ['app-nope_zzzzzz'],
    },
    {
      title: 'an application key that is no short ID',
      body: () => ({ applications: { web: {} } }),
      status: 400,
      says: () => ['applications[0].applicationShortId', '"web"'],
    },
    {
      title: 'an environment without url or short ID',
      body: () => ({ applications: { [shop.applications[0]!.shortId!]: { environment: {} } } }),
      status: 400,
      says: () => ['applications[0].environment'],
    },
    { title: 'an array body', body: () => [], status: 400, says: () => ['not an array'] },
  ];
  // Sent as text: the test's own JSON.stringify could not write them either.
  for (const [title, raw] of [
    ['a body nested 5000 levels deep', `{"meta":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`],
    ['applications nested 5000 levels deep', `{"applications":{"x":${'['.repeat(5000)}${']'.repeat(5000)}}}`],
  ]) {
    it(`answers 400 for ${title}, and starts nothing`, async () => {
      const before = await countRuns(service, shop.project.id);
      const res = await api.request('POST', base, { raw, headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('nested more than 32 levels deep');
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });
  }

  for (const c of invalid) {
    it(`answers ${c.status} for ${c.title}, and starts nothing`, async () => {
      const before = await countRuns(service, shop.project.id);
      const res = await api.post(base, c.body());
      expect(res.status).to.equal(c.status);
      const message = errorMessage(res.body);
      for (const part of c.says()) expect(message).to.include(part);
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });
  }
});
