import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import YAML from 'yaml';
import { exportProject } from '../../backend/src/app/export-project.js';
import { projectYaml } from '../../shared/src/project-file/write.js';
import { shopProject } from '../fixtures/projects.js';
import { pageFetch, visitor } from '../helpers/dashboard.js';
import { startTestService, type TestService } from '../helpers/service.js';

// Everything the file format has, and secrets of every kind.
const withRepository = (yaml: string, hostUrl: string) =>
  `${yaml.replace('  defaultDevicePreset: Desktop', '  defaultDevicePreset: Desktop\n  sshTunnelProxy: true\n  publicResults: true\n  evidenceRetentionDays: 90\n  network: { allowPrivate: true }')}
  - name: Nightly
    description: Everything, every night
    owner: qa@example.com
    testCases: [Sign in, Checkout]
    applications:
      web: { environment: production }
      admin: { environment: production, devicePreset: Desktop }
    schedules:
      - cron: "0 2 * * *"
        enabled: false
    notifications:
      slack: { channel: C0NIGHTLY, notifyOn: failure }
repository:
  host: gitlab
  url: ${hostUrl}
  repository: acme/shop
  token: \${GITLAB_TOKEN}
  webhookSecret: a-webhook-secret-of-enough-length
  reviews:
    autoRun: false
    includeDrafts: true
    context: The shop; staff sign in at /admin
    testPlan: Smoke
    environments: { review/*: web }
    previewOrigins: ["*.preview.example.com"]
    minimumPermission: maintain
`;

describe('exporting a project as its goalie apply file (Download as YAML)', () => {
  let service: TestService;
  // A GitLab that refuses the token at once: the webhook is not set up, quickly, and the settings stay.
  let host: http.Server;
  let hostUrl: string;
  before(async () => {
    service = await startTestService();
    host = http.createServer((_req, res) =>
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"401 Unauthorized"}'),
    );
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  });
  after(async () => {
    host.close();
    await service.close();
  });

  it('leaves every secret out, and applying the export changes nothing', async () => {
    const original = withRepository(
      shopProject({ organization: 'Export Co', project: 'exported-shop', slack: true }),
      hostUrl,
    );
    const applied = await service.apply(original, { GITLAB_TOKEN: 'glpat-the-real-token' });
    const first = await exportProject(service.runtime.app, applied.project.id);
    const text = projectYaml(first.document, {
      source: 'the test server',
      variables: first.variables,
      keptOnServer: first.keptOnServer,
    });

    for (const secret of [
      's3cret',
      'glpat-the-real-token',
      'xoxb-test-token',
      'test-signing-secret',
      'a-webhook-secret-of-enough-length',
    ])
      expect(text).not.to.contain(secret);
    expect(first.variables.map((v) => v.name)).to.deep.equal(['GOALIE_ADMIN_LOGIN_PASSWORD', 'GITLAB_TOKEN']);
    expect(text).to.match(/^# Exported from the test server\./);
    expect(text).to.contain('GITLAB_TOKEN: an access token for acme/shop on GitLab');

    const again = await service.apply(text, {
      GOALIE_ADMIN_LOGIN_PASSWORD: 's3cret',
      GITLAB_TOKEN: 'glpat-the-real-token',
    });
    expect(again.project.id).to.equal(applied.project.id);
    const created = [
      ...again.applications,
      ...again.applications.flatMap((a) => a.environments),
      ...again.devicePresets,
      ...again.configs,
      ...again.scenarios,
      ...again.testCases,
      ...again.testPlans,
    ].filter((o) => o.created);
    expect(
      created.map((o) => o.name),
      'nothing is new',
    ).to.deep.equal([]);
    expect(again.toGenerate, 'no test case needs a new burn-in').to.deep.equal([]);
    const plans = (s: typeof applied) => s.testPlans.map((p) => [p.name, p.default, p.schedules]).sort();
    const cases = (s: typeof applied) => s.testCases.map((t) => [t.name, t.enabled]).sort();
    expect(plans(again)).to.deep.equal(plans(applied));
    expect(cases(again)).to.deep.equal(cases(applied));

    const second = await exportProject(service.runtime.app, applied.project.id);
    expect(second.document).to.deep.equal(first.document);
    // The secrets themselves survived the round trip.
    const [config] = await service.runtime.dataSource.query(
      `SELECT entries FROM configs WHERE project_id = $1 AND name = 'admin login'`,
      [applied.project.id],
    );
    expect(config.entries.find((e: { key: string }) => e.key === 'password').encrypted).to.be.a('string');
  });

  it('recreates the project elsewhere from the file alone', async () => {
    const source = await service.apply(
      withRepository(shopProject({ organization: 'Source Co', project: 'source-shop' }), hostUrl),
      { GITLAB_TOKEN: 'glpat-x' },
    );
    const exported = await exportProject(service.runtime.app, source.project.id);
    const doc = YAML.parse(
      projectYaml(exported.document, { source: 'the test server', variables: exported.variables, keptOnServer: [] }),
    );
    doc.organization.name = 'Copy Co';
    doc.project.name = 'copied-shop';
    doc.project.slug = 'copied-shop';
    const copy = await service.apply(YAML.stringify(doc), {
      GOALIE_ADMIN_LOGIN_PASSWORD: 's3cret',
      GITLAB_TOKEN: 'glpat-x',
    });
    const copied = await exportProject(service.runtime.app, copy.project.id);
    const strip = (d: Record<string, unknown>) => ({
      ...d,
      organization: null,
      project: { ...(d.project as object), name: null, slug: null },
    });
    expect(strip(copied.document)).to.deep.equal(strip(exported.document));
  });

  it('is a download for those who may change the settings, and for no one else', async () => {
    const applied = await service.apply(shopProject({ organization: 'Download Co', project: 'download-shop' }));
    const organizationId = applied.organization.id;
    const admin = await visitor(service, { organizationId, role: 'admin' });
    const answer = await admin.fetch('/p/download-shop/export.yaml');
    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('application/yaml; charset=utf-8');
    expect(answer.headers.get('content-disposition')).to.equal('attachment; filename="download-shop.goalie.yaml"');
    const text = await answer.text();
    expect(YAML.parse(text).testCases).to.have.length(5);
    expect(text).not.to.contain('s3cret');

    for (const role of ['member', 'viewer'] as const) {
      const other = await visitor(service, { organizationId, role });
      expect((await other.fetch('/p/download-shop/export.yaml')).status, role).to.equal(403);
    }
    const outsider = await visitor(service, {});
    expect((await outsider.fetch('/p/download-shop/export.yaml')).status).to.equal(404);
    const anonymous = await pageFetch(service, '/p/download-shop/export.yaml');
    expect(anonymous.status).to.be.oneOf([302, 303]);
    expect(anonymous.headers.get('location')).to.match(/^\/sign-in\?next=/);
  });
});
