// GET /readyz asks more than the database (issue 15): every migration of this build applied, and in
// a process that runs a worker, its browser at hand. The answer names each check; a probe never
// waits for a browser launch (it starts one in the background, at most one per 30 s).
import { expect } from 'chai';
import { freePort } from '../../backend/src/persistence/embedded-postgres.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

interface Ready {
  status: string;
  message?: string;
  checks: Record<string, string>;
}

const probe = async (service: TestService): Promise<{ status: number; body: Ready }> => {
  const response = await fetch(`${service.baseUrl}/readyz`);
  expect(response.headers.get('cache-control')).to.equal('no-store');
  return { status: response.status, body: (await response.json()) as Ready };
};

describe('GET /readyz: migrations and the worker browser', function () {
  this.timeout(120_000);
  let service: TestService;
  let worker: RunningWorker | null = null;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
  });

  it('is not ready while the database lacks a migration of this build, and says which', async () => {
    const [last] = await q(`SELECT id, timestamp, name FROM goalie_migrations ORDER BY id DESC LIMIT 1`);
    await q(`DELETE FROM goalie_migrations WHERE id = $1`, [last.id]);
    const missing = await probe(service);
    expect(missing.status).to.equal(503);
    expect(missing.body.checks.database).to.equal('ok');
    expect(missing.body.checks.migrations).to.equal(
      `The database lacks 1 migration of this build (${last.name}). Run \`npx goalie migrate\`, or start \`goalie serve\`, which migrates.`,
    );
    expect(missing.body.message).to.equal(missing.body.checks.migrations);
    await q(`INSERT INTO goalie_migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [
      last.id,
      last.timestamp,
      last.name,
    ]);
    expect(await probe(service)).to.deep.equal({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok' } },
    });
  });

  it('with a worker: ready once its browser is up, started by the probe itself, not per probe', async () => {
    worker = await startWorker(service.runtime);
    const first = await probe(service);
    expect(first.status).to.equal(503);
    expect(first.body.checks.browser).to.match(
      /^Chromium is not connected yet; the worker starts it|^Starting Chromium/,
    );
    const ready = await waitFor(
      'the browser to be up',
      async () => {
        const answer = await probe(service);
        return answer.status === 200 ? answer : null;
      },
      60_000,
      200,
    );
    expect(ready.body).to.deep.equal({ status: 'ready', checks: { database: 'ok', migrations: 'ok', browser: 'ok' } });
    // One browser for every probe and every test case: the worker's.
    const browser = await worker.executor.getBrowser();
    for (let i = 0; i < 5; i++) expect((await probe(service)).status).to.equal(200);
    expect(await worker.executor.getBrowser()).to.equal(browser);
  });

  it('with a remote browser that does not answer: not ready, saying so', async () => {
    const port = await freePort();
    const remote = await startTestService({
      GOALIE_BROWSER_WS_ENDPOINT: `ws://127.0.0.1:${port}/browser?token=hidden-token`,
    });
    const remoteWorker = await startWorker(remote.runtime);
    try {
      const answer = await waitFor(
        'the failed launch to show',
        async () => {
          const got = await probe(remote);
          return /could not start/.test(got.body.checks.browser ?? '') ? got : null;
        },
        40_000,
        200,
      );
      expect(answer.status).to.equal(503);
      expect(answer.body.checks.browser).to.match(
        new RegExp(
          `^The worker could not start the remote browser \\(GOALIE_BROWSER_WS_ENDPOINT\\): Could not connect to the remote browser at ws://127\\.0\\.0\\.1:${port}/browser\\?token=\\*\\*\\* .*ECONNREFUSED.* It tries again every 30 s\\.$`,
        ),
      );
      expect(JSON.stringify(answer.body)).to.not.include('hidden-token');
    } finally {
      await remoteWorker.stop();
      await remote.close();
    }
  });
});
