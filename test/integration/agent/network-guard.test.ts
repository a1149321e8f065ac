// Where the browser may go, enforced in real Chromium after DNS resolution: every request, redirect
// hop and fetch of a test case is checked against the project's network setting, Goalie's own ports
// and the addresses that are never reachable; a refused request fails the test case, saying where
// and which setting decides, and never reaches its destination. Goalie's own ports answer as closed
// ports do, so nothing a page or an outcome shows tells them apart. Config values are typed only
// into the project's own origins.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { builtinStepPlayer } from '../../../backend/src/agent/builtin-step-player.js';
import { PlaywrightExecutor } from '../../../backend/src/agent/execute-test-case.js';
import { launchBrowser, newContext } from '../../../backend/src/agent/browser.js';
import { NetworkGuard, type BrowserNetworkOptions } from '../../../backend/src/agent/network-guard.js';
import type { Step } from '../../../backend/src/domain/steps.js';
import { addressKind } from '../../../backend/src/domain/url-policy.js';
import { PlaywrightExplorer } from '../../../backend/src/exploratory/playwright-explorer.js';
import type { ExecutionOutcome, ExecutionRequest } from '../../../backend/src/app/ports/test-executor.js';
import { localDiskEvidence } from '../../../backend/src/storage/local-disk.js';
import { FAILING_EXPECT_TIMEOUT_MS } from '../../helpers/agent-pages.js';
import { closedPort } from '../../helpers/ports.js';
import { html, startSite, type Site } from '../../helpers/site.js';

/** A server that only counts what reaches it: the destination nothing may reach. */
async function startTarget(host = '127.0.0.1'): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** What a user reads of an outcome, with `port` written as PORT: an own port's and a closed port's must be equal. */
function portless(outcome: ExecutionOutcome, port: number) {
  const { verdict, resultTitle, evaluationThought, errorMessage } = outcome;
  return JSON.parse(
    JSON.stringify({ verdict, resultTitle, evaluationThought, errorMessage }).replaceAll(String(port), 'PORT'),
  ) as Record<string, unknown>;
}

/** This machine's first non-loopback IPv4 address: a page there is not on loopback. */
function outsideAddress(): string | null {
  return (
    Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((i) => i.family === 'IPv4' && !i.internal)?.address ?? null
  );
}

/** This machine's first address in a private range (not loopback): one a test listens on and a project can refuse. */
function privateAddress(): string | null {
  return (
    Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((i) => !i.internal && addressKind(i.address) === 'private')?.address ?? null
  );
}

