// The client commands against a real Goalie service and a worker driving real Chromium against a
// site on 127.0.0.1: run --wait with the table, the summary and JUnit; failing runs; timeouts;
// status, rerun, cancel and test-case create; usage and API errors; CI attribution stored with the
// run; and the bundled client served at /cli/goalie.js, run by plain node outside the repository.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { runCli, type CliResult } from '../helpers/cli-io.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { holdingSiteProject, startHoldingSite } from '../helpers/holding-site.js';
import type { Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];
/** A push to pull request #2 of Codertocat/Hello-World, as GitHub Actions writes it to GITHUB_EVENT_PATH. */
const synchronize = examples
  .find((e) => e.name === 'pull_request')!
  .examples.find((e) => (e as { action?: string }).action === 'synchronize')!;
const PACKAGE_VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const project = (siteUrl: string) =>
  holdingSiteProject(siteUrl, {
    organization: 'CLI',
    project: 'cli',
    passing: 'Home',
    failing: 'Broken',
    slow: 'Slow',
  });

/** Runs `node goalie.js ...` in `cwd` with only the given environment (and PATH). */
function node(cwd: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('goalie client commands', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let api: ApiClient;
  let summary: ApplySummary;
  let env: Record<string, string>;
  let dir: string;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const plan = (name: string) => summary.testPlans.find((p) => p.name === name)!.shortId!;
  const app = () => summary.applications[0]!.shortId!;
  const startedRun = (stdout: string) => /^Started run ([^\s,]+)/m.exec(stdout)![1]!;
  const storedRun = async (shortId: string) =>
    (
      await q(
        'SELECT trigger, actor, branch, commit_hash, commit_message, repository, rerun_of_run_id FROM runs WHERE short_id = $1',
        [shortId],
      )
    )[0];
  const runs: Record<string, string> = {};

  before(async () => {
    site = await startHoldingSite();
    service = await startTestService();
    summary = await service.apply(project(site.url));
    const token = await service.token('cli');
    api = service.client(token);
    env = { GOALIE_API_URL: service.baseUrl, GOALIE_API_TOKEN: token };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-cli-'));
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () => (await q(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0].n === 0,
      90_000,
      100,
    );
  });
  after(async () => {
    site?.release();
    await worker?.stop();
    await service?.close();
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('run --wait', () => {
    it('a passing plan: exit 0, progress lines, the results table, the summary and the JUnit report', async () => {
      const junit = path.join(dir, 'passing.xml');
      const result = await runCli(['run', '--plan', plan('Passing'), '--wait', '--junit', junit], env);
      expect(result.stderr).to.equal('');
      expect(result.code).to.equal(0);
      const shortId = (runs.passing = startedRun(result.stdout));
      expect(result.stdout).to.include(
        `Started run ${shortId} of plan "Passing" (${plan('Passing')}) with 1 test case: ${service.baseUrl}/runs/${shortId}`,
      );
      // A progress line when something changed, never the same line twice in a row.
      const progress = result.stdout.split('\n').filter((line) => /^\[\d+(m|s)/.test(line));
      expect(progress.length).to.be.greaterThan(0);
      progress
        .slice(1)
        .forEach((line, i) =>
          expect(line.replace(/^\[[^\]]+\] /, '')).to.not.equal(progress[i]!.replace(/^\[[^\]]+\] /, '')),
        );
      expect(progress.at(-1)).to.match(new RegExp(`\\] ${shortId} COMPLETED: 1 passed, 0 failed$`));
      expect(result.stdout).to.match(/\nRESULT\s+TEST CASE\s+REASON\nPASSED\s+Home\b/);
      expect(result.stdout.trimEnd().split('\n').at(-1)).to.equal(
        `Run ${shortId} PASSED: 1 passed, 0 failed. ${service.baseUrl}/runs/${shortId}`,
      );
      const xml = fs.readFileSync(junit, 'utf8');
      // Times from the run test case's start and end, as GET /v1/run answers them.
      const home = (await api.get(`/v1/run/${shortId}?testCases=all&extensions=true`)).body.runTestCases[0];
      const took = (Date.parse(home.finishedAt) - Date.parse(home.startedAt)) / 1000;
      expect(took).to.be.greaterThan(0);
      expect(xml).to.include(
        `tests="1" failures="0" errors="0" skipped="0" time="${took}" timestamp="${home.startedAt.slice(0, 19)}">`,
      );
      expect(xml).to.include(`<testcase name="Home" classname="goalie" time="${took}">`);
      expect(xml).to.include(`<property name="run" value="${service.baseUrl}/runs/${shortId}"/>`);
      expect(await storedRun(shortId)).to.include({ trigger: 'API', actor: null, commit_hash: null });
    });

    it('a failing plan: exit 1, and the JUnit failure message is the test case result title', async () => {
      const junit = path.join(dir, 'failing.xml');
      const result = await runCli(['run', '--plan', plan('Failing'), '--wait', '--junit', junit], env);
      expect(result.code).to.equal(1);
      const shortId = (runs.failing = startedRun(result.stdout));
      const view = (await api.get(`/v1/run/${shortId}?testCases=all&extensions=true`)).body;
      const broken = view.runTestCases.find((t: { name: string }) => t.name === 'Broken');
      expect(broken).to.include({ result: 'FAILED' });
      expect(broken.resultTitle).to.be.a('string').and.not.be.empty;
      expect(result.stdout).to.match(/\nFAILED\s+Broken\s+\S/);
      expect(result.stdout.trimEnd().split('\n').at(-1)).to.equal(
        `Run ${shortId} FAILED: 1 passed, 1 failed. ${service.baseUrl}/runs/${shortId}`,
      );
      const xml = fs.readFileSync(junit, 'utf8');
      expect(xml).to.include('tests="2" failures="1" errors="0" skipped="0"');
      const escaped = broken.resultTitle
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
      expect(xml).to.include(`<failure message="${escaped}" type="FAILED">`);
    });

    it('overrides the environment by URL and the device preset: the run passes on a preview environment', async () => {
      const preset = summary.devicePresets[0]!.shortId!;
      const result = await runCli(
        ['run', '--app', `${app()}=${site.url}/`, '--device', `${app()}=${preset}`, '--wait', '--json'],
        env,
      );
      expect(result.code, result.stderr).to.equal(0);
      const printed = JSON.parse(result.stdout);
      expect(printed).to.include({ status: 'COMPLETED', result: 'PASSED', timedOut: false });
      const [used] = await q(
        `SELECT t.environment_url, e.is_preview, e.created_by_run_id = r.id AS made_by_run, p.short_id AS preset
           FROM runs r JOIN run_test_cases t ON t.run_id = r.id JOIN environments e ON e.id = t.environment_id JOIN device_presets p ON p.id = t.device_preset_id
          WHERE r.short_id = $1`,
        [printed.shortId],
      );
      expect(used).to.deep.equal({ environment_url: `${site.url}/`, is_preview: true, made_by_run: true, preset });
    });

    it('--timeout 1s on a plan that takes longer: exit 1, "timed out", and the report of what is known; then cancel', async () => {
      site.hold('/slow');
      const junit = path.join(dir, 'slow.xml');
      const result = await runCli(['run', '--plan', plan('Slow'), '--wait', '--timeout', '1s', '--junit', junit], env);
      expect(result.code).to.equal(1);
      const shortId = startedRun(result.stdout);
      expect(result.stdout).to.match(
        new RegExp(
          `Run ${shortId} timed out after 1s, still (INITIATED|RUNNING) \\(0 passed, 0 failed, 1 not finished\\)\\. It goes on on the server`,
        ),
      );
      expect(fs.readFileSync(junit, 'utf8')).to.match(
        /tests="1" failures="0" errors="1" skipped="0"[\s\S]*<testcase name="Slow" classname="goalie" time="0">\s*<error /,
      );

      const cancelled = await runCli(['cancel', shortId], env);
      expect(cancelled.code, cancelled.stderr).to.equal(0);
      expect(cancelled.stdout).to.match(new RegExp(`^Run ${shortId} is (CANCELLED|RUNNING)\\.\\n$`));
      site.release();
      await waitFor(
        'the cancelled run to end',
        async () => (await api.get(`/v1/run/${shortId}`)).body.status === 'CANCELLED',
      );
    });
  });

  describe('status, rerun, cancel', () => {
    it('status prints the outcome, the counts, the table and the link; --json the API answer', async () => {
      const text = await runCli(['status', runs.failing!], env);
      expect(text.code).to.equal(0);
      expect(text.stdout).to.match(
        new RegExp(`^Run ${runs.failing}: COMPLETED, FAILED \\(1 passed, 1 failed\\)\\n\\nRESULT`),
      );
      // Each test case's own UUID, the one rerun --test-case takes.
      expect(text.stdout).to.match(/\nRESULT\s+TEST CASE\s+TEST CASE UUID\s+REASON\n/);
      const uuid = (name: string) => summary.testCases.find((t) => t.name === name)!.id;
      expect(text.stdout).to.match(new RegExp(`PASSED\\s+Home\\s+${uuid('Home')}\\n`));
      expect(text.stdout).to.match(new RegExp(`FAILED\\s+Broken\\s+${uuid('Broken')}\\s+\\S`));
      expect(text.stdout).to.include(`goalie rerun ${runs.failing} --test-case <TEST CASE UUID>`);
      expect(text.stdout.trimEnd().split('\n').at(-1)).to.equal(`${service.baseUrl}/runs/${runs.failing}`);

      const json = await runCli(['status', runs.failing!, '--test-cases', 'failed', '--json'], env);
      expect(json.code).to.equal(0);
      const view = JSON.parse(json.stdout);
      expect(view).to.deep.equal((await api.get(`/v1/run/${runs.failing}?testCases=failed&extensions=true`)).body);
      expect(view.runTestCases.map((t: { name: string }) => t.name)).to.deep.equal(['Broken']);
    });

    it('rerun --failed-only --wait reruns the failure only: a new run, pointing at the original, failing again', async () => {
      const result = await runCli(['rerun', runs.failing!, '--failed-only', '--wait'], env);
      expect(result.code).to.equal(1);
      const shortId = startedRun(result.stdout);
      expect(result.stdout).to.include(`Started run ${shortId}, a rerun of ${runs.failing}, with 1 test case:`);
      expect(result.stdout).to.match(/\nFAILED\s+Broken\s/);
      expect(result.stdout).to.not.match(/PASSED\s+Home/);
      const [original] = await q('SELECT id FROM runs WHERE short_id = $1', [runs.failing]);
      expect((await storedRun(shortId)).rerun_of_run_id).to.equal(original.id);
    });

    it('rerun --test-case takes the UUID status shows, and also a run test case id of that run', async () => {
      const view = (await api.get(`/v1/run/${runs.failing}?testCases=all&extensions=true`)).body;
      const broken = view.runTestCases.find((t: { name: string }) => t.name === 'Broken');
      for (const id of [broken.projectTestCaseId, broken.id]) {
        const result = await runCli(['rerun', runs.failing!, '--test-case', id, '--json'], env);
        expect(result.code, result.stderr).to.equal(0);
        const { run } = JSON.parse(result.stdout);
        expect(run.testCount).to.equal(1);
        const rows = await q(
          'SELECT t.test_case_id FROM run_test_cases t JOIN runs r ON r.id = t.run_id WHERE r.short_id = $1',
          [run.shortId],
        );
        expect(rows).to.deep.equal([{ test_case_id: broken.projectTestCaseId }]);
        await runCli(['cancel', run.shortId], env);
      }
    });

    it('rerun --failed-only of a run that passed: "nothing to rerun", exit 0, no run started', async () => {
      const before = (await q('SELECT count(*)::int n FROM runs'))[0].n;
      const text = await runCli(['rerun', runs.passing!, '--failed-only', '--wait'], env);
      expect(text).to.deep.equal({
        code: 0,
        stdout: `nothing to rerun: every test case of run ${runs.passing} passed\n`,
        stderr: '',
      });
      const json = await runCli(['rerun', runs.passing!, '--failed-only', '--json'], env);
      expect(json.code).to.equal(0);
      expect(JSON.parse(json.stdout)).to.deep.equal({
        success: true,
        run: null,
        message: `nothing to rerun: every test case of run ${runs.passing} passed`,
      });
      expect((await q('SELECT count(*)::int n FROM runs'))[0].n).to.equal(before);
    });

    it('cancel of a run that has ended: exit 2 with the API message', async () => {
      const result = await runCli(['cancel', runs.passing!], env);
      expect(result.code).to.equal(2);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.match(
        new RegExp(
          `^goalie cancel: Run ${runs.passing} has already ended \\(COMPLETED\\); only a run that is INITIATED or RUNNING can be cancelled\\. \\(HTTP 400, request id [\\w-]+\\)\\n$`,
        ),
      );
    });
  });

  describe('test-case create', () => {
    let created: { id: string; name: string; url: string };

    it('creates a test case (--json: the API answer)', async () => {
      const result = await runCli(
        [
          'test-case',
          'create',
          '--name',
          'Made by the CLI',
          '--goal',
          'Go to /',
          '--app',
          app(),
          '--expected',
          "'All good' is shown",
          '--json',
        ],
        env,
      );
      expect(result.code, result.stderr).to.equal(0);
      const answer = JSON.parse(result.stdout);
      expect(answer.success).to.equal(true);
      created = answer.testCase;
      expect(created).to.include({ name: 'Made by the CLI', url: `${service.baseUrl}/test-cases/${created.id}` });
      const [row] = await q('SELECT is_enabled, expected_result FROM test_cases WHERE id = $1', [created.id]);
      expect(row).to.deep.equal({ is_enabled: false, expected_result: "'All good' is shown" });
    });

    it('with a Wait For dependency, in text', async () => {
      const result = await runCli(
        [
          'test-case',
          'create',
          '--name',
          'After the CLI one',
          '--goal',
          'Go to /',
          '--app',
          app(),
          '--wait-for',
          created.id,
        ],
        env,
      );
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(
        /^Created test case "After the CLI one" \([0-9a-f-]{36}\): http:\/\/127\.0\.0\.1:\d+\/test-cases\/[0-9a-f-]{36}\nIts burn-in is recording the steps now\./,
      );
      const id = /\(([0-9a-f-]{36})\)/.exec(result.stdout)![1];
      expect(await q('SELECT depends_on_id FROM test_case_wait_for WHERE test_case_id = $1', [id])).to.deep.equal([
        { depends_on_id: created.id },
      ]);
    });

    it('a duplicate name (400) and an unknown application (404): exit 2 with the API message', async () => {
      const duplicate = await runCli(
        ['test-case', 'create', '--name', 'Made by the CLI', '--goal', 'Go to /', '--app', app()],
        env,
      );
      expect(duplicate.code).to.equal(2);
      expect(duplicate.stderr).to.match(/^goalie test-case: .*Made by the CLI.* \(HTTP 400, request id [\w-]+\)\n$/);
      const unknown = await runCli(
        ['test-case', 'create', '--name', 'Nowhere', '--goal', 'Go to /', '--app', 'app-nowhere_zz9zz9'],
        env,
      );
      expect(unknown.code).to.equal(2);
      expect(unknown.stderr).to.match(/^goalie test-case: .*app-nowhere_zz9zz9.* \(HTTP 404, request id [\w-]+\)\n$/);
    });
  });

  describe('usage and API errors', () => {
    it('without GOALIE_API_URL: exit 2, saying what to set', async () => {
      const result = await runCli(['run', '--wait'], { GOALIE_API_TOKEN: env.GOALIE_API_TOKEN });
      expect(result.code).to.equal(2);
      expect(result.stderr).to.include('set GOALIE_API_URL to your Goalie server');
    });

    it('a usage mistake: exit 2 and nothing is sent', async () => {
      const before = (await q('SELECT count(*)::int n FROM runs'))[0].n;
      const result = await runCli(['run', '--plan', 'Pasing'], env);
      expect(result.code).to.equal(2);
      expect(result.stderr)
        .to.include('--plan "Pasing": no test plan named "Pasing"')
        .and.include('Did you mean "Passing"');
      expect((await q('SELECT count(*)::int n FROM runs'))[0].n).to.equal(before);
    });

    it('an unknown run (404) and a wrong token (401): exit 2 with the API message and the request id', async () => {
      const missing = await runCli(['status', 'nosuchrun'], env);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.match(
        /^goalie status: Run nosuchrun was not found.* \(HTTP 404, request id [\w-]+\)\n$/,
      );
      const unauthorized = await runCli(['status', runs.passing!], { ...env, GOALIE_API_TOKEN: 'goalie_notatoken' });
      expect(unauthorized.code).to.equal(2);
      expect(unauthorized.stderr).to.match(/ \(HTTP 401, request id [\w-]+\)\n$/);
    });
  });

  describe('CI attribution', () => {
    it('GitHub Actions (pull_request event): the stored run is REPOHOST with the pull request head', async () => {
      const eventPath = path.join(dir, 'event.json');
      fs.writeFileSync(eventPath, JSON.stringify(synchronize));
      const github = {
        ...env,
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_ACTOR: 'Codertocat',
        GITHUB_REPOSITORY: 'Codertocat/Hello-World',
        GITHUB_REF: 'refs/pull/2/merge',
        GITHUB_HEAD_REF: 'changes',
        GITHUB_SHA: '1111111111111111111111111111111111111111',
      };
      const result = await runCli(['run'], github);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(
        /^GitHub Actions detected: trigger REPOHOST, Codertocat\/Hello-World, branch changes, commit ec26c3e57ca3, by Codertocat \(--no-ci to leave it out\)\n/,
      );
      expect(await storedRun(startedRun(result.stdout))).to.include({
        trigger: 'REPOHOST',
        actor: 'Codertocat',
        branch: 'changes',
        commit_hash: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
        commit_message: 'Update the README with new information.',
        repository: 'Codertocat/Hello-World',
      });

      const noCi = await runCli(['run', '--no-ci'], github);
      expect(noCi.code).to.equal(0);
      expect(noCi.stdout).to.not.include('detected');
      expect(await storedRun(startedRun(noCi.stdout))).to.include({
        trigger: 'API',
        actor: null,
        branch: null,
        commit_hash: null,
        repository: null,
      });
    });

    it('GitLab CI: the stored run is REPOHOST with the pipeline variables', async () => {
      const gitlab = {
        ...env,
        GITLAB_CI: 'true',
        CI: 'true',
        GITLAB_USER_LOGIN: 'ada',
        CI_PROJECT_PATH: 'shop/storefront',
        CI_COMMIT_REF_NAME: 'feature/cart',
        CI_COMMIT_SHA: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
        CI_COMMIT_MESSAGE: 'Add the cart page\n',
      };
      const result = await runCli(['run', '--plan', plan('Passing'), '--json'], gitlab);
      expect(result.code, result.stderr).to.equal(0);
      const answer = JSON.parse(result.stdout);
      expect(answer).to.have.nested.property('run.testPlan.shortId', plan('Passing'));
      expect(await storedRun(answer.run.shortId)).to.include({
        trigger: 'REPOHOST',
        actor: 'ada',
        branch: 'feature/cart',
        commit_hash: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
        commit_message: 'Add the cart page',
        repository: 'shop/storefront',
      });
    });

    it('Jenkins (one of the other recognised systems): REPOHOST with what its environment names', async () => {
      const jenkins = {
        ...env,
        JENKINS_URL: 'https://ci.example.com/',
        CHANGE_BRANCH: 'feature/cart',
        CHANGE_AUTHOR: 'ada',
        GIT_COMMIT: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
        GIT_URL: 'git@github.com:shop/storefront.git',
      };
      const result = await runCli(['run', '--plan', plan('Passing')], jenkins);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout).to.match(
        /^Jenkins detected: trigger REPOHOST, shop\/storefront, branch feature\/cart, commit 9f2c4e1b7a3d, by ada \(--no-ci to leave it out\)\n/,
      );
      expect(await storedRun(startedRun(result.stdout))).to.include({
        trigger: 'REPOHOST',
        actor: 'ada',
        branch: 'feature/cart',
        commit_hash: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
        commit_message: null,
        repository: 'shop/storefront',
      });
    });
  });

  describe('the bundled client', () => {
    let bundleDir: string;
    before(() => {
      bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-bundle-'));
    });
    after(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

    it('GET /cli/version answers the server version; /cli/goalie.js is one JavaScript file of that version with an ETag', async () => {
      const version = await fetch(`${service.baseUrl}/cli/version`);
      expect(await version.json()).to.deep.equal({ version: PACKAGE_VERSION });

      const response = await fetch(`${service.baseUrl}/cli/goalie.js`);
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
      expect(response.headers.get('x-goalie-version')).to.equal(PACKAGE_VERSION);
      const etag = response.headers.get('etag')!;
      expect(etag).to.match(/^"[\w-]+"$/);
      const code = await response.text();
      expect(code.split('\n').slice(0, 2).join('\n')).to.match(
        new RegExp(`^#!/usr/bin/env node\\n// Goalie CLI ${PACKAGE_VERSION.replace(/\./g, '\\.')}: `),
      );
      fs.writeFileSync(path.join(bundleDir, 'goalie.js'), code);

      const again = await fetch(`${service.baseUrl}/cli/goalie.js`, { headers: { 'if-none-match': etag } });
      expect(again.status).to.equal(304);
      expect(again.headers.get('etag')).to.equal(etag);
    });

    it('runs with plain node in a folder without node_modules, also under "type": "module": status, --version, a usage error', async () => {
      let folder = bundleDir;
      for (; folder !== path.dirname(folder); folder = path.dirname(folder))
        expect(fs.existsSync(path.join(folder, 'node_modules')), folder).to.equal(false);

      const status = await node(bundleDir, ['goalie.js', 'status', runs.passing!, '--json'], env);
      expect(status.stderr).to.equal('');
      expect(status.code).to.equal(0);
      expect(JSON.parse(status.stdout)).to.deep.equal(
        (await api.get(`/v1/run/${runs.passing}?testCases=all&extensions=true`)).body,
      );

      expect(await node(bundleDir, ['goalie.js', '--version'], {})).to.deep.equal({
        code: 0,
        stdout: `${PACKAGE_VERSION}\n`,
        stderr: '',
      });
      // Saved in a project whose package.json says "type": "module", Node reads it as an ES module: it runs all the same.
      const esm = path.join(bundleDir, 'esm-project');
      fs.mkdirSync(esm);
      fs.writeFileSync(path.join(esm, 'package.json'), '{ "type": "module" }\n');
      fs.copyFileSync(path.join(bundleDir, 'goalie.js'), path.join(esm, 'goalie.js'));
      const inEsm = await node(esm, ['goalie.js', 'status', runs.passing!, '--test-cases', 'none'], env);
      expect(inEsm).to.deep.include({ code: 0, stderr: '' });
      expect(inEsm.stdout).to.equal(
        `Run ${runs.passing}: COMPLETED, PASSED (1 passed, 0 failed)\n${service.baseUrl}/runs/${runs.passing}\n`,
      );
      const usage = await node(bundleDir, ['goalie.js', 'status', runs.passing!], {});
      expect(usage.code).to.equal(2);
      expect(usage.stderr).to.include('set GOALIE_API_URL');
    });
  });
});
