// Email and Microsoft Teams notifications end to end: a project file with plan channels and project
// defaults, runs executed by a worker, and what a real SMTP server and a Teams webhook receiver on
// 127.0.0.1 got; retries, refusals, and the Teams URL kept secret.
import { expect } from 'chai';
import { ProjectInvalid } from '../../backend/src/app/apply-project.js';
import { exportProject } from '../../backend/src/app/export-project.js';
import { PermanentDeliveryFailure } from '../../backend/src/app/ports/notifiers.js';
import { smtpMailer } from '../../backend/src/integrations/email/smtp-mailer.js';
import { teamsWebhook } from '../../backend/src/integrations/teams/teams-webhook.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { notificationsSettled } from '../helpers/notify-jobs.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { visitor } from '../helpers/dashboard.js';
import { startFakeSlack, type FakeSlack } from '../helpers/fake-slack.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { SMTP_USER, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';
import { startTeamsReceiver, type TeamsReceiver } from '../helpers/teams-receiver.js';
import { waitFor } from '../helpers/wait.js';
import { GOOD_AND_BAD_YAML } from '../helpers/good-and-bad.js';
import { loggerInto } from '../helpers/log-lines.js';

const FROM = 'Goalie <goalie@example.com>';

const runEnded = (api: ApiClient, shortId: string) =>
  waitFor(`run ${shortId}`, async () => {
    const view = (await api.get(`/v1/run/${shortId}?testCases=all`)).body;
    return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(view.status) ? view : null;
  });

const project = (teams: TeamsReceiver, extra = '') => `
organization: { name: Mailers }
project:
  name: mailers
  slack: { botToken: xoxb-test-token, defaultChannel: CTEAM }
  notifications:
    email: [{ to: [team@example.com], notifyOn: failure }]
    teams: [{ webhookUrl: "${teams.url('/workflows/default')}", notifyOn: failure }]
${extra}
${GOOD_AND_BAD_YAML}
testPlans:
  - name: Passing
    default: true
    testCases: [Good]
    notifications:
      email: [{ to: [qa@example.com, lead@example.org] }]
      teams: [{ webhookUrl: "${teams.url('/workflows/plan')}" }]
  - { name: Failing, testCases: [Good, Bad] }
  - { name: Quiet, testCases: [Good] }
  - name: Silent
    testCases: [Bad]
    notifications: { email: [], teams: [] }
`;

