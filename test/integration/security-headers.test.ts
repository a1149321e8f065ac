// The headers that keep Goalie's answers from being framed, sniffed into another type or run as a
// page: on every route the app's routers declare (read from them, so a new page is covered without
// editing this file), on error pages, and on evidence, which is content from the tested sites.
// (Pages under that policy in Chromium: test/e2e/dashboard-csp.test.ts.)
import { expect } from 'chai';
import { appRoutes, routeRecords, type RouteRecords } from '../helpers/routes.js';
import { startTestService, type TestService } from '../helpers/service.js';

/** The policy's directives: name → its sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** What is wrong with the answer's headers for any route; [] when nothing. */
function everywhereProblems(headers: Headers): string[] {
  const problems: string[] = [];
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (headers.get('x-frame-options') !== 'DENY') problems.push('X-Frame-Options is not DENY');
  if (!['no-referrer', 'same-origin'].includes(headers.get('referrer-policy') ?? ''))
    problems.push(`Referrer-Policy is ${headers.get('referrer-policy')}`);
  const csp = directives(headers.get('content-security-policy'));
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("CSP has no frame-ancestors 'none'");
  if (csp.get('default-src')?.join(' ') !== "'none'") problems.push("CSP has no default-src 'none'");
  return problems;
}

/** A page's policy: scripts and styles only from Goalie's own files, nothing inline. */
function pageProblems(headers: Headers): string[] {
  const csp = directives(headers.get('content-security-policy'));
  const problems: string[] = [];
  for (const kind of ['script-src', 'style-src']) {
    const sources = csp.get(kind) ?? csp.get('default-src') ?? [];
    const loose = sources.filter((s) => s !== "'self'" && s !== "'none'");
    if (loose.length) problems.push(`${kind} allows ${loose.join(' ')}`);
  }
  if (csp.get('base-uri')?.join(' ') !== "'none'") problems.push("CSP has no base-uri 'none'");
  if (!csp.has('form-action')) problems.push('CSP has no form-action');
  return problems;
}

