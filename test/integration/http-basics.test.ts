import http from 'node:http';
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger } from '../../backend/src/logger.js';
import { waitFor } from '../helpers/wait.js';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { countRuns, errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

/** No stack frames, source paths or database internals in a message meant for API callers. */
function expectNoInternals(message: string): void {
  expect(message).not.to.match(/^\s*at\s/m);
  expect(message).not.to.match(/\bat .*\(.*:\d+:\d+\)/);
  expect(message).not.to.match(/\/(work|home|tmp|usr|node_modules)\//);
  expect(message).not.to.match(/\.(ts|js):\d+/);
  expect(message).not.to.match(/QueryFailedError|relation "|SQLSTATE|TypeError|ReferenceError|ZodError/);
}

/** Plain fetch, for answers the OpenAPI document does not describe (413, 405) or raw bodies. */
async function raw(
  service: TestService,
  method: string,
  path: string,
  init: { token?: string; body?: BodyInit; headers?: Record<string, string> } = {},
) {
  const response = await fetch(service.baseUrl + path, {
    method,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

describe('HTTP basics', () => {
  let service: TestService;
  let shop: ApplySummary;
  let token: string;
  let api: ApiClient;

  before(async () => {
    service = await startTestService({ GOALIE_BODY_LIMIT: '1kb' });
    shop = await service.apply(shopProject());
    token = await service.token('shop');
    api = service.client(token);
  });
  after(() => service.close());

  describe('unknown routes', () => {
    for (const [method, path] of [
      ['GET', '/v1/nope'],
      ['GET', '/nope'],
      ['POST', '/v1/runs'],
      ['GET', '/v1/run'.replace('run', 'runs/abc')],
      ['POST', '/v2/run'],
    ] as const) {
      it(`answers 404 with a message for ${method} ${path}, with or without a token`, async () => {
        for (const t of [undefined, token]) {
          const res = await raw(service, method, path, {
            token: t,
            ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
          });
          expect(res.status).to.equal(404);
          expect(errorMessage(res.body)).to.equal(
            `No route for ${method} ${path}. The API lives under /v1; its description is at /v1/openapi.json.`,
          );
        }
      });
    }
  });

  describe('wrong methods', () => {
    for (const [method, path, allow] of [
      ['DELETE', '/v1/run', 'POST'],
      ['GET', '/v1/run', 'POST'],
      ['PUT', '/v1/test-cases', 'POST'],
      // GET lists them (a Goalie extension): other methods are refused.
      ['DELETE', '/v1/test-cases', 'GET'],
      ['POST', '/v1/test-plans', 'GET'],
      ['PATCH', '/v1/run/abc', 'GET'],
      ['DELETE', '/v1/run/abc', 'POST'],
      ['POST', '/v1/outbound-ips', 'GET'],
      ['DELETE', `/api/projects/00000000-0000-4000-8000-000000000000/runs`, 'POST'],
    ] as const) {
      it(`answers 405 for ${method} ${path} with an Allow header listing ${allow}, and runs nothing`, async () => {
        const before = await countRuns(service, shop.project.id);
        const res = await raw(service, method, path, {
          token,
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { body: '{}', headers: { 'content-type': 'application/json' } }),
        });
        expect(res.status).to.equal(405);
        const allowed = res.headers.get('allow');
        expect(allowed).to.be.a('string');
        expect(allowed!.split(/,\s*/)).to.include(allow).and.not.include(method);
        expect(errorMessage(res.body)).to.equal(`Method ${method} is not allowed on ${path}; allowed: ${allowed}.`);
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    }
  });

  it('answers 405 for TRACE, a method no route implements (fetch cannot send it), with the Allow header', async () => {
    const answer = await new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
      const request = http.request(
        `${service.baseUrl}/v1/run`,
        { method: 'TRACE', headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (chunk: string) => (body += chunk))
            .on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
        },
      );
      request.on('error', reject).end();
    });
    expect(answer.status).to.equal(405);
    expect(answer.allow).to.include('POST');
    expect(JSON.parse(answer.body).message).to.equal(
      `Method TRACE is not allowed on /v1/run; allowed: ${answer.allow}.`,
    );
  });

  describe('request bodies', () => {
    const big = JSON.stringify({ padding: 'x'.repeat(2048) });

    it('answers 413 with a message for a body over GOALIE_BODY_LIMIT, and starts nothing', async () => {
      const before = await countRuns(service, shop.project.id);
      for (const path of ['/v1/run', '/v1/run/abc', '/v1/test-cases', `/api/projects/${shop.project.id}/runs`]) {
        const res = await raw(service, 'POST', path, {
          token,
          body: big,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status, path).to.equal(413);
        expect(errorMessage(res.body)).to.equal(
          'The request body is larger than the limit of 1 KB; send a smaller body.',
        );
      }
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });

    it('answers 413 for a streamed body without Content-Length that grows over the limit', async () => {
      const before = await countRuns(service, shop.project.id);
      const bytes = new TextEncoder().encode(big);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 600));
          controller.enqueue(bytes.slice(600));
          controller.close();
        },
      });
      const res = await raw(service, 'POST', '/v1/run', {
        token,
        body: stream,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(413);
      expect(errorMessage(res.body)).to.include('larger than the limit of 1 KB');
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });

    it('answers 413 to a Slack request over GOALIE_BODY_LIMIT, a dashboard form over 64 KB and a webhook delivery over 5 MB', async () => {
      const slack = await raw(service, 'POST', '/slack/events', {
        body: big,
        headers: { 'content-type': 'application/json' },
      });
      expect(slack.status).to.equal(413);
      const form = (size: number) =>
        raw(service, 'POST', '/sign-in', {
          body: `email=a%40example.com&password=${'x'.repeat(size)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await form(65 * 1024)).status).to.equal(413);
      expect((await form(2048)).status, 'a form over GOALIE_BODY_LIMIT but under 64 KB').to.equal(403);
      // A delivery with a large diff may be larger than GOALIE_BODY_LIMIT: up to 5 MB.
      const delivery = (size: number) =>
        raw(service, 'POST', '/webhooks/github/00000000-0000-4000-8000-000000000000', {
          body: 'x'.repeat(size),
          headers: { 'content-type': 'application/json' },
        });
      expect((await delivery(5 * 1024 * 1024 + 1)).status).to.equal(413);
      expect((await delivery(2048)).status).to.equal(401);
    });

    it('accepts a body just under the limit', async () => {
      const body = JSON.stringify({ padding: 'x'.repeat(900) });
      expect(Buffer.byteLength(body)).to.be.lessThan(1024);
      const res = await api.request('POST', '/v1/run', { raw: body, headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(200);
    });

    it('answers 400 for malformed JSON, saying so', async () => {
      const res = await api.request('POST', '/v1/run', {
        raw: '{"trigger": "API"',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(400);
      const message = errorMessage(res.body);
      expect(message).to.include('The request body is not valid JSON').and.include('Content-Type: application/json');
      expectNoInternals(message);
    });
  });

  describe('NUL characters', () => {
    for (const [method, path] of [
      ['GET', '/v1/run/%00'],
      ['POST', '/v1/run/abc%00'],
      ['GET', '/api/projects/%00/runs/abc'],
      ['GET', '/runs/%00'],
    ] as const) {
      it(`answers 400 for ${method} ${path} instead of asking the database`, async () => {
        const res = await raw(service, method, path, {
          token,
          ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        });
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body)).to.include('contains a NUL character (%00)');
      });
    }

    it('answers 400 for a NUL character in a body field, naming it, and ignores one in an unknown field', async () => {
      const before = await countRuns(service, shop.project.id);
      const bad = await api.post(`/api/projects/${shop.project.id}/runs`, {
        trigger: 'GITHUB',
        commit_message: 'x\u0000y',
      });
      expect(bad.status).to.equal(400);
      expect(errorMessage(bad.body)).to.include('commitMessage contains a NUL character');
      expect(await countRuns(service, shop.project.id)).to.equal(before);
      const ignored = await api.post('/v1/run', { note: 'x\u0000y' });
      expect(ignored.status).to.equal(200);
    });
  });

  describe('error bodies', () => {
    // One request per kind of error the API can give (the 500 has its own test below).
    const errorRequests: { title: string; status: number; send: () => ReturnType<typeof raw> }[] = [
      {
        title: '400 validation',
        status: 400,
        send: () =>
          raw(service, 'POST', '/v1/run', {
            token,
            body: '{"testPlanShortId":"abc"}',
            headers: { 'content-type': 'application/json' },
          }),
      },
      {
        title: '400 malformed JSON',
        status: 400,
        send: () =>
          raw(service, 'POST', '/v1/test-cases', { token, body: '{', headers: { 'content-type': 'application/json' } }),
      },
      { title: '400 query', status: 400, send: () => raw(service, 'GET', '/v1/run/abc?testCases=x', { token }) },
      { title: '401', status: 401, send: () => raw(service, 'GET', '/v1/run/abc') },
      { title: '404 run', status: 404, send: () => raw(service, 'GET', '/v1/run/abc', { token }) },
      { title: '404 route', status: 404, send: () => raw(service, 'GET', '/v1/nothing-here') },
      { title: '405', status: 405, send: () => raw(service, 'DELETE', '/v1/run', { token }) },
      {
        title: '413',
        status: 413,
        send: () =>
          raw(service, 'POST', '/v1/run', {
            token,
            body: 'x'.repeat(5000),
            headers: { 'content-type': 'application/json' },
          }),
      },
      // Signed out, a page answers "sign in" whether or not its run or test case exists (docs/security.md).
      { title: '401 page', status: 401, send: () => raw(service, 'GET', '/runs/doesnotexist') },
      { title: '401 test case page', status: 401, send: () => raw(service, 'GET', '/test-cases/not-a-uuid') },
      { title: '404 page route', status: 404, send: () => raw(service, 'GET', '/nothing-here') },
    ];
    for (const c of errorRequests) {
      it(`answers ${c.title} with exactly { message }, as JSON, without internals`, async () => {
        const res = await c.send();
        expect(res.status).to.equal(c.status);
        expect(res.headers.get('content-type')).to.match(/^application\/json/);
        expectNoInternals(errorMessage(res.body));
      });
    }
  });

  describe('request ids', () => {
    it('echoes a sane X-Request-Id, on success and on errors', async () => {
      for (const [path, status] of [
        ['/v1/outbound-ips', 200],
        ['/v1/run/abc', 401],
      ] as const) {
        const res = await raw(service, 'GET', path, { headers: { 'x-request-id': 'ci-job-42.step:3' } });
        expect(res.status).to.equal(status);
        expect(res.headers.get('x-request-id')).to.equal('ci-job-42.step:3');
      }
    });

    it('makes up a request id when none or a strange one is sent', async () => {
      const none = await raw(service, 'GET', '/v1/outbound-ips');
      expect(none.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      const strange = await raw(service, 'GET', '/v1/outbound-ips', {
        headers: { 'x-request-id': 'has spaces <and> tags' },
      });
      expect(strange.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
      expect(strange.headers.get('x-request-id')).not.to.equal(none.headers.get('x-request-id'));
    });
  });

  describe('GET /v1/openapi.json', () => {
    it('serves the OpenAPI 3.0.3 document of every endpoint without a token', async () => {
      const res = await raw(service, 'GET', '/v1/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      const doc = res.body;
      expect(doc.openapi).to.equal('3.0.3');
      expect(doc.info.version).to.equal('1.0.0');
      expect(doc.servers[0].url).to.equal(`${service.baseUrl}/v1`);
      const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(operations).to.include.members([
        'GET /outbound-ips',
        'POST /run',
        'GET /run/{shortId}',
        'POST /run/{shortId}',
        'POST /test-cases',
        'POST /api/projects/{projectUuid}/runs',
        'GET /api/projects/{projectUuid}/runs/{shortId}',
      ]);
    });

    it('names the address the caller used as the server, not a browser Origin header', async () => {
      const withOrigin = await raw(service, 'GET', '/v1/openapi.json', {
        headers: { origin: 'https://evil.example.net' },
      });
      expect(withOrigin.body.servers[0].url).to.equal(`${service.baseUrl}/v1`);
      // Nor X-Forwarded-Host without GOALIE_TRUST_PROXY: a proxy's are believed (test/integration/trust-proxy.test.ts).
      const forged = await raw(service, 'GET', '/v1/openapi.json', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'goalie.example.com' },
      });
      expect(forged.body.servers[0].url).to.equal(`${service.baseUrl}/v1`);
    });
  });
});

describe('HTTP 500', () => {
  let service: TestService;
  let shop: ApplySummary;
  let api: ApiClient;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    api = service.client(await service.token('shop'));
    // Break this service's own database in a way only the write of run test cases notices.
    await service.runtime.dataSource.query('DROP TABLE run_test_cases CASCADE');
  });
  after(() => service.close());

  it('answers { message } naming the request id and nothing internal, and leaves no half-written run', async () => {
    const [before] = await sql(service, 'SELECT usage_count FROM organizations WHERE id = $1', [shop.organization.id]);
    const res = await api.request('POST', '/v1/run', { body: {}, headers: { 'x-request-id': 'req-500-check' } });
    expect(res.status).to.equal(500);
    const message = errorMessage(res.body);
    expect(message).to.equal(
      'Internal server error (request id req-500-check). The error was logged; please report it with the request id.',
    );
    expect(res.headers.get('x-request-id')).to.equal('req-500-check');
    expectNoInternals(message);
    expect(message).not.to.include('run_test_cases');
    // The run row and the usage count were written in the same transaction: both rolled back.
    expect(await countRuns(service, shop.project.id)).to.equal(0);
    const [after] = await sql(service, 'SELECT usage_count FROM organizations WHERE id = $1', [shop.organization.id]);
    expect(after!.usage_count).to.equal(before!.usage_count);
  });

  it('keeps answering other requests', async () => {
    const res = await api.post('/v1/test-cases', {
      name: 'Still works',
      goal: 'Go to /',
      applicationShortId: shop.applications[0]!.shortId,
    });
    expect(res.status).to.equal(200);
  });
});

describe('HTTP basics: a client that goes away mid-body', () => {
  let service: TestService;
  let token: string;
  const logLines: string[] = [];

  before(async () => {
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    service = await startTestService({}, { logger });
    await service.apply(shopProject());
    token = await service.token('shop');
  });
  after(() => service.close());

  it('is no server error: nothing is logged at error level, and the server goes on answering', async () => {
    const url = new URL(`${service.baseUrl}/v1/test-cases`);
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '100000', authorization: `Bearer ${token}` },
      });
      request.on('error', () => resolve());
      request.write('{"name": "half', () => setTimeout(() => request.destroy(), 50));
      request.on('close', () => resolve());
    });
    // The server's answer to the next request comes after it handled the aborted one.
    await waitFor(
      'the aborted request logged',
      async () => logLines.some((line) => /"url":"\/v1\/test-cases"|\/v1\/test-cases/.test(line)),
      10_000,
      50,
    );
    expect((await fetch(`${service.baseUrl}/v1/outbound-ips`)).status).to.equal(200);
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 50);
    expect(errors).to.deep.equal([]);
  });
});
