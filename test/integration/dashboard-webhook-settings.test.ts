// Settings › Integrations › Webhooks over HTTP: an admin adds, removes and enables again outbound
// webhooks with apply's rules; a generated secret is shown once; members and forged posts are refused.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { adminAndMember, type Visitor } from '../helpers/dashboard.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('dashboard: webhook settings', function () {
  this.timeout(60_000);
  let service: TestService;
  let shop: ApplySummary;
  let admin: Visitor;
  let member: Visitor;
  const PAGE = '/p/shop/settings/webhooks';

  const endpoints = () =>
    sql<{ id: string; name: string; url: string; events: string[]; enabled: boolean; secret_sealed: string }>(
      service,
      'SELECT id, name, url, events, enabled, secret_sealed FROM outbound_webhooks WHERE project_id = $1 ORDER BY name',
      [shop.project.id],
    );
  const secretOf = async (name: string) => {
    const row = (await endpoints()).find((e) => e.name === name)!;
    await service.runtime.app.store.webhooks.createDeliveries(
      [{ id: crypto.randomUUID(), endpointId: row.id, event: 'run.started', payload: {} }],
      new Date(),
    );
    const [delivery] = await sql<{ id: string }>(
      service,
      'SELECT id FROM outbound_webhook_deliveries WHERE endpoint_id = $1 LIMIT 1',
      [row.id],
    );
    return (await service.runtime.app.store.webhooks.findDelivery(delivery!.id))!.endpoint.secret;
  };

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    ({ admin, member } = await adminAndMember(service, shop.organization.id));
  });
  after(() => service.close());

  it('an admin adds a webhook with a secret of their own: sealed, never shown', async () => {
    const page = await (await admin.fetch(PAGE)).text();
    expect(page).to.contain('Add webhook').and.contain('replaces what is set here');
    const added = await admin.fetch(PAGE, {
      form: {
        name: 'ci',
        url: 'https://hooks.example.com/goalie',
        events: ['run.finished', 'review.finished'],
        secret: 'my-own-secret-0123456789',
      },
    });
    expect(added.status).to.be.oneOf([302, 303]);
    expect(added.headers.get('location')).to.equal(`${PAGE}?added=ci`);
    const [row] = await endpoints();
    expect(row).to.include({ name: 'ci', url: 'https://hooks.example.com/goalie', enabled: true });
    expect(row!.events).to.deep.equal(['run.finished', 'review.finished']);
    expect(row!.secret_sealed).not.to.contain('my-own-secret');
    expect(await secretOf('ci')).to.equal('my-own-secret-0123456789');
    const after = await (await admin.fetch(`${PAGE}?added=ci`)).text();
    expect(after).to.contain('The webhook “ci” is added.').and.contain('https://hooks.example.com/goalie');
    expect(after).not.to.contain('my-own-secret');
  });

  it('an empty secret: Goalie makes one and shows it in that answer only', async () => {
    const added = await admin.fetch(PAGE, {
      form: { name: 'generated', url: 'https://hooks.example.com/other', events: ['run.started'], secret: '' },
    });
    expect(added.status).to.equal(201);
    const html = await added.text();
    const secret = await secretOf('generated');
    expect(secret).to.match(/^[0-9a-f]{64}$/);
    expect(html).to.contain(secret).and.contain('shown only this once');
    expect(await (await admin.fetch(PAGE)).text()).not.to.contain(secret);
    // Sending the form again (a reload) is refused: the name is taken, and no secret is shown.
    const again = await admin.fetch(PAGE, {
      form: { name: 'generated', url: 'https://hooks.example.com/other', events: ['run.started'], secret: '' },
    });
    expect(again.status).to.equal(409);
    const againHtml = await again.text();
    expect(againHtml).to.contain('already has a webhook named &quot;generated&quot;').and.not.contain(secret);
    expect(await secretOf('generated')).to.equal(secret);
  });

  it("bad input is refused with apply's message in the page, and nothing is saved", async () => {
    const before = await endpoints();
    for (const [form, message] of [
      [
        { name: 'meta', url: 'https://169.254.169.254/latest', events: ['run.started'], secret: 'x'.repeat(20) },
        'cloud metadata address',
      ],
      [
        { name: 'short', url: 'https://hooks.example.com/a', events: ['run.started'], secret: 'tooshort' },
        'secret must be at least 16 characters',
      ],
      [
        { name: 'odd', url: 'https://hooks.example.com/a', events: ['run.deleted'], secret: 'x'.repeat(20) },
        'events[0] must be one of run.started',
      ],
      [{ name: 'none', url: 'not a url', events: ['run.started'], secret: 'x'.repeat(20) }, 'url must be an absolute'],
    ] as const) {
      const answer = await admin.fetch(PAGE, { form: { ...form, events: [...form.events] } });
      expect(answer.status, message).to.equal(400);
      const html = await answer.text();
      expect(html).to.contain(message);
      expect(html, 'what was typed is kept').to.contain(`value="${form.name}"`);
      expect(html, 'never the secret').not.to.contain('x'.repeat(20));
    }
    expect(await endpoints()).to.deep.equal(before);
  });

  it('the project network settings decide private addresses, as in apply', async () => {
    await service.apply(
      shopProject().replace(
        '  defaultDevicePreset: Desktop\n',
        '  defaultDevicePreset: Desktop\n  network: { allowPrivate: false, allowLoopback: false }\n',
      ),
    );
    const answer = await admin.fetch(PAGE, {
      form: { name: 'lan', url: 'https://10.1.2.3/hook', events: ['run.started'], secret: 'x'.repeat(20) },
    });
    expect(answer.status).to.equal(400);
    expect(await answer.text()).to.contain('10.1.2.3');
    await service.apply(shopProject());
  });

  it('a receiver that answered 410 is enabled again; removing takes its deliveries along', async () => {
    const ci = (await endpoints()).find((e) => e.name === 'ci')!;
    await service.runtime.app.store.webhooks.disableEndpoint(ci.id, 'answered 410 Gone');
    expect(await (await admin.fetch(PAGE)).text())
      .to.contain('disabled: answered 410 Gone')
      .and.contain('Enable again');
    const enabled = await admin.fetch(`${PAGE}/${ci.id}/enable`, { form: {} });
    expect(enabled.headers.get('location')).to.equal(`${PAGE}?enabled=ci`);
    expect((await endpoints()).find((e) => e.name === 'ci')!.enabled).to.equal(true);

    const removed = await admin.fetch(`${PAGE}/${ci.id}/remove`, { form: {} });
    expect(removed.headers.get('location')).to.equal(`${PAGE}?removed=ci`);
    expect((await endpoints()).map((e) => e.name)).to.deep.equal(['generated']);
    const deliveries = await sql(service, 'SELECT 1 FROM outbound_webhook_deliveries WHERE endpoint_id = $1', [ci.id]);
    expect(deliveries).to.have.length(0);
    expect(await (await admin.fetch(`${PAGE}?removed=ci`)).text()).to.contain('The webhook “ci” is removed.');
    const gone = await admin.fetch(`${PAGE}/${ci.id}/remove`, { form: {} });
    expect(gone.status).to.equal(404);
    expect((await admin.fetch(`${PAGE}/not-an-id/enable`, { form: {} })).status).to.equal(404);
  });

  it('members, posts without the CSRF token and cross-site posts are refused', async () => {
    const before = await endpoints();
    const form = { name: 'evil', url: 'https://evil.example.com/', events: ['run.started'], secret: 'x'.repeat(20) };
    expect((await member.fetch(PAGE)).status).to.equal(403);
    expect((await member.fetch(PAGE, { form })).status).to.equal(403);
    expect((await member.fetch(`${PAGE}/${before[0]!.id}/remove`, { form: {} })).status).to.equal(403);
    expect((await admin.fetch(PAGE, { form: { ...form, token: '' } })).status).to.equal(403);
    const crossSite = await admin.fetch(PAGE, { form, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).to.equal(403);
    expect(await crossSite.text()).to.contain('Settings › Integrations › Webhooks');
    expect(await endpoints()).to.deep.equal(before);
  });

  it('the next apply of a file with a webhooks list replaces what the dashboard set', async () => {
    await service.apply(
      shopProject().replace(
        '  defaultDevicePreset: Desktop\n',
        '  defaultDevicePreset: Desktop\n  webhooks:\n    - name: from-file\n      url: https://hooks.example.com/file\n      secret: file-secret-0123456789\n',
      ),
    );
    expect((await endpoints()).map((e) => e.name)).to.deep.equal(['from-file']);
  });
});
