// Slack: per-run, plan and project notifications sent as queued jobs to a fake Slack Web API, and
// the Slack app's signed slash commands and "Rerun failed" button.
import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { slackMessenger } from '../../backend/src/integrations/slack/slack-messenger.js';
import { Worker } from '../../backend/src/jobs/worker.js';
import { startFakeSlack, type FakeSlack } from '../helpers/fake-slack.js';
import { notificationsSettled as settled } from '../helpers/notify-jobs.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';
import { GOOD_AND_BAD_YAML } from '../helpers/good-and-bad.js';

const SIGNING_SECRET = 'test-signing-secret-of-the-goalie-app';
/** A plan name that would be a link and an @channel in Slack's mrkdwn, were it not escaped. */
const HOSTILE_PLAN = '<https://evil.example/login|Log in to Goalie> <!channel>';

const project = `
organization: { name: Slacky }
project:
  name: slacky
  slack:
    botToken: xoxb-test-token
    signingSecret: ${SIGNING_SECRET}
    defaultChannel: CTEAM
    notifyOn: always
${GOOD_AND_BAD_YAML}
  - { name: After bad, application: web, goal: Go to /after, waitFor: [Bad] }
testPlans:
  - { name: Passing, default: true, testCases: [Good] }
  - { name: Failing, testCases: [Good, After bad] }
  - name: Nightly
    testCases: [Bad]
    notifications: { slack: { channel: CPLAN, notifyOn: failure } }
  - { name: "${HOSTILE_PLAN}", testCases: [Good] }
`;

function sign(
  body: string,
  secret = SIGNING_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const signature = 'v0=' + createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return {
    'x-slack-signature': signature,
    'x-slack-request-timestamp': String(timestamp),
    'content-type': 'application/x-www-form-urlencoded',
  };
}

