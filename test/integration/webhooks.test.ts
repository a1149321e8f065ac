// Outbound webhooks: endpoints from the project YAML, deliveries written with the run's rows and
// sent by a worker to a receiver on 127.0.0.1 that checks the signatures, fails on purpose and
// keeps quiet on purpose; and the addresses and values apply refuses.
import { expect } from 'chai';
import { exportProject } from '../../backend/src/app/export-project.js';
import { httpWebhookSender } from '../../backend/src/integrations/webhooks/http-webhook-sender.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { loadProjectFile, ProjectFileError } from '../../shared/src/project-file/load.js';
import { applyProject } from '../../backend/src/app/apply-project.js';
import { visitor } from '../helpers/dashboard.js';
import { loggerInto } from '../helpers/log-lines.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';
import { GOOD_AND_BAD_YAML } from '../helpers/good-and-bad.js';

const SECRET = 'whsec-0123456789abcdef-goalie';

const project = (receiver: string, hooks = defaultHooks(receiver)) => `
organization: { name: Hooked }
project:
  name: hooked
  webhooks:
${hooks}
${GOOD_AND_BAD_YAML}
testPlans:
  - { name: Mixed, default: true, testCases: [Good, Bad] }
  - { name: Only good, testCases: [Good] }
`;

const defaultHooks = (
  receiver: string,
) => `    - { name: all, url: "${receiver}/ok", secret: "\${GOALIE_WEBHOOK_SECRET}" }
    - { name: flaky, url: "${receiver}/flaky", events: [run.started], secret: "${SECRET}" }
    - { name: silent, url: "${receiver}/silent", events: [run.started], secret: "${SECRET}" }
    - { name: wrong, url: "${receiver}/wrong-secret", events: [run.finished], secret: "${SECRET}" }
    - { name: gone, url: "${receiver}/gone", events: [run.finished], secret: "${SECRET}" }`;

