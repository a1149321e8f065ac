// A worker driving a remote browser (GOALIE_BROWSER_WS_ENDPOINT, issue 15): Playwright's own browser
// server (chromium.launchServer, the Debian Chromium with the switches of a local launch) on
// 127.0.0.1, and a worker whose local Chromium path leads nowhere, so that every page it opens is
// the remote browser's. Runs pass with their evidence; the network guard answers Goalie's own port
// as a closed one through the remote browser (request hooks, no proxy); with the server gone, a test case ends in
// ERROR saying so, at once; once a server answers at the endpoint again, the next run passes.
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { expect } from 'chai';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../backend/src/agent/chromium-args.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { settleWithin } from '../../backend/src/settle-within.js';
import { siteProject } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const WS_PATH = 'goalie-remote';
/** As Browserless takes it: the token in the address, which a result must never show. */
const TOKEN = 's3cret-remote-token';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const launchServer = (port: number) =>
  chromium.launchServer({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    host: '127.0.0.1',
    port,
    wsPath: WS_PATH,
  });

const project = (siteUrl: string) =>
  siteProject('Remote', siteUrl, [
    { name: 'Home', goal: 'Go to /', expectedResult: "'All good' is shown" },
    { name: 'Own port', goal: 'Go to /probe', expectedResult: "'no answer' is shown" },
  ]);

interface Row {
  status: string;
  result: string | null;
  result_title: string | null;
  evaluation_thought: string | null;
  error_message: string | null;
  evidence: { key: string }[];
}

describe('a remote browser (GOALIE_BROWSER_WS_ENDPOINT, Playwright browser server)', function () {
  this.timeout(180_000);
  let server: BrowserServer | null;
  let port: number;
  let site: Site;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker;
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);

  const run = async (plan: string): Promise<{ status: string; rows: Row[] }> => {
    const { short_id: planShortId } = (
      await q<{ short_id: string }>(`SELECT short_id FROM test_plans WHERE name = $1`, [plan])
    )[0]!;
    const started = await api.post('/v1/run', { testPlanShortId: planShortId });
    expect(started.status, JSON.stringify(started.body)).to.equal(200);
    const shortId = started.body.run.shortId as string;
    const view = await waitFor(
      `run ${shortId} to end`,
      async () => {
        const body = (await api.get(`/v1/run/${shortId}`)).body;
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(body.status) ? body : null;
      },
      60_000,
      100,
    );
    const rows = await q<Row>(
      `SELECT status, result, result_title, evaluation_thought, error_message, evidence FROM run_test_cases WHERE run_id = $1 ORDER BY position`,
      [started.body.run.id],
    );
    return { status: view.status, rows };
  };

  before(async () => {
    port = await freePort();
    server = await launchServer(port);
    expect(server.wsEndpoint()).to.equal(`ws://127.0.0.1:${port}/${WS_PATH}`);
    service = await startTestService({
      GOALIE_BROWSER_WS_ENDPOINT: `${server.wsEndpoint()}?token=${TOKEN}`,
      GOALIE_CHROMIUM_PATH: '/nonexistent/chromium',
      GOALIE_METRICS: 'token',
      GOALIE_METRICS_TOKEN: 'remote-metrics-token-0123',
    });
    const apiPort = Number(new URL(service.baseUrl).port);
    site = await startSite({
      '/': html('Shop', '<main><h1>Shop</h1><p>All good</p></main>'),
      // A fetch of Goalie's own API port: the guard must answer it as a closed port, remote browser or not.
      '/probe': html(
        'Probe',
        `<main><h1>Probe</h1><p id="out">probing</p><script>
          fetch('http://127.0.0.1:${apiPort}/healthz', { mode: 'no-cors' })
            .then(() => (document.getElementById('out').textContent = 'answered'))
            .catch(() => (document.getElementById('out').textContent = 'no answer'));
        </script></main>`,
      ),
    });
    await service.apply(project(site.url));
    api = service.client(await service.token('remote'));
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () =>
        (await q<{ n: number }>(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!
          .n === 0,
      90_000,
      100,
    );
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
    // A Chromium that does not close in time is killed: closing is not what this file tests.
    if (
      server &&
      !(await settleWithin(
        server.close().then(() => true),
        10_000,
        () => false,
      ))
    )
      await server.kill();
  });

  it('executes a run in the remote browser: passed, with evidence', async () => {
    const { status, rows } = await run('Home');
    expect(status).to.equal('COMPLETED');
    expect(rows[0], JSON.stringify(rows[0])).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(rows[0]!.evidence.length).to.be.above(0);
    // Screenshots and the trace come from the remote browser over its WebSocket.
    const kinds = rows[0]!.evidence.map((e) => (e as { kind?: string }).kind);
    expect(kinds, JSON.stringify(rows[0]!.evidence)).to.include.members(['screenshot', 'trace']);
  });

  it("keeps the network guard: Goalie's own port is a closed port to the remote browser", async () => {
    const { rows } = await run('Own port');
    const thought = rows[0]!.evaluation_thought ?? '';
    expect(rows[0], thought).to.include({ status: 'COMPLETED', result: 'PASSED' });
    expect(thought).not.to.include('Goalie itself');
  });

  it('ends a test case in ERROR, saying why, while the endpoint does not answer; launches again once it does', async () => {
    await server!.close();
    server = null;
    const down = await run('Home');
    expect(down.status).to.equal('ERROR');
    const row = down.rows[0]!;
    expect(row, JSON.stringify(row)).to.include({
      status: 'ERROR',
      result_title: 'Goalie could not execute this test case',
    });
    expect(row.error_message, JSON.stringify(row)).to.match(
      new RegExp(
        `^Could not connect to the remote browser at ws://127\\.0\\.0\\.1:${port}/${WS_PATH}\\?token=\\*\\*\\* \\(GOALIE_BROWSER_WS_ENDPOINT\\): .*ECONNREFUSED`,
      ),
    );
    expect(JSON.stringify(row)).to.not.include(TOKEN);

    server = await launchServer(port);
    const again = await run('Home');
    expect(again.status).to.equal('COMPLETED');
    expect(again.rows[0], JSON.stringify(again.rows[0])).to.include({ status: 'COMPLETED', result: 'PASSED' });
    // Counted: the first connection and the new one; the browser lost once (the server closed).
    const metrics = (await service.runtime.metrics!.scrape()).body;
    expect(metrics).to.match(/^goalie_browser_launches_total 2$/m);
    expect(metrics).to.match(/^goalie_browser_crashes_total 1$/m);
  });
});
