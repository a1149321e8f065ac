// Settings › Integrations › Email and Teams over HTTP: the project's default recipients and Teams
// channel, checked as apply checks them, the Teams URL sealed and never shown, and used by plans
// that declare no channel of their own.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { resolveChannels } from '../../backend/src/app/notifications/channels.js';
import { shopProject } from '../fixtures/projects.js';
import { adminAndMember, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('dashboard: email and Teams defaults', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let admin: Visitor;
  let member: Visitor;
  const PAGE = '/p/shop/settings/notifications';
  const TEAMS_URL = 'https://teams.example.com/workflows/run?sig=very-secret-signature';

  const stored = async () =>
    (
      await sql<{ email_notifications: unknown; teams_notifications: unknown }>(
        service,
        'SELECT email_notifications, teams_notifications FROM projects WHERE id = $1',
        [shop.project.id],
      )
    )[0]!;
  /** What a run of a plan without channels of its own would notify. */
  const planChannels = async () => {
    const [plan] = await sql<{ id: string }>(service, 'SELECT id FROM test_plans WHERE project_id = $1 LIMIT 1', [
      shop.project.id,
    ]);
    const { project, plan: own } = await service.runtime.app.store.projects.notificationChannels(
      shop.project.id,
      plan!.id,
    );
    return resolveChannels(own, project);
  };

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    ({ admin, member } = await adminAndMember(service, shop.organization.id));
  });
  after(() => service.close());

  it('an admin saves the defaults; plans without their own use them; the Teams URL is sealed and never shown', async () => {
    const page = await admin.fetch(PAGE);
    expect(page.status).to.equal(200);
    expect(await page.text())
      .to.contain('No Teams channel.')
      .and.contain('removes what is saved here');
    const saved = await admin.fetch(PAGE, {
      form: {
        emails: 'qa@example.com, lead@example.com',
        emailNotifyOn: 'failure',
        teamsUrl: TEAMS_URL,
        teamsNotifyOn: 'always',
      },
    });
    expect(saved.status).to.be.oneOf([302, 303]);
    expect(saved.headers.get('location')).to.equal(`${PAGE}?saved=1`);
    expect(JSON.stringify(await stored())).not.to.contain('very-secret-signature');
    expect(await service.runtime.app.store.projects.teamsWebhookUrls(shop.project.id)).to.deep.include({
      key: (await planChannels()).find((c) => c.type === 'teams')!.key,
      url: TEAMS_URL,
    });
    const channels = await planChannels();
    expect(channels.map((c) => ({ type: c.type, notifyOn: c.notifyOn }))).to.deep.equal([
      { type: 'email', notifyOn: 'failure' },
      { type: 'teams', notifyOn: 'always' },
    ]);
    expect(channels[0]).to.deep.include({ to: ['qa@example.com', 'lead@example.com'] });
    const html = await (await admin.fetch(`${PAGE}?saved=1`)).text();
    expect(html).to.contain('The defaults are saved.').and.contain('https://teams.example.com/… #');
    expect(html).to.contain('qa@example.com, lead@example.com');
    expect(html).not.to.contain('very-secret-signature').and.not.to.contain('/workflows/run');

    // A blank URL keeps the stored one; its notifyOn changes.
    await admin.fetch(PAGE, { form: { emails: '', emailNotifyOn: 'always', teamsUrl: '', teamsNotifyOn: 'failure' } });
    expect(await service.runtime.app.store.projects.teamsWebhookUrls(shop.project.id)).to.have.length(1);
    expect((await planChannels()).map((c) => [c.type, c.notifyOn])).to.deep.equal([['teams', 'failure']]);
  });

  it("bad input is refused with apply's message, nothing saved, the URL never echoed", async () => {
    const before = await stored();
    for (const [form, message] of [
      [{ emails: 'qa@example.com not-an-address' }, 'must be an email address such as qa@example.com'],
      [{ teamsUrl: 'https://169.254.169.254/hook?sig=secret-in-url' }, 'cloud metadata address'],
      [{ teamsUrl: 'ftp://teams.example.com/x' }, 'must be the https URL of a Teams workflow'],
      [{ emailNotifyOn: 'sometimes', emails: 'qa@example.com' }, 'notifyOn must be one of'],
      [{ teamsNotifyOn: 'never' }, 'Teams: notifyOn must be one of'],
    ] as const) {
      const answer = await admin.fetch(PAGE, {
        form: { ...{ emails: '', emailNotifyOn: 'always', teamsUrl: '', teamsNotifyOn: 'always' }, ...form },
      });
      expect(answer.status, message).to.equal(400);
      const html = await answer.text();
      expect(html).to.contain(message);
      expect(html).not.to.contain('secret-in-url');
    }
    expect(await stored()).to.deep.equal(before);
  });

  it('Remove drops the Teams channel', async () => {
    await admin.fetch(PAGE, {
      form: { emails: '', emailNotifyOn: 'always', teamsUrl: '', teamsNotifyOn: 'always', removeTeams: '1' },
    });
    expect(await stored()).to.deep.equal({ email_notifications: null, teams_notifications: null });
    expect(await planChannels()).to.deep.equal([]);
  });

  it('members and cross-site posts are refused', async () => {
    const form = { emails: 'evil@example.com', emailNotifyOn: 'always', teamsUrl: '', teamsNotifyOn: 'always' };
    expect((await member.fetch(PAGE)).status).to.equal(403);
    expect((await member.fetch(PAGE, { form })).status).to.equal(403);
    expect((await admin.fetch(PAGE, { form, headers: { 'sec-fetch-site': 'cross-site' } })).status).to.equal(403);
    expect((await stored()).email_notifications).to.equal(null);
  });
});