describe('outbound webhooks', function () {
  this.timeout(120_000);
  let receiver: WebhookReceiver;
  let service: TestService;
  let api: ApiClient;
  let worker: Worker;
  const executor = new ScriptedExecutor({ Bad: { verdict: 'FAILED' } });
  const logLines: Record<string, unknown>[] = [];
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const apply = async (yaml: string) => {
    const loaded = loadProjectFile('hooked.yaml', yaml, { GOALIE_WEBHOOK_SECRET: SECRET });
    try {
      return await applyProject(service.runtime.app, loaded.doc);
    } catch (error) {
      if ((error as { problems?: unknown }).problems) throw loaded.fail((error as { problems: never[] }).problems);
      throw error;
    }
  };
  const applyError = async (yaml: string) => {
    try {
      await apply(yaml);
    } catch (error) {
      expect(error).to.be.instanceOf(ProjectFileError);
      return (error as Error).message;
    }
    throw new Error('expected the apply to fail');
  };
  const deliveries = (endpoint: string) =>
    q(
      `SELECT d.* FROM outbound_webhook_deliveries d JOIN outbound_webhooks w ON w.id = d.endpoint_id WHERE w.name = $1 ORDER BY d.created_at, d.event`,
      [endpoint],
    );
  /** Waiting retries made due now: the schedule starts at 30 s. */
  const hurryRetries = () =>
    q(`UPDATE pgboss.job SET start_after = now() WHERE name = 'webhook' AND state = 'created' AND start_after > now()`);
  const ended = (shortId: string) =>
    waitFor(`run ${shortId}`, async () => {
      const view = (await api.get(`/v1/run/${shortId}`)).body;
      return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(view.status) ? view : null;
    });

  before(async () => {
    receiver = await startWebhookReceiver(SECRET);
    service = await startTestService({}, { logger: loggerInto(logLines) });
    await apply(project(receiver.url));
    api = service.client(await service.token('hooked'));
    worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 4,
      projectParallelism: 20,
      webhooks: { sender: httpWebhookSender({ ownPorts: [], timeoutMs: 1000 }), version: '9.9.9-test' },
    });
    await worker.start();
  });
  after(async () => {
    await worker?.stop(1000);
    await service?.close();
    await receiver?.close();
  });

  it('stores the secret sealed, and neither the export nor the endpoint rows show it', async () => {
    const rows = await q(`SELECT name, url, events, secret_sealed, enabled FROM outbound_webhooks ORDER BY name`);
    expect(rows.map((r: { name: string }) => r.name)).to.deep.equal(['all', 'flaky', 'gone', 'silent', 'wrong']);
    const all = rows.find((r: { name: string }) => r.name === 'all');
    // `events` left out: every event.
    expect(all.events).to.deep.equal([
      'run.started',
      'run.finished',
      'test_case.failed',
      'burn_in.failed',
      'review.finished',
    ]);
    for (const row of rows) {
      expect(row.secret_sealed).to.match(/^v1:/);
      expect(row.secret_sealed).not.to.include(SECRET);
    }
    const projectId = (await q(`SELECT id FROM projects WHERE name = 'hooked'`))[0].id;
    const exported = await exportProject(service.runtime.app, projectId);
    expect(JSON.stringify(exported)).not.to.include(SECRET);
    // The file leaves them out (applying it keeps them) and says so without a URL: they may hold tokens.
    expect(exported.document.project).not.to.have.property('webhooks');
    expect(exported.keptOnServer).to.include('the 5 outbound webhook endpoints, with URLs and secrets');
    expect(JSON.stringify(exported)).not.to.include(receiver.url);
  });

  it('a failed burn-in sends burn_in.failed', async () => {
    // The scripted executor fails "Bad" in its burn-in too.
    const burnIn = await waitFor('burn_in.failed at /ok', async () =>
      receiver.received.find((r) => r.path === '/ok' && r.payload.event === 'burn_in.failed'),
    );
    expect(burnIn.verified).to.equal(true);
    const id = (await q(`SELECT id FROM test_cases WHERE name = 'Bad'`))[0].id;
    expect(burnIn.payload.data.testCase).to.include({ id, name: 'Bad', url: `${service.baseUrl}/test-cases/${id}` });
    expect(burnIn.payload.data.testCase.reason).to.match(/Bad failed/);
  });

  it('a run sends run.started, test_case.failed and run.finished, signed, with the same delivery id on a retry', async () => {
    const res = await api.post('/v1/run', {});
    expect(res.status).to.equal(200);
    const shortId = res.body.run.shortId as string;
    await ended(shortId);

    const toAll = await waitFor('the three events at /ok', async () => {
      const got = receiver.received.filter((r) => r.path === '/ok' && r.payload.data?.run?.shortId === shortId);
      return got.length >= 3 ? got : null;
    });
    expect(toAll.map((r) => r.payload.event).sort()).to.deep.equal(['run.finished', 'run.started', 'test_case.failed']);
    for (const r of toAll) {
      expect(r.verified, `signature of ${r.payload.event}`).to.equal(true);
      expect(r.headers['content-type']).to.equal('application/json');
      expect(r.headers['user-agent']).to.equal('Goalie-Webhooks/9.9.9-test');
      expect(r.headers['x-goalie-event']).to.equal(r.payload.event);
      expect(r.headers['x-goalie-delivery']).to.equal(r.payload.id);
      expect(r.payload.project.slug).to.equal('hooked');
    }
    const byEvent = Object.fromEntries(toAll.map((r) => [r.payload.event, r.payload]));
    expect(byEvent['run.started']!.data.run).to.include({ shortId, name: 'Mixed', testCases: 2 });
    expect(byEvent['run.finished']!.data.run).to.include({ shortId, status: 'COMPLETED', result: 'FAILED' });
    expect(byEvent['run.finished']!.data.run.counts).to.deep.equal({
      passed: 1,
      failed: 1,
      error: 0,
      skipped: 0,
      cancelled: 0,
    });
    expect(byEvent['run.finished']!.data.run.url).to.equal(`${service.baseUrl}/runs/${shortId}`);
    expect(byEvent['test_case.failed']!.data.testCase).to.include({
      name: 'Bad',
      result: 'FAILED',
      reason: 'Bad failed',
    });
    expect(byEvent['test_case.failed']!.data.run).to.include({ shortId });

    // /flaky answered 500 first: recorded, retried later with the same delivery id, then delivered.
    const [flaky] = await waitFor('the first attempt at /flaky', async () => {
      const rows = await deliveries('flaky');
      return rows.length && rows[0].attempts >= 1 ? rows : null;
    });
    expect(flaky.last_status_code).to.equal(500);
    expect(flaky.delivered_at).to.equal(null);
    expect(flaky.next_attempt_at).to.be.instanceOf(Date);
    expect(flaky.next_attempt_at.getTime() - Date.now()).to.be.within(20_000, 31_000);
    await hurryRetries();
    const retried = await waitFor('the delivery at /flaky', async () => {
      await hurryRetries();
      const [row] = await deliveries('flaky');
      return row?.delivered_at ? row : null;
    });
    expect(retried.attempts).to.equal(2);
    expect(retried.attempt_log.map((a: { statusCode: number }) => a.statusCode)).to.deep.equal([500, 200]);
    expect(retried.attempt_log[1].response).to.equal('ok');
    const atFlaky = receiver.received.filter((r) => r.path === '/flaky');
    expect(atFlaky.map((r) => r.status)).to.deep.equal([500, 200]);
    expect(atFlaky[0]!.headers['x-goalie-delivery']).to.equal(atFlaky[1]!.headers['x-goalie-delivery']);
    expect(atFlaky[0]!.headers['x-goalie-delivery']).to.equal(retried.id);
    expect(atFlaky.every((r) => r.verified)).to.equal(true);

    // /silent never answers: the attempt ends at the timeout, recorded with no status.
    const [silent] = await waitFor('the first attempt at /silent', async () => {
      const rows = await deliveries('silent');
      return rows.length && rows[0].attempts >= 1 ? rows : null;
    });
    expect(silent.last_status_code).to.equal(null);
    expect(silent.last_error).to.equal('no answer within 1 s');
    expect(silent.attempt_log[0].durationMs).to.be.within(900, 5000);
    expect(silent.next_attempt_at).to.be.instanceOf(Date);

    // Checked with another secret, the receiver refuses the signature (401): not delivered.
    const [wrong] = await waitFor('the first attempt at /wrong-secret', async () => {
      const rows = await deliveries('wrong');
      return rows.length && rows[0].attempts >= 1 ? rows : null;
    });
    expect(wrong.last_status_code).to.equal(401);
    expect(wrong.delivered_at).to.equal(null);
    expect(receiver.received.find((r) => r.path === '/wrong-secret')!.verified).to.equal(false);

    // 410 Gone turns the endpoint off: no retry, and later events are not written for it.
    const gone = await waitFor('the endpoint answering 410 disabled', async () => {
      const [row] = await q(`SELECT enabled, disabled_reason FROM outbound_webhooks WHERE name = 'gone'`);
      return row.enabled ? null : row;
    });
    expect(gone.disabled_reason).to.match(/^answered 410 Gone/);
    const [goneDelivery] = await deliveries('gone');
    expect(goneDelivery).to.include({ attempts: 1, last_status_code: 410, next_attempt_at: null });
  });

  it('a delivery failing every time is given up after the last attempt of the schedule', async () => {
    const [wrong] = await deliveries('wrong');
    for (let n = wrong.attempts; n < 7; n++) {
      await waitFor(`attempt ${n + 1} at /wrong-secret`, async () => {
        await hurryRetries();
        const [row] = await deliveries('wrong');
        return row.attempts > n ? row : null;
      });
    }
    const [last] = await deliveries('wrong');
    expect(last.attempts).to.equal(7);
    expect(last.next_attempt_at).to.equal(null);
    expect(last.delivered_at).to.equal(null);
    const jobs = await q(
      `SELECT count(*)::int n FROM pgboss.job WHERE name = 'webhook' AND state IN ('created', 'retry', 'active') AND data->>'deliveryId' = $1`,
      [last.id],
    );
    expect(jobs[0].n).to.equal(0);
  });

  it('the settings page lists the endpoints with their newest deliveries, never a secret', async () => {
    const organizationId = (await q(`SELECT id FROM organizations WHERE name = 'Hooked'`))[0].id;
    const admin = await visitor(service, { organizationId, role: 'admin' });
    const page = await admin.fetch('/p/hooked/settings/webhooks');
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include(`${receiver.url}/flaky`);
    expect(html).to.match(/disabled: answered 410 Gone/);
    const [flaky] = await deliveries('flaky');
    expect(html).to.include(flaky.id);
    expect(html).to.include('delivered');
    expect(html).not.to.include(SECRET);
    const member = await visitor(service, { organizationId, role: 'member' });
    expect((await member.fetch('/p/hooked/settings/webhooks')).status).to.equal(403);

    // The endpoint the receiver's 410 turned off is enabled again from the page.
    const [gone] = await q(`SELECT id FROM outbound_webhooks WHERE name = 'gone' AND NOT enabled`);
    const enabled = await admin.fetch(`/p/hooked/settings/webhooks/${gone.id}/enable`, { form: {} });
    expect(enabled.headers.get('location')).to.equal('/p/hooked/settings/webhooks?enabled=gone');
    expect(
      (await q(`SELECT enabled, disabled_reason FROM outbound_webhooks WHERE id = $1`, [gone.id]))[0],
    ).to.deep.equal({ enabled: true, disabled_reason: null });
  });

  it('log lines show each URL masked: hook URLs often carry a token in the path', async () => {
    const lines = logLines.filter((l) => typeof l.deliveryId === 'string');
    expect(lines.length).to.be.greaterThan(0);
    for (const line of lines) expect(line.url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/… #[0-9a-f]{6}$/);
    expect(JSON.stringify(logLines)).not.to.match(new RegExp(`${receiver.url}/(ok|flaky|silent|gone|wrong)`));
  });

  it('applying the file again keeps the endpoints (and their deliveries) it names and removes the others', async () => {
    const onlyAll = project(receiver.url, `    - { name: all, url: "${receiver.url}/ok", secret: "${SECRET}" }`);
    // Removing endpoints is a change of the project's settings; the same file again is none.
    expect((await apply(onlyAll)).project.status).to.equal('changed');
    const names = (await q(`SELECT name FROM outbound_webhooks`)).map((r: { name: string }) => r.name);
    expect(names).to.deep.equal(['all']);
    expect((await deliveries('all')).length).to.be.greaterThan(0);
    expect((await apply(onlyAll)).project.status).to.equal('unchanged');
    expect((await apply(onlyAll.replace('/ok"', '/ok?v=2"'))).project.status).to.equal('changed');
    expect((await apply(onlyAll)).project.status).to.equal('changed');
  });

  describe('refusals', () => {
    const refusal = (hook: string) => applyError(project(receiver.url, `    - ${hook}`));

    it('plain http to a public address, and plain http at all when the project allows no inner addresses', async () => {
      expect(await refusal(`{ url: "http://93.184.216.34/hook", secret: "${SECRET}" }`)).to.match(
        /project\.webhooks\[0\]\.url.*plain http to a public address; use https/,
      );
      const noInner = project(
        receiver.url,
        `    - { url: "http://hooks.example.com/hook", secret: "${SECRET}" }`,
      ).replace('  webhooks:', '  network: { allowLoopback: false, allowPrivate: false }\n  webhooks:');
      expect(await applyError(noInner)).to.match(
        /is plain http, which is allowed only for loopback or private addresses/,
      );
    });

    it('link-local and cloud metadata addresses, by address and by name', async () => {
      expect(await refusal(`{ url: "https://169.254.169.254/latest", secret: "${SECRET}" }`)).to.match(
        /169\.254\.169\.254 is a cloud metadata address, which a webhook may never reach/,
      );
      expect(await refusal(`{ url: "https://metadata.google.internal/x", secret: "${SECRET}" }`)).to.match(
        /metadata\.google\.internal is a cloud metadata address/,
      );
      expect(await refusal(`{ url: "https://169.254.10.1/x", secret: "${SECRET}" }`)).to.match(/link-local address/);
      expect(await refusal(`{ url: "https://10.1.2.3/x", secret: "${SECRET}" }`)).to.match(
        /private network address, which this project does not allow/,
      );
    });

    it('a short secret, an unknown event, a URL with credentials', async () => {
      expect(await refusal(`{ url: "https://hooks.example.com/x", secret: short-secret }`)).to.match(
        /webhooks\[0\]\.secret.*must be at least 16 characters/,
      );
      expect(
        await refusal(`{ url: "https://hooks.example.com/x", events: [run.exploded], secret: "${SECRET}" }`),
      ).to.match(/must be one of run\.started, run\.finished, test_case\.failed, burn_in\.failed, review\.finished/);
      const withPassword = await refusal(`{ url: "https://user:pw-secret@hooks.example.com/x", secret: "${SECRET}" }`);
      expect(withPassword).to.match(/without user or password/);
      expect(withPassword, 'the password is not repeated').not.to.include('pw-secret');
    });
  });
});
