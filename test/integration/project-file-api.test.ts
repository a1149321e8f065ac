// The project file over the API (POST /v1/project-file/plan and /apply, GET /v1/project-file): a
// plan writes nothing, an apply writes what the plan said, and every refusal leaves the project as it was.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createToken } from '../../backend/src/app/tokens.js';
import { shopProject } from '../fixtures/projects.js';
import { sql, withOrganizationSetting, withProjectSetting } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

describe('the project file over the API', () => {
  let service: TestService;
  let admin: ApiClient;
  let runOnly: ApiClient;
  let planner: ApiClient;
  let otherAdmin: ApiClient;
  let shop: ApplySummary;

  const changedFile = () =>
    shopProject()
      .replace("goal: Click 'Checkout'", "goal: Click 'Checkout' and then 'Pay now'")
      .replace(
        'testCases:\n',
        "testCases:\n  - name: Search socks\n    application: web\n    goal: Search for 'socks'\n",
      );
  const stored = async () =>
    sql<{ name: string; goal: string }>(
      service,
      'SELECT name, goal FROM test_cases WHERE project_id = $1 ORDER BY name',
      [shop.project.id],
    );
  const queuedBurnIns = async () =>
    (
      await sql<{ n: number }>(service, "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'generate-test-case'")
    )[0]!.n;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    await service.apply(shopProject({ organization: 'Other Co', project: 'blog' }));
    admin = service.client((await createToken(service.runtime.app, 'shop', 'ci', 'admin')).token);
    otherAdmin = service.client((await createToken(service.runtime.app, 'blog', 'ci', 'admin')).token);
    runOnly = service.client(await service.token('shop'));
    planner = service.client((await createToken(service.runtime.app, 'shop', 'merge requests', 'plan')).token);
  });
  after(() => service.close());

  it('plans a change without writing it, then applies exactly that', async () => {
    const before = await stored();
    const jobs = await queuedBurnIns();
    const plan = await admin.post('/v1/project-file/plan', { file: 'goalie.yaml', text: changedFile() });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(200);
    expect(plan.body.dryRun).to.equal(true);
    const status = (body: { summary: ApplySummary }, name: string) =>
      body.summary.testCases.find((t) => t.name === name)?.status;
    expect(status(plan.body, 'Search socks')).to.equal('created');
    expect(status(plan.body, 'Checkout')).to.equal('changed');
    expect(status(plan.body, 'Sign in')).to.equal('unchanged');
    expect(plan.body.summary.toGenerate).to.have.length(2);
    expect(await stored()).to.deep.equal(before);
    expect(await queuedBurnIns()).to.equal(jobs);

    const applied = await admin.post('/v1/project-file/apply', { file: 'goalie.yaml', text: changedFile() });
    expect(applied.status, JSON.stringify(applied.body)).to.equal(200);
    expect(applied.body.dryRun).to.equal(false);
    expect(status(applied.body, 'Search socks')).to.equal('created');
    expect(status(applied.body, 'Checkout')).to.equal('changed');
    expect((await stored()).map((t) => t.name)).to.include('Search socks');
    expect(await queuedBurnIns()).to.equal(jobs + 2);

    const again = await admin.post('/v1/project-file/plan', { text: changedFile() });
    expect(again.body.summary.testCases.every((t: { status: string }) => t.status === 'unchanged')).to.equal(true);
  });

  it('fills ${NAME} from the variables sent, never from the server environment', async () => {
    process.env.GOALIE_TEST_SERVER_ONLY = 'server-side-value';
    try {
      const file = shopProject()
        .replace('password: { secret: s3cret }', 'password: { secret: "${SHOP_PASSWORD}" }')
        .replace('username: admin@example.com', 'username: "${GOALIE_TEST_SERVER_ONLY}"');
      const refused = await admin.post('/v1/project-file/plan', { text: file, variables: { SHOP_PASSWORD: 'pw' } });
      expect(refused.status).to.equal(400);
      expect(refused.body.problems).to.have.length(1);
      expect(refused.body.problems[0].message).to.include('GOALIE_TEST_SERVER_ONLY is not set');

      const planned = await admin.post('/v1/project-file/plan', {
        text: file,
        variables: { SHOP_PASSWORD: 'pw', GOALIE_TEST_SERVER_ONLY: 'admin@example.com' },
      });
      expect(planned.status, JSON.stringify(planned.body)).to.equal(200);
      // A plan does not compare secret values (it would tell whether a guess is right): only the form counts.
      expect(planned.body.summary.configs.find((c: { name: string }) => c.name === 'admin login').status).to.equal(
        'unchanged',
      );
      expect(JSON.stringify(planned.body)).to.not.include('"pw"');
    } finally {
      delete process.env.GOALIE_TEST_SERVER_ONLY;
    }
  });

  it('takes the YAML itself as the body', async () => {
    const res = await admin.request('POST', '/v1/project-file/plan?file=shop.yaml', {
      raw: shopProject(),
      headers: { 'content-type': 'application/yaml' },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.file).to.equal('shop.yaml');
  });

  it('lists every problem of a file at once, with its place, and applies none of it', async () => {
    const before = await stored();
    const file = changedFile()
      .replace('application: admin\n', 'application: back-office\n')
      .replace("goal: Search for 'socks'", "goal: Search for 'socks'\n    waitFor: [Nothing like it]")
      .replace('  - name: Disabled check\n    application: web', '  - name: Disabled check\n    application: mobile');
    const res = await admin.post('/v1/project-file/apply', { file: 'goalie.yaml', text: file });
    expect(res.status).to.equal(400);
    expect(res.body.problems, JSON.stringify(res.body)).to.have.length(3);
    for (const problem of res.body.problems) expect(problem.where).to.match(/^goalie\.yaml:\d+:\d+$/);
    expect(res.body.message).to.include('3 problems, nothing was applied');
    expect(await stored()).to.deep.equal(before);
  });

  it('refuses a token of the run scope, and changes nothing', async () => {
    const before = await stored();
    for (const path of ['/v1/project-file/plan', '/v1/project-file/apply']) {
      const res = await runOnly.post(path, { text: changedFile().replace('Search socks', 'Search shoes') });
      expect(res.status).to.equal(403);
      expect(res.body.message).to.include('This API token may run tests only');
    }
    expect((await runOnly.get('/v1/project-file')).status).to.equal(403);
    expect(await stored()).to.deep.equal(before);
  });

  it('lets a token of the plan scope plan, and nothing more', async () => {
    const before = await stored();
    const text = changedFile().replace('Search socks', 'Search hats');
    expect((await planner.post('/v1/project-file/plan', { text })).status).to.equal(200);
    const applied = await planner.post('/v1/project-file/apply', { text });
    expect(applied.status).to.equal(403);
    expect(applied.body.message).to.include('to apply a project file use a token with the admin scope');
    expect((await planner.get('/v1/project-file')).status).to.equal(403);
    expect(await stored()).to.deep.equal(before);
  });

  it("refuses another project's token, and a file that names another project", async () => {
    const before = await stored();
    const res = await otherAdmin.post('/v1/project-file/apply', { text: changedFile().replace('Search socks', 'X') });
    expect(res.status).to.equal(403);
    expect(res.body.message).to.include('this token belongs to project "blog"');
    const renamed = await admin.post('/v1/project-file/apply', {
      text: shopProject({ project: 'shop-two' }),
    });
    expect(renamed.status).to.equal(403);
    expect(await stored()).to.deep.equal(before);
  });

  it("refuses settings only the server's operator changes, and accepts them unchanged", async () => {
    const limit = await admin.post('/v1/project-file/apply', {
      text: withOrganizationSetting(shopProject(), 'usageLimit: 1000000'),
    });
    expect(limit.status).to.equal(403);
    expect(limit.body.problems[0].path).to.equal('organization.usageLimit');
    const network = await admin.post('/v1/project-file/plan', {
      text: withProjectSetting(shopProject(), 'network: { allowPrivate: true }'),
    });
    expect(network.status).to.equal(403);
    expect(network.body.problems[0].path).to.equal('project.network.allowPrivate');
    const [org] = await sql<{ usage_limit: number | null }>(
      service,
      'SELECT usage_limit FROM organizations WHERE id = $1',
      [shop.organization.id],
    );
    expect(org!.usage_limit).to.equal(null);
    const same = await admin.post('/v1/project-file/plan', {
      text: withOrganizationSetting(shopProject(), 'suspended: false'),
    });
    expect(same.status, JSON.stringify(same.body)).to.equal(200);
  });

  it('refuses a file over the size limit', async () => {
    const res = await admin.post('/v1/project-file/plan', {
      text: shopProject() + `# ${'x'.repeat(600 * 1024)}\n`,
    });
    expect(res.status).to.equal(413);
    expect(res.body.message).to.include('up to 512 KB');
  });

  it('downloads the project as a file that plans as unchanged', async () => {
    const res = await admin.get('/v1/project-file');
    expect(res.status).to.equal(200);
    expect(res.body.file).to.equal('shop.goalie.yaml');
    expect(res.body.text).to.include('name: Search socks');
    const plan = await admin.post('/v1/project-file/plan', {
      text: res.body.text,
      variables: { GOALIE_ADMIN_LOGIN_PASSWORD: 's3cret' },
    });
    expect(plan.status, JSON.stringify(plan.body)).to.equal(200);
    expect(plan.body.summary.testCases.every((t: { status: string }) => t.status === 'unchanged')).to.equal(true);
  });

  it('still refuses a YAML body on the other routes, which take JSON', async () => {
    const res = await admin.request('POST', '/v1/run', {
      raw: 'testPlanShortId: x',
      headers: { 'content-type': 'application/yaml' },
    });
    expect(res.status).to.equal(400);
    expect(res.body.message).to.include('not valid JSON');
  });
});
