import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createToken, revokeToken } from '../../backend/src/app/tokens.js';
import { shopProject } from '../fixtures/projects.js';
import { countRuns, errorMessage, sql, withOrganizationSetting } from '../helpers/project-yaml.js';
import { apiClient, startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

/** Project B: nothing in it shares a name with project A (the shop). */
const rivalProject = `
organization:
  name: Rival
project:
  name: rival
applications:
  - name: portal
    environments:
      - name: live
        url: https://portal.rival.example.org
testCases:
  - name: Portal home
    application: portal
    goal: Go to /
testPlans:
  - name: Nightly
    default: true
    testCases: [Portal home]
`;

/** Names and addresses of project A that must never reach project B. */
const SHOP_SECRETS = [
  'shop',
  'Acme',
  'Smoke',
  'Admin only',
  'Checkout',
  'Sign in',
  'Add to cart',
  'staging',
  'example.com',
  'Desktop',
  'Phone',
];

describe('authentication', () => {
  let service: TestService;
  let shop: ApplySummary;
  let token: string;

  // Every endpoint that needs a token, with a request that would otherwise succeed or fail later.
  const guarded: { name: string; method: string; path: () => string; body?: unknown }[] = [
    { name: 'POST /v1/run', method: 'POST', path: () => '/v1/run', body: {} },
    { name: 'GET /v1/run/{shortId}', method: 'GET', path: () => '/v1/run/anything' },
    { name: 'POST /v1/run/{shortId}', method: 'POST', path: () => '/v1/run/anything', body: {} },
    {
      name: 'POST /v1/test-cases',
      method: 'POST',
      path: () => '/v1/test-cases',
      body: { name: 'x', goal: 'y', applicationShortId: 'app_x' },
    },
    {
      name: 'POST /api/projects/{uuid}/runs',
      method: 'POST',
      path: () => `/api/projects/${shop.project.id}/runs`,
      body: {},
    },
    {
      name: 'GET /api/projects/{uuid}/runs/{shortId}',
      method: 'GET',
      path: () => `/api/projects/${shop.project.id}/runs/anything`,
    },
  ];
  const call = (client: ApiClient, e: (typeof guarded)[number]) =>
    client.request(e.method, e.path(), e.body === undefined ? {} : { body: e.body });

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    token = await service.token('shop');
  });
  after(() => service.close());

  for (const e of guarded) {
    describe(e.name, () => {
      it('answers 401 without an Authorization header, and starts nothing', async () => {
        const before = await countRuns(service, shop.project.id);
        const res = await call(service.client(), e);
        expect(res.status).to.equal(401);
        expect(errorMessage(res.body)).to.include('Missing API token').and.include('Authorization: Bearer');
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });

      for (const [title, header] of [
        ['a Basic header', `Basic ${Buffer.from('user:pass').toString('base64')}`],
        ['a bare token without "Bearer"', 'TOKEN'],
        ['"Bearer" without a token', 'Bearer'],
        ['two words after Bearer', 'Bearer abc def'],
      ] as const) {
        it(`answers 401 for ${title}`, async () => {
          const value = header === 'TOKEN' ? token : header;
          const res = await service.client().request(e.method, e.path(), {
            ...(e.body === undefined ? {} : { body: e.body }),
            headers: { authorization: value },
          });
          expect(res.status).to.equal(401);
          expect(errorMessage(res.body)).to.include('must have the form `Bearer <API_TOKEN>`');
        });
      }

      it('answers 401 for an unknown token, and starts nothing', async () => {
        const before = await countRuns(service, shop.project.id);
        const res = await call(service.client('goalie_not-a-real-token-at-all'), e);
        expect(res.status).to.equal(401);
        expect(errorMessage(res.body)).to.include('Invalid API token');
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    });
  }

  it('accepts the scheme in any case', async () => {
    const res = await service
      .client()
      .request('POST', '/v1/run', { body: {}, headers: { authorization: `bearer ${token}` } });
    expect(res.status).to.equal(200);
  });

  it('answers 403 on every endpoint for a revoked token, and starts nothing', async () => {
    const { token: doomed, record } = await createToken(service.runtime.app, 'shop', 'doomed');
    const client = service.client(doomed);
    expect((await client.post('/v1/run', {})).status).to.equal(200);
    await revokeToken(service.runtime.app, record.prefix);
    const before = await countRuns(service, shop.project.id);
    for (const e of guarded) {
      const res = await call(client, e);
      expect(res.status, e.name).to.equal(403);
      expect(errorMessage(res.body), e.name).to.include('revoked');
    }
    expect(await countRuns(service, shop.project.id)).to.equal(before);
    // Other tokens of the project keep working.
    expect((await service.client(token).get('/v1/run/anything')).status).to.equal(404);
  });

  it('answers 403 on every endpoint for a suspended organization, and 200 again once the suspension is lifted', async () => {
    const frozen = await service.apply(
      withOrganizationSetting(shopProject({ organization: 'Frozen', project: 'frozen' }), 'suspended: true'),
    );
    const client = service.client(await service.token('frozen'));
    for (const e of guarded) {
      const res = await client.request(
        e.method,
        e.path().replace(shop.project.id, frozen.project.id),
        e.body === undefined ? {} : { body: e.body },
      );
      expect(res.status, e.name).to.equal(403);
      expect(errorMessage(res.body), e.name).to.include('Organization Frozen is suspended');
    }
    expect(await countRuns(service, frozen.project.id)).to.equal(0);
    await service.apply(
      withOrganizationSetting(shopProject({ organization: 'Frozen', project: 'frozen' }), 'suspended: false'),
    );
    expect((await client.post('/v1/run', {})).status).to.equal(200);
  });

  it('stores a token only as its SHA-256 and a display prefix: the row cannot be used as the token', async () => {
    const { token: fresh, record } = await createToken(service.runtime.app, 'shop', 'stored');
    const [row] = await sql(service, 'SELECT * FROM api_tokens WHERE id = $1', [record.id]);
    expect(JSON.stringify(row)).not.to.include(fresh);
    expect(row!.token_hash).to.equal(createHash('sha256').update(fresh).digest('hex'));
    expect(fresh.startsWith(row!.prefix as string)).to.equal(true);
    // The rest, kept nowhere, is at least 128 bits of base64url.
    expect(fresh.length - (row!.prefix as string).length).to.be.at.least(22);
    // What the database holds does not sign in.
    for (const stored of [row!.token_hash as string, row!.prefix as string])
      expect((await service.client(stored).get('/v1/run/anything')).status).to.equal(401);
    expect((await service.client(fresh).get('/v1/run/anything')).status).to.equal(404);
  });

  it('records when a token was last used', async () => {
    const { token: fresh, record } = await createToken(service.runtime.app, 'shop', 'fresh');
    const [before] = await sql(service, 'SELECT last_used_at FROM api_tokens WHERE id = $1', [record.id]);
    expect(before!.last_used_at).to.equal(null);
    await service.client(fresh).get('/v1/run/anything');
    // Written in the background, not on the request's path.
    const after = await waitFor(
      'last_used_at',
      async () =>
        (await sql(service, 'SELECT last_used_at FROM api_tokens WHERE id = $1', [record.id]))[0]!.last_used_at,
    );
    expect(after).to.be.instanceOf(Date);
  });
});

describe('GET /v1/outbound-ips', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService({ GOALIE_OUTBOUND_IPS: '203.0.113.7, 198.51.100.2' });
  });
  after(() => service.close());

  it('needs no token and lists the configured addresses', async () => {
    const res = await service.client().get('/v1/outbound-ips');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ ipAddresses: ['203.0.113.7', '198.51.100.2'] });
  });

  it('ignores whatever Authorization header is sent', async () => {
    const res = await apiClient(service.baseUrl, 'goalie_not-a-real-token').get('/v1/outbound-ips');
    expect(res.status).to.equal(200);
    expect(res.body.ipAddresses).to.have.length(2);
  });
});