describe('security headers on every answer', function () {
  this.timeout(120_000);
  let service: TestService;
  let records: RouteRecords;
  const evidenceKey = (name: string) => records.evidenceKey(name);

  before(async () => {
    // No worker: the run stays queued, and nothing else writes while the routes are read.
    service = await startTestService({ GOALIE_CONCURRENCY: '0' });
    records = await routeRecords(service);
    const evidence = service.runtime.evidence;
    await evidence.put(evidenceKey('screenshot-final.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg', []);
    await evidence.put(evidenceKey('console.txt'), '<script>alert(1)</script>\n', 'text/plain; charset=utf-8', []);
    await evidence.put(evidenceKey('trace.zip'), Buffer.from('PK\u0005\u0006'), 'application/zip', []);
    // Types Goalie does not write today, as a bucket shared with something else could hold.
    await evidence.put(evidenceKey('page.html'), '<script>alert(document.cookie)</script>', 'text/html', []);
    await evidence.put(evidenceKey('image.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', []);
  });
  after(() => service?.close());

  /** As the signed-in owner holding the project's API token, unless `signedIn` is false. */
  const ask = (method: string, path: string, headers: Record<string, string> = {}, signedIn = true) =>
    fetch(service.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        accept: 'text/html,application/xhtml+xml',
        'sec-fetch-site': 'same-origin',
        ...(signedIn ? { cookie: records.owner.cookie, authorization: `Bearer ${records.apiToken}` } : {}),
        ...headers,
      },
    });

  it('sends them on every route of every router, and a page policy without inline script on each page', async () => {
    const routes = appRoutes(service.runtime.http);
    expect(routes.length).to.be.greaterThan(50);
    const problems: string[] = [];
    let pages = 0;
    for (const route of routes) {
      const path = records.path(route.template);
      // Reads as the owner; anything else signed out, so it is refused and changes nothing.
      const res = await ask(route.method, path, {}, route.method === 'GET');
      await res.arrayBuffer();
      const found = everywhereProblems(res.headers);
      const html = (res.headers.get('content-type') ?? '').startsWith('text/html');
      if (html) found.push(...pageProblems(res.headers));
      if (html && res.status === 200) pages++;
      if (found.length) problems.push(`${route.method} ${path} (${res.status}): ${found.join('; ')}`);
    }
    expect(problems, problems.join('\n')).to.deep.equal([]);
    // The pages themselves were read, not only their refusals.
    expect(pages).to.be.greaterThan(15);
  });

  it('sends them on error pages and error answers', async () => {
    const answers = [
      await ask('GET', '/no/such/page'),
      await ask('GET', '/v1/no/such/route', { accept: 'application/json' }),
      await ask('PUT', '/v1/run'),
      await ask('GET', '/runs/NOSUCHRUN'),
      await ask('GET', `/p/shop/runs`, {}, false),
      await ask('POST', '/sign-in'),
      await ask('GET', '/p/shop/%00'),
    ];
    for (const res of answers) {
      expect(res.status, res.url).to.be.at.least(300);
      expect(everywhereProblems(res.headers), `${res.url} ${res.status}`).to.deep.equal([]);
    }
  });

  describe('evidence', () => {
    /** Evidence is content from the tested sites: never a page of Goalie's origin. */
    const evidenceProblems = (headers: Headers) => {
      const problems = everywhereProblems(headers);
      const csp = directives(headers.get('content-security-policy'));
      if (!csp.has('sandbox') || csp.get('sandbox')!.length) problems.push('CSP has no bare sandbox');
      // Inline style (the page Chromium builds around an image) is all it may have: it can load nothing.
      const allowed = (k: string) => (k === 'style-src' ? "'unsafe-inline'" : "'none'");
      if ([...csp.keys()].some((k) => k !== 'sandbox' && csp.get(k)!.join(' ') !== allowed(k)))
        problems.push(`CSP allows something: ${headers.get('content-security-policy')}`);
      return problems;
    };

    it('shows screenshots and text in the browser, sandboxed, with nothing allowed to load', async () => {
      for (const [name, type] of [
        ['screenshot-final.jpg', 'image/jpeg'],
        ['console.txt', 'text/plain; charset=utf-8'],
      ] as const) {
        const res = await ask('GET', `/evidence/${evidenceKey(name)}`);
        expect(res.status, name).to.equal(200);
        expect(res.headers.get('content-type'), name).to.equal(type);
        expect(res.headers.get('content-disposition') ?? 'inline', name).to.match(/^inline/);
        expect(evidenceProblems(res.headers), name).to.deep.equal([]);
      }
    });

    it('serves every other type as a download, sandboxed', async () => {
      for (const name of ['trace.zip', 'page.html', 'image.svg']) {
        const res = await ask('GET', `/evidence/${evidenceKey(name)}`);
        expect(res.status, name).to.equal(200);
        expect(res.headers.get('content-disposition'), name).to.equal(`attachment; filename="${name}"`);
        expect(evidenceProblems(res.headers), name).to.deep.equal([]);
      }
    });

    it('sends the same on a range, a range outside the file and an unchanged file', async () => {
      const path = `/evidence/${evidenceKey('page.html')}`;
      const first = await ask('GET', path);
      const answers = [
        await ask('GET', path, { range: 'bytes=0-3' }),
        await ask('GET', path, { range: 'bytes=9000-' }),
        await ask('GET', path, { 'if-none-match': first.headers.get('etag')! }),
        await ask('HEAD', path),
      ];
      expect(answers.map((r) => r.status)).to.deep.equal([206, 416, 304, 200]);
      for (const res of answers) expect(evidenceProblems(res.headers), String(res.status)).to.deep.equal([]);
      expect(answers[0]!.headers.get('content-disposition')).to.equal('attachment; filename="page.html"');
    });
  });
});
