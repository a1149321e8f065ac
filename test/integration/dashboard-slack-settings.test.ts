// Settings › Integrations › Slack and Settings › Project › Project file over HTTP: who may see and use
// them, bad input refused with nothing saved, secrets write-only, and what a later apply keeps.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { adminAndMember, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('dashboard: Slack settings and the project file page', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let admin: Visitor;
  let member: Visitor;

  const slackRow = async () =>
    (
      await sql<{
        slack_bot_token: string | null;
        slack_signing_secret: string | null;
        slack_default_channel: string | null;
        slack_notify_on: string;
      }>(
        service,
        'SELECT slack_bot_token, slack_signing_secret, slack_default_channel, slack_notify_on FROM projects WHERE id = $1',
        [shop.project.id],
      )
    )[0]!;

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    ({ admin, member } = await adminAndMember(service, shop.organization.id));
  });
  after(() => service.close());

  it('an admin connects Slack: the secrets are stored sealed and never shown again', async () => {
    const before = await admin.fetch('/p/shop/settings/slack');
    expect(before.status).to.equal(200);
    expect(await before.text()).to.contain('Not connected.');
    const saved = await admin.fetch('/p/shop/settings/slack', {
      form: {
        botToken: 'xoxb-1-secret-token',
        signingSecret: 'abc123signing',
        defaultChannel: 'C0RUNS',
        notifyOn: 'failure',
      },
    });
    expect(saved.status).to.be.oneOf([302, 303]);
    expect(saved.headers.get('location')).to.equal('/p/shop/settings/slack?saved=1');
    const row = await slackRow();
    expect(row.slack_default_channel).to.equal('C0RUNS');
    expect(row.slack_notify_on).to.equal('failure');
    expect(row.slack_bot_token).to.be.a('string').and.not.contain('xoxb-1-secret-token');
    expect(await service.runtime.app.store.projects.slackBotToken(shop.project.id)).to.equal('xoxb-1-secret-token');
    const page = await (await admin.fetch('/p/shop/settings/slack?saved=1')).text();
    expect(page).to.contain('Connected.').and.contain('The Slack settings are saved.');
    expect(page).not.to.contain('xoxb-1-secret-token').and.not.to.contain('abc123signing');

    // Blank secrets keep the stored ones.
    await admin.fetch('/p/shop/settings/slack', {
      form: { botToken: '', signingSecret: '', defaultChannel: 'C0OTHER', notifyOn: 'always' },
    });
    expect(await service.runtime.app.store.projects.slackBotToken(shop.project.id)).to.equal('xoxb-1-secret-token');
    expect((await slackRow()).slack_default_channel).to.equal('C0OTHER');

    // A later apply that does not name project.slack keeps all of it.
    await service.apply(shopProject());
    expect((await slackRow()).slack_default_channel).to.equal('C0OTHER');
    expect(await service.runtime.app.store.projects.slackBotToken(shop.project.id)).to.equal('xoxb-1-secret-token');
  });

  it('bad input is a 400 page saying what is wrong, and nothing is saved', async () => {
    const stored = await slackRow();
    for (const [form, message] of [
      [
        { botToken: 'not-a-bot-token', signingSecret: '', defaultChannel: 'C0OK', notifyOn: 'always' },
        'starts with xoxb-',
      ],
      [
        { botToken: '', signingSecret: '', defaultChannel: '#general', notifyOn: 'always' },
        'must be a Slack channel ID',
      ],
      [
        { botToken: '', signingSecret: '', defaultChannel: 'C0OK', notifyOn: 'sometimes' },
        'must be &quot;always&quot; or &quot;failure&quot;',
      ],
    ] as const) {
      const answer = await admin.fetch('/p/shop/settings/slack', { form });
      expect(answer.status, message).to.equal(400);
      const html = await answer.text();
      expect(html).to.contain(message);
      expect(html, 'what was typed is kept').to.contain(`value="${form.defaultChannel}"`);
    }
    expect(await slackRow()).to.deep.equal(stored);
  });

  it('Disconnect removes the secrets', async () => {
    await admin.fetch('/p/shop/settings/slack', {
      form: { botToken: '', signingSecret: '', defaultChannel: '', notifyOn: 'always', disconnect: '1' },
    });
    const row = await slackRow();
    expect([row.slack_bot_token, row.slack_signing_secret, row.slack_default_channel]).to.deep.equal([
      null,
      null,
      null,
    ]);
  });

  it('members may not see or change the Slack settings or the project file page, nor post without the CSRF token', async () => {
    const stored = await slackRow();
    for (const path of ['/p/shop/settings/slack', '/p/shop/settings/project-file'])
      expect((await member.fetch(path)).status, path).to.equal(403);
    expect(
      (
        await member.fetch('/p/shop/settings/slack', {
          form: { botToken: 'xoxb-evil', signingSecret: '', defaultChannel: 'C0EVIL', notifyOn: 'always' },
        })
      ).status,
    ).to.equal(403);
    const noToken = await admin.fetch('/p/shop/settings/slack', {
      form: { token: '', botToken: 'xoxb-evil', signingSecret: '', defaultChannel: 'C0EVIL', notifyOn: 'always' },
    });
    expect(noToken.status).to.equal(403);
    expect(await slackRow()).to.deep.equal(stored);
  });

  it('the project file page links the download and lists what the file owns', async () => {
    const answer = await admin.fetch('/p/shop/settings/project-file');
    expect(answer.status).to.equal(200);
    const html = await answer.text();
    expect(html)
      .to.contain('href="/p/shop/export.yaml"')
      .and.contain('Download as YAML')
      .and.contain('What the file owns');
    const overview = await (await admin.fetch('/p/shop/settings')).text();
    expect(overview).to.contain('href="/p/shop/settings/slack"').and.contain('href="/p/shop/settings/project-file"');
  });
});