/** Serves pages and scripts (a worker's script must be JavaScript) on 127.0.0.1. */
async function startScriptSite(files: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const file = new URL(request.url ?? '/', 'http://x').pathname;
    const body = files[file];
    response.writeHead(body === undefined ? 404 : 200, {
      'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('executor: where the browser may go', function () {
  this.timeout(60_000);
  const dir = path.join(os.tmpdir(), `goalie-network-guard-test-${process.pid}`);
  let site: Site;
  let foreign: Site;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let redirector: http.Server;
  let redirectorUrl: string;
  const executors = new Map<string, PlaywrightExecutor>();
  let n = 0;
  const agent = new BuiltinAgent({ findTimeoutMs: 1500 });
  const failingAgent = new BuiltinAgent({ findTimeoutMs: 1500, expectTimeoutMs: FAILING_EXPECT_TIMEOUT_MS });

  /**
   * An executor (and its Chromium) for these settings, shared by the tests that use the same ones:
   * each execution has a guard and a context of its own. `failing`: the test expects its expected
   * result not to show, which need not be waited for in full.
   */
  const executor = (network: BrowserNetworkOptions, failing = false) => {
    // A lookup or an address rule is a function JSON cannot tell apart: such settings get their own.
    const shared = !Object.values(network).some((value) => typeof value === 'function');
    const key = shared ? JSON.stringify([network, failing]) : String(executors.size);
    const made =
      executors.get(key) ??
      new PlaywrightExecutor(failing ? failingAgent : agent, builtinStepPlayer(), localDiskEvidence(dir), {
        chromiumPath: null,
        wsEndpoint: null,
        trace: false,
        stepScreenshots: false,
        network,
      });
    executors.set(key, made);
    return made;
  };
  const request = (over: Partial<ExecutionRequest>): ExecutionRequest => ({
    name: 'Case',
    goal: '',
    expectedResult: null,
    baseUrl: site.url,
    devicePreset: null,
    configs: {},
    secrets: [],
    steps: null,
    resumeState: null,
    keepState: false,
    evidencePrefix: `network-guard-test/${n++}`,
    ...over,
  });
  const everything = { allowLoopback: true, allowPrivate: true };

  before(async () => {
    target = await startTarget();
    const forbidden = `http://127.0.0.1:${target.port}`;
    site = await startSite({
      '/': html('Shop', `<h1>Shop</h1>`),
      '/image': html('Image', `<h1>Image</h1><img src="${forbidden}/pixel.png">`),
      '/fetch': html('Fetch', `<h1>Fetch</h1><script>fetch('${forbidden}/api').catch(() => {})</script>`),
      '/metadata': html(
        'Metadata',
        `<h1>Metadata</h1><script>fetch('http://169.254.169.254/latest/meta-data/').catch(() => {})</script>`,
      ),
      '/socket': html('Socket', `<h1>Socket</h1><script>new WebSocket('ws://[fd00:ec2::254]/feed')</script>`),
      '/explore': html('Explore', `<h1>Explore</h1><a href="/">Home</a><img src="http://[fe80::1]/track.gif">`),
      '/login': html('Sign in', `<h1>Sign in</h1><label>Password <input type="password"></label>`),
      // What a page learns of a port: the answer to a fetch, shown on the page.
      '/probe': html(
        'Probe',
        `<h1>Probe</h1><p id="out">probing</p><script>
          const port = new URLSearchParams(location.search).get('port');
          fetch('http://127.0.0.1:' + port + '/probe', { mode: 'no-cors' })
            .then(() => (document.getElementById('out').textContent = 'answered'))
            .catch((error) => (document.getElementById('out').textContent = 'no answer: ' + error.message));
        </script>`,
      ),
      '/socket-probe': html(
        'Socket probe',
        `<h1>Socket probe</h1><p id="out">probing</p><script>
          const port = new URLSearchParams(location.search).get('port');
          const events = [];
          const ws = new WebSocket('ws://127.0.0.1:' + port + '/feed');
          ws.onopen = () => events.push('open');
          ws.onerror = () => events.push('error');
          ws.onclose = (e) => (document.getElementById('out').textContent = ['websocket', ...events, 'close', e.code, e.wasClean].join(' '));
        </script>`,
      ),
    });
    foreign = await startSite({
      '/login': html('Sign in', `<h1>Sign in</h1><label>Password <input type="password"></label>`),
    });
    // /to/<port> leads to that port of 127.0.0.1, /to/metadata to the metadata address, anything else to the target.
    redirector = http.createServer((request, response) => {
      const to = /^\/to\/(\d+|metadata)/.exec(request.url ?? '')?.[1];
      const location =
        to === 'metadata'
          ? 'http://169.254.169.254/redirected'
          : to
            ? `http://127.0.0.1:${to}/redirected`
            : `${forbidden}/redirected`;
      response.writeHead(302, { location });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
  });
  after(async () => {
    await Promise.all([...executors.values()].map((e) => e.close()));
    await site?.close();
    await foreign?.close();
    await target?.close();
    redirector?.closeAllConnections();
    redirector?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses loopback subresources and fetches of a page outside loopback when loopback is not allowed', async function () {
    const address = outsideAddress();
    if (!address) this.skip();
    // The same pages, served on this machine's own non-loopback address.
    const server = http.createServer((request, response) => {
      const page = new URL(request.url ?? '/', 'http://x').pathname;
      const forbidden = `http://127.0.0.1:${target.port}`;
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        page === '/image'
          ? html('Image', `<h1>Image</h1><img src="${forbidden}/pixel.png">`)
          : html('Fetch', `<h1>Fetch</h1><script>fetch('${forbidden}/api').catch(() => {})</script>`),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const outside = `http://${address}:${(server.address() as AddressInfo).port}`;
    // As if the page were on another machine: this machine's own addresses count as loopback.
    const guarded = executor({
      defaults: { allowLoopback: false, allowPrivate: true },
      ownPorts: [],
      isOwnAddress: () => false,
    });
    try {
      for (const page of ['/image', '/fetch']) {
        const outcome = await guarded.execute(
          request({
            baseUrl: outside,
            goal: `Go to ${page}`,
            expectedResult: `'${page === '/image' ? 'Image' : 'Fetch'}' is shown`,
          }),
        );
        expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
        expect(outcome.resultTitle).to.equal(`The browser was not allowed to reach 127.0.0.1:${target.port}`);
        expect(outcome.evaluationThought).to.include(
          `127.0.0.1:${target.port} is a loopback address, which this project does not allow: set \`network: { allowLoopback: true }\` under \`project:\``,
        );
      }
    } finally {
      server.closeAllConnections();
      server.close();
    }
    expect(target.hits).to.deep.equal([]);
  });

  it("refuses this machine's own interface address where loopback is not allowed, by name or address", async function () {
    const address = outsideAddress();
    if (!address) this.skip();
    const server = http.createServer((_request, response) => void response.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const port = (server.address() as AddressInfo).port;
    const guarded = executor(
      {
        defaults: { allowLoopback: false, allowPrivate: true },
        ownPorts: [],
        lookup: async (host) => (host === 'staging.test' ? [address] : []),
      },
      true,
    );
    const why = 'an address of this machine, which this project does not allow: set `network: { allowLoopback: true }`';
    // The name in the browser (the guard resolves it); the address as written and in its mapped
    // IPv6 spelling by the guard that decides for the browser's requests.
    const decider = new NetworkGuard({ defaults: { allowLoopback: false, allowPrivate: true }, ownPorts: [] });
    try {
      const outcome = await guarded.execute(
        request({ baseUrl: `http://staging.test:${port}`, goal: 'Go to /', expectedResult: "'reached' is shown" }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(why);
      for (const host of [address, `[::ffff:0:${address}]`])
        expect(await decider.refusal(`http://${host}:${port}/`), host).to.include(why);
    } finally {
      await decider.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses a host name that resolves to loopback, checking what DNS answers', async () => {
    const lookups: string[] = [];
    const guarded = executor(
      {
        defaults: { allowLoopback: false, allowPrivate: false },
        ownPorts: [],
        lookup: async (host) => (lookups.push(host), host === 'shop.test' ? ['203.0.113.7', '127.0.0.1'] : []),
      },
      true,
    );
    const outcome = await guarded.execute(
      request({ baseUrl: `http://shop.test:${target.port}/`, goal: 'Go to /', expectedResult: "'reached' is shown" }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
    expect(outcome.resultTitle).to.equal(`The browser was not allowed to reach shop.test:${target.port}`);
    expect(outcome.evaluationThought).to.include(
      `shop.test:${target.port} resolves to 127.0.0.1, a loopback address, which this project does not allow`,
    );
    expect(lookups).to.include('shop.test');
    expect(target.hits).to.deep.equal([]);
  });

  it('lets the project allow loopback when the server does not', async () => {
    const guarded = executor({ defaults: { allowLoopback: false, allowPrivate: false }, ownPorts: [] });
    const outcome = await guarded.execute(
      request({
        goal: 'Go to /',
        expectedResult: "'Shop' is shown",
        network: { allowLoopback: true, allowPrivate: null },
      }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
    const refused = await guarded.execute(
      request({
        goal: 'Go to /',
        expectedResult: "'Shop' is shown",
        network: { allowLoopback: null, allowPrivate: true },
      }),
    );
    expect(refused.verdict).to.equal('FAILED');
    expect(refused.resultTitle).to.equal(`The browser was not allowed to reach ${new URL(site.url).host}`);
  });

  it('never reaches a metadata address, whatever the project allows', async () => {
    const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
      request({ goal: 'Go to /metadata', expectedResult: "'Metadata' is shown", network: everything }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
    expect(outcome.resultTitle).to.equal('The browser was not allowed to reach 169.254.169.254');
    expect(outcome.evaluationThought).to.include(
      'http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a cloud metadata address, which the browser may never reach',
    );
  });

  it('refuses a WebSocket to a forbidden address', async () => {
    const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
      request({ goal: 'Go to /socket', expectedResult: "'Socket' is shown" }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
    expect(outcome.evaluationThought).to.include(
      'ws://[fd00:ec2::254]/feed: [fd00:ec2::254] is a cloud metadata address',
    );
  });

  it("guards exploration too: a refused start page, refused requests as findings, Goalie's own port as a closed one", async () => {
    const browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
    try {
      const explorer = new PlaywrightExplorer(async () => browser, {
        guard: (project) =>
          new NetworkGuard({ defaults: { allowLoopback: false, allowPrivate: false }, ownPorts: [] }, project),
      });
      const refused = await explorer
        .explore({ startUrl: `${site.url}/`, maxPages: 2, maxDurationMs: 10_000 })
        .catch((error: Error) => error);
      expect((refused as Error).message).to.equal(
        `Cannot explore ${site.url}/: ${new URL(site.url).host} is a loopback address, which this project does not allow: set \`network: { allowLoopback: true }\` under \`project:\` in the project YAML (or GOALIE_BROWSER_ALLOW_LOOPBACK=true on the server).`,
      );
      const result = await explorer.explore({
        startUrl: `${site.url}/explore`,
        maxPages: 2,
        maxDurationMs: 10_000,
        network: { allowLoopback: true, allowPrivate: null },
      });
      const finding = result.findings.find(
        (f) => f.title === 'Request to [fe80::1] refused: the browser may not reach it',
      );
      expect(finding, JSON.stringify(result.findings)).to.include({ kind: 'http-error', severity: 'major' });
      expect(finding!.evidence).to.equal(
        'http://[fe80::1]/track.gif: [fe80::1] is a link-local address, which the browser may never reach',
      );
      // A start page that does not answer is unreachable, named as the browser would name it.
      const closed = await startTarget();
      await closed.close();
      const unreachable = await explorer.explore({
        startUrl: `http://127.0.0.1:${closed.port}/`,
        maxPages: 2,
        maxDurationMs: 10_000,
        network: { allowLoopback: true, allowPrivate: null },
      });
      expect(unreachable.unreachable).to.equal(true);
      expect(unreachable.findings[0]!.evidence).to.match(/ERR_CONNECTION_REFUSED/);
      // Goalie's own port as the start page reads as the closed one does, and is not reached.
      const guarded = new PlaywrightExplorer(async () => browser, {
        guard: (project) => new NetworkGuard({ defaults: everything, ownPorts: [target.port] }, project),
      });
      const explored = async (port: number) => {
        const { durationMs: _, ...result } = await guarded.explore({
          startUrl: `http://127.0.0.1:${port}/`,
          maxPages: 2,
          maxDurationMs: 10_000,
        });
        return JSON.parse(JSON.stringify(result).replaceAll(String(port), 'PORT')) as unknown;
      };
      expect(await explored(target.port)).to.deep.equal(await explored(closed.port));
      expect(target.hits).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });

  /** Each way a test case meets a port, against an own port and a closed one: the outcomes must read the same. */
  const sameAsClosed = async (network: BrowserNetworkOptions) => {
    const closed = await closedPort();
    const guarded = executor({ ...network, ownPorts: [target.port] }, true);
    const steps = [{ action: 'goto' as const, url: '/', sentence: 'Go to /' }];
    const ways: [string, (port: number) => Partial<ExecutionRequest>][] = [
      [
        'a fetch from the page',
        (port) => ({ goal: `Go to /probe?port=${port}`, expectedResult: "'answered' is shown" }),
      ],
      ['the page itself', (port) => ({ baseUrl: `http://127.0.0.1:${port}`, goal: 'Go to /', steps })],
      [
        'a WebSocket',
        (port) => ({ goal: `Go to /socket-probe?port=${port}`, expectedResult: "'websocket open' is shown" }),
      ],
      [
        'a redirect hop',
        (port) => ({ baseUrl: redirectorUrl, goal: `Go to /to/${port}`, expectedResult: "'reached' is shown" }),
      ],
    ];
    for (const [way, over] of ways) {
      // With hooks, a WebSocket to an own port is closed by Goalie, without the error a closed port
      // gives: a known gap of the remote browser (docs/security.md).
      if (way === 'a WebSocket' && network.mechanism === 'hooks') continue;
      const own = await guarded.execute(request(over(target.port)));
      const other = await guarded.execute(request(over(closed)));
      expect(portless(own, target.port), way).to.deep.equal(portless(other, closed));
      expect(own.verdict, `${way}: ${own.evaluationThought}`).not.to.equal('PASSED');
      expect(own.evaluationThought, way).not.to.include('Goalie itself');
    }
    expect(target.hits).to.deep.equal([]);
  };

  it("answers Goalie's own ports as closed ones: no outcome tells them apart, and nothing reaches them", () =>
    sameAsClosed({ defaults: everything, ownPorts: [] }));

  for (const mechanism of ['proxy', 'hooks'] as const) {
    it(`checks every hop of a redirect (${mechanism})`, async () => {
      const outcome = await executor({ defaults: everything, ownPorts: [], mechanism }, true).execute(
        request({ baseUrl: redirectorUrl, goal: 'Go to /to/metadata', expectedResult: "'reached' is shown" }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(
        'The browser was not allowed to request http://169.254.169.254/redirected: 169.254.169.254 is a cloud metadata address',
      );
    });
  }

  it("answers a page's plain-HTTP request to a refused address with Goalie's 403 saying why (local Chromium)", async () => {
    const browser = await launchBrowser({ chromiumPath: null, wsEndpoint: null });
    const guard = new NetworkGuard({ defaults: everything, ownPorts: [] });
    try {
      const context = await newContext(browser, null, undefined, await guard.contextOptions());
      await guard.protect(context);
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      const refused = 'http://169.254.169.254/latest/meta-data/';
      const why = `Goalie did not let the browser request ${refused}: 169.254.169.254 is a cloud metadata address, which the browser may never reach.`;
      const failed = page
        .waitForEvent('requestfailed')
        .then((r) => Promise.reject(new Error(`got no answer: ${r.failure()?.errorText}`)));
      const [fetched] = await Promise.all([
        Promise.race([page.waitForResponse(refused), failed]),
        // (no-cors: the answer carries no CORS header, and a cors fetch would stop before it.)
        page.evaluate((url) => fetch(url, { mode: 'no-cors' }).catch(() => null), refused),
      ]);
      expect(fetched.status()).to.equal(403);
      expect(await fetched.text()).to.equal(`${why}\n`);
      const opened = await page.goto(refused);
      expect(opened!.status()).to.equal(403);
      expect((await page.locator('body').innerText()).trim()).to.equal(why);
      expect(guard.refusals[0]?.url).to.equal(refused);
    } finally {
      await browser.close();
      await guard.close();
    }
  });

  describe('workers and service workers', () => {
    let inner: Awaited<ReturnType<typeof startTarget>>;
    let pages: Awaited<ReturnType<typeof startScriptSite>>;
    let innerHost: string;
    before(async function () {
      const address = privateAddress();
      if (!address) this.skip();
      inner = await startTarget(address);
      innerHost = `${address.includes(':') ? `[${address}]` : address}:${inner.port}`;
      const shown = (text: string) => `document.querySelector('p').textContent = ${JSON.stringify(text)}`;
      pages = await startScriptSite({
        '/worker': html(
          'Worker',
          `<h1>Worker</h1><p>working</p><script>new Worker('/worker.js').onmessage = () => (${shown('worker done')});</script>`,
        ),
        '/worker.js': `fetch('http://${innerHost}/from-worker').catch(() => {}).finally(() => postMessage('done'));`,
        '/service-worker': html(
          'Service worker',
          `<h1>Service worker</h1><p>installing</p><script>navigator.serviceWorker.register('/sw.js').then(() => navigator.serviceWorker.ready).then(() => (${shown('service worker ready')}));</script>`,
        ),
        '/sw.js': `self.addEventListener('install', (event) => event.waitUntil(fetch('http://${innerHost}/from-service-worker').catch(() => {})));`,
      });
    });
    after(async () => {
      await pages?.close();
      await inner?.close();
    });

    for (const mechanism of ['proxy', 'hooks'] as const)
      it(`checks the requests of a worker and of a service worker, which never reach a refused address (${mechanism})`, async () => {
        // The page is on loopback, which the project allows; the worker asks for a private address, which it does not.
        const guarded = executor({
          defaults: { allowLoopback: true, allowPrivate: false },
          ownPorts: [],
          isOwnAddress: () => false,
          mechanism,
        });
        for (const [page, done, asked] of [
          ['/worker', 'worker done', '/from-worker'],
          ['/service-worker', 'service worker ready', '/from-service-worker'],
        ] as const) {
          const outcome = await guarded.execute(
            request({ baseUrl: pages.url, goal: `Go to ${page}`, expectedResult: `'${done}' is shown` }),
          );
          expect(outcome.verdict, `${page}: ${outcome.evaluationThought}`).to.equal('FAILED');
          expect(outcome.resultTitle, page).to.equal(`The browser was not allowed to reach ${innerHost}`);
          expect(outcome.evaluationThought, page).to.include(
            `The browser was not allowed to request http://${innerHost}${asked}: ${innerHost} is a private network address, which this project does not allow`,
          );
        }
        expect(inner.hits).to.deep.equal([]);
      });
  });

  it("answers Goalie's own ports on this machine's interface address as closed ones", async function () {
    const address = outsideAddress();
    if (!address) this.skip();
    const hits: string[] = [];
    const own = http.createServer((request, response) => void (hits.push(request.url ?? ''), response.end('reached')));
    await new Promise<void>((resolve) => own.listen(0, address, resolve));
    const ownPort = (own.address() as AddressInfo).port;
    const closed = await closedPort();
    const guarded = executor({ defaults: everything, ownPorts: [ownPort] }, true);
    try {
      const steps = [{ action: 'goto' as const, url: '/', sentence: 'Go to /' }];
      for (const host of [address, `[::ffff:${address}]`, `[::ffff:0:${address}]`]) {
        const mine = await guarded.execute(request({ baseUrl: `http://${host}:${ownPort}`, goal: 'Go to /', steps }));
        const other = await guarded.execute(request({ baseUrl: `http://${host}:${closed}`, goal: 'Go to /', steps }));
        expect(portless(mine, ownPort), host).to.deep.equal(portless(other, closed));
        expect(mine.verdict, host).to.equal('ERROR');
      }
    } finally {
      own.closeAllConnections();
      own.close();
    }
    expect(hits).to.deep.equal([]);
  });

  it('checks the redirect hops of a frame of another site, and of a popup from its first request', async () => {
    // localhost and 127.0.0.1 are different sites: the frame runs in a process of its own.
    const hop = `http://localhost:${new URL(redirectorUrl).port}`;
    site.setPage(
      '/framed',
      html('Framed', `<h1>Framed</h1><iframe src="http://localhost:${new URL(site.url).port}/inner"></iframe>`),
    );
    site.setPage('/inner', html('Inner', `<p>Inner</p><img src="${hop}/to/metadata">`));
    site.setPage('/popup', html('Popup', `<h1>Popup</h1><a href="${hop}/to/metadata" target="_blank">Open</a>`));
    const guarded = executor({ defaults: everything, ownPorts: [] });
    const framed = await guarded.execute(request({ goal: 'Go to /framed', expectedResult: "'Framed' is shown" }));
    expect(framed.verdict, framed.evaluationThought).to.equal('FAILED');
    expect(framed.evaluationThought).to.include(
      'The browser was not allowed to request http://169.254.169.254/redirected: 169.254.169.254 is a cloud metadata address',
    );
    const popup = await guarded.execute(request({ goal: "Go to /popup\nClick 'Open'" }));
    expect(popup.verdict, popup.evaluationThought).to.equal('FAILED');
    expect(popup.evaluationThought).to.include(
      'The browser was not allowed to request http://169.254.169.254/redirected',
    );
  });

  it('connects to the addresses it checked: the browser resolves no name itself', async () => {
    // shop.test is no name the system resolves: only the guard's answer leads the browser there.
    const guarded = executor({
      defaults: everything,
      ownPorts: [],
      lookup: async (host) => (host === 'shop.test' ? ['127.0.0.1'] : []),
    });
    const outcome = await guarded.execute(
      request({
        baseUrl: `http://shop.test:${new URL(site.url).port}`,
        goal: 'Go to /',
        expectedResult: "'Shop' is shown",
      }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
  });

  it('reports a site it cannot reach as the browser would: no verdict, connection refused', async () => {
    const closed = await startTarget();
    await closed.close();
    // Replayed steps: the first opens the site.
    const steps = [{ action: 'goto' as const, url: '/', sentence: 'Go to /' }];
    const outcome = await executor({ defaults: everything, ownPorts: [] }, true).execute(
      request({
        baseUrl: `http://127.0.0.1:${closed.port}`,
        goal: 'Go to /',
        steps,
        expectedResult: "'Shop' is shown",
      }),
    );
    expect(outcome.verdict, outcome.evaluationThought).to.equal('ERROR');
    expect(outcome.resultTitle).to.equal(`Could not reach http://127.0.0.1:${closed.port}`);
    expect(outcome.evaluationThought).to.include('net::ERR_CONNECTION_REFUSED');
  });

  it("answers the guard's own proxies as closed ports", async () => {
    const guard = new NetworkGuard({ defaults: everything, ownPorts: [] });
    const { proxy } = await guard.contextOptions();
    try {
      const port = new URL(proxy!.server).port;
      expect(await guard.decide(new URL(`http://127.0.0.1:${port}/`))).to.include({ refusal: null, closed: true });
      expect(await guard.decide(new URL(`http://localhost:${port}/`))).to.include({ refusal: null, closed: true });
    } finally {
      await guard.close();
    }
  });

  describe('with a remote browser (checked by request hooks, not the proxy)', () => {
    const hooks = (ownPorts: number[] = []) => executor({ defaults: everything, ownPorts, mechanism: 'hooks' });

    it('never reaches a metadata address', async () => {
      const outcome = await hooks().execute(
        request({ goal: 'Go to /metadata', expectedResult: "'Metadata' is shown" }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(
        'http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a cloud metadata address, which the browser may never reach',
      );
    });

    it('refuses a WebSocket to a forbidden address', async () => {
      const outcome = await hooks().execute(request({ goal: 'Go to /socket', expectedResult: "'Socket' is shown" }));
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(
        'ws://[fd00:ec2::254]/feed: [fd00:ec2::254] is a cloud metadata address',
      );
    });

    it("answers Goalie's own ports as closed ones: no outcome tells them apart, and nothing reaches them", () =>
      sameAsClosed({ defaults: everything, ownPorts: [], mechanism: 'hooks' }));
  });

  describe('config values', () => {
    const configs = { 'demo user': { password: 'hunter2-secret' } };
    const goal = (url: string) => `Go to ${url}/login\nFill 'Password' with '{{config.password}}'`;

    it('are typed into the base URL origin', async () => {
      const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
        request({ goal: goal(site.url), configs }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
    });

    it('are not typed into another origin, which the step names', async () => {
      const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
        request({ goal: goal(foreign.url), configs, configOrigins: ['https://staging.example.com'] }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(
        `refused to send a config value to ${foreign.url}, which is not one of the project's own origins (${site.url}, https://staging.example.com)`,
      );
      expect(outcome.evaluationThought).to.include('repository.reviews.previewOrigins');
      expect(outcome.evaluationThought).not.to.include('hunter2-secret');
    });

    it("are typed into the project's other origins", async () => {
      const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
        request({ goal: goal(foreign.url), configs, configOrigins: [foreign.url] }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('PASSED');
    });

    it("go by the page's own origin, not a frame's: typed into another site's frame on the project's page, not on a foreign page", async () => {
      // A payment provider's field in a frame of another origin, which tells its page how many
      // characters it got; the same checkout page on the project's origin and on a foreign one.
      const checkout = (provider: string) =>
        html(
          'Checkout',
          `<h1>Checkout</h1><p id="typed">nothing typed</p><iframe src="${provider}/card"></iframe><script>addEventListener('message', (e) => (document.getElementById('typed').textContent = 'typed ' + e.data));</script>`,
        );
      const provider = await startSite({
        '/card': html(
          'Card',
          `<label>Card code <input type="password" oninput="parent.postMessage(this.value.length, '*')"></label>`,
        ),
      });
      const stranger = await startSite({ '/checkout': checkout(provider.url) });
      site.setPage('/checkout', checkout(provider.url));
      const request_ = (origin: string, expectedResult: string | null) => {
        const steps: Step[] = [
          { action: 'goto', url: `${origin}/checkout`, sentence: `Go to ${origin}/checkout` },
          {
            action: 'fill',
            target: {
              locators: [{ kind: 'css', selector: 'iframe >> internal:control=enter-frame >> input[type=password]' }],
              description: 'the "Card code" field',
            },
            value: '{{config.password}}',
            sentence: "Fill 'Card code' with '{{config.password}}'",
          },
        ];
        return request({ goal: steps.map((s) => s.sentence).join('\n'), steps, configs, expectedResult });
      };
      try {
        const guarded = executor({ defaults: everything, ownPorts: [] });
        const own = await guarded.execute(
          request_(site.url, `'typed ${configs['demo user'].password.length}' is shown`),
        );
        expect(own.verdict, own.evaluationThought).to.equal('PASSED');
        const away = await guarded.execute(request_(stranger.url, null));
        expect(away.verdict, away.evaluationThought).to.equal('FAILED');
        expect(away.evaluationThought).to.include(`refused to send a config value to ${stranger.url}`);
        expect(away.evaluationThought).not.to.include('hunter2-secret');
      } finally {
        await provider.close();
        await stranger.close();
      }
    });

    it('are not sent in a URL to another origin', async () => {
      const outcome = await executor({ defaults: everything, ownPorts: [] }).execute(
        request({ goal: `Go to ${foreign.url}/login?token={{config.password}}`, configs }),
      );
      expect(outcome.verdict, outcome.evaluationThought).to.equal('FAILED');
      expect(outcome.evaluationThought).to.include(`refused to send a config value to ${foreign.url}`);
      // (A browser also asks each site it shows for its icon.)
      expect(foreign.hits.filter((path) => path !== '/favicon.ico')).to.deep.equal(['/login', '/login']);
    });
  });
});
