// X-Forwarded-For, -Host and -Proto are believed only from the proxies GOALIE_TRUST_PROXY names:
// without it a client cannot reset its sign-in limit, forge its address in the log or rewrite the
// OpenAPI document's server; with it, a real proxy in front (test/helpers/forwarding-proxy.ts) tells
// its clients apart, and anyone who reaches Goalie past the proxy is still not believed.
import { expect } from 'chai';
import { FAILURES_PER_CLIENT } from '../../backend/src/domain/sign-in-limits.js';
import { visitor } from '../helpers/dashboard.js';
import { requestFrom, startForwardingProxy, type Answer, type ForwardingProxy } from '../helpers/forwarding-proxy.js';
import { loggerInto } from '../helpers/log-lines.js';
import { shopProject } from '../fixtures/projects.js';
import { startTestService, type TestService } from '../helpers/service.js';

interface RequestLine {
  msg: string;
  path?: string;
  client?: string;
  requestId?: string;
}

/** A browser at `from` on the sign-in page of `base` (Goalie, or the proxy in front): its tries. */
async function signInPage(from: string, base: string, always: Record<string, string> = {}) {
  const page = await requestFrom(from, `${base}/sign-in`, { headers: { accept: 'text/html', ...always } });
  expect(page.status).to.equal(200);
  const cookie = (page.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  return (email: string, password: string, headers: Record<string, string> = {}): Promise<Answer> =>
    requestFrom(from, `${base}/sign-in`, {
      method: 'POST',
      headers: {
        accept: 'text/html',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        ...always,
        ...headers,
      },
      body: new URLSearchParams({ token, email, password }).toString(),
    });
}

/** Fails FAILURES_PER_CLIENT sign-ins (each for another address, so only the client's count grows). */
async function failUpToTheLimit(attempt: (email: string, forgedFor: string) => Promise<Answer>): Promise<void> {
  for (let i = 0; i < FAILURES_PER_CLIENT; i++) {
    const answer = await attempt(`nobody-${i}@example.com`, `198.51.100.${i}`);
    expect(answer.status, `attempt ${i + 1}`).to.equal(401);
  }
}

async function openApiServer(from: string, base: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await requestFrom(from, `${base}/v1/openapi.json`, { headers });
  return JSON.parse(answer.text).servers[0].url;
}

describe('X-Forwarded-* without GOALIE_TRUST_PROXY', function () {
  this.timeout(120_000);
  let service: TestService;
  const lines: RequestLine[] = [];

  before(async () => {
    service = await startTestService({}, { logger: loggerInto(lines) });
  });
  after(() => service?.close());

  it('a forged X-Forwarded-For does not reset the per-client sign-in limit', async () => {
    const attempt = await signInPage('127.0.0.1', service.baseUrl);
    await failUpToTheLimit((email, forgedFor) => attempt(email, 'wrong password', { 'x-forwarded-for': forgedFor }));
    const next = await attempt('someone-else@example.com', 'wrong password', { 'x-forwarded-for': '203.0.113.7' });
    expect(next.status).to.equal(429);
    expect(next.text).to.include('Too many failed sign-in attempts');
  });

  it('a forged X-Forwarded-Host or -Proto does not change the OpenAPI server URL', async () => {
    const forged = { 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'https' };
    expect(await openApiServer('127.0.0.1', service.baseUrl, forged)).to.equal(`${service.baseUrl}/v1`);
  });

  it("logs the connection's address as the client, not one the request wrote", async () => {
    await requestFrom('127.0.0.2', `${service.baseUrl}/v1/outbound-ips`, {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'forged-for-log' },
    });
    const line = lines.find((l) => l.msg === 'request' && l.requestId === 'forged-for-log');
    expect(line?.client).to.equal('127.0.0.2');
  });

  it("names Goalie's public address in an exported project, not the request's Origin or X-Forwarded-Host", async () => {
    const shop = await service.apply(shopProject());
    const admin = await visitor(service, { organizationId: shop.organization.id, role: 'owner' });
    const answer = await admin.fetch('/p/shop/export.yaml', {
      headers: { origin: 'https://evil.example.net', 'x-forwarded-host': 'evil.example.net' },
    });
    expect(answer.status).to.equal(200);
    expect(await answer.text()).to.match(new RegExp(`^# Exported from ${service.baseUrl} \\(project shop\\)`));
  });
});

