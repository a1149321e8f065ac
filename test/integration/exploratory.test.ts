// Exploring a real site on 127.0.0.1 with a real Chromium: what is reported (kinds, severities,
// pages, evidence), what is never requested (other origins, logout, downloads), and the bounds.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../backend/src/agent/browser.js';
import type { ExplorationResult, Finding } from '../../backend/src/app/ports/explorer.js';
import { PlaywrightExplorer } from '../../backend/src/exploratory/playwright-explorer.js';

interface Server {
  url: string;
  /** Every request received, as "METHOD /path?query". */
  hits: string[];
  close(): Promise<void>;
}

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

async function startServer(route: Route): Promise<Server> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const LAYOUT_SCRIPT = '<script src="/layout.js"></script>';
const HOME_LINK = '<p><a href="/">Home</a></p>';

function siteRoutes(
  externalUrl: string,
): Record<string, string | ((request: http.IncomingMessage, response: http.ServerResponse) => void)> {
  const items = Array.from({ length: 10 }, (_, i) => `<li><a href="/items?page=${i + 1}">Page ${i + 1}</a></li>`).join(
    '',
  );
  return {
    '/': page(
      'Shop',
      `<nav><ul>
        <li><a href="/clean#intro">Clean</a></li>
        <li><a href="/noisy">Noisy</a></li>
        <li><a href="/a11y">Accessibility</a></li>
        <li><a href="/server-error">Reports</a></li>
        <li><a href="/missing">Missing</a></li>
        <li><a href="/loop/a">Loop</a></li>
        <li><a href="/moved">Moved</a></li>
        <li><a href="/head-not-allowed">No HEAD</a></li>
        <li><a href="${externalUrl}/ext">Partner site</a></li>
        <li><a href="mailto:team@example.com">Mail us</a></li>
        <li><a href="tel:+4930123456">Call us</a></li>
        <li><a href="javascript:void(0)">Nothing</a></li>
        <li><a href="#top">Top</a></li>
        <li><a href="/report.pdf">Report</a></li>
        <li><a href="/logout">Log out</a></li>
        <li><a href="/account/sign-out">Sign out</a></li>
      </ul></nav>
      <ul>${items}</ul>`,
    ),
    '/clean': page(
      'Clean',
      `<p>All good here.</p><p><a href="/missing">An old page</a></p>${HOME_LINK}`,
      LAYOUT_SCRIPT,
    ),
    '/noisy': page(
      'Noisy',
      `<img alt="" src="/broken-image.png"><script>console.error('Widget failed to render'); throw new Error('Boom in noisy');</script>${HOME_LINK}`,
      '<link rel="stylesheet" href="/missing.css">',
    ),
    '/a11y': page(
      'Accessibility',
      `<a href="/clean"><img src="/logo.png"></a>
      <form><input type="text" name="q"></form>
      <p style="color:#bbb;background:#fff">Faint text nobody can read</p>${HOME_LINK}`,
    ),
    '/loop/a': page('Loop A', '<a href="/loop/b">Next</a>', LAYOUT_SCRIPT),
    '/loop/b': page('Loop B', '<a href="/loop/c">Next</a>', LAYOUT_SCRIPT),
    '/loop/c': page('Loop C', '<a href="/loop/a">Back to the start</a>', LAYOUT_SCRIPT),
    '/moved-here': page('Moved here', HOME_LINK),
    '/items': page('Items', `<ul>${items}</ul>${HOME_LINK}`),
    '/layout.js': "console.error('Analytics failed to load');",
    '/logo.png': 'png',
    '/logout': page('Logged out', HOME_LINK),
    '/account/sign-out': page('Signed out', HOME_LINK),
    '/server-error': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end(page('Error', '<p>Something went wrong</p>'));
    },
    '/broken-image.png': (_request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('no');
    },
    '/moved': (_request, response) => {
      response.writeHead(302, { location: '/moved-here' });
      response.end();
    },
    '/head-not-allowed': (request, response) => {
      if (request.method === 'HEAD') {
        response.writeHead(405, { allow: 'GET' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(page('No HEAD', HOME_LINK));
    },
    '/to-hang': page('On the way', '<a href="/hang">A slow page</a>'),
    // Answers, then never finishes the document.
    '/hang': (request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      if (request.method === 'HEAD') response.end();
      else
        response.write(
          '<!doctype html><html lang="en"><head><title>Slow</title></head><body><main><h1>Slow</h1><p><a href="/clean">Clean</a></p><p>Loading',
        );
    },
  };
}

function serve(routes: ReturnType<typeof siteRoutes>): Route {
  return (request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (typeof route === 'function') return route(request, response);
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end(page('Not found', '<p>No such page</p>'));
      return;
    }
    const type = request.url?.endsWith('.js')
      ? 'text/javascript'
      : request.url?.endsWith('.png')
        ? 'image/png'
        : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type });
    response.end(request.method === 'HEAD' ? undefined : route);
  };
}

