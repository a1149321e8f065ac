// `goalie project list` and `goalie project show <slug>` as a user runs them (the real command, in its
// own process, on the test's database): the UUID and short IDs that clients need, and URLs that work
// (the legacy route starts a run; the webhook URL is the one set up on the fake GitHub).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import type { ProjectDescription } from '../../backend/src/app/describe-project.js';
import { noDatabaseMessage } from '../../backend/src/cli/with-runtime.js';
import { shopProject } from '../fixtures/projects.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { runGoalie } from '../helpers/processes.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('goalie project list and show', function () {
  this.timeout(120_000);
  let service: TestService;
  let github: FakeGitHub;
  let shop: ApplySummary;
  let other: ApplySummary;
  let env: Record<string, string>;

  before(async () => {
    service = await startTestService();
    github = await startFakeGitHub({ tokens: { ghp_show: 'goalie-bot' } });
    github.addRepo('acme/shop');
    const repository = `repository:\n  host: github\n  url: "${github.url}"\n  repository: acme/shop\n  token: ghp_show\n  reviews:\n    environments: { preview: web }\n`;
    shop = await service.apply(shopProject() + repository);
    other = await service.apply(shopProject({ organization: 'Other', project: 'Other shop' }));
    env = { DATABASE_URL: service.runtime.databaseUrl, GOALIE_HOME: service.home, GOALIE_PUBLIC_URL: service.baseUrl };
  });
  after(async () => {
    await github?.close();
    await service?.close();
  });

  it('list: slug, name, organization and UUID of every project', async () => {
    const result = await runGoalie(['project', 'list'], env);
    expect(result.code, result.stderr).to.equal(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).to.match(/^SLUG +PROJECT +ORGANIZATION +UUID$/);
    expect(lines.slice(1).map((l) => l.split(/ {2,}/))).to.deep.equal([
      ['shop', 'shop', 'Acme', shop.project.id],
      ['other-shop', 'Other shop', 'Other', other.project.id],
    ]);
  });

  it('list --json: the same, as JSON alone on stdout', async () => {
    const result = await runGoalie(['project', 'list', '--json'], { ...env, LOG_LEVEL: 'debug' });
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal([
      { slug: 'shop', name: 'shop', id: shop.project.id, organization: { id: shop.organization.id, name: 'Acme' } },
      {
        slug: 'other-shop',
        name: 'Other shop',
        id: other.project.id,
        organization: { id: other.organization.id, name: 'Other' },
      },
    ]);
  });

  it('show: UUID, short IDs, the legacy route and the webhook URL, in words', async () => {
    const result = await runGoalie(['project', 'show', 'shop'], env);
    expect(result.code, result.stderr).to.equal(0);
    const out = result.stdout;
    expect(out).to.match(/^Project shop \(slug shop\) of organization Acme, in PostgreSQL at /);
    expect(out).to.include(`  UUID             ${shop.project.id}\n`);
    expect(out).to.include(`  legacy route     ${service.baseUrl}/api/projects/${shop.project.id}/runs\n`);
    const hook = github.repo('acme/shop').hooks[0]!;
    expect(out).to.include(`  webhook          ${hook.config.url}   (github acme/shop)\n`);
    for (const plan of shop.testPlans)
      expect(out).to.include(`  ${plan.shortId}  ${plan.name}${plan.default ? ' (default)' : ''}\n`);
    for (const app of shop.applications) {
      expect(out).to.include(`  ${app.shortId}  ${app.name}\n`);
      for (const e of app.environments)
        expect(out).to.include(`    environment ${e.shortId}  ${e.name}  ${e.url}${e.default ? ' (default)' : ''}\n`);
    }
    for (const c of shop.configs) expect(out).to.include(`  ${c.shortId}  ${c.name}\n`);
    expect(out).to.include(`  ${shop.devicePresets.find((d) => d.name === 'Desktop')!.shortId}  Desktop (default)\n`);
    expect(out).to.include(`  test cases       ${shop.testCases.length} GENERATING\n`);
  });

  it('show --json: the same, and its URLs work (the legacy route starts a run, the webhook is the one on GitHub)', async () => {
    const result = await runGoalie(['project', 'show', 'shop', '--json'], { ...env, LOG_LEVEL: 'debug' });
    expect(result.code, result.stderr).to.equal(0);
    const shown = JSON.parse(result.stdout) as ProjectDescription;
    expect(shown.project).to.deep.equal({ id: shop.project.id, name: 'shop', slug: 'shop' });
    expect(shown.apiUrl).to.equal(service.baseUrl);
    expect(shown.testPlans.map((p) => p.shortId).sort()).to.deep.equal(shop.testPlans.map((p) => p.shortId!).sort());
    expect(shown.configs.map((c) => c.shortId).sort()).to.deep.equal(shop.configs.map((c) => c.shortId!).sort());
    expect(shown.devicePresets.map((d) => d.shortId).sort()).to.deep.equal(
      shop.devicePresets.map((d) => d.shortId!).sort(),
    );
    expect(shown.applications.flatMap((a) => a.environments.map((e) => e.shortId)).sort()).to.deep.equal(
      shop.applications.flatMap((a) => a.environments.map((e) => e.shortId!)).sort(),
    );
    expect(shown.repository).to.deep.equal({
      host: 'github',
      repository: 'acme/shop',
      webhookUrl: github.repo('acme/shop').hooks[0]!.config.url,
      webhookError: null,
    });

    const started = await fetch(shown.legacyRunsUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${await service.token('shop')}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(started.status).to.equal(200);
    expect(((await started.json()) as { run: { testPlan: { shortId: string } } }).run.testPlan.shortId).to.equal(
      shop.project.defaultTestPlan,
    );
    // Unsigned, so refused; but refused by the project's connection, not "no such webhook".
    const delivery = await fetch(shown.repository!.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
      body: '{}',
    });
    expect(delivery.status).to.equal(401);
  });

  it('show of a project without a repository says it has no webhook', async () => {
    const result = await runGoalie(['project', 'show', 'other-shop'], env);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('  webhook          none: the project has no repository (see docs/reviews.md)\n');
  });

  it('show of an unknown slug: says so, names the projects there are, exit 2', async () => {
    const result = await runGoalie(['project', 'show', 'nope'], env);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.equal(
      'goalie project: No project has the slug or name "nope". Projects in this database: shop, other-shop (goalie project list).\n',
    );
  });

  it('where there is no database: says so, exit 2, and creates none', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-no-home-'));
    try {
      // project, token and user commands that read: none of them makes an empty database nobody uses.
      for (const [argv, command] of [
        [['project', 'list'], 'project list'],
        [['token', 'list', '--project', 'shop'], 'token list'],
        [['token', 'revoke', 'goalie_abc'], 'token revoke'],
        [['user', 'list'], 'user list'],
      ] as const) {
        const result = await runGoalie([...argv], { DATABASE_URL: '', GOALIE_HOME: '' }, 60_000, elsewhere);
        expect(result.code, argv.join(' ')).to.equal(2);
        expect(result.stderr).to.equal(
          `goalie ${argv[0]}: ${noDatabaseMessage(command, path.join(fs.realpathSync(elsewhere), '.goalie'))}\n`,
        );
        expect(fs.existsSync(path.join(elsewhere, '.goalie')), argv.join(' ')).to.equal(false);
      }
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('--help: the usage of both subcommands, exit 0; a missing slug is a usage error, exit 2', async () => {
    const help = await runGoalie(['project', 'show', '--help'], env);
    expect(help.code).to.equal(0);
    expect(help.stdout)
      .to.match(/^ {2}project list \[--json\]/m)
      .and.match(/^ {2}project show <slug> \[--json\]/m);
    const missing = await runGoalie(['project', 'show'], env);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.include('project show needs one project slug (goalie project list shows them)');
  });
});
