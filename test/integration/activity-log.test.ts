// What `goalie serve` logs about its work, read from the service's own log: one info line for each
// run started and finished and each burn-in failed (exactly once), Slack notifications retried with
// backoff and a bounded number of attempts (one line each, no stack unless debug; the run is not
// failed), and access lines at the level of their kind.
import { Writable } from 'node:stream';
import { expect } from 'chai';
import { createLogger } from '../../backend/src/logger.js';
import { slackMessenger } from '../../backend/src/integrations/slack/slack-messenger.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { startFakeSlack, type FakeSlack } from '../helpers/fake-slack.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { GOOD_AND_BAD_YAML } from '../helpers/good-and-bad.js';

const project = `
organization: { name: Loggy }
project:
  name: loggy
  slack:
    botToken: xoxb-test-token
    signingSecret: test-signing-secret
    defaultChannel: CTEAM
    notifyOn: always
${GOOD_AND_BAD_YAML}
  - { name: Broken, application: web, goal: Go to /broken }
testPlans:
  - { name: Smoke, default: true, testCases: [Good, Bad] }
`;

type Line = {
  level: number;
  msg: string;
  event?: string;
  err?: { message: string; stack?: string };
  [key: string]: unknown;
};

describe('what the service logs about its work', function () {
  this.timeout(120_000);
  let slack: FakeSlack;
  let service: TestService;
  let api: ApiClient;
  let worker: Worker;
  const lines: Line[] = [];
  const logger = createLogger(
    'info',
    new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Line), done()) }),
  );
  const executor = new ScriptedExecutor({ Broken: { verdict: 'FAILED' } });
  const q = (text: string, params: unknown[] = []) => service.runtime.dataSource.query(text, params);
  const events = (event: string, where: (line: Line) => boolean = () => true) =>
    lines.filter((l) => l.event === event && where(l));

  before(async () => {
    slack = await startFakeSlack({ joined: ['CTEAM'] });
    service = await startTestService({ SLACK_API_URL: `${slack.url}/api/` }, { logger });
    await service.apply(project);
    api = service.client(await service.token('loggy'));
    worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 4,
      projectParallelism: 20,
      slack: slackMessenger({ apiUrl: `${slack.url}/api/` }),
    });
    await worker.start();
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      30_000,
      100,
    );
    // Burnt in: from now on Bad fails when it runs.
    executor.scripts.Bad = { verdict: 'FAILED' };
  });
  after(async () => {
    await worker?.stop(1000);
    await service?.close();
    await slack?.close();
  });

  it('says once that a burn-in failed, with the test case and the reason', async () => {
    const [broken] = await q(`SELECT id FROM test_cases WHERE name = 'Broken'`);
    const failed = events('burn-in.failed');
    expect(failed, JSON.stringify(failed)).to.have.length(1);
    expect(failed[0]).to.include({
      level: 30,
      testCaseId: broken.id,
      testCase: 'Broken',
      reason: 'Broken failed\nscripted FAILED',
    });
    expect(failed[0]!.msg).to.equal(
      `burn-in of test case "Broken" failed: Broken failed\nscripted FAILED ${service.baseUrl}/test-cases/${broken.id}`,
    );
  });

  it('says once that a run started and once that it finished, with its counts and link; Slack failing is retried, one line an attempt, and never fails the run', async () => {
    slack.failNext(1000, 500);
    const started = await api.post('/v1/run', {});
    expect(started.status).to.equal(200);
    const { id, shortId, url } = started.body.run;
    const view = await waitFor('the run to end', async () => {
      const body = (await api.get(`/v1/run/${shortId}?testCases=all`)).body;
      return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(body.status) ? body : null;
    });
    expect(view).to.include({ status: 'COMPLETED', result: 'FAILED' });

    const [start] = events('run.started', (l) => l.runId === id);
    expect(events('run.started', (l) => l.runId === id)).to.have.length(1);
    expect(start).to.include({ level: 30, run: shortId, plan: 'Smoke', testCases: 2, url });
    expect(start!.msg).to.equal(`run ${shortId} started: plan "Smoke", 2 test cases (API) ${url}`);
    await waitFor('the run-finished line', async () => events('run.finished', (l) => l.runId === id).length > 0);
    const finished = events('run.finished', (l) => l.runId === id);
    expect(finished).to.have.length(1);
    expect(finished[0]).to.include({
      level: 30,
      status: 'COMPLETED',
      result: 'FAILED',
      passed: 1,
      failed: 1,
      error: 0,
      url,
    });
    expect(finished[0]!.msg).to.equal(`run ${shortId} finished: FAILED (1 passed, 1 failed, 0 error) ${url}`);

    // The started and finished messages: each tried 5 times, the waits doubling (20 to 40 s, then 40 to 80 s, ...).
    // The test does not wait them out: each retry is made due at once once its delay is checked.
    const jobs = () =>
      q(
        `SELECT id, state, retry_count, EXTRACT(EPOCH FROM start_after - now())::float AS due_in FROM pgboss.job WHERE name = 'notify' AND data->>'runId' = $1`,
        [id],
      );
    const seenWaits: number[] = [];
    await waitFor(
      'both notifications to be given up',
      async () => {
        const rows = await jobs();
        for (const row of rows.filter((r: { state: string }) => r.state === 'retry')) {
          const base = 20 * 2 ** (row.retry_count as number);
          // retry_count is the attempts made before the one that failed: the wait is 20 × 2^n to twice that.
          expect(row.due_in, JSON.stringify(row)).to.be.within(base - 2, 2 * base + 1);
          seenWaits.push(base);
          await q(`UPDATE pgboss.job SET start_after = now() WHERE id = $1 AND state = 'retry'`, [row.id]);
        }
        return rows.length === 2 && rows.every((r: { state: string }) => r.state === 'failed');
      },
      60_000,
      100,
    );
    expect(new Set(seenWaits)).to.deep.equal(new Set([20, 40, 80, 160]));
    const posts = slack.requests.filter((r) => r.apiMethod === 'chat.postMessage');
    expect(posts).to.have.length(10);
    for (const event of ['started', 'finished']) {
      const mine = (l: Line) =>
        (l.data as { runId?: string; event?: string } | undefined)?.runId === id &&
        (l.data as { event: string }).event === event;
      const retries = events('job.retry', mine);
      expect(retries.map((l) => [l.level, l.attempt, l.attempts])).to.deep.equal([
        [40, 1, 5],
        [40, 2, 5],
        [40, 3, 5],
        [40, 4, 5],
      ]);
      const error = retries[0]!.error as string;
      expect(error).to.be.a('string').and.include('500');
      expect(retries[0]!.msg).to.equal(
        `Slack notification (run ${event}) to CTEAM failed (attempt 1 of 5): ${error}; trying again in 20 to 40 s`,
      );
      const givenUp = events('job.given-up', mine);
      expect(givenUp.map((l) => [l.level, l.msg])).to.deep.equal([
        [50, `Slack notification (run ${event}) to CTEAM failed 5 times, given up: ${error}`],
      ]);
      for (const line of [...retries, ...givenUp]) expect(line, 'no stack below debug').not.to.have.property('err');
    }
    expect(
      lines.filter((l) => l.msg === 'job failed'),
      'no other line about the notifications',
    ).to.deep.equal([]);
    expect((await api.get(`/v1/run/${shortId}`)).body).to.include({ status: 'COMPLETED', result: 'FAILED' });
  });

  it('shows the stack of a failed attempt at debug', async () => {
    logger.level = 'debug';
    try {
      slack.failNext(1, 500);
      const { id } = (await api.post('/v1/run', {})).body.run;
      const line = await waitFor(
        'a failed attempt',
        async () => events('job.retry', (l) => (l.data as { runId: string }).runId === id)[0],
      );
      expect(line.err?.stack).to.be.a('string').and.include('at ');
    } finally {
      logger.level = 'info';
    }
  });

  it('logs API calls at info, pages, evidence and probes at debug', async () => {
    logger.level = 'debug';
    try {
      const [run] = await q(`SELECT short_id FROM runs ORDER BY created_at LIMIT 1`);
      const asked = [
        `/v1/run/${run.short_id}`,
        `/runs/${run.short_id}`,
        '/healthz',
        `/evidence/runs/${run.short_id}/1/step-1.png`,
        '/v1/no-such-route',
      ];
      for (const path of asked)
        await fetch(`${service.baseUrl}${path}`, {
          redirect: 'manual',
          headers: path.startsWith('/v1')
            ? { authorization: `Bearer ${await service.token('loggy')}` }
            : { accept: 'text/html' },
        });
      const levels = await waitFor('the access lines', async () => {
        const found = asked.map((path) => lines.find((l) => l.msg === 'request' && l.path === path));
        return found.every(Boolean) ? found.map((l) => [l!.path, l!.status, l!.level]) : null;
      });
      expect(
        levels.map(([path, , level]) => [path, level]),
        JSON.stringify(levels),
      ).to.deep.equal([
        [asked[0], 30],
        [asked[1], 20],
        ['/healthz', 20],
        [asked[3], 20],
        ['/v1/no-such-route', 30],
      ]);
    } finally {
      logger.level = 'info';
    }
  });
});