describe('email and Teams notifications', function () {
  this.timeout(120_000);
  let slack: FakeSlack;
  let smtp: SmtpSink;
  let teams: TeamsReceiver;
  let service: TestService;
  let api: ApiClient;
  let worker: Worker;
  let plans: Record<string, string>;
  let organizationId: string;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const ended = (shortId: string) => runEnded(api, shortId);
  const start = async (plan: string) =>
    (await api.post('/v1/run', { testPlanShortId: plans[plan] })).body.run.shortId as string;
  const runAndSettle = async (plan: string) => {
    const shortId = await start(plan);
    await ended(shortId);
    await notificationsSettled(service);
    return shortId;
  };

  before(async () => {
    smtp = await startSmtpSink();
    teams = await startTeamsReceiver();
    slack = await startFakeSlack({ joined: ['CTEAM', 'CALERTS'] });
    service = await startTestService({
      GOALIE_SMTP_URL: smtp.url,
      GOALIE_SMTP_FROM: FROM,
      SLACK_API_URL: `${slack.url}/api/`,
    });
    organizationId = (await service.apply(project(teams))).organization.id;
    api = service.client(await service.token('mailers'));
    plans = Object.fromEntries(
      (await q(`SELECT name, short_id FROM test_plans`)).map((r: { name: string; short_id: string }) => [
        r.name,
        r.short_id,
      ]),
    );
    worker = new Worker(
      service.runtime.app,
      service.runtime.boss,
      new ScriptedExecutor({ Bad: { verdict: 'FAILED' } }),
      {
        databaseUrl: service.runtime.databaseUrl,
        concurrency: 4,
        projectParallelism: 20,
        email: smtpMailer(service.runtime.config.smtp!),
        teams: teamsWebhook({ ownPorts: [], timeoutMs: 5000 }),
      },
    );
    await worker.start();
  });
  after(async () => {
    await worker?.stop(1000);
    await service?.close();
    await smtp?.close();
    await teams?.close();
    await slack?.close();
  });
  beforeEach(() => {
    smtp.reset();
    teams.reset();
  });

  it("always: the plan's recipients and channel get the started message and the summary", async () => {
    const shortId = await runAndSettle('Passing');
    const runUrl = `${service.baseUrl}/runs/${shortId}`;

    expect(smtp.mails).to.have.length(2);
    for (const mail of smtp.mails) {
      expect(mail.user).to.equal(SMTP_USER);
      expect(mail.mailFrom).to.equal('goalie@example.com');
      expect(mail.headers.from).to.equal('Goalie <goalie@example.com>');
      expect(mail.rcptTo).to.deep.equal(['qa@example.com', 'lead@example.org']);
      expect(mail.headers.to).to.equal('qa@example.com, lead@example.org');
      expect(mail.headers['content-type']).to.match(/^multipart\/alternative/);
      expect(mail.text).to.include(`Open run: ${runUrl}`);
      expect(mail.html).to.include(`<a href="${runUrl}">Open run</a>`);
    }
    const started = smtp.mails.find((m) => m.headers.subject!.includes('started'))!;
    expect(started.headers.subject).to.equal(`Goalie run ${shortId} of Passing started (1 test case)`);
    const summary = smtp.mails.find((m) => m.headers.subject!.includes('passed'))!;
    expect(summary.headers.subject).to.equal(`Goalie run ${shortId} of Passing passed: 1 passed, 0 failed`);
    expect(summary.text).to.include('- Good: PASSED').and.include('Status: COMPLETED · PASSED');
    expect(summary.html).to.match(/<td[^>]*>Good<\/td><td[^>]*>PASSED<\/td>/);

    const posts = teams.requests;
    expect(posts.map((p) => p.path)).to.deep.equal([
      '/workflows/plan?api-version=1&sig=s3cr3t-signature',
      '/workflows/plan?api-version=1&sig=s3cr3t-signature',
    ]);
    for (const post of posts) {
      expect(post.contentType).to.equal('application/json');
      expect(post.body.type).to.equal('message');
      const [attachment] = post.body.attachments;
      expect(attachment.contentType).to.equal('application/vnd.microsoft.card.adaptive');
      expect(attachment.content).to.include({
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
      });
      expect(attachment.content.body).to.be.an('array').that.is.not.empty;
      expect(attachment.content.actions).to.deep.equal([{ type: 'Action.OpenUrl', title: 'Open run', url: runUrl }]);
    }
    const cards = posts.map((p) => p.body.attachments[0].content.body[0].text);
    expect(cards).to.have.members([
      `Goalie run ${shortId} of Passing started`,
      `Goalie run ${shortId} of Passing passed`,
    ]);
  });

  it("failure: a plan without channels of its own uses the project's, and only for runs that did not pass", async () => {
    await runAndSettle('Quiet');
    expect(smtp.mails).to.deep.equal([]);
    expect(teams.requests).to.deep.equal([]);

    const shortId = await runAndSettle('Failing');
    expect(smtp.mails).to.have.length(1);
    const [mail] = smtp.mails;
    expect(mail!.rcptTo).to.deep.equal(['team@example.com']);
    expect(mail!.headers.subject).to.equal(`Goalie run ${shortId} of Failing failed: 1 passed, 1 failed`);
    expect(mail!.text).to.include('- Bad: FAILED (Bad failed)');
    expect(mail!.html).to.match(/<td[^>]*>Bad<\/td><td[^>]*>FAILED<\/td><td[^>]*>Bad failed<\/td>/);
    expect(teams.messages('/workflows/default')).to.have.length(1);
    const facts = teams.messages()[0].attachments[0].content.body.at(-1).facts;
    expect(facts).to.deep.equal([
      { title: 'Good', value: 'PASSED' },
      { title: 'Bad', value: 'FAILED: Bad failed' },
    ]);
  });

  it('an empty list in a plan turns the project default off for it', async () => {
    await runAndSettle('Silent');
    expect(smtp.mails).to.deep.equal([]);
    expect(teams.requests).to.deep.equal([]);
  });

  it('retries with backoff when Teams answers 500 or the SMTP server says try later, without holding up the run', async () => {
    teams.failNext(1, 500);
    smtp.failNext(1);
    const shortId = await runAndSettle('Failing');
    expect(teams.requests.map((r) => r.status)).to.deep.equal([500, 202]);
    expect(smtp.mails).to.have.length(1);
    const jobs = await q(
      `SELECT data->>'kind' AS kind, retry_count, state FROM pgboss.job
        WHERE name = 'notify' AND data ? 'kind' AND data->>'runId' = (SELECT id::text FROM runs WHERE short_id = $1)
        ORDER BY kind`,
      [shortId],
    );
    expect(jobs).to.deep.equal([
      { kind: 'email', retry_count: 1, state: 'completed' },
      { kind: 'teams', retry_count: 1, state: 'completed' },
    ]);
  });

  it('does not retry a 404 from Teams: the run is unaffected and the job ends', async () => {
    teams.failNext(1, 404);
    const shortId = await runAndSettle('Failing');
    expect(teams.requests.map((r) => r.status)).to.deep.equal([404]);
    expect((await api.get(`/v1/run/${shortId}`)).body.status).to.equal('COMPLETED');
    const [job] = await q(
      `SELECT retry_count, state FROM pgboss.job
        WHERE name = 'notify' AND data->>'kind' = 'teams' AND data->>'runId' = (SELECT id::text FROM runs WHERE short_id = $1)`,
      [shortId],
    );
    expect(job).to.deep.equal({ retry_count: 0, state: 'completed' });
  });

  it('keeps the Teams URL secret: sealed in the database, masked in runs and jobs, a variable in the export', async () => {
    const shortId = await runAndSettle('Passing');
    const dump = JSON.stringify([
      await q(`SELECT teams_notifications FROM test_plans`),
      await q(`SELECT teams_notifications FROM projects`),
      await q(`SELECT notifications FROM runs WHERE short_id = $1`, [shortId]),
      await q(`SELECT data FROM pgboss.job WHERE name = 'notify'`),
    ]);
    expect(dump).not.to.include('s3cr3t-signature');
    const [{ notifications }] = await q(`SELECT notifications FROM runs WHERE short_id = $1`, [shortId]);
    expect(notifications.map((n: { type: string }) => n.type)).to.deep.equal(['slack', 'email', 'teams']);
    expect(notifications[2].label).to.match(/^http:\/\/127\.0\.0\.1:\d+\/… #[0-9a-f]{6}$/);
    // The API's run answer says nothing about notifications (the spec's shape).
    expect(JSON.stringify((await api.get(`/v1/run/${shortId}`)).body)).not.to.include('notifications');

    const [{ id }] = await q(`SELECT id FROM projects WHERE slug = 'mailers'`);
    const exported = await exportProject(service.runtime.app, id);
    expect(JSON.stringify(exported.document)).not.to.include('s3cr3t-signature');
    const planNamed = (name: string) =>
      (exported.document.testPlans as { name: string; notifications?: unknown }[]).find((p) => p.name === name)!;
    const plan = planNamed('Passing');
    expect(plan.notifications).to.deep.equal({
      email: [{ to: ['qa@example.com', 'lead@example.org'], notifyOn: 'always' }],
      teams: [{ webhookUrl: '${GOALIE_PLAN_PASSING_TEAMS_1}', notifyOn: 'always' }],
    });
    // An empty list turns the default off and survives the export; a plan without one inherits.
    expect(planNamed('Silent').notifications).to.deep.equal({ email: [], teams: [] });
    expect(planNamed('Quiet')).not.to.have.property('notifications');
    expect(exported.variables.map((v) => v.name)).to.include.members([
      'GOALIE_PLAN_PASSING_TEAMS_1',
      'GOALIE_PROJECT_TEAMS_1',
    ]);
    expect(exported.variables.find((v) => v.name === 'GOALIE_PLAN_PASSING_TEAMS_1')!.holds).to.match(
      /^the Teams webhook URL http:\/\/127\.0\.0\.1:\d+\/… #[0-9a-f]{6} of test plan Passing$/,
    );
  });

  it("the dashboard's plans page shows each plan's recipients and its Teams channel masked", async () => {
    const member = await visitor(service, { organizationId, role: 'viewer' });
    const res = await member.fetch('/p/mailers/plans');
    expect(res.status).to.equal(200);
    const page = await res.text();
    expect(page).to.include('Email to <code>qa@example.com</code>, <code>lead@example.org</code>, for every run');
    expect(page).to.match(/Teams channel <code>http:\/\/127\.0\.0\.1:\d+\/… #[0-9a-f]{6}<\/code>, for every run/);
    // Failing and Quiet have the project's; Silent turned them off.
    expect(page.match(/Email to <code>team@example.com<\/code>, when a run fails \(the project's\)/g)).to.have.length(
      2,
    );
    expect(page.match(/No email recipients\./g)).to.have.length(1);
    expect(page.match(/No Teams channel\./g)).to.have.length(1);
    expect(page).not.to.include('s3cr3t-signature').and.not.include('/workflows/');
  });

  it("a run's own Slack channels replace the default channel only: the plan's email and Teams still apply", async () => {
    const res = await api.post('/v1/run', {
      testPlanShortId: plans.Passing,
      notifications: [{ type: 'slack', channel: 'CALERTS', notifyOn: 'failure' }],
    });
    expect(res.status).to.equal(200);
    const [{ notifications }] = await q(`SELECT notifications FROM runs WHERE id = $1`, [res.body.run.id]);
    expect(
      notifications.map((n: { type: string; channel?: string; to?: string[] }) => n.channel ?? n.to ?? n.type),
    ).to.deep.equal(['CALERTS', ['qa@example.com', 'lead@example.org'], 'teams']);
    await ended(res.body.run.shortId);
    await notificationsSettled(service);
  });

  it('checks, when sending, every address the Teams host resolves to, and refuses without connecting', async () => {
    const poster = teamsWebhook({ ownPorts: [], timeoutMs: 5000 });
    const url = teams.url('/workflows/named').replace('127.0.0.1', 'localhost');
    const refusal = (target: string, access: { allowLoopback: boolean; allowPrivate: boolean }) =>
      poster.post(target, { type: 'message' }, access).then(
        () => null,
        (e: unknown) => e as Error,
      );
    const error = await refusal(url, { allowLoopback: false, allowPrivate: false });
    expect(error).to.be.instanceOf(PermanentDeliveryFailure);
    expect(error!.message).to.match(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(teams.requests).to.deep.equal([]);
    // Allowed, the same name is posted to.
    await poster.post(teams.url('/workflows/named'), { type: 'message' }, { allowLoopback: true, allowPrivate: true });
    expect(teams.messages('/workflows/named')).to.deep.equal([{ type: 'message' }]);
  });

  it("never posts to Goalie's own ports, even where loopback is allowed", async () => {
    const apiPort = Number(new URL(service.baseUrl).port);
    const poster = teamsWebhook({ ownPorts: [apiPort], timeoutMs: 5000 });
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
      const error = await poster
        .post(`http://${host}:${apiPort}/v1/run`, { type: 'message' }, { allowLoopback: true, allowPrivate: true })
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
      expect(error, host).to.be.instanceOf(PermanentDeliveryFailure);
      expect(error!.message, host).to.include(`port ${apiPort} of this machine, where Goalie itself listens`);
    }
  });

  const refusals: { title: string; url: string; extra?: string; says: string }[] = [
    {
      title: 'an http:// URL to a public address',
      url: 'http://52.236.186.1/workflows/x?sig=y',
      says: 'http://52.236.186.1/… is plain http to a public address; use https',
    },
    {
      title: 'an http:// URL when the project allows no inner addresses',
      url: 'http://prod-01.westeurope.logic.azure.com/workflows/x?sig=y',
      extra: '  network: { allowLoopback: false, allowPrivate: false }',
      says: 'http://prod-01.westeurope.logic.azure.com/… is plain http, which is allowed only for loopback or private addresses',
    },
    {
      title: 'the cloud metadata address',
      url: 'https://169.254.169.254/latest/meta-data',
      says: '169.254.169.254 is a cloud metadata address, which a webhook may never reach',
    },
    { title: 'a link-local address', url: 'https://[fe80::1]/hook', says: 'link-local address' },
    {
      title: 'a loopback address the project does not allow',
      url: 'http://127.0.0.1:9/hook',
      extra: '  network: { allowLoopback: false }',
      says: 'a loopback address, which this project does not allow',
    },
  ];
  for (const r of refusals)
    it(`apply refuses a Teams webhook URL that is ${r.title}, naming the place`, async () => {
      const yaml = project(teams, r.extra).replace(teams.url('/workflows/plan'), r.url);
      const error = await service.apply(yaml).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(ProjectInvalid);
      const message = (error as Error).message;
      expect(message).to.include('testPlans.0.notifications.teams.0.webhookUrl: ');
      expect(message).to.include(r.says);
      expect(message).not.to.include('sig=y');
    });
});

describe('email notifications without an SMTP server', function () {
  this.timeout(60_000);
  const lines: { event?: string; msg?: string; [key: string]: unknown }[] = [];
  const logger = loggerInto(lines, 'info');
  let teams: TeamsReceiver;
  let service: TestService;
  let worker: Worker;

  before(async () => {
    teams = await startTeamsReceiver();
    service = await startTestService({}, { logger });
    worker = new Worker(service.runtime.app, service.runtime.boss, new ScriptedExecutor({}), {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 2,
      projectParallelism: 20,
      teams: teamsWebhook({ ownPorts: [], timeoutMs: 5000 }),
    });
    await worker.start();
  });
  after(async () => {
    await worker?.stop(1000);
    await service?.close();
    await teams?.close();
  });

  it('apply warns; each email is logged and skipped while Teams is still sent', async () => {
    await service.apply(project(teams).replace(/^ {2}slack: .*$/m, ''));
    expect(lines.filter((l) => l.event === 'apply.smtp-missing').map((l) => l.msg)).to.deep.equal([
      'the project file declares email notifications, but this server has no SMTP server (GOALIE_SMTP_URL): they are skipped until one is configured',
    ]);
    const api = service.client(await service.token('mailers'));
    const shortId = (await api.post('/v1/run', {})).body.run.shortId as string;
    await runEnded(api, shortId);
    await notificationsSettled(service);
    const skipped = lines.filter((l) => l.event === 'notify.skipped');
    expect(skipped).to.have.length(2);
    expect(skipped[0]!.to).to.deep.equal(['qa@example.com', 'lead@example.org']);
    expect(skipped[0]!.msg).to.include('set GOALIE_SMTP_URL and GOALIE_SMTP_FROM');
    expect(teams.messages('/workflows/plan')).to.have.length(2);
  });
});
