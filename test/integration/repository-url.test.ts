// `repository.url` follows the address rules of outbound webhooks: `goalie apply` and the dashboard's
// Repository form refuse an API base on a metadata or link-local address, on Goalie's own API or
// database port, or where the project's network does not allow, before any request; and what a host
// answers is shown on a page only as a short excerpt.
import { expect } from 'chai';
import { visitor, type Visitor } from '../helpers/dashboard.js';
import { withProjectSetting } from '../helpers/project-yaml.js';
import { rejectionMessage, startRecordingServer, type RecordingServer } from '../helpers/recording-server.js';
import { reviewProjectYaml, sql } from '../helpers/review-harness.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('repository.url: where Goalie sends the repository token', function () {
  this.timeout(120_000);
  let service: TestService;
  let receiver: RecordingServer;
  const yaml = (name: string, host: 'github' | 'gitlab', hostUrl: string) =>
    reviewProjectYaml({
      name,
      host,
      hostUrl,
      repository: 'acme/shop',
      token: 'token-that-must-stay-home',
      webhookSecret: 'repository-url-webhook-secret',
      stagingUrl: 'https://staging.example.com',
    });
  const connections = (slug: string) =>
    sql(
      service,
      'SELECT c.api_url FROM repository_connections c JOIN projects p ON p.id = c.project_id WHERE p.slug = $1',
      [slug],
    );

  before(async () => {
    service = await startTestService();
    receiver = await startRecordingServer((res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}'),
    );
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
  });

  it("apply refuses a metadata address, Goalie's own API port and its database port, saying why", async () => {
    const apiPort = new URL(service.baseUrl).port;
    const databasePort = new URL(service.db.url).port;
    const cases: [string, RegExp][] = [
      [
        'http://169.254.169.254/latest',
        /repository\.url: may not be used: 169\.254\.169\.254 is a cloud metadata address, which a repository connection may never reach/,
      ],
      [
        `${service.baseUrl}/api/v3`,
        new RegExp(`127\\.0\\.0\\.1:${apiPort} is port ${apiPort} of this machine, where Goalie itself listens`),
      ],
      [
        `http://localhost:${databasePort}`,
        new RegExp(`localhost:${databasePort} is port ${databasePort} of this machine, where Goalie itself listens`),
      ],
    ];
    for (const host of ['github', 'gitlab'] as const) {
      for (const [url, why] of cases) {
        const slug = `refused-${host}`;
        expect(await rejectionMessage(service.apply(yaml(slug, host, url))), `${host} ${url}`).to.match(why);
        expect(await connections(slug), 'nothing was stored').to.deep.equal([]);
      }
    }
  });

  it('apply refuses loopback when the project does not allow it, and sends nothing there', async () => {
    const closed = withProjectSetting(yaml('closed', 'gitlab', receiver.url), 'network: { allowLoopback: false }');
    expect(await rejectionMessage(service.apply(closed))).to.match(
      /repository\.url: may not be used: 127\.0\.0\.1:\d+ is a loopback address, which this project does not allow: set `network: \{ allowLoopback: true \}`/,
    );
    expect(receiver.requests).to.deep.equal([]);
  });

  describe('the Repository form', () => {
    let admin: Visitor;
    let projectId: string;

    before(async () => {
      // Applied where loopback is allowed; the stored base is then one the rules refuse, as a row
      // stored before them would be.
      const summary = await service.apply(yaml('formed', 'github', receiver.url));
      projectId = summary.project.id;
      admin = await visitor(service, { organizationId: summary.organization.id, role: 'admin' });
      receiver.requests.length = 0;
    });
    const save = () =>
      admin.fetch('/p/formed/settings/repository', {
        form: { reviewContext: 'Check the cart.', autoRun: 'on', environment: '', application: '' },
      });
    const storedBase = (url: string) =>
      sql(service, 'UPDATE repository_connections SET api_url = $1 WHERE project_id = $2', [url, projectId]);

    it("refuses to save with a base on Goalie's own port or a metadata address, saying why, and sends nothing", async () => {
      for (const [base, why] of [
        [`${service.baseUrl}/api/v3`, /is port \d+ of this machine, where Goalie itself listens/],
        ['http://169.254.169.254', /169\.254\.169\.254 is a cloud metadata address/],
      ] as const) {
        await storedBase(base);
        const res = await save();
        expect(res.status, base).to.equal(400);
        const html = await res.text();
        expect(html).to.match(why).and.to.include('repository.url');
        const [row] = await sql(service, 'SELECT review_context FROM repository_connections WHERE project_id = $1', [
          projectId,
        ]);
        expect(row!.review_context, 'nothing was saved').not.to.equal('Check the cart.');
      }
    });

    it('sends nothing to a loopback base once the project stops allowing loopback', async () => {
      await storedBase(receiver.url);
      const [before] = await sql(service, 'SELECT browser_access FROM projects WHERE id = $1', [projectId]);
      await sql(
        service,
        `UPDATE projects SET browser_access = jsonb_build_object('allowLoopback', false, 'allowPrivate', null, 'previewOrigins', null) WHERE id = $1`,
        [projectId],
      );
      try {
        const res = await save();
        expect(res.status).to.equal(400);
        expect(await res.text()).to.match(/loopback address, which this project does not allow/);
        expect(receiver.requests).to.deep.equal([]);
      } finally {
        await sql(service, 'UPDATE projects SET browser_access = $1 WHERE id = $2', [
          before!.browser_access,
          projectId,
        ]);
      }
    });
  });

  it('shows what a host answered only as a short excerpt, escaped', async () => {
    const tail = 'END-OF-THE-HOST-ANSWER';
    const page = `<html><script>alert(1)</script>${'internal data '.repeat(400)}${tail}</html>`;
    // 404: an answer no client retries.
    const host = await startRecordingServer((res) => res.writeHead(404, { 'content-type': 'text/html' }).end(page));
    try {
      for (const kind of ['github', 'gitlab'] as const) {
        const slug = `answers-${kind}`;
        const summary = await service.apply(yaml(slug, kind, host.url));
        const error = summary.repository!.webhook.ok ? '' : summary.repository!.webhook.error;
        expect(error, kind).to.include('alert(1)').and.not.include(tail);
        const admin = await visitor(service, { organizationId: summary.organization.id, role: 'admin' });
        const html = await (await admin.fetch(`/p/${slug}/settings/repository`)).text();
        expect(html, kind).to.include('&lt;script>alert(1)&lt;/script>').and.not.include(tail);
        expect(html, kind).not.to.include('<script>alert(1)');
        const [row] = await sql<{ webhook_error: string }>(
          service,
          'SELECT c.webhook_error FROM repository_connections c JOIN projects p ON p.id = c.project_id WHERE p.slug = $1',
          [slug],
        );
        expect(row!.webhook_error.length, kind).to.be.lessThan(800);

        // A whole answer stored before this rule is cut as it is shown.
        await sql(
          service,
          'UPDATE repository_connections c SET webhook_error = $1 FROM projects p WHERE p.id = c.project_id AND p.slug = $2',
          [`GitHub said ${page}`, slug],
        );
        const stored = await (await admin.fetch(`/p/${slug}/settings/repository`)).text();
        expect(stored, kind).to.include('internal data').and.not.include(tail);
      }
    } finally {
      await host.close();
    }
  });
});
