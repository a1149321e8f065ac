// `goalie apply` over the API with the client a server serves (/cli/goalie.js), run by plain node in a
// folder with no GOALIE_HOME: the plan, then the change; a run-only token refused; a file's problems
// all at once; no database ever created where the client runs. Also `goalie export`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createToken } from '../../backend/src/app/tokens.js';
import { runProcess } from '../helpers/processes.js';
import { sql } from '../helpers/project-yaml.js';
import { runServerCommand } from '../helpers/server-cli.js';
import { startTestService, type TestService } from '../helpers/service.js';

const project = (goal: string, extra = '') => `
organization: { name: Apply over API }
project: { name: storefront }
applications:
  - name: web
    environments: [{ name: production, url: https://shop.example.com, default: true }]
configs:
  - name: login
    values:
      password: { secret: "\${SHOP_PASSWORD}" }
testCases:
  - name: Home
    application: web
    goal: ${goal}
${extra}`;

/** `node goalie.js ...` in `cwd` with only the given environment (and PATH). */
const node = (cwd: string, args: string[], env: Record<string, string>) =>
  runProcess(process.execPath, ['goalie.js', ...args], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });

describe('goalie apply over the API, with the served client', function () {
  this.timeout(120_000);
  let service: TestService;
  let dir: string;
  let admin: Record<string, string>;
  let runOnly: Record<string, string>;
  const goals = async () =>
    (await sql<{ goal: string }>(service, "SELECT goal FROM test_cases WHERE name = 'Home'")).map((r) => r.goal);

  before(async () => {
    service = await startTestService();
    await service.apply(project('Go to /'), { SHOP_PASSWORD: 'first' });
    const adminToken = (await createToken(service.runtime.app, 'storefront', 'ci', 'admin')).token;
    const base = { GOALIE_API_URL: service.baseUrl, SHOP_PASSWORD: 'first' };
    admin = { ...base, GOALIE_API_TOKEN: adminToken };
    runOnly = { ...base, GOALIE_API_TOKEN: await service.token('storefront') };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-apply-api-'));
    fs.writeFileSync(path.join(dir, 'goalie.js'), await (await fetch(`${service.baseUrl}/cli/goalie.js`)).text());
    fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /about'));
  });
  after(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    // Whatever it did, the client never makes a database where it runs.
    expect(fs.readdirSync(dir).sort()).to.deep.equal(['goalie.js', 'goalie.yaml']);
  });

  it('--dry-run prints the plan and changes nothing; without it, the change is made', async () => {
    const plan = await node(dir, ['apply', 'goalie.yaml', '--dry-run'], admin);
    expect(plan.code, plan.stderr).to.equal(0);
    expect(plan.stdout).to.include(
      'Plan (dry run, nothing was changed) for goalie.yaml on organization Apply over API, project storefront',
    );
    expect(plan.stdout).to.include('would change: 1 test case (Home: goal)');
    expect(plan.stdout).to.include('would queue 1 burn-in');
    expect(await goals()).to.deep.equal(['Go to /']);

    const applied = await node(dir, ['apply', 'goalie.yaml'], admin);
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.stdout).to.match(/^Applied goalie\.yaml to organization Apply over API, project storefront/);
    expect(applied.stdout).to.include(`in ${service.baseUrl}.`);
    expect(applied.stdout).to.include('changed: 1 test case (Home: goal)');
    expect(await goals()).to.deep.equal(['Go to /about']);
  });

  it('--wait follows the burn-ins it queued, and says when they did not end in time', async () => {
    fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /contact'));
    try {
      const result = await node(dir, ['apply', 'goalie.yaml', '--wait', '--timeout', '1s'], admin);
      expect(result.code, result.stderr).to.equal(1);
      expect(result.stdout).to.include('still GENERATING: Home');
    } finally {
      fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /about'));
    }
  });

  it('refuses a token of the run scope (403), and changes nothing', async () => {
    const before = await goals();
    fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /never'));
    try {
      const result = await node(dir, ['apply', 'goalie.yaml'], runOnly);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('This API token may run tests only');
      expect(result.stderr).to.include('HTTP 403');
      expect(await goals()).to.deep.equal(before);
    } finally {
      fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /about'));
    }
  });

  it('reports every problem of a file at once, with its line, and applies none of it', async () => {
    const before = await goals();
    const broken = project(
      'Go to /broken',
      `  - name: Two\n    application: mobile\n    goal: Go to /\n  - name: Three\n    application: web\n    goal: Go to /\n    waitFor: [Nothing]\n    resumeFrom: Nowhere\n`,
    );
    fs.writeFileSync(path.join(dir, 'goalie.yaml'), broken);
    try {
      const result = await node(dir, ['apply', 'goalie.yaml'], admin);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('goalie.yaml: 3 problems, nothing was applied');
      expect(result.stderr).to.match(/goalie\.yaml:\d+:\d+ testCases\[1\]\.application/);
      expect(result.stderr).to.match(/goalie\.yaml:\d+:\d+ testCases\[2\]\.waitFor/);
      expect(result.stderr).to.match(/goalie\.yaml:\d+:\d+ testCases\[2\]\.resumeFrom/);
      expect(await goals()).to.deep.equal(before);
    } finally {
      fs.writeFileSync(path.join(dir, 'goalie.yaml'), project('Go to /about'));
    }
  });

  it("export prints the token's project as a file; naming another project is refused", async () => {
    const exported = await node(dir, ['export', 'storefront'], admin);
    expect(exported.code, exported.stderr).to.equal(0);
    expect(exported.stdout).to.include('name: storefront');
    const wrong = await node(dir, ['export', 'another'], admin);
    expect(wrong.code).to.equal(2);
    expect(wrong.stderr).to.include('the token belongs to project storefront');
  });

  it("the server's goalie apply: --dry-run on its own database, and over the API with --api-url", async () => {
    const file = path.join(dir, 'goalie.yaml');
    const before = await goals();
    fs.writeFileSync(file, project('Go to /local'));
    try {
      const database = { DATABASE_URL: service.runtime.databaseUrl, GOALIE_HOME: service.home, SHOP_PASSWORD: 'first' };
      const local = await runServerCommand(['apply', file, '--dry-run'], database);
      expect(local.code, local.stderr).to.equal(0);
      expect(local.stdout).to.include('Plan (dry run, nothing was changed)');
      expect(local.stdout).to.include('would change: 1 test case (Home: goal)');
      expect(await goals()).to.deep.equal(before);

      const remote = await runServerCommand(['apply', file, '--dry-run', '--api-url', service.baseUrl], {
        GOALIE_API_TOKEN: admin.GOALIE_API_TOKEN!,
        SHOP_PASSWORD: 'first',
      });
      expect(remote.code, remote.stderr).to.equal(0);
      expect(remote.stdout).to.include(`in ${service.baseUrl}.`);
      expect(await goals()).to.deep.equal(before);
    } finally {
      fs.writeFileSync(file, project('Go to /about'));
    }
  });
});