describe('token isolation between projects', () => {
  let service: TestService;
  let shop: ApplySummary;
  let shopApi: ApiClient;
  let rivalApi: ApiClient;
  let shopRun: { id: string; shortId: string };

  /** A 404 that says nothing about project A; `echoed` is what the caller sent itself (may be repeated back). */
  const expectHidden = (res: { status: number; body: unknown }, echoed?: string) => {
    expect(res.status).to.equal(404);
    const message = errorMessage(res.body);
    const rest = echoed ? message.split(echoed).join('') : message;
    for (const secret of SHOP_SECRETS) expect(rest, `404 body leaks ${secret}`).not.to.include(secret);
    expect(rest).not.to.include(shop.project.id);
    return message;
  };

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    await service.apply(rivalProject);
    shopApi = service.client(await service.token('shop'));
    rivalApi = service.client(await service.token('rival'));
    const started = await shopApi.post('/v1/run', {});
    expect(started.status).to.equal(200);
    shopRun = started.body.run;
  });
  after(() => service.close());

  it("hides project A's run from project B's token on GET /v1/run/{shortId}", async () => {
    for (const query of ['', '?testCases=all', '?testCases=failed']) {
      const message = expectHidden(await rivalApi.get(`/v1/run/${shopRun.shortId}${query}`));
      expect(message).to.include(`Run ${shopRun.shortId} was not found in project rival`);
    }
    expect((await shopApi.get(`/v1/run/${shopRun.shortId}`)).status).to.equal(200);
  });

  it("refuses to rerun project A's run with project B's token, and creates nothing", async () => {
    const { n: before } = (await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!;
    expectHidden(await rivalApi.post(`/v1/run/${shopRun.shortId}`, {}));
    expectHidden(await rivalApi.post(`/v1/run/${shopRun.shortId}`, { failedOnly: true }));
    expectHidden(await rivalApi.post(`/v1/run/${shopRun.shortId}`, { projectTestCaseIds: [shop.testCases[0]!.id] }));
    expect((await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!.n).to.equal(before);
  });

  it("answers 404 for project A's plan and application short IDs on POST /v1/run", async () => {
    const { n: before } = (await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!;
    const web = shop.applications.find((a) => a.name === 'web')!;
    const cases: unknown[] = [
      { testPlanShortId: shop.testPlans[0]!.shortId },
      { applications: [{ applicationShortId: web.shortId }] },
      { applications: [{ applicationShortId: web.shortId, environment: { url: 'https://pr-1.rival.example.org' } }] },
    ];
    for (const body of cases) expectHidden(await rivalApi.post('/v1/run', body));
    expect((await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!.n).to.equal(before);
  });

  it("answers 404 for project A's environment and device preset short IDs on POST /v1/run", async () => {
    const rivalSummary = await service.apply(rivalProject);
    const portal = rivalSummary.applications[0]!;
    expectHidden(
      await rivalApi.post('/v1/run', {
        applications: [
          {
            applicationShortId: portal.shortId,
            environment: { shortId: shop.applications[0]!.environments[0]!.shortId },
          },
        ],
      }),
    );
    expectHidden(
      await rivalApi.post('/v1/run', {
        applications: [{ applicationShortId: portal.shortId, devicePresetShortId: shop.devicePresets[0]!.shortId }],
      }),
    );
  });

  it("answers 404 for project A's test case, application, config and scenario on POST /v1/test-cases, and stores nothing", async () => {
    const rivalSummary = await service.apply(rivalProject);
    const portal = rivalSummary.applications[0]!.shortId;
    const signIn = shop.testCases.find((t) => t.name === 'Sign in')!.id;
    const { n: before } = (await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM test_cases'))[0]!;
    const bodies: unknown[] = [
      { name: 'Steal', goal: 'g', applicationShortId: portal, resumeFromDependencyProjectTestCaseId: signIn },
      { name: 'Steal', goal: 'g', applicationShortId: portal, waitForDependenciesProjectTestCaseIds: [signIn] },
      { name: 'Steal', goal: 'g', applicationShortId: shop.applications[0]!.shortId },
      { name: 'Steal', goal: 'g', applicationShortId: portal, configShortIds: [shop.configs[0]!.shortId] },
      { name: 'Steal', goal: 'g', applicationShortId: portal, scenarioShortId: shop.scenarios[0]!.shortId },
    ];
    for (const body of bodies) expectHidden(await rivalApi.post('/v1/test-cases', body));
    expect((await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM test_cases'))[0]!.n).to.equal(before);
  });

  it("answers 404 on the legacy routes for project A's UUID and run", async () => {
    const { n: before } = (await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!;
    expectHidden(await rivalApi.post(`/api/projects/${shop.project.id}/runs`, {}), shop.project.id);
    expectHidden(await rivalApi.get(`/api/projects/${shop.project.id}/runs/${shopRun.shortId}`), shop.project.id);
    const rivalId = (await service.apply(rivalProject)).project.id;
    expectHidden(await rivalApi.get(`/api/projects/${rivalId}/runs/${shopRun.shortId}`));
    expect((await sql<{ n: number }>(service, 'SELECT count(*)::int AS n FROM runs'))[0]!.n).to.equal(before);
  });
});
