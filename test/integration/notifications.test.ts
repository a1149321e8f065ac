import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { startFakeSlack, type FakeSlack } from '../helpers/fake-slack.js';
import { countRuns, errorMessage, sql, withProjectSetting } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

describe('POST /v1/run notifications', () => {
  let slack: FakeSlack;
  let service: TestService;
  let shop: ApplySummary;
  let api: ApiClient;

  const storedNotifications = async (runId: string) =>
    (await sql(service, 'SELECT notifications FROM runs WHERE id = $1', [runId]))[0]!.notifications;
  const channelsAsked = () =>
    slack.requests.filter((r) => r.apiMethod === 'conversations.info').map((r) => r.args.channel);

  before(async () => {
    slack = await startFakeSlack({ joined: ['C0JOINED', 'C0ALERTS'], notJoined: ['C0PRIVATE'] });
    service = await startTestService({ SLACK_API_URL: `${slack.url}/api/` });
    shop = await service.apply(shopProject({ slack: true }));
    api = service.client(await service.token('shop'));
  });
  beforeEach(() => slack.reset());
  after(async () => {
    await service.close();
    await slack.close();
  });

  it('stores channels the bot can post to, notifyOn defaulting to always', async () => {
    const res = await api.post('/v1/run', {
      notifications: [
        { type: 'slack', channel: 'C0JOINED' },
        { type: 'slack', channel: 'C0ALERTS', notifyOn: 'failure' },
      ],
    });
    expect(res.status).to.equal(200);
    expect(await storedNotifications(res.body.run.id)).to.deep.equal([
      { type: 'slack', channel: 'C0JOINED', notifyOn: 'always' },
      { type: 'slack', channel: 'C0ALERTS', notifyOn: 'failure' },
    ]);
    expect(channelsAsked()).to.have.members(['C0JOINED', 'C0ALERTS']);
    for (const request of slack.requests) {
      // The bot token was decrypted from the database and sent the way Slack expects it.
      expect(request.authorization).to.equal('Bearer xoxb-test-token');
      expect(request.method).to.equal('POST');
      expect(request.contentType).to.include('application/x-www-form-urlencoded');
    }
  });

  it("uses the project's default channel when none are requested, and does not ask Slack about it", async () => {
    const res = await api.post('/v1/run', {});
    expect(res.status).to.equal(200);
    expect(await storedNotifications(res.body.run.id)).to.deep.equal([
      { type: 'slack', channel: 'C0DEFAULT', notifyOn: 'always' },
    ]);
    expect(slack.requests.filter((r) => r.apiMethod === 'conversations.info')).to.deep.equal([]);
  });

  it('asks Slack once per channel even when a channel is listed twice', async () => {
    const res = await api.post('/v1/run', {
      notifications: [
        { type: 'slack', channel: 'C0JOINED' },
        { type: 'slack', channel: 'C0JOINED', notifyOn: 'failure' },
      ],
    });
    expect(res.status).to.equal(200);
    expect(channelsAsked()).to.deep.equal(['C0JOINED']);
  });

  it('answers 400 naming exactly the channels the bot cannot post to, and starts nothing', async () => {
    const before = await countRuns(service, shop.project.id);
    const res = await api.post('/v1/run', {
      notifications: [
        { type: 'slack', channel: 'C0JOINED' },
        { type: 'slack', channel: 'C0PRIVATE' },
        { type: 'slack', channel: 'C0GONE' },
      ],
    });
    expect(res.status).to.equal(400);
    const message = errorMessage(res.body);
    expect(message).to.include('cannot post to channels C0PRIVATE, C0GONE').and.include('/invite');
    expect(message).not.to.include('C0JOINED');
    expect(await countRuns(service, shop.project.id)).to.equal(before);
    expect(channelsAsked()).to.have.members(['C0JOINED', 'C0PRIVATE', 'C0GONE']);
    expect(slack.requests.every((r) => r.authorization === 'Bearer xoxb-test-token')).to.equal(true);
  });

  it('retries when Slack answers 500, and uses the answer it then gets', async () => {
    slack.failNext(1, 500);
    const ok = await api.post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0JOINED' }] });
    expect(ok.status).to.equal(200);
    expect(channelsAsked()).to.deep.equal(['C0JOINED', 'C0JOINED']);

    // The retried answer decides: a channel the bot is not in is refused even after a 500.
    slack.reset();
    slack.failNext(2, 503);
    const refused = await api.post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0PRIVATE' }] });
    expect(refused.status).to.equal(400);
    expect(errorMessage(refused.body)).to.include('C0PRIVATE');
    expect(channelsAsked()).to.deep.equal(['C0PRIVATE', 'C0PRIVATE', 'C0PRIVATE']);
  });

  it('starts the run anyway when Slack stays down (its failure never fails a run)', async () => {
    slack.failNext(100, 500);
    const res = await api.post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0PRIVATE' }] });
    expect(res.status).to.equal(200);
    expect(await storedNotifications(res.body.run.id)).to.deep.equal([
      { type: 'slack', channel: 'C0PRIVATE', notifyOn: 'always' },
    ]);
    // First try and two retries.
    expect(channelsAsked()).to.have.length(3);
  });

  const invalid: { title: string; notifications: unknown; says: string[] }[] = [
    { title: 'an empty notifications array', notifications: [], says: ['notifications', 'at least one'] },
    {
      title: 'an invalid notifyOn',
      notifications: [{ type: 'slack', channel: 'C0JOINED', notifyOn: 'sometimes' }],
      says: ['notifications[0].notifyOn', '"always"', '"failure"', 'sometimes'],
    },
    {
      title: 'a type other than slack',
      notifications: [{ type: 'teams', channel: 'C0JOINED' }],
      says: ['notifications[0].type', '"slack"', 'teams'],
    },
    { title: 'a missing type', notifications: [{ channel: 'C0JOINED' }], says: ['notifications[0].type'] },
    { title: 'a missing channel', notifications: [{ type: 'slack' }], says: ['notifications[0].channel', 'required'] },
    {
      title: 'an empty channel',
      notifications: [{ type: 'slack', channel: '' }],
      says: ['notifications[0].channel', 'empty'],
    },
    {
      title: 'notifications as an object',
      notifications: { type: 'slack', channel: 'C0JOINED' },
      says: ['notifications', 'array'],
    },
  ];
  for (const c of invalid) {
    it(`answers 400 for ${c.title}, without asking Slack or starting anything`, async () => {
      const before = await countRuns(service, shop.project.id);
      const res = await api.post('/v1/run', { notifications: c.notifications });
      expect(res.status).to.equal(400);
      const message = errorMessage(res.body);
      for (const part of c.says) expect(message).to.include(part);
      expect(slack.requests).to.deep.equal([]);
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });
  }

  it('answers 400 saying Slack is not configured for a project without Slack', async () => {
    const plain = await service.apply(shopProject({ organization: 'Plain', project: 'plain' }));
    const res = await service
      .client(await service.token('plain'))
      .post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0JOINED' }] });
    expect(res.status).to.equal(400);
    expect(errorMessage(res.body))
      .to.include('Slack is not configured for project plain')
      .and.include('project.slack.botToken');
    expect(slack.requests).to.deep.equal([]);
    expect(await countRuns(service, plain.project.id)).to.equal(0);
  });

  it('answers 400 explaining that per-run notifications do not work with an SSH tunnel proxy', async () => {
    const tunnel = await service.apply(
      withProjectSetting(
        shopProject({ organization: 'Tunnel', project: 'tunnel', slack: true }),
        'sshTunnelProxy: true',
      ),
    );
    const client = service.client(await service.token('tunnel'));
    const res = await client.post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0JOINED' }] });
    expect(res.status).to.equal(400);
    expect(errorMessage(res.body)).to.include('SSH tunnel proxy').and.include('Remove `notifications`');
    expect(slack.requests).to.deep.equal([]);
    expect(await countRuns(service, tunnel.project.id)).to.equal(0);
    // Without notifications the same project runs fine.
    expect((await client.post('/v1/run', {})).status).to.equal(200);
  });

  it('answers 400 saying the bot token is wrong when Slack rejects it, and starts nothing', async () => {
    const yaml = shopProject({ organization: 'Typo', project: 'typo', slack: true }).replace(
      'xoxb-test-token',
      'xoxb-typo',
    );
    const typo = await service.apply(yaml);
    const res = await service
      .client(await service.token('typo'))
      .post('/v1/run', { notifications: [{ type: 'slack', channel: 'C0JOINED' }] });
    expect(res.status).to.equal(400);
    expect(errorMessage(res.body))
      .to.include('Slack rejected the bot token of project typo (invalid_auth)')
      .and.include('project.slack.botToken');
    expect(slack.requests.map((r) => r.authorization)).to.deep.equal(['Bearer xoxb-typo']);
    expect(await countRuns(service, typo.project.id)).to.equal(0);
  });

  it('checks the plan before asking Slack', async () => {
    const res = await api.post('/v1/run', {
      testPlanShortId: 'pln-nope_zzzzzz',
      notifications: [{ type: 'slack', channel: 'C0JOINED' }],
    });
    expect(res.status).to.equal(404);
    expect(slack.requests).to.deep.equal([]);
  });

  it('keeps the notifications of the original run on a rerun', async () => {
    const original = await api.post('/v1/run', {
      notifications: [{ type: 'slack', channel: 'C0ALERTS', notifyOn: 'failure' }],
    });
    expect(original.status).to.equal(200);
    const rerun = await api.post(`/v1/run/${original.body.run.shortId}`, {});
    expect(rerun.status).to.equal(200);
    expect(await storedNotifications(rerun.body.run.id)).to.deep.equal([
      { type: 'slack', channel: 'C0ALERTS', notifyOn: 'failure' },
    ]);
  });
});