describe('GOALIE_TRUST_PROXY=127.0.0.1 with a proxy there', function () {
  this.timeout(120_000);
  let service: TestService;
  let proxy: ForwardingProxy;
  const lines: RequestLine[] = [];

  before(async () => {
    service = await startTestService(
      { GOALIE_TRUST_PROXY: '127.0.0.1', GOALIE_PUBLIC_URL: 'https://goalie.example.com' },
      { logger: loggerInto(lines) },
    );
    // The proxy reaches Goalie from 127.0.0.1; its clients come from 127.0.0.2 and 127.0.0.3.
    proxy = await startForwardingProxy(service.baseUrl, 'https');
  });
  after(async () => {
    await proxy?.close();
    await service?.close();
  });

  it('counts sign-in failures per client behind the proxy: one at its limit locks out no other', async () => {
    const first = await signInPage('127.0.0.2', proxy.url);
    await failUpToTheLimit((email, forgedFor) => first(email, 'wrong password', { 'x-forwarded-for': forgedFor }));
    const again = await first('someone-else@example.com', 'wrong password', { 'x-forwarded-for': '203.0.113.7' });
    expect(again.status, 'the same client, whatever it writes').to.equal(429);
    const second = await signInPage('127.0.0.3', proxy.url);
    expect((await second('someone-else@example.com', 'wrong password')).status, 'another client').to.equal(401);
  });

  it('logs the address the proxy saw, not the one its client wrote', async () => {
    await requestFrom('127.0.0.2', `${proxy.url}/v1/outbound-ips`, {
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-request-id': 'through-the-proxy' },
    });
    const line = lines.find((l) => l.msg === 'request' && l.requestId === 'through-the-proxy');
    expect(line?.client).to.equal('127.0.0.2');
  });

  it("takes the OpenAPI server URL from the proxy's X-Forwarded-Host and -Proto", async () => {
    expect(await openApiServer('127.0.0.2', proxy.url)).to.equal(`https://${new URL(proxy.url).host}/v1`);
  });

  it('believes none of the headers from a client that reaches Goalie past the proxy', async () => {
    const forged = {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-host': 'evil.example.net',
      'x-forwarded-proto': 'https',
    };
    expect(await openApiServer('127.0.0.2', service.baseUrl, forged)).to.equal(`${service.baseUrl}/v1`);
    await requestFrom('127.0.0.2', `${service.baseUrl}/v1/outbound-ips`, {
      headers: { ...forged, 'x-request-id': 'past-the-proxy' },
    });
    expect(lines.find((l) => l.requestId === 'past-the-proxy')?.client).to.equal('127.0.0.2');
  });

  it("checks a form's Origin against the host the proxy names, and a forged one against the Host header", async () => {
    const throughProxy = await signInPage('127.0.0.3', proxy.url);
    const proxyOrigin = `https://${new URL(proxy.url).host}`;
    // Without Sec-Fetch-Site, as older browsers send it: Origin decides.
    const sameSite = await throughProxy('someone-else@example.com', 'wrong password', {
      'sec-fetch-site': '',
      origin: proxyOrigin,
    });
    expect(sameSite.status, 'the form of the page the browser was on').to.equal(401);
    // The headers a proxy would send, written by the client itself.
    const past = await signInPage('127.0.0.3', service.baseUrl, {
      'x-forwarded-host': 'evil.example.net',
      'x-forwarded-proto': 'https',
    });
    const forged = await past('someone-else@example.com', 'wrong password', {
      'sec-fetch-site': '',
      origin: 'https://evil.example.net',
    });
    expect(forged.status, 'a forged X-Forwarded-Host matching a foreign Origin').to.equal(403);
  });

  it('sets the Secure session cookie of an https GOALIE_PUBLIC_URL on any connection, without failing', async () => {
    await visitor(service, { email: 'ada@example.com', password: 'lovelace and babbage' });
    for (const [from, base] of [
      ['127.0.0.4', service.baseUrl], // plain http, nobody says otherwise
      ['127.0.0.5', proxy.url], // https at the proxy
    ] as const) {
      const answer = await (await signInPage(from, base))('ada@example.com', 'lovelace and babbage');
      expect(answer.status, base).to.equal(302);
      const session = (answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('goalie_session='));
      expect(session, base).to.match(/; secure/i);
    }
  });
});