describe('exploratory testing: crawling a deployment', function () {
  let browser: Browser;
  let site: Server;
  let external: Server;
  let explorer: PlaywrightExplorer;

  before(async () => {
    browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
    external = await startServer((_request, response) => response.end('external'));
    site = await startServer(serve(siteRoutes(external.url)));
    explorer = new PlaywrightExplorer(async () => browser);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await external?.close();
  });

  const path = (url: string) => url.replace(site.url, '');
  const find = (result: ExplorationResult, kind: Finding['kind'], titlePart: string) => {
    const found = result.findings.filter((f) => f.kind === kind && f.title.includes(titlePart));
    expect(
      found,
      `one ${kind} finding about "${titlePart}" in ${JSON.stringify(result.findings.map((f) => f.title))}`,
    ).to.have.length(1);
    return found[0]!;
  };

  describe('a whole crawl', () => {
    let result: ExplorationResult;
    let hits: string[];

    before(async function () {
      site.hits.length = 0;
      result = await explorer.explore({ startUrl: `${site.url}/`, maxPages: 20, maxDurationMs: 60_000 });
      hits = [...site.hits];
    });

    it('visits the same-origin pages breadth-first, each once, in sorted order within a page', () => {
      expect(result.unreachable).to.equal(false);
      expect(result.pagesVisited.map(path)).to.deep.equal([
        '/',
        '/a11y',
        '/clean',
        '/head-not-allowed',
        '/items?page=1',
        '/items?page=10',
        '/items?page=2',
        '/loop/a',
        '/noisy',
        '/moved-here',
        '/loop/b',
        '/loop/c',
      ]);
    });

    it('never requests other origins, logout links, downloads or pages past the query-variant cap', () => {
      expect(external.hits).to.deep.equal([]);
      expect(hits.filter((h) => /logout|sign-out|report\.pdf/.test(h))).to.deep.equal([]);
      const itemQueries = new Set(hits.filter((h) => h.includes('/items?')).map((h) => h.split(' ')[1]));
      expect([...itemQueries].sort()).to.deep.equal(['/items?page=1', '/items?page=10', '/items?page=2']);
    });

    it('checks each distinct link once, with HEAD, and GET only to confirm an error or where HEAD is not allowed', () => {
      expect(hits.filter((h) => h.startsWith('HEAD ')).sort()).to.deep.equal(
        [
          '/a11y',
          '/clean',
          '/head-not-allowed',
          '/items?page=1',
          '/items?page=10',
          '/items?page=2',
          '/loop/a',
          '/loop/b',
          '/loop/c',
          '/missing',
          '/moved',
          '/moved-here',
          '/noisy',
          '/server-error',
        ]
          .map((p) => `HEAD ${p}`)
          .sort(),
      );
      expect(hits.filter((h) => h === 'GET /missing' || h === 'GET /server-error')).to.deep.equal([
        'GET /missing',
        'GET /server-error',
      ]);
    });

    it('reports a link to a server error as a critical broken link, with the linking page and the status', () => {
      const finding = find(result, 'broken-link', '/server-error');
      expect(finding).to.include({ severity: 'critical', page: `${site.url}/` });
      expect(finding.title).to.equal('Broken link to /server-error (500 Internal Server Error)');
      expect(finding.evidence)
        .to.include('<a href="/server-error">Reports</a>')
        .and.include(`GET ${site.url}/server-error → 500 Internal Server Error`);
    });

    it('reports a link to a missing page as a major broken link, merged over the pages that link to it', () => {
      const finding = find(result, 'broken-link', '/missing');
      expect(finding).to.include({ severity: 'major', page: `${site.url}/` });
      expect(finding.title).to.equal('Broken link to /missing (404 Not Found) (on 2 pages)');
      expect(finding.evidence).to.include('→ 404 Not Found').and.include('Seen on 2 pages: /, /clean');
    });

    it('reports console errors as minor and an uncaught exception as major', () => {
      expect(find(result, 'console-error', 'Widget failed to render')).to.include({
        severity: 'minor',
        page: `${site.url}/noisy`,
      });
      const exception = find(result, 'uncaught-exception', 'Boom in noisy');
      expect(exception).to.include({
        severity: 'major',
        page: `${site.url}/noisy`,
        title: 'Uncaught exception: Error: Boom in noisy',
      });
      expect(exception.evidence).to.include('Error: Boom in noisy');
    });

    it('merges the same console error on many pages into one finding that lists them', () => {
      const finding = find(result, 'console-error', 'Analytics failed to load');
      expect(finding).to.include({
        severity: 'minor',
        page: `${site.url}/clean`,
        title: 'Console error: Analytics failed to load (on 4 pages)',
      });
      expect(finding.evidence)
        .to.include('console.error: Analytics failed to load')
        .and.include('Seen on 4 pages: /clean, /loop/a, /loop/b, /loop/c');
    });

    it('reports failed same-origin requests of a page: 5xx as major, 4xx as minor', () => {
      const image = find(result, 'http-error', '/broken-image.png');
      expect(image).to.include({
        severity: 'major',
        page: `${site.url}/noisy`,
        title: 'Request for /broken-image.png answered 500 Internal Server Error',
      });
      expect(image.evidence).to.equal(`image ${site.url}/broken-image.png → 500 Internal Server Error`);
      expect(find(result, 'http-error', '/missing.css')).to.include({ severity: 'minor', page: `${site.url}/noisy` });
    });

    it('reports serious and critical accessibility violations with the rule, help and offending elements', () => {
      const a11y = result.findings.filter((f) => f.kind === 'accessibility');
      expect(
        a11y.every((f) => f.page === `${site.url}/a11y`),
        JSON.stringify(a11y.map((f) => f.page)),
      ).to.equal(true);
      const byRule = Object.fromEntries(a11y.map((f) => [/\(([a-z0-9-]+)\)$/.exec(f.title)![1], f.severity]));
      expect(byRule).to.deep.equal({
        'image-alt': 'critical',
        label: 'critical',
        'link-name': 'major',
        'color-contrast': 'major',
      });
      const imageAlt = find(result, 'accessibility', '(image-alt)');
      expect(imageAlt.evidence)
        .to.include('https://dequeuniversity.com/rules/axe/')
        .and.include('<img src="/logo.png">')
        .and.include('image-alt (critical)');
    });

    it('reports nothing else, worst first, in the order found', () => {
      expect(result.findings.map((f) => `${f.severity} ${f.kind}: ${f.title}`)).to.deep.equal([
        'critical broken-link: Broken link to /server-error (500 Internal Server Error)',
        'critical accessibility: Accessibility: Images must have alternative text (image-alt)',
        'critical accessibility: Accessibility: Form elements must have labels (label)',
        'major broken-link: Broken link to /missing (404 Not Found) (on 2 pages)',
        'major accessibility: Accessibility: Elements must meet minimum color contrast ratio thresholds (color-contrast)',
        'major accessibility: Accessibility: Links must have discernible text (link-name)',
        'major uncaught-exception: Uncaught exception: Error: Boom in noisy',
        'major http-error: Request for /broken-image.png answered 500 Internal Server Error',
        'minor console-error: Console error: Analytics failed to load (on 4 pages)',
        'minor console-error: Console error: Widget failed to render',
        'minor http-error: Request for /missing.css answered 404 Not Found',
      ]);
    });

    it('gives the same result when run again', async () => {
      const again = await explorer.explore({ startUrl: `${site.url}/`, maxPages: 20, maxDurationMs: 60_000 });
      expect(again.pagesVisited).to.deep.equal(result.pagesVisited);
      expect(again.findings).to.deep.equal(result.findings);
    });
  });

  it('stops at maxPages', async () => {
    const result = await explorer.explore({ startUrl: `${site.url}/`, maxPages: 3, maxDurationMs: 60_000 });
    expect(result.pagesVisited.map(path)).to.deep.equal(['/', '/a11y', '/clean']);
    // The links of the pages it did visit are still checked.
    expect(result.findings.map((f) => f.kind)).to.include('broken-link');
  });

  it('reports a start page that answers 500 as a critical HTTP error', async () => {
    const result = await explorer.explore({ startUrl: `${site.url}/server-error`, maxPages: 5, maxDurationMs: 30_000 });
    expect(result.unreachable).to.equal(false);
    expect(result.pagesVisited).to.deep.equal([`${site.url}/server-error`]);
    expect(result.findings).to.deep.equal([
      {
        severity: 'critical',
        kind: 'http-error',
        title: 'Page /server-error answered 500 Internal Server Error',
        page: `${site.url}/server-error`,
        evidence: `GET ${site.url}/server-error → 500 Internal Server Error`,
      },
    ]);
  });

  it('reports a start page that answers 404 as a major HTTP error', async () => {
    const result = await explorer.explore({ startUrl: `${site.url}/nowhere`, maxPages: 5, maxDurationMs: 30_000 });
    expect(result.findings.map((f) => [f.severity, f.kind, f.title])).to.deep.equal([
      ['major', 'http-error', 'Page /nowhere answered 404 Not Found'],
    ]);
  });

  it('reports an unreachable start page', async () => {
    const closed = await startServer(() => {});
    await closed.close();
    const result = await explorer.explore({ startUrl: `${closed.url}/`, maxPages: 5, maxDurationMs: 30_000 });
    expect(result.unreachable).to.equal(true);
    expect(result.pagesVisited).to.deep.equal([]);
    expect(result.findings).to.have.length(1);
    expect(result.findings[0]).to.include({ severity: 'critical', kind: 'unreachable', page: `${closed.url}/` });
    expect(result.findings[0]!.evidence).to.match(/ERR_CONNECTION_REFUSED/);
  });

  // /hang never answers: without the deadline these explorations would never end, so mocha's
  // timeout is what fails them. How close to the deadline they stop is a figure for the bench.
  it('does not stall past maxDurationMs on a start page that never finishes loading', async function () {
    this.timeout(20_000);
    const result = await explorer.explore({ startUrl: `${site.url}/hang`, maxPages: 5, maxDurationMs: 2_000 });
    expect(result.unreachable).to.equal(false);
    expect(result.pagesVisited).to.deep.equal([`${site.url}/hang`]);
  });

  it('does not stall past maxDurationMs on a linked page that never finishes loading', async function () {
    this.timeout(30_000);
    const result = await explorer.explore({ startUrl: `${site.url}/to-hang`, maxPages: 5, maxDurationMs: 6_000 });
    expect(result.pagesVisited.map(path)).to.deep.equal(['/to-hang', '/hang']);
    expect(result.findings).to.deep.equal([]);
  });

  it('reads a page that does not finish loading within the page timeout as far as it got, and goes on', async function () {
    this.timeout(30_000); // below maxDurationMs: only the page timeout lets it go on in time
    const patient = new PlaywrightExplorer(async () => browser, { pageTimeoutMs: 1_000 });
    const result = await patient.explore({ startUrl: `${site.url}/to-hang`, maxPages: 3, maxDurationMs: 60_000 });
    expect(result.pagesVisited.map(path)).to.deep.equal(['/to-hang', '/hang', '/clean']);
  });

  it('stops when aborted, without calling the start page unreachable', async function () {
    this.timeout(20_000); // below maxDurationMs: only the abort can end it in time
    const result = await explorer.explore({
      startUrl: `${site.url}/hang`,
      maxPages: 5,
      maxDurationMs: 60_000,
      signal: AbortSignal.timeout(500),
    });
    expect(result.unreachable).to.equal(false);
    expect(result.findings).to.deep.equal([]);
  });

  it('refuses options it cannot explore with, saying why', async () => {
    for (const [options, message] of [
      [{ startUrl: 'preview.example.com', maxPages: 5, maxDurationMs: 1000 }, /not a URL/],
      [{ startUrl: 'ftp://preview.example.com', maxPages: 5, maxDurationMs: 1000 }, /only http and https/],
      [{ startUrl: site.url, maxPages: 0, maxDurationMs: 1000 }, /maxPages/],
      [{ startUrl: site.url, maxPages: 5, maxDurationMs: 0 }, /maxDurationMs/],
    ] as const) {
      let error: Error | null = null;
      await explorer.explore(options).catch((e: Error) => (error = e));
      expect(error, JSON.stringify(options)).to.be.instanceOf(Error);
      expect(error!.message).to.match(message);
    }
  });
});
