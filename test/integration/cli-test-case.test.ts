// `goalie test-case create --wait | show | enable | disable` against a real service whose worker burns
// goals in with real Chromium on a site on 127.0.0.1: exit codes, the burn-in's message, the steps.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { runCli } from '../helpers/cli-io.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { startHoldingSite } from '../helpers/holding-site.js';
import type { Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const project = (siteUrl: string) => `
organization: { name: CLI burn-ins }
project: { name: burn-ins }
applications:
  - name: Site
    environments: [{ name: local, url: "${siteUrl}", default: true }]
testCases:
  - name: Declared
    application: Site
    goal: Go to /
`;

describe('goalie test-case create --wait, show, enable, disable', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker;
  let api: ApiClient;
  let summary: ApplySummary;
  let env: Record<string, string>;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const create = (name: string, goal: string, ...more: string[]) =>
    runCli(
      ['test-case', 'create', '--name', name, '--goal', goal, '--app', summary.applications[0]!.shortId!, ...more],
      env,
    );
  const idIn = (text: string) => /\(([0-9a-f-]{36})\)/.exec(text)![1]!;
  const ids: Record<string, string> = {};

  before(async () => {
    site = await startHoldingSite();
    service = await startTestService();
    summary = await service.apply(project(site.url));
    const token = await service.token('burn-ins');
    api = service.client(token);
    env = { GOALIE_API_URL: service.baseUrl, GOALIE_API_TOKEN: token };
    worker = await startWorker(service.runtime);
  });
  after(async () => {
    site?.release();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('create --wait on a goal that burns in: exit 0, the steps, and how to enable it', async () => {
    const result = await create('Home shows', 'Go to /', '--expected', "'All good' is shown", '--wait');
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stderr).to.equal('');
    const id = (ids.good = idIn(result.stdout));
    expect(result.stdout).to.match(
      new RegExp(
        `^Created test case "Home shows" \\(${id}\\): ${service.baseUrl}/test-cases/${id}\\nWaiting for its burn-in \\(at most 10m\\)\\.\\.\\.\\n`,
      ),
    );
    expect(result.stdout).to.match(/\nBurn-in COMPLETED after \d+s\.\n/);
    expect(result.stdout).to.match(/ {2}Burn-in: {9}COMPLETED, \d+ steps? recorded\n/);
    expect(result.stdout).to.match(/\nRecorded steps:\n {2}1\. Go to \//);
    expect(result.stdout.trimEnd().split('\n').at(-1)).to.equal(
      `Enable it to run it in test plans: goalie test-case enable ${id}`,
    );
    expect((await q('SELECT generation_status, is_enabled FROM test_cases WHERE id = $1', [id]))[0]).to.deep.equal({
      generation_status: 'COMPLETED',
      is_enabled: false,
    });
  });

  it('create --wait on a goal that cannot burn in: exit 1 with the burn-in message', async () => {
    const result = await create('Rockets', "Go to /. Click 'Launch the rockets'", '--wait');
    expect(result.code).to.equal(1);
    const id = (ids.failed = idIn(result.stdout));
    const [row] = await q('SELECT generation_status, generation_error FROM test_cases WHERE id = $1', [id]);
    expect(row.generation_status).to.equal('FAILED');
    expect(row.generation_error).to.include('Launch the rockets');
    expect(result.stdout).to.match(/\nBurn-in FAILED after \d+s\.\n/);
    expect(result.stdout).to.include(`The burn-in failed:\n${row.generation_error.replace(/^/gm, '  ')}\n`);
    expect(result.stdout).to.include(
      `Fix its goal, which burns it in again: goalie test-case update ${id} --goal "..." --wait`,
    );
  });

  it('create --wait --json: the test case as GET answers it, timedOut, and the message on stderr', async () => {
    const result = await create('Rockets again', "Go to /. Click 'Launch the rockets'", '--wait', '--json');
    expect(result.code).to.equal(1);
    const printed = JSON.parse(result.stdout);
    expect(printed.timedOut).to.equal(false);
    const { timedOut: _, ...view } = printed;
    expect(view).to.deep.equal((await api.get(`/v1/test-cases/${printed.id}`)).body);
    expect(result.stderr)
      .to.include(`Waiting for its burn-in`)
      .and.include(`The burn-in of "Rockets again" FAILED:\n${printed.generationError}\n`);
  });

  it('create --wait --timeout 1s on a burn-in that takes longer: exit 1, still GENERATING, a worker must be running', async () => {
    site.hold('/slow');
    try {
      const result = await create('Slow page', 'Go to /slow', '--wait', '--timeout', '1s');
      expect(result.code).to.equal(1);
      const id = idIn(result.stdout);
      expect(result.stdout).to.match(
        new RegExp(
          `The burn-in of "Slow page" is still GENERATING after \\d+s; it goes on on the server\\. A worker must be running for it to finish \\(goalie serve or goalie worker on the same database\\)\\. Follow it with: goalie test-case show ${id}\\n$`,
        ),
      );
    } finally {
      site.release();
    }
    await waitFor(
      'the slow burn-in',
      async () =>
        (await q(`SELECT 1 FROM test_cases WHERE name = 'Slow page' AND generation_status <> 'GENERATING'`))[0],
      60_000,
      100,
    );
  });

  it('show: the state, the message, the steps; --json is the API answer', async () => {
    const good = await runCli(['test-case', 'show', ids.good!], env);
    expect(good).to.deep.include({ code: 0, stderr: '' });
    expect(good.stdout).to.match(
      new RegExp(`^Test case "Home shows" \\(${ids.good}\\): ${service.baseUrl}/test-cases/${ids.good}\\n`),
    );
    expect(good.stdout).to.include(
      `  Application:     ${summary.applications[0]!.shortId}\n  Goal:            Go to /\n  Expected result: 'All good' is shown\n`,
    );
    expect(good.stdout).to.include('  Enabled:         no\n');

    const failed = await runCli(['test-case', 'show', ids.failed!], env);
    expect(failed.code).to.equal(0);
    expect(failed.stdout).to.include('  Burn-in:         FAILED\n').and.include('The burn-in failed:\n  ');

    const json = await runCli(['test-case', 'show', ids.failed!, '--json'], env);
    expect(JSON.parse(json.stdout)).to.deep.equal((await api.get(`/v1/test-cases/${ids.failed}`)).body);

    const missing = await runCli(['test-case', 'show', '00000000-0000-4000-8000-00000000000a'], env);
    expect(missing.code).to.equal(2);
    expect(missing.stderr).to.match(
      /^goalie test-case: Test case 00000000-0000-4000-8000-00000000000a was not found in project burn-ins\. \(HTTP 404, request id [\w-]+\)\n$/,
    );
  });

  it('enable and disable a burned-in test case; --json answers the test case', async () => {
    const on = await runCli(['test-case', 'enable', ids.good!], env);
    expect(on).to.deep.equal({
      code: 0,
      stdout: `Enabled test case "Home shows" (${ids.good}): its test plans run it from now on.\n`,
      stderr: '',
    });
    expect((await q('SELECT is_enabled FROM test_cases WHERE id = $1', [ids.good]))[0].is_enabled).to.equal(true);

    const off = await runCli(['test-case', 'disable', ids.good!, '--json'], env);
    expect(off.code).to.equal(0);
    expect(JSON.parse(off.stdout)).to.include({ id: ids.good, isEnabled: false, generationStatus: 'COMPLETED' });
    expect((await q('SELECT is_enabled FROM test_cases WHERE id = $1', [ids.good]))[0].is_enabled).to.equal(false);
  });

  it('enabling a test case whose burn-in failed: exit 2 with why and what to do', async () => {
    const result = await runCli(['test-case', 'enable', ids.failed!], env);
    expect(result.code).to.equal(2);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.match(
      /^goalie test-case: Test case "Rockets" cannot be enabled: its burn-in FAILED, so it has no recorded steps to run\. Fix its goal: goalie test-case update [0-9a-f-]{36} --goal "\.\.\." --wait/,
    );
    expect(result.stderr).to.match(/\(HTTP 409, request id [\w-]+\)\n$/);
    expect((await q('SELECT is_enabled FROM test_cases WHERE id = $1', [ids.failed]))[0].is_enabled).to.equal(false);
  });

  it("a test case of the project file: disabling says the next apply sets the file's value again", async () => {
    await waitFor(
      'the declared burn-in',
      async () =>
        (await q(`SELECT 1 FROM test_cases WHERE name = 'Declared' AND generation_status <> 'GENERATING'`))[0],
      60_000,
      100,
    );
    const declared = summary.testCases[0]!.id;
    const result = await runCli(['test-case', 'disable', declared], env);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(
      'It is declared in a project file: the next goalie apply sets it back to the file\'s "enabled"',
    );
    await service.apply(project(site.url));
    expect((await q('SELECT is_enabled FROM test_cases WHERE id = $1', [declared]))[0].is_enabled).to.equal(true);
  });

  it('the bundled client served at /cli/goalie.js has the new commands', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-bundle-'));
    try {
      fs.writeFileSync(path.join(dir, 'goalie.js'), await (await fetch(`${service.baseUrl}/cli/goalie.js`)).text());
      // Asynchronously: the service answers from this process.
      const node = promisify(execFile);
      const show = await node(process.execPath, ['goalie.js', 'test-case', 'show', ids.good!, '--json'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...env },
      });
      expect(show.stderr).to.equal('');
      expect(JSON.parse(show.stdout)).to.deep.equal((await api.get(`/v1/test-cases/${ids.good}`)).body);
      // execFile rejects on a non-zero exit code.
      const help = await node(process.execPath, ['goalie.js', 'test-case', 'enable', '--help'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(help.stdout).to.include('goalie test-case enable <test case UUID>');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