describe('Slack', function () {
  this.timeout(120_000);
  let slack: FakeSlack;
  let service: TestService;
  let api: ApiClient;
  let worker: Worker;
  let plans: Record<string, string>;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const executor = new ScriptedExecutor({ Bad: { verdict: 'FAILED' } });
  const ended = (shortId: string) =>
    waitFor(`run ${shortId}`, async () => {
      const view = (await api.get(`/v1/run/${shortId}?testCases=all`)).body;
      return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(view.status) ? view : null;
    });
  const notificationsSettled = () => settled(service);
  const start = async (body: unknown) => (await api.post('/v1/run', body)).body.run.shortId as string;
  const slackPost = (body: string, headers = sign(body)) =>
    fetch(`${service.baseUrl}/slack/events`, { method: 'POST', headers, body });

  before(async () => {
    slack = await startFakeSlack({ joined: ['CTEAM', 'CPLAN', 'CALERTS', 'CELSEWHERE'] });
    service = await startTestService({ SLACK_API_URL: `${slack.url}/api/` });
    await service.apply(project);
    api = service.client(await service.token('slacky'));
    plans = Object.fromEntries(
      (await q(`SELECT name, short_id FROM test_plans`)).map((r: { name: string; short_id: string }) => [
        r.name,
        r.short_id,
      ]),
    );
    worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 4,
      projectParallelism: 20,
      slack: slackMessenger({ apiUrl: `${slack.url}/api/` }),
    });
    await worker.start();
  });
  after(async () => {
    await worker.stop(1000);
    await service.close();
    await slack.close();
  });
  beforeEach(() => slack.reset());

  describe('notifications', () => {
    it('always: a run-started message and the final summary, both to the per-run channel only', async () => {
      const shortId = await start({ notifications: [{ type: 'slack', channel: 'CALERTS' }] });
      await ended(shortId);
      await notificationsSettled();
      const messages = slack.messages();
      expect(messages.map((m) => m.channel)).to.deep.equal(['CALERTS', 'CALERTS']);
      const [started, summary] = [
        messages.find((m) => m.text.includes('started'))!,
        messages.find((m) => m.text.includes('passed'))!,
      ];
      expect(started.text).to.equal(`Goalie run ${shortId} of Passing started (1 test cases)`);
      expect(JSON.stringify(started.blocks)).to.contain(`/runs/${shortId}`);
      const fields = summary.blocks
        .find((b) => b.type === 'section' && b.fields)
        .fields.map((f: { text: string }) => f.text);
      expect(fields).to.include.members([
        '*Status*\nCOMPLETED · PASSED',
        '*Plan*\nPassing',
        '*Test cases*\n1 passed · 0 failed · 0 skipped · 0 errored',
      ]);
      expect(fields.find((f: string) => f.startsWith('*Started*'))).to.match(/<!date\^\d+\^/);
      const buttons = summary.blocks
        .find((b) => b.type === 'actions')
        .elements.map((e: { action_id: string }) => e.action_id);
      expect(buttons).to.deep.equal(['open_run']);
    });

    it('failure: nothing for a passing run; only the summary, with the failures and a Rerun failed button, for a failing one', async () => {
      await ended(await start({ notifications: [{ type: 'slack', channel: 'CALERTS', notifyOn: 'failure' }] }));
      await notificationsSettled();
      expect(slack.messages()).to.deep.equal([]);

      const failing = await start({
        testPlanShortId: plans.Failing,
        notifications: [{ type: 'slack', channel: 'CALERTS', notifyOn: 'failure' }],
      });
      await ended(failing);
      await notificationsSettled();
      const messages = slack.messages();
      expect(messages).to.have.length(1);
      expect(messages[0]!.text).to.equal(`Goalie run ${failing} of Failing failed: 1 passed, 1 failed`);
      const text = JSON.stringify(messages[0]!.blocks);
      expect(text).to.contain('*Bad*: Bad failed').and.to.contain('*After bad*: Skipped: dependency \\"Bad\\" failed');
      const rerun = messages[0]!.blocks
        .find((b) => b.type === 'actions')
        .elements.find((e: { action_id: string }) => e.action_id === 'rerun_failed');
      expect(rerun).to.include({ value: failing, style: 'primary' });
    });

    it("without per-run notifications: the plan's channel, else the project's default channel", async () => {
      await ended(await start({}));
      await notificationsSettled();
      expect(slack.messages().map((m) => m.channel)).to.deep.equal(['CTEAM', 'CTEAM']);
      slack.reset();
      await ended(await start({ testPlanShortId: plans.Nightly }));
      await notificationsSettled();
      // The plan's channel wants failures only: one summary, and nothing to the default channel.
      expect(slack.messages().map((m) => m.channel)).to.deep.equal(['CPLAN']);
    });

    it('retries with backoff when Slack fails, without holding up the run', async () => {
      // The plan's own channel: no channel check at start, so the first call to Slack is the summary.
      slack.failNext(1, 503);
      const shortId = await start({ testPlanShortId: plans.Nightly });
      const view = await ended(shortId);
      expect(view.status).to.equal('COMPLETED');
      await notificationsSettled();
      const attempts = slack.requests.filter((r) => r.apiMethod === 'chat.postMessage');
      expect(attempts.length).to.be.greaterThanOrEqual(2);
      expect(slack.messages('CPLAN').filter((m) => m.text.includes(shortId))).to.have.length(1);
      const [job] = await q(
        `SELECT retry_count, state FROM pgboss.job WHERE name = 'notify' AND data->>'runId' = (SELECT id::text FROM runs WHERE short_id = $1)`,
        [shortId],
      );
      expect(job).to.deep.equal({ retry_count: 1, state: 'completed' });
    });
  });

  describe('the Slack app', () => {
    const command = (text: string, channel = 'CTEAM') =>
      new URLSearchParams({
        command: '/goalie',
        text,
        channel_id: channel,
        user_id: 'U123',
        user_name: 'ada',
        team_id: 'T1',
        response_url: `${slack.url}/respond`,
      }).toString();

    it('/goalie run starts a run of the plan, attributed to the user, and reports back in the channel', async () => {
      const response = await slackPost(command('run Failing'));
      expect(response.status).to.equal(200);
      const answer = await response.json();
      expect(answer.response_type).to.equal('in_channel');
      const shortId = /run (\w+)>/.exec(answer.text)![1]!;
      expect(answer.text).to.match(
        /ada started <http:\/\/127\.0\.0\.1:\d+\/runs\/\w+\|run \w+> of \*Failing\* \(3 test cases\)/,
      );
      const [run] = await q(`SELECT trigger, actor, test_plan_name, notifications FROM runs WHERE short_id = $1`, [
        shortId,
      ]);
      expect(run).to.deep.include({ trigger: 'MANUAL', actor: 'ada', test_plan_name: 'Failing' });
      expect(run.notifications).to.deep.equal([{ type: 'slack', channel: 'CTEAM', notifyOn: 'always' }]);
      await ended(shortId);
      await notificationsSettled();
      expect(slack.messages('CTEAM').map((m) => m.text)).to.include(
        `Goalie run ${shortId} of Failing failed: 1 passed, 1 failed`,
      );
    });

    it('/goalie run names a plan as text: its name makes no link and pings nobody', async () => {
      const answer = await (await slackPost(command(`run ${plans[HOSTILE_PLAN]}`))).json();
      const shortId = /\|run (\w+)>/.exec(answer.text)![1]!;
      // In mrkdwn <…> is a link or a mention; the only one is the run page.
      expect([...answer.text.matchAll(/<([^>|]*)/g)].map((m) => m[1])).to.deep.equal([
        `${service.baseUrl}/runs/${shortId}`,
      ]);
      expect(answer.text).to.include('*&lt;https://evil.example/login|Log in to Goalie&gt; &lt;!channel&gt;*');
      await ended(shortId);
      await notificationsSettled();
    });

    it('/goalie status shows a run to the one who asked', async () => {
      const shortId = await start({});
      await ended(shortId);
      const answer = await (await slackPost(command(`status ${shortId}`))).json();
      expect(answer.response_type).to.equal('ephemeral');
      expect(answer.text).to.equal(`Goalie run ${shortId} of Passing passed: 1 passed, 0 failed`);
      const missing = await (await slackPost(command('status nosuchrun'))).json();
      expect(missing.text).to.match(/Run nosuchrun was not found in project slacky/);
    });

    it('answers help, and says so in a channel no project is connected to', async () => {
      expect((await (await slackPost(command('help'))).json()).text).to.contain('/goalie run');
      const runs = (await q(`SELECT count(*)::int n FROM runs`))[0].n;
      const answer = await (await slackPost(command('run', 'CELSEWHERE'))).json();
      expect(answer.text).to.match(/not connected to a Goalie project.*defaultChannel: CELSEWHERE/);
      expect((await q(`SELECT count(*)::int n FROM runs`))[0].n).to.equal(runs);
    });

    it('the Rerun failed button reruns the failed test cases and answers in the thread', async () => {
      const failing = await start({ testPlanShortId: plans.Failing });
      await ended(failing);
      const payload = JSON.stringify({
        type: 'block_actions',
        user: { id: 'U123', username: 'ada', name: 'ada' },
        team: { id: 'T1' },
        channel: { id: 'CTEAM' },
        message: { ts: '1700000000.000001' },
        actions: [
          { type: 'button', action_id: 'rerun_failed', value: failing, block_id: 'b1', action_ts: '1700000001.0' },
        ],
        response_url: `${slack.url}/respond`,
        trigger_id: 't1',
      });
      const body = new URLSearchParams({ payload }).toString();
      const response = await slackPost(body);
      expect(response.status).to.equal(200);
      const reply = await waitFor('the threaded answer', async () =>
        slack.messages('CTEAM').find((m) => m.threadTs === '1700000000.000001'),
      );
      expect(reply.text).to.match(
        new RegExp(`ada reran the failed test cases of run ${failing}: <[^|]+\\|run (\\w+)> \\(2 test cases\\)`),
      );
      const [rerun] = await q(
        `SELECT r.short_id FROM runs r JOIN runs o ON o.id = r.rerun_of_run_id WHERE o.short_id = $1`,
        [failing],
      );
      const names = (
        await q(
          `SELECT rtc.name FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1 ORDER BY rtc.position`,
          [rerun.short_id],
        )
      ).map((r: { name: string }) => r.name);
      expect(names).to.deep.equal(['Bad', 'After bad']);
      // Asked for by a person in Slack: MANUAL, by that person.
      const [stored] = await q(`SELECT trigger, actor FROM runs WHERE short_id = $1`, [rerun.short_id]);
      expect(stored).to.deep.equal({ trigger: 'MANUAL', actor: 'ada' });
    });

    it("works on a summary posted to a run's own channel that no project is connected to", async () => {
      const failing = await start({
        testPlanShortId: plans.Failing,
        notifications: [{ type: 'slack', channel: 'CALERTS' }],
      });
      await ended(failing);
      const payload = JSON.stringify({
        type: 'block_actions',
        user: { id: 'U9', username: 'grace', name: 'grace' },
        team: { id: 'T1' },
        channel: { id: 'CALERTS' },
        message: { ts: '1700000000.000777' },
        actions: [
          { type: 'button', action_id: 'rerun_failed', value: failing, block_id: 'b1', action_ts: '1700000001.0' },
        ],
        response_url: `${slack.url}/respond`,
        trigger_id: 't2',
      });
      expect((await slackPost(new URLSearchParams({ payload }).toString())).status).to.equal(200);
      const reply = await waitFor('the threaded answer', async () =>
        slack.messages('CALERTS').find((m) => m.threadTs === '1700000000.000777'),
      );
      expect(reply.text).to.match(new RegExp(`grace reran the failed test cases of run ${failing}`));
      const [rerun] = await q(
        `SELECT r.trigger, r.actor FROM runs r JOIN runs o ON o.id = r.rerun_of_run_id WHERE o.short_id = $1`,
        [failing],
      );
      expect(rerun).to.deep.equal({ trigger: 'MANUAL', actor: 'grace' });
    });

    it('acknowledges the "Open run" link button and starts nothing', async () => {
      const runs = (await q(`SELECT count(*)::int n FROM runs`))[0].n;
      const payload = JSON.stringify({
        type: 'block_actions',
        user: { id: 'U9', username: 'grace', name: 'grace' },
        team: { id: 'T1' },
        channel: { id: 'CTEAM' },
        actions: [{ type: 'button', action_id: 'open_run', block_id: 'b1', action_ts: '1700000001.0' }],
        trigger_id: 't3',
      });
      const response = await slackPost(new URLSearchParams({ payload }).toString());
      expect(response.status).to.equal(200);
      expect((await q(`SELECT count(*)::int n FROM runs`))[0].n).to.equal(runs);
    });

    it('refuses a forged or stale signature with 401, and does nothing', async () => {
      const runs = (await q(`SELECT count(*)::int n FROM runs`))[0].n;
      const body = command('run');
      expect((await slackPost(body, sign(body, 'not-the-secret'))).status).to.equal(401);
      expect((await slackPost(body, sign(body, SIGNING_SECRET, Math.floor(Date.now() / 1000) - 600))).status).to.equal(
        401,
      );
      // Dated ahead: replayable until then, so refused too.
      const ahead = await slackPost(body, sign(body, SIGNING_SECRET, Math.floor(Date.now() / 1000) + 600));
      expect(ahead.status).to.equal(401);
      expect(((await ahead.json()) as { message: string }).message).to.match(/more than five minutes away from now/);
      expect((await slackPost(body, { 'content-type': 'application/x-www-form-urlencoded' })).status).to.equal(401);
      const tampered = sign(body);
      expect((await slackPost(body.replace('run', 'run Failing'), tampered)).status).to.equal(401);
      expect((await q(`SELECT count(*)::int n FROM runs`))[0].n).to.equal(runs);
    });

    it("answers Slack's URL verification challenge", async () => {
      const body = JSON.stringify({ type: 'url_verification', challenge: 'abc123' });
      const response = await slackPost(body, { ...sign(body), 'content-type': 'application/json' });
      expect(await response.json()).to.deep.equal({ challenge: 'abc123' });
    });
  });
});
