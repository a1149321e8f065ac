// Attacks on the project file over the API (POST /v1/project-file/plan|apply, GET /v1/project-file)
// and on the test case extensions (PATCH/DELETE /v1/test-cases/{id}, POST .../run, plan membership),
// by a CI job or laptop holding a token of the run, plan or admin scope, possibly of another project,
// possibly written by a merge request's author. Each test asserts the SAFE behaviour: it fails where
// Goalie is weak and passes where it holds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { createToken } from '../../backend/src/app/tokens.js';
import { applyCommand } from '../../shared/src/cli/apply.js';
import { shopProject } from '../fixtures/projects.js';
import { sql, withOrganizationSetting, withProjectSetting } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
  body: any;
}

/**
 * Runs `work` and answers the longest stretch this process's event loop did not turn meanwhile: the
 * service runs in this process, so that is how long it answered no one.
 */
async function stalledDuring<T>(work: () => Promise<T>): Promise<{ result: T; stalledMs: number }> {
  let last = Date.now();
  let stalledMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    stalledMs = Math.max(stalledMs, now - last);
    last = now;
  }, 10);
  try {
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, stalledMs };
  } finally {
    clearInterval(timer);
  }
}

describe('attacks on the project file and test case extensions', function () {
  this.timeout(120_000);
  let service: TestService;
  let shop: ApplySummary;
  let blog: ApplySummary;
  let races: ApplySummary;
  const tokens: Record<string, string> = {};

  /** A raw request: no OpenAPI check, so a 500 is an answer to assert on, not an exception. */
  async function call(
    token: string | undefined,
    method: string,
    path: string,
    options: { json?: unknown; raw?: string; type?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
      headers['content-type'] = options.type ?? 'application/yaml';
    }
    const response = await fetch(service.baseUrl + path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed };
  }
  const plan = (token: string, text: string, variables?: Record<string, string>) =>
    call(token, 'POST', '/v1/project-file/plan', {
      json: { file: 'goalie.yaml', text, ...(variables ? { variables } : {}) },
    });
  const apply = (token: string, text: string, variables?: Record<string, string>) =>
    call(token, 'POST', '/v1/project-file/apply', {
      json: { file: 'goalie.yaml', text, ...(variables ? { variables } : {}) },
    });

  const jobs = async () =>
    (
      await sql<{ n: number }>(service, "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'generate-test-case'")
    )[0]!.n;
  const testCaseRows = async (projectId: string) =>
    sql(
      service,
      'SELECT id, name, goal, resume_from_id, generation_status FROM test_cases WHERE project_id = $1 ORDER BY name',
      [projectId],
    );
  const browserAccess = async (projectId: string) =>
    (
      await sql<{ browser_access: { allowLoopback: boolean | null; allowPrivate: boolean | null } | null }>(
        service,
        'SELECT browser_access FROM projects WHERE id = $1',
        [projectId],
      )
    )[0]!.browser_access;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    blog = await service.apply(shopProject({ organization: 'Other Co', project: 'blog' }));
    races = await service.apply(shopProject({ project: 'races' }));
    await service.apply(shopProject({ project: 'netlock' }));
    await service.apply(shopProject({ project: 'secrets' }));
    await service.apply(shopProject({ project: 'policy' }));
    const app = service.runtime.app;
    for (const project of ['shop', 'blog', 'races', 'netlock', 'secrets', 'policy']) {
      tokens[`${project}:admin`] = (await createToken(app, project, 'ci admin', 'admin')).token;
      tokens[`${project}:plan`] = (await createToken(app, project, 'merge requests', 'plan')).token;
      tokens[`${project}:run`] = (await createToken(app, project, 'runs', 'run')).token;
    }
  });
  after(() => service.close());

  describe('network access (the operator decides it)', () => {
    // The test service's default is GOALIE_BROWSER_ALLOW_LOOPBACK=true, as on an embedded PostgreSQL.
    const netlock = (extra = '') =>
      withProjectSetting(shopProject({ project: 'netlock' }), 'network: { allowLoopback: false }') + extra;
    const netlockId = async () =>
      (await sql<{ id: string }>(service, "SELECT id FROM projects WHERE name = 'netlock'"))[0]!.id;

    it("keeps the operator's allowLoopback: false when an admin token applies a file that leaves `network` out", async () => {
      await service.apply(netlock()); // the operator, on the server
      const id = await netlockId();
      expect((await browserAccess(id))?.allowLoopback).to.equal(false);
      const res = await apply(tokens['netlock:admin']!, shopProject({ project: 'netlock' }));
      // Either refused, or applied without touching the operator's setting.
      if (res.status === 200) expect((await browserAccess(id))?.allowLoopback).to.equal(false);
      else expect(res.status).to.equal(403);
    });

    it('refuses a webhook to 127.0.0.1 from an admin token of a project whose operator refused loopback', async () => {
      await service.apply(netlock());
      const file = withProjectSetting(
        shopProject({ project: 'netlock' }),
        'webhooks: [{ name: internal, url: "http://127.0.0.1:5432/hook", secret: "0123456789abcdef0123" }]',
      );
      const res = await apply(tokens['netlock:admin']!, file);
      expect(res.status, JSON.stringify(res.body)).to.be.oneOf([400, 403]);
      const hooks = await sql(service, "SELECT url FROM outbound_webhooks WHERE url LIKE 'http://127.0.0.1%'");
      expect(hooks).to.have.length(0);
    });

    it("accepts the operator's stored value repeated, and refuses loosening it", async () => {
      await service.apply(netlock());
      const same = await plan(tokens['netlock:admin']!, netlock());
      expect(same.status, JSON.stringify(same.body)).to.equal(200);
      const looser = await plan(
        tokens['netlock:admin']!,
        withProjectSetting(shopProject({ project: 'netlock' }), 'network: { allowLoopback: true }'),
      );
      expect(looser.status).to.equal(403);
    });

    it('refuses a webhook or Teams URL at the metadata address, and a repository API at it', async () => {
      const bad = [
        withProjectSetting(
          shopProject(),
          'webhooks: [{ url: "http://169.254.169.254/latest", secret: "0123456789abcdef0123" }]',
        ),
        withProjectSetting(shopProject(), 'notifications: { teams: [{ webhookUrl: "http://169.254.169.254/x" }] }'),
        shopProject() + 'repository:\n  host: gitlab\n  url: http://169.254.169.254\n  repository: a/b\n  token: t\n',
        shopProject() +
          'repository:\n  host: gitlab\n  url: "http://[::ffff:169.254.169.254]"\n  repository: a/b\n  token: t\n',
      ];
      for (const text of bad) {
        const res = await apply(tokens['shop:admin']!, text);
        expect(res.status, text.slice(-200) + JSON.stringify(res.body)).to.equal(400);
      }
    });
  });

  describe('YAML that attacks the parser', () => {
    it('answers a file of many aliases (an alias bomb) with 400, not a 500', async () => {
      let bomb = 'a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]\n';
      for (let i = 1; i < 10; i++)
        bomb += `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(',')}]\n`;
      const text = 'organization: {name: Acme}\nproject: {name: shop}\n' + bomb;
      const res = await plan(tokens['shop:plan']!, text);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      // And the server still answers.
      expect((await call(undefined, 'GET', '/healthz')).status).to.equal(200);
    });

    it('answers deeply nested YAML with 400, quickly', async () => {
      const depth = 255_000; // just under 512 KB
      const text =
        'organization: {name: Acme}\nproject: {name: shop}\nscenarios: ' + '['.repeat(depth) + ']'.repeat(depth);
      const began = Date.now();
      // The service runs in this process: a long synchronous parse stalls every request it serves.
      const { result: res, stalledMs } = await stalledDuring(() => plan(tokens['shop:plan']!, text));
      console.log(
        `      (${Buffer.byteLength(text)} bytes of nesting: answered in ${Date.now() - began} ms; event loop stalled up to ${stalledMs} ms)`,
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(400);
      expect(Date.now() - began).to.be.below(10_000);
      // Observed: about 1.3 s of stalled event loop per such request (a legitimate 512 KB file: about 0.75 s).
      expect(stalledMs, 'the whole server stops answering while one request is parsed').to.be.below(5_000);
    });

    it('answers a mapping of many keys (150 KB) quickly, without stalling the server (duplicate-key check)', async () => {
      // Kept at 150 KB to spare the machine: the cost grows with the square of the number of keys,
      // so the 512 KB the API takes costs about 12 times as much (measured: 18 s at 500 KB).
      let text = 'organization: {name: Acme}\nproject: {name: shop}\nx: {';
      for (let i = 0; text.length < 150 * 1024; i++) text += `k${i}: 1,`;
      text += '}\n';
      const began = Date.now();
      const { result: res, stalledMs } = await stalledDuring(() => plan(tokens['shop:plan']!, text));
      const took = Date.now() - began;
      console.log(
        `      (${Buffer.byteLength(text)} bytes of keys: answered in ${took} ms; event loop stalled up to ${stalledMs} ms)`,
      );
      expect(res.status).to.equal(400);
      expect(stalledMs, 'the whole server stops answering while one request is parsed').to.be.below(1_000);
    });

    it('answers a NUL character written as a YAML escape ("\\0") with 400, not a 500', async () => {
      const text = shopProject().replace("goal: Click 'Add to cart'", 'goal: "Click \\0 Add to cart"');
      expect(text).to.include('\\0');
      const res = await plan(tokens['shop:plan']!, text);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
    });

    it('counts ${constructor}, ${__proto__} and ${toString} as unset variables, not as Object.prototype', async () => {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        const text = shopProject().replace('description: Has ordered before', `description: "\${${name}}"`);
        const res = await plan(tokens['shop:plan']!, text);
        expect(res.status, `${name}: ${JSON.stringify(res.body).slice(0, 300)}`).to.equal(400);
        expect(JSON.stringify(res.body.problems)).to.include(`${name} is not set`);
      }
    });

    it('refuses duplicate keys, merge keys, __proto__ keys and !!binary, and writes nothing', async () => {
      const before = await testCaseRows(shop.project.id);
      const files = [
        shopProject() + 'organization: {name: Other Co}\n',
        shopProject().replace('project:\n  name: shop', 'project:\n  <<: {name: blog}\n  name: shop'),
        '%YAML 1.1\n---\n' +
          shopProject().replace('project:\n  name: shop', 'project:\n  <<: {usageLimit: 5}\n  name: shop'),
        shopProject().replace('project:\n  name: shop', 'project:\n  __proto__: {publicResults: true}\n  name: shop'),
        shopProject().replace('description: Has ordered before', 'description: !!binary aGVsbG8='),
      ];
      for (const text of files) {
        const res = await apply(tokens['shop:admin']!, text);
        expect(res.status, JSON.stringify(res.body).slice(0, 400)).to.equal(400);
      }
      expect(await testCaseRows(shop.project.id)).to.deep.equal(before);
      const [row] = await sql(service, 'SELECT public_results FROM projects WHERE id = $1', [shop.project.id]);
      expect(row!.public_results).to.equal(false);
    });

    it('plans a file just under 512 KB of test cases (a plan-scope token) in bounded time, and writes nothing', async () => {
      const cases: string[] = [];
      let text = shopProject().replace('testCases:\n', 'testCases:\n@@\n');
      for (let i = 0; Buffer.byteLength(text) + cases.join('\n').length < 500 * 1024; i++)
        cases.push(
          `  - name: Bulk ${i}\n    application: web\n    goal: Go to /p/${i}. Click 'Buy'\n    waitFor: [Sign in]`,
        );
      text = text.replace('@@', cases.join('\n'));
      expect(Buffer.byteLength(text)).to.be.below(512 * 1024);
      const jobsBefore = await jobs();
      const began = Date.now();
      // Meanwhile, how long the server takes to answer a health probe (its event loop blocked or not).
      let slowestProbe = 0;
      let planning = true;
      const probes = (async () => {
        while (planning) {
          const t = Date.now();
          await call(undefined, 'GET', '/healthz');
          slowestProbe = Math.max(slowestProbe, Date.now() - t);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const { result: res, stalledMs } = await stalledDuring(() => plan(tokens['shop:plan']!, text));
      const took = Date.now() - began;
      planning = false;
      await probes;
      console.log(
        `      (${cases.length} test cases, ${Buffer.byteLength(text)} bytes: planned in ${took} ms; slowest health probe meanwhile ${slowestProbe} ms; event loop stalled up to ${stalledMs} ms)`,
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
      expect(res.body.summary.toGenerate.length).to.equal(cases.length);
      expect(await jobs()).to.equal(jobsBefore);
      expect((await testCaseRows(shop.project.id)).length).to.equal(5);
      // One request of a merge request's pipeline should not hold the server (and the project's rows) for long.
      expect(took, `${cases.length} test cases planned in ${took} ms`).to.be.below(10_000);
      expect(stalledMs, 'the whole server stops answering while one request is planned').to.be.below(2_000);
      expect(slowestProbe, `a health probe waited ${slowestProbe} ms while the plan ran`).to.be.below(1_000);
    });

    it('refuses a YAML body over 512 KB sent raw', async () => {
      const res = await call(tokens['shop:plan'], 'POST', '/v1/project-file/plan', {
        raw: shopProject() + `# ${'x'.repeat(600 * 1024)}\n`,
      });
      expect(res.status).to.equal(413);
    });
  });

  describe('scopes', () => {
    it('does not let a plan-scope token apply, however the request is spelled', async () => {
      const text = shopProject().replace('goal: Go to /broken', 'goal: Go to /planned-only');
      const before = await testCaseRows(shop.project.id);
      const attempts: Answer[] = [
        await call(tokens['shop:plan'], 'POST', '/v1/project-file/apply', { raw: text }),
        await call(tokens['shop:plan'], 'POST', '/v1/project-file/apply?dryRun=true', { json: { text, dryRun: true } }),
        await call(tokens['shop:plan'], 'POST', '/v1/project-file/APPLY', { json: { text } }),
        await call(tokens['shop:plan'], 'POST', '/v1/project-file/apply/', { json: { text } }),
        await call(tokens['shop:plan'], 'POST', '/v1/project-file/plan/../apply', { json: { text } }),
        await call(tokens['shop:plan'], 'POST', '/api/v1/project-file/apply', { json: { text } }),
      ];
      for (const res of attempts) expect(res.status, JSON.stringify(res.body)).to.be.oneOf([403, 404, 405]);
      expect(await testCaseRows(shop.project.id)).to.deep.equal(before);
      expect((await call(tokens['shop:plan'], 'GET', '/v1/project-file')).status).to.equal(403);
      expect((await call(tokens['shop:run'], 'POST', '/v1/project-file/plan', { raw: text })).status).to.equal(403);
    });

    it('leaves nothing behind from a plan with webhooks, Slack, public results and a repository, and calls no host', async () => {
      const seen: string[] = [];
      const host = http.createServer((req, res) => {
        seen.push(`${req.method} ${req.url}`);
        res.writeHead(500).end();
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      try {
        const port = (host.address() as AddressInfo).port;
        const jobsBefore = await jobs();
        const [projectBefore] = await sql(service, 'SELECT * FROM projects WHERE id = $1', [shop.project.id]);
        const text =
          withProjectSetting(
            withProjectSetting(
              shopProject({ slack: true }).replace("goal: Click 'Checkout'", "goal: Click 'Checkout' now"),
              'webhooks: [{ name: hook, url: "https://hooks.example.com/x", secret: "0123456789abcdef0123" }]',
            ),
            'publicResults: true',
          ) + `repository:\n  host: gitlab\n  url: http://127.0.0.1:${port}\n  repository: a/b\n  token: glpat-x\n`;
        const res = await plan(tokens['shop:plan']!, text);
        expect(res.status, JSON.stringify(res.body).slice(0, 500)).to.equal(200);
        expect(res.body.summary.toGenerate).to.have.length.greaterThan(0);
        expect(await jobs()).to.equal(jobsBefore);
        expect(
          await sql(service, 'SELECT id FROM outbound_webhooks WHERE project_id = $1', [shop.project.id]),
        ).to.have.length(0);
        expect(
          await sql(service, 'SELECT id FROM repository_connections WHERE project_id = $1', [shop.project.id]),
        ).to.have.length(0);
        const [projectAfter] = await sql(service, 'SELECT * FROM projects WHERE id = $1', [shop.project.id]);
        expect(projectAfter).to.deep.equal(projectBefore);
        expect(seen).to.deep.equal([]);
      } finally {
        await new Promise((resolve) => host.close(resolve));
      }
    });
  });

  describe("another project and the operator's settings", () => {
    it("answers 404 to every test case extension given another project's objects, and changes nothing", async () => {
      const shopCase = shop.testCases.find((t) => t.name === 'Add to cart')!;
      const blogCase = blog.testCases.find((t) => t.name === 'Add to cart')!;
      const shopPlan = shop.testPlans.find((p) => p.name === 'Smoke')!;
      const blogPlan = blog.testPlans.find((p) => p.name === 'Smoke')!;
      // Burned in, so that running it gets as far as choosing the plan.
      await sql(service, "UPDATE test_cases SET generation_status = 'COMPLETED' WHERE id = $1", [blogCase.id]);
      const before = await testCaseRows(shop.project.id);
      const runsBefore = await sql(service, 'SELECT id FROM runs');
      const blogRun = tokens['blog:admin']!;
      const attempts: Answer[] = [
        await call(blogRun, 'PATCH', `/v1/test-cases/${shopCase.id}`, { json: { isEnabled: false } }),
        await call(blogRun, 'DELETE', `/v1/test-cases/${shopCase.id}`),
        await call(blogRun, 'POST', `/v1/test-cases/${shopCase.id}/run`, { json: {} }),
        await call(blogRun, 'POST', `/v1/test-plans/${shopPlan.shortId}/test-cases`, {
          json: { testCaseId: blogCase.id },
        }),
        await call(blogRun, 'POST', `/v1/test-plans/${blogPlan.shortId}/test-cases`, {
          json: { testCaseId: shopCase.id },
        }),
        await call(blogRun, 'DELETE', `/v1/test-plans/${shopPlan.shortId}/test-cases/${shopCase.id}`),
        await call(blogRun, 'POST', `/v1/test-cases/${blogCase.id}/run`, {
          json: { testPlanShortId: shopPlan.shortId },
        }),
      ];
      for (const res of attempts) expect(res.status, JSON.stringify(res.body)).to.be.oneOf([404, 409]);
      expect(attempts[6]!.status, JSON.stringify(attempts[6]!.body)).to.equal(404);
      expect(await testCaseRows(shop.project.id)).to.deep.equal(before);
      expect(await sql(service, 'SELECT id FROM runs')).to.deep.equal(runsBefore);
    });

    it('refuses a file that names a sibling project of the same organization, or takes its slug', async () => {
      const sibling = await apply(tokens['shop:admin']!, shopProject({ project: 'races' }));
      expect(sibling.status).to.equal(403);
      const slug = await apply(tokens['shop:admin']!, withProjectSetting(shopProject(), 'slug: races'));
      expect(slug.status).to.be.oneOf([400, 403]);
      const [row] = await sql(service, 'SELECT slug FROM projects WHERE id = $1', [shop.project.id]);
      expect(row!.slug).to.equal('shop');
    });

    it("does not let a token change its project's slug (renaming stays a server command)", async () => {
      const res = await apply(
        tokens['policy:admin']!,
        withProjectSetting(shopProject({ project: 'policy' }), 'slug: hijacked-name'),
      );
      const [row] = await sql(service, "SELECT slug FROM projects WHERE name = 'policy'");
      expect(row!.slug, `answer ${res.status}`).to.equal('policy');
    });

    it('refuses lifting a usage limit with null, and suspending or unsuspending', async () => {
      await service.apply(shopProject({ project: 'secrets', usageLimit: 10 }));
      const lift = await plan(tokens['secrets:admin']!, shopProject({ project: 'secrets', usageLimit: null }));
      expect(lift.status).to.equal(403);
      const suspend = await plan(
        tokens['secrets:admin']!,
        withOrganizationSetting(shopProject({ project: 'secrets' }), 'suspended: true'),
      );
      expect(suspend.status).to.equal(403);
      const [org] = await sql(service, "SELECT usage_limit FROM organizations WHERE name = 'Acme'");
      expect(org!.usage_limit).to.equal(10);
      await service.apply(shopProject({ project: 'secrets', usageLimit: null }));
    });

    it('downloads no secret value: Slack token, webhook secret, Teams URL, config secret', async () => {
      await service.apply(
        withProjectSetting(
          withProjectSetting(
            shopProject({ project: 'secrets', slack: true }),
            'webhooks: [{ name: hook, url: "https://hooks.example.com/abc", secret: "webhook-secret-0123456789" }]',
          ),
          'notifications: { teams: [{ webhookUrl: "https://teams.example.com/workflows/secret-path-xyz" }] }',
        ),
      );
      const res = await call(tokens['secrets:admin'], 'GET', '/v1/project-file');
      expect(res.status).to.equal(200);
      for (const secret of [
        'xoxb-test-token',
        'test-signing-secret',
        'webhook-secret-0123456789',
        'secret-path-xyz',
        's3cret',
      ])
        expect(res.body.text).to.not.include(secret);
    });
  });

  describe('secrets a plan token or a run token should not learn', () => {
    it('does not tell a plan-scope token whether its guess of a secret config value is the stored one', async () => {
      const statusOf = async (guess: string) => {
        const res = await plan(
          tokens['secrets:plan']!,
          shopProject({ project: 'secrets' }).replace('secret: s3cret', `secret: ${guess}`),
        );
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
        return res.body.summary.configs.find((c: { name: string }) => c.name === 'admin login').status;
      };
      const right = await statusOf('s3cret');
      const wrong = await statusOf('password123');
      // An oracle: "unchanged" only for the right guess lets a merge request's author test guesses.
      expect(right, `right guess: ${right}, wrong guess: ${wrong}`).to.equal(wrong);
    });

    it('keeps a secret masked in a burn-in message after a run token unlinks its config from the test case', async () => {
      const config = races.configs.find((c) => c.name === 'admin login')!;
      const application = races.applications.find((a) => a.name === 'web')!;
      const created = await call(tokens['races:run'], 'POST', '/v1/test-cases', {
        json: {
          name: 'Leaky login',
          goal: "Go to /login. Fill 'Password' with '{{config.password}}'",
          applicationShortId: application.shortId,
          configShortIds: [config.shortId],
        },
      });
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      const id = created.body.testCase.id;
      // What a burn-in's message may quote (the masking is there for exactly this).
      await sql(service, "UPDATE test_cases SET generation_status = 'FAILED', generation_error = $2 WHERE id = $1", [
        id,
        "Could not do \"Click 'Sign in'\": the field 'Password' holds 's3cret'",
      ]);
      const masked = await call(tokens['races:run'], 'GET', `/v1/test-cases/${id}`);
      expect(masked.body.generationError).to.not.include('s3cret');
      const unlinked = await call(tokens['races:run'], 'PATCH', `/v1/test-cases/${id}`, {
        json: { configShortIds: [] },
      });
      expect(unlinked.status, JSON.stringify(unlinked.body)).to.equal(200);
      const after = await call(tokens['races:run'], 'GET', `/v1/test-cases/${id}`);
      expect(after.body.generationError ?? '').to.not.include('s3cret');
      expect(JSON.stringify(unlinked.body)).to.not.include('s3cret');
    });

    it('does not send the API token itself as a ${NAME} variable (the client)', async () => {
      const token = tokens['secrets:plan']!;
      const sent: string[] = [];
      const out: string[] = [];
      const text = shopProject({ project: 'secrets' }).replace('name: Disabled check', 'name: "X ${GOALIE_API_TOKEN}"');
      await applyCommand(['goalie.yaml', '--dry-run'], {
        env: { GOALIE_API_URL: service.baseUrl, GOALIE_API_TOKEN: token },
        stdout: (t) => out.push(t),
        stderr: (t) => out.push(t),
        readFile: () => text,
        writeFile: () => undefined,
        now: () => Date.now(),
        sleep: async () => undefined,
        fetch: async (input, init) => {
          if (typeof init?.body === 'string') sent.push(init.body);
          return fetch(input, init);
        },
      }).catch((error: unknown) => out.push(String(error)));
      const variables = sent.map((b) => JSON.parse(b).variables ?? {});
      expect(
        variables.some((v) => 'GOALIE_API_TOKEN' in v),
        'the token was sent as a variable',
      ).to.equal(false);
      expect(out.join(''), 'the token was printed in the plan').to.not.include(token);
    });
  });

  describe('races', () => {
    it('never stores a dependency cycle from two PATCHes at once', async () => {
      const application = races.applications.find((a) => a.name === 'web')!;
      const make = async (name: string) => {
        const res = await call(tokens['races:run'], 'POST', '/v1/test-cases', {
          json: { name, goal: 'Go to /', applicationShortId: application.shortId },
        });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        return res.body.testCase.id as string;
      };
      const a = await make('Race A');
      const b = await make('Race B');
      let statuses: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        await call(tokens['races:run'], 'PATCH', `/v1/test-cases/${a}`, {
          json: { waitForDependenciesProjectTestCaseIds: [] },
        });
        await call(tokens['races:run'], 'PATCH', `/v1/test-cases/${b}`, {
          json: { waitForDependenciesProjectTestCaseIds: [] },
        });
        const both = await Promise.all([
          call(tokens['races:run'], 'PATCH', `/v1/test-cases/${a}`, {
            json: { waitForDependenciesProjectTestCaseIds: [b] },
          }),
          call(tokens['races:run'], 'PATCH', `/v1/test-cases/${b}`, {
            json: { waitForDependenciesProjectTestCaseIds: [a] },
          }),
        ]);
        statuses = both.map((r) => r.status);
        const edges = await sql(
          service,
          'SELECT test_case_id, depends_on_id FROM test_case_wait_for WHERE test_case_id = ANY($1::uuid[])',
          [[a, b]],
        );
        if (edges.length === 2) break;
      }
      const edges = await sql(
        service,
        'SELECT test_case_id FROM test_case_wait_for WHERE test_case_id = ANY($1::uuid[])',
        [[a, b]],
      );
      // Leave the project usable for the other tests.
      const cleanup = async () => {
        await sql(service, 'DELETE FROM test_case_wait_for WHERE test_case_id = ANY($1::uuid[])', [[a, b]]);
      };
      const stuck = await call(tokens['races:run'], 'PATCH', `/v1/test-cases/${a}`, { json: { name: 'Race A2' } });
      await cleanup();
      expect(
        edges,
        `both PATCHes answered ${statuses.join(' and ')}; a later PATCH then answered ${stuck.status}: ${JSON.stringify(stuck.body).slice(0, 200)}`,
      ).to.have.length.below(2);
    });

    it('plans and applies at the same time without a 500, and the plans leave nothing behind', async () => {
      const text = (goal: string) =>
        shopProject({ project: 'races' }).replace('goal: Go to /broken', `goal: Go to /${goal}`);
      const answers = await Promise.all([
        plan(tokens['races:plan']!, text('planned-1')),
        apply(tokens['races:admin']!, text('applied-1')),
        plan(tokens['races:admin']!, text('planned-2')),
        apply(tokens['races:admin']!, text('applied-2')),
        plan(tokens['races:plan']!, text('planned-3')),
      ]);
      for (const res of answers) expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
      const [row] = await sql(
        service,
        "SELECT goal FROM test_cases WHERE project_id = $1 AND name = 'Disabled check'",
        [races.project.id],
      );
      expect(row!.goal).to.be.oneOf(['Go to /applied-1', 'Go to /applied-2']);
    });

    it('answers a delete racing a PATCH or a plan membership of the same test case without a 500', async () => {
      const application = races.applications.find((a) => a.name === 'web')!;
      const smoke = races.testPlans.find((p) => p.name === 'Smoke')!;
      const failures: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const made = await call(tokens['races:run'], 'POST', '/v1/test-cases', {
          json: { name: `Doomed ${attempt}`, goal: 'Go to /', applicationShortId: application.shortId },
        });
        const other = await call(tokens['races:run'], 'POST', '/v1/test-cases', {
          json: { name: `Waiter ${attempt}`, goal: 'Go to /', applicationShortId: application.shortId },
        });
        const id = made.body.testCase.id;
        const answers = await Promise.all([
          call(tokens['races:run'], 'DELETE', `/v1/test-cases/${id}`),
          call(tokens['races:run'], 'POST', `/v1/test-plans/${smoke.shortId}/test-cases`, { json: { testCaseId: id } }),
          call(tokens['races:run'], 'PATCH', `/v1/test-cases/${other.body.testCase.id}`, {
            json: { resumeFromDependencyProjectTestCaseId: id },
          }),
        ]);
        const what = ['DELETE the test case', 'add it to a plan', 'PATCH another to resume from it'];
        answers.forEach((res, i) => {
          if (res.status >= 500) failures.push(`${what[i]}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        });
        await call(tokens['races:run'], 'PATCH', `/v1/test-cases/${other.body.testCase.id}`, {
          json: { resumeFromDependencyProjectTestCaseId: null },
        });
        await call(tokens['races:run'], 'DELETE', `/v1/test-cases/${id}`);
      }
      expect(failures).to.deep.equal([]);
    });
  });

  describe('what the lowest scopes may destroy (policy)', () => {
    it("does not let a plan-scope token (a merge request's pipeline) delete a test case the project file declares", async () => {
      const policy = await sql<{ id: string }>(
        service,
        "SELECT t.id FROM test_cases t JOIN projects p ON p.id = t.project_id WHERE p.name = 'policy' AND t.name = 'Admin dashboard'",
      );
      const res = await call(tokens['policy:plan'], 'DELETE', `/v1/test-cases/${policy[0]!.id}`);
      const left = await sql(service, 'SELECT id FROM test_cases WHERE id = $1', [policy[0]!.id]);
      expect(left, `DELETE answered ${res.status}`).to.have.length(1);
    });
  });
});
