// `goalie apply --wait` as a user runs it (the real command on the test's database: in this process,
// and in its own where its output or directory is the point), with a worker in this process burning goals in with real Chromium on a site on
// 127.0.0.1: failed burn-ins printed with their whole message and a non-zero exit, the database named
// (and a warning when it is a new embedded one), what was created, changed, unchanged and left alone,
// the variables that took their default, and a wait without any worker that times out saying a worker
// must be running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { runGoalie } from '../helpers/processes.js';
import { runServerCommand } from '../helpers/server-cli.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';

const project = (name: string, siteUrl: string, testCases: string) => `
organization: { name: Waiting }
project: { name: ${name} }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
${testCases}`;

const HOME_AND_ROCKETS = `
  - name: Home
    application: Site
    goal: Go to /
  - name: Rockets
    application: Site
    goal: "Go to /. Click 'Launch the rockets'"
`;

describe('goalie apply --wait', function () {
  this.timeout(180_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let env: Record<string, string>;
  let database: URL;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const file = (name: string, yaml: string) => {
    const at = path.join(service.home, `${name}.yaml`);
    fs.writeFileSync(at, yaml);
    return at;
  };

  before(async () => {
    site = await startSite({ '/': html('Home', '<main><h1>Home</h1><p>All good</p></main>') });
    // A burn-in that cannot find its target fails after GOALIE_FIND_TIMEOUT_MS: short here, where every
    // burn-in meant to work finds no target ("Go to /"); the goal suite runs on the default.
    service = await startTestService({ GOALIE_FIND_TIMEOUT_MS: '500' });
    database = new URL(service.runtime.databaseUrl);
    env = { DATABASE_URL: service.runtime.databaseUrl, GOALIE_HOME: service.home };
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('without a worker: times out saying a worker must be running, exit 1', async () => {
    const yaml = file('idle', project('idle', site.url, '  - name: Home\n    application: Site\n    goal: Go to /\n'));
    const result = await runServerCommand(['apply', yaml, '--wait', '--timeout', '2s'], env);
    expect(result.code, result.stdout + result.stderr).to.equal(1);
    expect(result.stderr).to.include(
      'No worker is running on this database: burn-ins run only in goalie serve or goalie worker',
    );
    expect(result.stdout).to.match(
      /\nTimed out after \d+s: 1 burn-in is still GENERATING: Home\.\nNo worker is running on this database, and burn-ins run only in a worker: start goalie serve or goalie worker/,
    );
  });

  it('without --wait: says the burn-ins were queued and how to see them; names the database, not its password', async () => {
    const yaml = file('queued', project('queued', site.url, HOME_AND_ROCKETS));
    const result = await runServerCommand(['apply', yaml], env);
    expect(result.code, result.stderr).to.equal(0);
    const [home] = await q(
      `SELECT t.id FROM test_cases t JOIN projects p ON p.id = t.project_id WHERE p.name = 'queued' AND t.name = 'Home'`,
    );
    expect(result.stdout).to.include(
      `, in PostgreSQL at ${database.hostname}:${database.port}, database ${database.pathname.slice(1)} (DATABASE_URL).\n`,
    );
    if (database.password) expect(result.stdout + result.stderr).to.not.include(database.password);
    expect(result.stdout).to.include('  created: 1 application, 2 test cases\n');
    expect(result.stdout).to.not.match(/^ {2}(changed|unchanged|left alone)/m);
    expect(result.stdout).to.include(
      '  No worker is running on this database now: the burn-ins wait until goalie serve or goalie worker runs',
    );
    expect(result.stdout).to.include(
      '  2 test cases queued for burn-in (the goal is turned into recorded steps by a worker: goalie serve or goalie worker):\n',
    );
    expect(result.stdout).to.include(`    Home: goalie test-case show ${home.id}\n`);
    expect(result.stdout).to.include(`  To wait for them and see the ones that failed: goalie apply ${yaml} --wait\n`);
  });

  it('applied again changed: says what it created, changed, left unchanged and left alone, and which variables took their default (names only)', async () => {
    const changed = project(
      'queued',
      site.url,
      '  - name: Rockets\n    application: Site\n    goal: "Go to /. Click \'Launch\'"\n    configs: [login]\n',
    ).replace(
      'testCases:',
      'configs:\n  - name: login\n    values: { user: "${GOALIE_TEST_UNSET_USER:-default-user-value}" }\ntestCases:',
    );
    const result = await runServerCommand(['apply', file('queued', changed)], { ...env, GOALIE_TEST_UNSET_USER: '' });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(
      '  created: 1 config\n  changed: 1 test case (Rockets: goal, configs)\n  unchanged: 1 application\n',
    );
    expect(result.stdout).to.include('  left alone, in the database but not in the file: 1 test case (Home)\n');
    expect(result.stdout).to.include(
      '  unset where goalie apply ran, so their ${NAME:-default} defaults were used: GOALIE_TEST_UNSET_USER\n',
    );
    expect(result.stdout + result.stderr).to.not.include('default-user-value');
    expect(result.stdout).to.include('  1 test case queued for burn-in');

    const json = await runServerCommand(['apply', file('queued', changed), '--json'], env);
    expect(json.code, json.stderr).to.equal(0);
    const printed = JSON.parse(json.stdout);
    expect(printed.defaultedVariables).to.deep.equal(['GOALIE_TEST_UNSET_USER']);
    expect(printed.newEmbeddedDatabase).to.equal(false);
    expect(printed.testCases.map((t: { name: string; status: string }) => [t.name, t.status])).to.deep.equal([
      ['Rockets', 'unchanged'],
    ]);
    expect(printed.configs[0].status).to.equal('unchanged');
    expect(printed.leftAlone.testCases).to.deep.equal(['Home']);
  });

  it('--json from another directory, debug logs asked for: it runs, and stdout is the JSON alone', async () => {
    const yaml = file('json', project('json', site.url, '  - name: Home\n    application: Site\n    goal: Go to /\n'));
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-elsewhere-'));
    try {
      const result = await runGoalie(['apply', yaml, '--json'], { ...env, LOG_LEVEL: 'debug' }, 90_000, elsewhere);
      expect(result.code, result.stderr).to.equal(0);
      const summary = JSON.parse(result.stdout) as { project: { name: string } };
      expect(summary.project.name).to.equal('json');
      // It wrote to the database it was given, not to a new embedded one under the directory it ran in.
      expect(fs.existsSync(path.join(elsewhere, '.goalie'))).to.equal(false);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  describe('with a worker', () => {
    before(async () => {
      worker = await startWorker(service.runtime);
    });

    it('prints each failed burn-in with its name and whole message, and exits 1', async () => {
      const yaml = file('shop', project('shop', site.url, HOME_AND_ROCKETS));
      const result = await runServerCommand(['apply', yaml, '--wait'], env);
      expect(result.code, result.stdout + result.stderr).to.equal(1);
      expect(result.stderr).to.not.include('No worker is running');
      expect(result.stderr).to.match(/\[\d+s\] burn-ins: 2 of 2 done, 1 failed\n/);
      const [rockets] = await q(
        `SELECT t.id, t.generation_status, t.generation_error FROM test_cases t JOIN projects p ON p.id = t.project_id WHERE p.name = 'shop' AND t.name = 'Rockets'`,
      );
      expect(rockets.generation_status).to.equal('FAILED');
      expect(result.stdout).to.include('Burn-in COMPLETED for 1 test case: Home.\n');
      expect(result.stdout).to.include(
        `\nBurn-in FAILED: Rockets (${rockets.id})\n${rockets.generation_error.replace(/^/gm, '    ')}\n`,
      );
      expect(result.stdout).to.include('1 burn-in failed: fix its goal in the file and run goalie apply --wait again');
    });

    it('applied again unchanged: still reports the failed burn-in; --json carries it with the database', async () => {
      const result = await runServerCommand(['apply', path.join(service.home, 'shop.yaml'), '--wait', '--json'], env);
      expect(result.code, result.stderr).to.equal(1);
      const printed = JSON.parse(result.stdout);
      expect(printed.toGenerate).to.deep.equal([]);
      expect(printed.database).to.equal(
        `PostgreSQL at ${database.hostname}:${database.port}, database ${database.pathname.slice(1)} (DATABASE_URL)`,
      );
      const [rockets] = await q(
        `SELECT t.id, t.generation_error FROM test_cases t JOIN projects p ON p.id = t.project_id WHERE p.name = 'shop' AND t.name = 'Rockets'`,
      );
      expect(printed.burnIns).to.deep.include({
        timedOut: false,
        generating: [],
        failed: [{ name: 'Rockets', id: rockets.id, error: rockets.generation_error }],
      });
    });

    it('applied again without --wait: names the burn-in that failed before, exit 0', async () => {
      const result = await runServerCommand(['apply', path.join(service.home, 'shop.yaml')], env);
      expect(result.code, result.stderr).to.equal(0);
      const [rockets] = await q(
        `SELECT t.id FROM test_cases t JOIN projects p ON p.id = t.project_id WHERE p.name = 'shop' AND t.name = 'Rockets'`,
      );
      expect(result.stdout).to.include('  unchanged: 1 application, 2 test cases\n');
      expect(result.stdout).to.include(
        `  1 burn-in FAILED before and its goal is unchanged (a changed goal is burned in again):\n    Rockets: goalie test-case show ${rockets.id}\n`,
      );
      expect(result.stdout).to.not.include('queued for burn-in');
    });

    it('a fixed goal burns in again: exit 0', async () => {
      const fixed = HOME_AND_ROCKETS.replace(`"Go to /. Click 'Launch the rockets'"`, `"Go to /"`);
      const result = await runServerCommand(['apply', file('shop', project('shop', site.url, fixed)), '--wait'], env);
      expect(result.code, result.stdout + result.stderr).to.equal(0);
      expect(result.stdout).to.include('Burn-in COMPLETED for 1 test case: Rockets.\n');
      expect(result.stdout).to.not.include('FAILED');
    });
  });

  it('--timeout without --wait is a usage error (exit 2)', async () => {
    const result = await runServerCommand(['apply', path.join(service.home, 'shop.yaml'), '--timeout', '5m'], env);
    expect(result.code, result.stderr).to.equal(2);
    expect(result.stderr).to.include('--timeout limits --wait');
  });
});
