// The GitHub Actions, run the way GitHub runs them: `node <action>/dist/index.js` (the committed
// bundle) as a child process with INPUT_* variables (action.yml defaults filled in, as the runner
// does), GITHUB_* variables, a real event payload from @octokit/webhooks-examples, and
// GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files. The run action talks to a live Goalie (real HTTP
// server, own database) whose worker drives Chromium against a site on 127.0.0.1; review-request
// talks to a fake GitHub API on 127.0.0.1 that records what it received.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { expect } from 'chai';
import { parse as parseYaml } from 'yaml';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { holdingSiteProject, startHoldingSite } from '../helpers/holding-site.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import { html, startSite, type Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

// ---------------------------------------------------------------------------
// Running an action as the GitHub runner does

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];

type EventName = WebhookDefinition['name'];
type Example<N extends EventName> = WebhookDefinition<N>['examples'][number];

/** A real webhook payload: the first example of that event that `match` accepts (a copy). */
function example<N extends EventName>(name: N, match: (payload: Example<N>) => boolean = () => true): Example<N> {
  const definition = examples.find((d) => d.name === name) as WebhookDefinition<N> | undefined;
  const found = definition?.examples.find(match);
  if (!found) throw new Error(`no matching ${name} example in @octokit/webhooks-examples`);
  return structuredClone(found);
}

interface ActionResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

interface ActionCall {
  inputs: Record<string, string>;
  event: { name: string; payload: object };
  /** GITHUB_* variables beside the event (GITHUB_SHA, GITHUB_REF, ...). */
  env?: Record<string, string>;
  /** What the runner would put for `${{ github.token }}` and `${{ github.api_url }}` defaults. */
  context?: { token?: string; apiUrl?: string };
}

/** Reads GITHUB_OUTPUT: `name<<DELIMITER` blocks, as @actions/core writes them, and `name=value` lines. */
function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
      outputs[name!] = value.join('\n');
    } else {
      const at = line.indexOf('=');
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

/** The runner's input variables: action.yml defaults (expressions evaluated), then the step's `with:`. */
function inputVariables(actionYml: string, call: ActionCall): Record<string, string> {
  const meta = parseYaml(fs.readFileSync(actionYml, 'utf8')) as { inputs: Record<string, { default?: string }> };
  const expressions: Record<string, string> = {
    '${{ github.token }}': call.context?.token ?? '',
    '${{ github.api_url }}': call.context?.apiUrl ?? 'https://api.github.com',
  };
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(meta.inputs))
    if (spec.default !== undefined) values[name] = expressions[spec.default] ?? spec.default;
  Object.assign(values, call.inputs);
  // GitHub upper-cases input names and turns spaces into underscores; hyphens and underscores stay.
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [`INPUT_${name.replace(/ /g, '_').toUpperCase()}`, value]),
  );
}

async function runAction(actionDir: string, call: ActionCall, timeoutMs = 150_000): Promise<ActionResult> {
  actionDir = path.resolve(actionDir);
  const meta = parseYaml(fs.readFileSync(path.join(actionDir, 'action.yml'), 'utf8')) as {
    runs: { using: string; main: string };
  };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'goalie-gha-'));
  try {
    const files = {
      event: path.join(temp, 'event.json'),
      output: path.join(temp, 'output'),
      summary: path.join(temp, 'summary.md'),
    };
    fs.writeFileSync(files.event, JSON.stringify(call.event.payload));
    fs.writeFileSync(files.output, '');
    fs.writeFileSync(files.summary, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: temp,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_EVENT_NAME: call.event.name,
      GITHUB_EVENT_PATH: files.event,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
      GITHUB_WORKSPACE: temp,
      RUNNER_TEMP: temp,
      ...call.env,
      ...inputVariables(path.join(actionDir, 'action.yml'), call),
    };
    const child = spawn(process.execPath, [path.join(actionDir, meta.runs.main)], {
      cwd: temp,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`the action did not finish within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
      }, timeoutMs);
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputFile(fs.readFileSync(files.output, 'utf8')),
      summary: fs.readFileSync(files.summary, 'utf8'),
    };
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

const show = (result: ActionResult) =>
  `exit ${result.code}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;

/** The `::error ...::` (or `::notice ...::`) lines of a step's output, decoded: [{ title, message }]. */
function errorCommands(stdout: string, command: 'error' | 'notice' = 'error'): { title?: string; message: string }[] {
  const decode = (text: string) =>
    text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  return [...stdout.matchAll(new RegExp(`^::${command}(?: ([^:]*))?::(.*)$`, 'gm'))].map((m) => {
    const title = /(?:^|,)title=([^,]*)/.exec(m[1] ?? '')?.[1];
    return { ...(title !== undefined ? { title: decode(title) } : {}), message: decode(m[2]!) };
  });
}

// ---------------------------------------------------------------------------
// The run action against a live Goalie

const project = (siteUrl: string) =>
  holdingSiteProject(siteUrl, {
    organization: 'Actions',
    project: 'gha',
    passing: 'Home works',
    failing: 'Free shipping',
    slow: 'Slow page',
  });

interface RunRow {
  id: string;
  trigger: string;
  actor: string | null;
  branch: string | null;
  commit_hash: string | null;
  commit_message: string | null;
  repository: string | null;
}

describe('GitHub Action: run (actions/run/dist/index.js) against a live Goalie', function () {
  this.timeout(180_000);
  let site: Site;
  let preview: Site;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker | null = null;
  let token: string;
  let plans: Record<string, string>;
  let app: { id: string; short_id: string };
  let phone: { id: string; short_id: string };
  let failedRunShortId = '';

  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);
  const runRow = async (shortId: string) =>
    (
      await q<RunRow>(
        'SELECT id, trigger, actor, branch, commit_hash, commit_message, repository FROM runs WHERE short_id = $1',
        [shortId],
      )
    )[0]!;
  const countRuns = async () => (await q<{ n: number }>('SELECT count(*)::int n FROM runs'))[0]!.n;

  const prOpened = example('pull_request', (p) => p.action === 'opened');
  const prSynchronize = example('pull_request', (p) => p.action === 'synchronize');
  const push = example('push', (p) => p.ref === 'refs/heads/master' && p.head_commit !== null);
  const MERGE_SHA = 'f'.repeat(40);

  /** The runner's environment for a pull_request event: GITHUB_REF/GITHUB_SHA name the merge commit. */
  const pullRequestEvent = (payload: Example<'pull_request'>) => ({
    event: { name: 'pull_request', payload },
    env: {
      GITHUB_REPOSITORY: payload.repository.full_name,
      GITHUB_REF: `refs/pull/${payload.number}/merge`,
      GITHUB_SHA: MERGE_SHA,
      GITHUB_HEAD_REF: payload.pull_request.head.ref,
      GITHUB_BASE_REF: payload.pull_request.base.ref,
      GITHUB_ACTOR: payload.sender.login,
    },
  });
  const pushEvent = () => ({
    event: { name: 'push', payload: push },
    env: {
      GITHUB_REPOSITORY: push.repository.full_name,
      GITHUB_REF: push.ref,
      GITHUB_SHA: push.after,
      GITHUB_ACTOR: push.sender.login,
    },
  });
  const goalie = (inputs: Record<string, string>) => ({ api_url: service.baseUrl, api_token: token, ...inputs });
  const runGoalieAction = (call: ActionCall) => runAction('.', call);

  before(async () => {
    site = await startHoldingSite();
    preview = await startSite({ '/': html('Preview', '<main><h1>Preview build</h1><p>All good</p></main>') });
    service = await startTestService();
    await service.apply(project(site.url));
    token = await service.token('gha');
    api = service.client(token);
    plans = Object.fromEntries(
      (await q<{ name: string; short_id: string }>('SELECT name, short_id FROM test_plans')).map((r) => [
        r.name,
        r.short_id,
      ]),
    );
    app = (await q<{ id: string; short_id: string }>('SELECT id, short_id FROM applications'))[0]!;
    phone = (await q<{ id: string; short_id: string }>('SELECT id, short_id FROM device_presets'))[0]!;
    worker = await startWorker(service.runtime);
    await waitFor(
      'the burn-ins',
      async () =>
        (await q<{ n: number }>(`SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`))[0]!
          .n === 0,
      90_000,
      100,
    );
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
    await preview?.close();
  });

  it('blocking, pull_request: waits for a passed run, sets every output, writes the job summary, succeeds', async () => {
    const result = await runGoalieAction({
      ...pullRequestEvent(prSynchronize),
      inputs: goalie({ test_plan_short_id: plans.Passing!, blocking: 'true', timeout_minutes: '2' }),
    });
    expect(result.code, show(result)).to.equal(0);
    const { outputs } = result;
    expect(outputs).to.have.keys(
      'run_created',
      'run_short_id',
      'run_id',
      'run_url',
      'test_count',
      'run_status',
      'run_result',
    );
    expect(outputs).to.include({
      run_url: `${service.baseUrl}/runs/${outputs.run_short_id}`,
      test_count: '1',
      run_status: 'COMPLETED',
      run_result: 'PASSED',
    });
    expect(outputs.run_id).to.match(/^[0-9a-f-]{36}$/);
    expect(errorCommands(result.stdout)).to.deep.equal([]);
    // The token is masked in the log; the run's link is printed.
    expect(result.stdout).to.include(`::add-mask::${token}`);
    expect(result.stdout).to.include(`Results: ${outputs.run_url}`);

    // Attribution: the PR's head branch and head commit, not the merge ref the runner checks out.
    const row = await runRow(outputs.run_short_id!);
    expect(row).to.deep.include({
      id: outputs.run_id,
      trigger: 'REPOHOST',
      actor: 'Codertocat',
      branch: 'changes',
      commit_hash: prSynchronize.pull_request.head.sha,
      commit_message: prSynchronize.pull_request.title,
      repository: 'Codertocat/Hello-World',
    });
    expect(row.commit_hash).not.to.equal(MERGE_SHA);

    const view = (await api.get(`/v1/run/${outputs.run_short_id}?testCases=all`)).body;
    expect(result.summary).to.include(`## ✅ Goalie run \`${outputs.run_short_id}\`: PASSED`);
    expect(result.summary).to.include('Test plan: Passing');
    expect(result.summary).to.include('| COMPLETED | PASSED | 1 passed, 0 failed (1 in all) |');
    expect(result.summary).to.include(
      `| ✅ PASSED | [Home works](${outputs.run_url}#${view.runTestCases[0].shortId}) |`,
    );
    expect(result.summary).to.include(`[Open run ${outputs.run_short_id} in Goalie](${outputs.run_url})`);
  });

  it('blocking, push: a failed run gives one annotation per failed test case and fails the step', async () => {
    const result = await runGoalieAction({
      ...pushEvent(),
      inputs: goalie({ test_plan_short_id: plans.Failing!, blocking: 'true' }),
    });
    expect(result.code, show(result)).to.equal(1);
    const { outputs } = result;
    failedRunShortId = outputs.run_short_id!;
    expect(outputs).to.include({ test_count: '2', run_status: 'COMPLETED', run_result: 'FAILED' });

    const view = (await api.get(`/v1/run/${failedRunShortId}?testCases=all`)).body;
    const failed = view.runTestCases.find((tc: { name: string }) => tc.name === 'Free shipping');
    expect(failed.result).to.equal('FAILED');
    expect(failed.resultTitle).to.be.a('string').and.not.empty;
    expect(errorCommands(result.stdout)).to.deep.equal([
      { title: 'Free shipping', message: failed.resultTitle },
      { message: `Goalie run ${failedRunShortId} FAILED: 1 passed, 1 failed. ${outputs.run_url}` },
    ]);

    expect(await runRow(failedRunShortId)).to.deep.include({
      trigger: 'REPOHOST',
      actor: 'Codertocat',
      branch: 'master',
      commit_hash: push.after,
      commit_message: push.head_commit!.message,
      repository: 'Codertocat/Hello-World',
    });
    expect(result.summary).to.include(`## ❌ Goalie run \`${failedRunShortId}\`: FAILED`);
    expect(result.summary).to.include('| COMPLETED | FAILED | 1 passed, 1 failed (2 in all) |');
    expect(result.summary).to.include(
      `| ❌ FAILED | [Free shipping](${outputs.run_url}#${failed.shortId}) | ${failed.resultTitle} |`,
    );
    expect(result.summary).to.include(`> Goalie run ${failedRunShortId} FAILED: 1 passed, 1 failed.`);
  });

  it('rerun_failed_of: reruns only the failed test case of that run, as a new run', async () => {
    expect(failedRunShortId, 'needs the failed run of the previous test').not.to.equal('');
    const result = await runGoalieAction({
      ...pushEvent(),
      inputs: goalie({ rerun_failed_of: failedRunShortId, blocking: 'true' }),
    });
    expect(result.code, show(result)).to.equal(1);
    const { outputs } = result;
    expect(outputs.run_short_id).not.to.equal(failedRunShortId);
    expect(outputs).to.include({ test_count: '1', run_status: 'COMPLETED', run_result: 'FAILED' });
    const row = (
      await q(
        'SELECT r.rerun_of_run_id, o.short_id original FROM runs r JOIN runs o ON o.id = r.rerun_of_run_id WHERE r.short_id = $1',
        [outputs.run_short_id],
      )
    )[0]!;
    expect(row.original).to.equal(failedRunShortId);
    const names = (
      await q<{ name: string }>(
        'SELECT t.name FROM run_test_cases t JOIN runs r ON r.id = t.run_id WHERE r.short_id = $1',
        [outputs.run_short_id],
      )
    ).map((r) => r.name);
    expect(names).to.deep.equal(['Free shipping']);
    expect(result.stdout).to.include(
      `Rerunning the failed test cases of run ${failedRunShortId} as run ${outputs.run_short_id}`,
    );
    expect(errorCommands(result.stdout).map((e) => e.title)).to.deep.equal(['Free shipping', undefined]);
    expect(result.summary).to.include(`Rerun of the failed test cases of run \`${failedRunShortId}\``);
  });

  it('blocking with a time-out: fails saying the run did not finish in time, and leaves the run going', async () => {
    site.hold('/slow');
    let shortId = '';
    try {
      const result = await runGoalieAction({
        ...pullRequestEvent(prOpened),
        inputs: goalie({ test_plan_short_id: plans.Slow!, blocking: 'true', timeout_minutes: '0.05' }),
      });
      expect(result.code, show(result)).to.equal(1);
      shortId = result.outputs.run_short_id!;
      expect(result.outputs.run_status).to.be.oneOf(['INITIATED', 'RUNNING']);
      expect(result.outputs.run_result).to.equal('');
      const errors = errorCommands(result.stdout);
      expect(errors).to.have.length(1);
      expect(errors[0]!.message).to.match(
        new RegExp(
          `^Goalie run ${shortId} did not finish within timeout_minutes \\(0\\.05 minutes \\(3 s\\)\\): it is still (INITIATED|RUNNING) .*raise timeout_minutes to wait longer\\.$`,
        ),
      );
      expect(result.summary).to.include(`## ⏱️ Goalie run \`${shortId}\`: not finished within 0.05 minutes (3 s)`);
      // Still going in Goalie.
      expect((await api.get(`/v1/run/${shortId}`)).body.status).to.be.oneOf(['INITIATED', 'RUNNING']);
    } finally {
      if (shortId) await api.post(`/v1/run/${shortId}/cancel`, {});
      site.release();
      if (shortId)
        await waitFor(
          'the timed-out run to end',
          async () => ['CANCELLED', 'COMPLETED'].includes((await api.get(`/v1/run/${shortId}`)).body.status),
          60_000,
          100,
        );
    }
  });

  it('blocking, and the run is cancelled in Goalie meanwhile: fails saying it was cancelled', async () => {
    site.hold('/slow');
    try {
      const earlier = (await q<{ id: string }>('SELECT id FROM runs')).map((r) => r.id);
      const action = runGoalieAction({
        ...pushEvent(),
        inputs: goalie({ test_plan_short_id: plans.Slow!, blocking: 'true', timeout_minutes: '2' }),
      });
      const shortId = await waitFor(
        'the new run to be running',
        async () => {
          const rows = await q<{ short_id: string }>(
            `SELECT short_id FROM runs WHERE status = 'RUNNING' AND NOT (id = ANY($1::uuid[]))`,
            [earlier],
          );
          return rows[0]?.short_id;
        },
        60_000,
        100,
      );
      expect((await api.post(`/v1/run/${shortId}/cancel`, {})).status).to.equal(200);
      const result = await action;
      expect(result.code, show(result)).to.equal(1);
      expect(result.outputs).to.include({ run_short_id: shortId, run_status: 'CANCELLED', run_result: '' });
      expect(errorCommands(result.stdout).at(-1)!.message).to.match(
        new RegExp(`^Goalie run ${shortId} was cancelled \\(`),
      );
      expect(result.summary).to.include(`## 🚫 Goalie run \`${shortId}\`: CANCELLED`);
    } finally {
      site.release();
    }
  });

  it('not blocking: starts the run, sets the start outputs, links the run and succeeds at once', async () => {
    const result = await runGoalieAction({ ...pushEvent(), inputs: goalie({}) });
    expect(result.code, show(result)).to.equal(0);
    const { outputs } = result;
    expect(outputs).to.have.keys('run_created', 'run_short_id', 'run_id', 'run_url', 'test_count');
    expect(outputs.test_count).to.equal('1');
    expect(result.stdout).to.include(
      `Started Goalie run ${outputs.run_short_id} of test plan Passing (${plans.Passing}): 1 test case.`,
    );
    expect(result.stdout).to.include(`Results: ${outputs.run_url}`);
    expect(result.summary).to.include(`## ▶️ Goalie run \`${outputs.run_short_id}\` started`);
    expect(await runRow(outputs.run_short_id!)).to.deep.include({
      trigger: 'REPOHOST',
      branch: 'master',
      commit_hash: push.after,
    });
    // The run goes on without the step: it finishes in Goalie.
    await waitFor(
      'the run to finish',
      async () => (await api.get(`/v1/run/${outputs.run_short_id}`)).body.result === 'PASSED',
      60_000,
      200,
    );
  });

  it('applications in the object form with device_presets: runs against a new preview environment with the preset', async () => {
    const result = await runGoalieAction({
      ...pullRequestEvent(prOpened),
      inputs: goalie({
        test_plan_short_id: plans.Passing!,
        applications: JSON.stringify({ [app.short_id]: { environment: { url: preview.url, name: 'PR 2' } } }, null, 2),
        device_presets: JSON.stringify({ [app.short_id]: phone.short_id }),
        blocking: 'true',
      }),
    });
    expect(result.code, show(result)).to.equal(0);
    const row = await runRow(result.outputs.run_short_id!);
    const [environment] = await q(
      'SELECT name, url, is_preview, application_id FROM environments WHERE created_by_run_id = $1',
      [row.id],
    );
    expect(environment).to.deep.equal({ name: 'PR 2', url: preview.url, is_preview: true, application_id: app.id });
    const cases = await q('SELECT environment_url, device_preset_id, result FROM run_test_cases WHERE run_id = $1', [
      row.id,
    ]);
    expect(cases).to.deep.equal([{ environment_url: preview.url, device_preset_id: phone.id, result: 'PASSED' }]);
  });

  it('applications as {"app_...": "<url>"}: the preview URL shorthand', async () => {
    const result = await runGoalieAction({
      ...pullRequestEvent(prOpened),
      inputs: goalie({ applications: `{"${app.short_id}": "${preview.url}/"}` }),
    });
    expect(result.code, show(result)).to.equal(0);
    const row = await runRow(result.outputs.run_short_id!);
    const [environment] = await q('SELECT url, is_preview FROM environments WHERE created_by_run_id = $1', [row.id]);
    expect(environment).to.deep.equal({ url: `${preview.url}/`, is_preview: true });
    await waitFor(
      'the run to finish',
      async () => (await api.get(`/v1/run/${result.outputs.run_short_id}`)).body.result === 'PASSED',
      60_000,
      200,
    );
  });

  it('invalid inputs: exit code 1, one message naming each input and the fix, and no run', async () => {
    const before = await countRuns();
    const result = await runGoalieAction({
      ...pushEvent(),
      inputs: goalie({
        applications: '{"web": "https://pr-2.preview.example.com"}',
        timeout_minutes: 'soon',
        blocking: 'yes',
      }),
    });
    expect(result.code, show(result)).to.equal(1);
    const errors = errorCommands(result.stdout);
    expect(errors).to.have.length(1);
    expect(errors[0]!.message).to.match(
      /^3 invalid inputs:\n- applications key "web" must be an application short ID such as app_4kq8z1, not "web".*\n- blocking must be true or false, not "yes"\.\n- timeout_minutes must be a positive number of minutes/,
    );
    expect(result.outputs).to.deep.equal({});
    expect(await countRuns()).to.equal(before);
  });

  it('a missing api_token: exit code 1 naming api_token and the secret to pass', async () => {
    const result = await runGoalieAction({ ...pushEvent(), inputs: { api_url: service.baseUrl } });
    expect(result.code, show(result)).to.equal(1);
    expect(errorCommands(result.stdout)[0]!.message).to.match(
      /^Invalid input: api_token is required: .*secrets\.GOALIE_API_TOKEN/,
    );
  });

  describe("a workflow written for QA.tech's action (QAdottech/run-action), only `uses:` changed", () => {
    /** A step's `with:` as QA.tech documents it: project_id, api_token, test_plan_short_id, blocking, applications_config. */
    const qaTechStep = (projectId: string, extra: Record<string, string> = {}) => ({
      project_id: projectId,
      api_token: token,
      test_plan_short_id: plans.Passing!,
      blocking: 'true',
      applications_config: JSON.stringify({
        applications: { [app.short_id]: { environment: { url: preview.url, name: 'PR 2 preview' } } },
      }),
      ...extra,
    });
    const projectId = async () => (await q<{ id: string }>('SELECT id FROM projects'))[0]!.id;

    it('with api_url added: runs the plan against the preview of applications_config, through the route that names project_id', async () => {
      const result = await runGoalieAction({
        ...pullRequestEvent(prOpened),
        inputs: { api_url: service.baseUrl, ...qaTechStep((await projectId()).toUpperCase()) },
      });
      expect(result.code, show(result)).to.equal(0);
      // QA.tech's outputs: run_created, run_short_id, run_url, run_status, run_result.
      expect(result.outputs).to.include({
        run_created: 'true',
        run_status: 'COMPLETED',
        run_result: 'PASSED',
        run_url: `${service.baseUrl}/runs/${result.outputs.run_short_id}`,
      });
      expect(errorCommands(result.stdout)).to.deep.equal([]);
      expect(result.stdout).not.to.include('::warning::');
      const row = await runRow(result.outputs.run_short_id!);
      expect(row).to.deep.include({ trigger: 'REPOHOST', branch: 'changes', repository: 'Codertocat/Hello-World' });
      const [environment] = await q('SELECT name, url, is_preview FROM environments WHERE created_by_run_id = $1', [
        row.id,
      ]);
      expect(environment).to.deep.equal({ name: 'PR 2 preview', url: preview.url, is_preview: true });
      const cases = await q('SELECT environment_url, result FROM run_test_cases WHERE run_id = $1', [row.id]);
      expect(cases).to.deep.equal([{ environment_url: preview.url, result: 'PASSED' }]);
    });

    it('without api_url (QA.tech defaults it to its own API): fails saying to add api_url, and starts no run', async () => {
      const before = await countRuns();
      const result = await runGoalieAction({ ...pushEvent(), inputs: qaTechStep(await projectId()) });
      expect(result.code, show(result)).to.equal(1);
      const errors = errorCommands(result.stdout);
      expect(errors).to.have.length(1);
      expect(errors[0]!.message).to.match(
        /^Invalid input: api_url is required: .*QA\.tech's action .*add `api_url:` with your Goalie server's address to the step's `with:`\.$/,
      );
      expect(await countRuns()).to.equal(before);
    });

    it("a project_id that is not the token's project: fails naming the token's project, and starts no run", async () => {
      const before = await countRuns();
      const other = '0b7e4f2a-5c1d-4e8b-9a3f-6d2c1b0a9e8f';
      const result = await runGoalieAction({
        ...pushEvent(),
        inputs: { api_url: service.baseUrl, ...qaTechStep(other) },
      });
      expect(result.code, show(result)).to.equal(1);
      expect(errorCommands(result.stdout)[0]!.message).to.match(
        new RegExp(
          `^Goalie API answered HTTP 404: Project ${other} was not found\\. The API token belongs to project gha \\(${await projectId()}\\)`,
        ),
      );
      expect(result.outputs).to.deep.equal({});
      expect(await countRuns()).to.equal(before);
    });

    it("older QA.tech inputs: test_plan_short_ids with several plans fails (a run runs one plan); QA.tech's api_url is refused", async () => {
      const before = await countRuns();
      const several = await runGoalieAction({
        ...pushEvent(),
        inputs: {
          api_url: service.baseUrl,
          ...qaTechStep(await projectId(), {
            test_plan_short_id: '',
            test_plan_short_ids: `${plans.Passing},${plans.Failing}`,
          }),
        },
      });
      expect(several.code, show(several)).to.equal(1);
      expect(errorCommands(several.stdout)[0]!.message).to.match(
        /^Invalid input: test_plan_short_ids names 2 test plans .*; a Goalie run runs one test plan\. /,
      );
      const qaTech = await runGoalieAction({
        ...pushEvent(),
        inputs: { api_url: 'https://api.qa.tech', ...qaTechStep(await projectId()) },
      });
      expect(qaTech.code, show(qaTech)).to.equal(1);
      expect(errorCommands(qaTech.stdout)[0]!.message).to.equal(
        "Invalid input: api_url https://api.qa.tech is QA.tech's API, not a Goalie server: give your Goalie server's address, such as https://goalie.example.com.",
      );
      expect(await countRuns()).to.equal(before);
    });
  });

  it("API errors fail the step with the API's message", async () => {
    const missing = await runGoalieAction({
      ...pushEvent(),
      inputs: goalie({ test_plan_short_id: 'pln-gone_zzzzzz' }),
    });
    expect(missing.code, show(missing)).to.equal(1);
    const errors = errorCommands(missing.stdout);
    expect(errors).to.have.length(1);
    expect(errors[0]!.message).to.match(
      /^Goalie API answered HTTP 404: Test plan pln-gone_zzzzzz was not found in project gha\. Check the short ID \(`goalie apply --json` lists them\) \(request [\w-]+\)\.$/,
    );

    const unauthorized = await runGoalieAction({ ...pushEvent(), inputs: goalie({ api_token: 'not-a-token' }) });
    expect(unauthorized.code, show(unauthorized)).to.equal(1);
    expect(errorCommands(unauthorized.stdout)[0]!.message).to.match(
      /^Goalie API answered HTTP 401: .*\. Check api_token: /,
    );
  });
});

// ---------------------------------------------------------------------------
// review-request against a fake GitHub API

interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface FakeGitHub {
  url: string;
  requests: RecordedRequest[];
  /** The next comment answers' status (201 = created). */
  status: number;
  /** The next answers' status to the commit's pull requests (200 = the list). */
  pullsStatus: number;
  /** GET /repos/{owner}/{repo}/commits/{sha}/pulls answers, by SHA ([] for others). */
  commitPulls: Record<string, object[]>;
  close(): Promise<void>;
}

/**
 * GitHub's two endpoints this action calls, for the repositories in `repos` (404 for the others),
 * answering only `Authorization: Bearer <token>` (401 otherwise), and recording every request.
 */
async function startFakeGitHub(token: string, repos = ['Codertocat/Hello-World']): Promise<FakeGitHub> {
  const fake: FakeGitHub = {
    url: '',
    requests: [],
    status: 201,
    pullsStatus: 200,
    commitPulls: {},
    close: async () => {},
  };
  let nextId = 1000;
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
  const notFound = (res: http.ServerResponse) =>
    send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
  const forbidden = (res: http.ServerResponse, docs: string) =>
    send(res, 403, { message: 'Resource not accessible by integration', documentation_url: docs, status: '403' });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      fake.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${token}`)
        return send(res, 401, {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
          status: '401',
        });
      const { pathname, searchParams } = new URL(req.url ?? '/', 'http://x');
      const route =
        /^(?:\/api\/v3)?\/repos\/([^/]+)\/([^/]+)\/(?:issues\/(\d+)\/comments|commits\/([0-9a-f]{40})\/pulls)$/.exec(
          pathname,
        );
      if (!route || !repos.includes(`${route[1]}/${route[2]}`)) return notFound(res);
      const [, owner, repo, number, sha] = route;
      if (sha !== undefined && req.method === 'GET') {
        if (fake.pullsStatus === 403)
          return forbidden(
            res,
            'https://docs.github.com/rest/commits/commits#list-pull-requests-associated-with-a-commit',
          );
        return send(res, 200, (fake.commitPulls[sha] ?? []).slice(0, Number(searchParams.get('per_page') ?? 30)));
      }
      if (number === undefined || req.method !== 'POST') return notFound(res);
      if (fake.status === 403)
        return forbidden(res, 'https://docs.github.com/rest/issues/comments#create-an-issue-comment');
      const id = nextId++;
      send(
        res,
        201,
        {
          id,
          node_id: `IC_${id}`,
          url: `${fake.url}/repos/${owner}/${repo}/issues/comments/${id}`,
          html_url: `https://github.com/${owner}/${repo}/pull/${number}#issuecomment-${id}`,
          issue_url: `${fake.url}/repos/${owner}/${repo}/issues/${number}`,
          body: (JSON.parse(body) as { body: string }).body,
          user: { login: 'github-actions[bot]', type: 'Bot' },
          created_at: '2024-01-01T00:00:00Z',
          updated_at: '2024-01-01T00:00:00Z',
          author_association: 'NONE',
        },
        { location: `${fake.url}/repos/${owner}/${repo}/issues/comments/${id}` },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

describe('GitHub Action: review-request (actions/review-request/dist/index.js)', function () {
  this.timeout(60_000);
  let github: FakeGitHub;
  const ACTION = 'actions/review-request';
  const GITHUB_TOKEN = 'ghs_workflowtoken123';
  const prOpened = example('pull_request', (p) => p.action === 'opened');

  beforeEach(async () => {
    github = await startFakeGitHub(GITHUB_TOKEN);
  });
  afterEach(() => github.close());

  const call = (
    event: ActionCall['event'],
    inputs: Record<string, string>,
    apiUrl = github.url,
    repository = 'Codertocat/Hello-World',
  ): ActionCall => ({
    event,
    inputs,
    env: { GITHUB_REPOSITORY: repository, GITHUB_ACTOR: 'Codertocat' },
    context: { token: GITHUB_TOKEN, apiUrl },
  });
  const commentBody = (request: RecordedRequest) => (JSON.parse(request.body) as { body: string }).body;

  it("posts '@goalie please review <url>' on the pull request with the workflow's token, and outputs the comment's URL", async () => {
    const result = await runAction(
      ACTION,
      call({ name: 'pull_request', payload: prOpened }, { preview_url: 'https://pr-2.preview.example.com' }),
    );
    expect(result.code, show(result)).to.equal(0);
    expect(github.requests).to.have.length(1);
    const [request] = github.requests;
    expect(request).to.include({ method: 'POST', url: '/repos/Codertocat/Hello-World/issues/2/comments' });
    expect(request!.headers.authorization).to.equal(`Bearer ${GITHUB_TOKEN}`);
    expect(request!.headers.accept).to.equal('application/vnd.github+json');
    expect(JSON.parse(request!.body)).to.deep.equal({
      body: '@goalie please review https://pr-2.preview.example.com\n\n<!-- goalie:ci -->\n',
    });
    expect(result.outputs).to.deep.equal({
      comment_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000',
    });
    expect(result.stdout).to.include(`::add-mask::${GITHUB_TOKEN}`);
  });

  it('uses the mention and message inputs, and a GitHub Enterprise API URL with a path', async () => {
    const result = await runAction(
      ACTION,
      call(
        { name: 'pull_request', payload: prOpened },
        {
          preview_url: 'https://pr-2.preview.example.com',
          mention: '@qa-bot',
          message: 'Please focus on the checkout.',
        },
        `${github.url}/api/v3/`,
      ),
    );
    expect(result.code, show(result)).to.equal(0);
    expect(github.requests.map((r) => r.url)).to.deep.equal(['/api/v3/repos/Codertocat/Hello-World/issues/2/comments']);
    expect(JSON.parse(github.requests[0]!.body).body).to.equal(
      '@qa-bot please review https://pr-2.preview.example.com\n\nPlease focus on the checkout.\n\n<!-- goalie:ci -->\n',
    );
  });

  it('comments on the pull request of an issue_comment event', async () => {
    // The examples' comments are on plain issues; a comment on a pull request has issue.pull_request.
    const payload = { ...example('issue_comment', (p) => p.action === 'created') };
    payload.issue = {
      ...payload.issue,
      pull_request: { url: 'https://api.github.com/repos/Codertocat/Hello-World/pulls/1' },
    };
    const result = await runAction(
      ACTION,
      call({ name: 'issue_comment', payload }, { preview_url: 'https://pr-1.preview.example.com' }),
    );
    expect(result.code, show(result)).to.equal(0);
    expect(github.requests.map((r) => r.url)).to.deep.equal(['/repos/Codertocat/Hello-World/issues/1/comments']);
  });

  it('fails clearly when the event is not about a pull request or a commit, and posts nothing', async () => {
    const result = await runAction(
      ACTION,
      call(
        { name: 'release', payload: example('release', (p) => p.action === 'published') },
        { preview_url: 'https://pr-2.preview.example.com' },
      ),
    );
    expect(result.code, show(result)).to.equal(1);
    expect(errorCommands(result.stdout)[0]!.message).to.match(
      /^This workflow ran for a `release` event, which belongs to no pull request, so there is nothing to comment on\. Run this action in a workflow triggered by `pull_request`/,
    );
    expect(github.requests).to.deep.equal([]);
    expect(result.outputs).to.deep.equal({});
  });

  it("fails with GitHub's message and the permission to add when the token may not comment", async () => {
    github.status = 403;
    const result = await runAction(
      ACTION,
      call({ name: 'pull_request', payload: prOpened }, { preview_url: 'https://pr-2.preview.example.com' }),
    );
    expect(result.code, show(result)).to.equal(1);
    expect(errorCommands(result.stdout)[0]!.message).to.match(
      /^GitHub answered HTTP 403 to POST \/repos\/Codertocat\/Hello-World\/issues\/2\/comments: Resource not accessible by integration\. The token may not comment on pull requests: give the job `permissions: pull-requests: write`/,
    );
  });

  it("a workflow written for QA.tech's change-review: applications_config, context and pr_url honoured, the rest warned about", async () => {
    const result = await runAction(
      ACTION,
      call(
        { name: 'pull_request', payload: prOpened },
        {
          api_token: 'qatech_token',
          blocking: 'true',
          applications_config: JSON.stringify({
            applications: { app_4kq8z1: { environment: { url: 'https://pr-2.preview.example.com' } } },
          }),
          context: 'Please focus on the checkout.',
          pr_url: 'https://github.com/Codertocat/Hello-World/pull/7',
        },
      ),
    );
    expect(result.code, show(result)).to.equal(0);
    expect(github.requests.map((r) => r.url)).to.deep.equal(['/repos/Codertocat/Hello-World/issues/7/comments']);
    expect(commentBody(github.requests[0]!)).to.equal(
      '@goalie please review https://pr-2.preview.example.com\n\nPlease focus on the checkout.\n\n<!-- goalie:ci -->\n',
    );
    const warnings = [...result.stdout.matchAll(/^::warning::(.*)$/gm)].map((m) => m[1]);
    expect(warnings).to.have.length(2);
    expect(warnings[0]).to.match(/^api_token is not used: /);
    expect(warnings[1]).to.match(/^blocking has no effect: /);
  });

  it('names preview_url when it is missing', async () => {
    const result = await runAction(ACTION, call({ name: 'pull_request', payload: prOpened }, {}));
    expect(result.code, show(result)).to.equal(1);
    expect(errorCommands(result.stdout)[0]!.message).to.match(/^Invalid input: preview_url is required/);
    expect(github.requests).to.deep.equal([]);
  });

  describe('after a deployment (deployment_status) or a push: the open pull requests of the commit', () => {
    const SHA = 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e'; // the examples' deployment.sha
    const PREVIEW = 'https://hello-world-git-changes-codertocat.vercel.app';
    const LOOKUP = `/repos/Codertocat/Hello-World/commits/${SHA}/pulls?per_page=100`;

    /** A pull request as the commit's pull requests list has it: the example's, renumbered. */
    const pullRequest = (number: number, headSha: string, state: 'open' | 'closed' = 'open') => {
      const pr = structuredClone(prOpened.pull_request);
      return {
        ...pr,
        number,
        state,
        html_url: `https://github.com/Codertocat/Hello-World/pull/${number}`,
        head: { ...pr.head, sha: headSha },
        merged_at: state === 'closed' ? '2024-01-01T00:00:00Z' : null,
      };
    };
    /** The deployment_status example (an in_progress one when `state` says so), with a status changed as given. */
    const deploymentStatus = (status: { state?: string; environment_url?: string; target_url?: string }) => {
      const payload = example(
        'deployment_status',
        (p) => p.deployment_status.state === (status.state === 'in_progress' ? 'in_progress' : 'success'),
      );
      Object.assign(payload.deployment_status, status);
      return { name: 'deployment_status', payload };
    };
    const pushed = () => {
      const payload = example('push', (p) => p.ref === 'refs/heads/master' && p.head_commit !== null);
      Object.assign(payload, { ref: 'refs/heads/changes', after: SHA });
      return { name: 'push', payload };
    };

    it("success: comments on the commit's open pull request with the deployment's environment_url", async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA)];
      const result = await runAction(
        ACTION,
        call(
          deploymentStatus({ environment_url: PREVIEW, target_url: 'https://vercel.com/codertocat/hello-world/abc' }),
          {},
        ),
      );
      expect(result.code, show(result)).to.equal(0);
      expect(github.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
        `GET ${LOOKUP}`,
        'POST /repos/Codertocat/Hello-World/issues/2/comments',
      ]);
      for (const request of github.requests) expect(request.headers.authorization).to.equal(`Bearer ${GITHUB_TOKEN}`);
      expect(commentBody(github.requests[1]!)).to.equal(`@goalie please review ${PREVIEW}\n\n<!-- goalie:ci -->\n`);
      expect(result.outputs).to.deep.equal({
        comment_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000',
      });
      expect(errorCommands(result.stdout, 'notice')).to.deep.equal([]);
    });

    it('success without environment_url: the target_url', async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA)];
      const result = await runAction(ACTION, call(deploymentStatus({ environment_url: '', target_url: PREVIEW }), {}));
      expect(result.code, show(result)).to.equal(0);
      expect(commentBody(github.requests[1]!)).to.equal(`@goalie please review ${PREVIEW}\n\n<!-- goalie:ci -->\n`);
    });

    it("an explicit preview_url wins over the deployment's URL", async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA)];
      const result = await runAction(
        ACTION,
        call(deploymentStatus({ environment_url: PREVIEW }), { preview_url: 'https://pr-2.preview.example.com/shop' }),
      );
      expect(result.code, show(result)).to.equal(0);
      expect(commentBody(github.requests[1]!)).to.equal(
        '@goalie please review https://pr-2.preview.example.com/shop\n\n<!-- goalie:ci -->\n',
      );
    });

    it('a deployment that did not succeed: no request at all, a notice saying why, and success', async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA)];
      for (const state of ['in_progress', 'failure']) {
        const result = await runAction(ACTION, call(deploymentStatus({ state }), {}));
        expect(result.code, show(result)).to.equal(0);
        expect(errorCommands(result.stdout, 'notice').map((n) => n.message)).to.deep.equal([
          `The deployment of f95f852 to ${state === 'in_progress' ? 'github-pages' : 'production'} is ${state}, not success: no preview to review yet, so no review was requested. The workflow runs again when the deployment's status changes.`,
        ]);
        expect(errorCommands(result.stdout)).to.deep.equal([]);
        expect(result.outputs).to.deep.equal({ comment_url: '' });
      }
      expect(github.requests).to.deep.equal([]);
    });

    it('no open pull request with the commit as its head: no comment, a notice naming the SHA, and success', async () => {
      // The merged pull request, and an open one based on the commit's branch (it contains the commit, its head is another).
      github.commitPulls[SHA] = [pullRequest(1, SHA, 'closed'), pullRequest(3, 'c'.repeat(40))];
      const result = await runAction(ACTION, call(deploymentStatus({ environment_url: PREVIEW }), {}));
      expect(result.code, show(result)).to.equal(0);
      expect(github.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([`GET ${LOOKUP}`]);
      expect(errorCommands(result.stdout, 'notice').map((n) => n.message)).to.deep.equal([
        `No open pull request has commit ${SHA} as its head, so no review was requested. Open #3 contains the commit but has another head commit, whose own preview is the one to review.`,
      ]);
      expect(result.outputs).to.deep.equal({ comment_url: '' });
    });

    it('several open pull requests with the commit as their head: a comment on each, their URLs one per line', async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA), pullRequest(1, SHA, 'closed'), pullRequest(5, SHA)];
      const result = await runAction(ACTION, call(deploymentStatus({ environment_url: PREVIEW }), {}));
      expect(result.code, show(result)).to.equal(0);
      expect(github.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
        `GET ${LOOKUP}`,
        'POST /repos/Codertocat/Hello-World/issues/2/comments',
        'POST /repos/Codertocat/Hello-World/issues/5/comments',
      ]);
      for (const request of github.requests.slice(1))
        expect(commentBody(request)).to.equal(`@goalie please review ${PREVIEW}\n\n<!-- goalie:ci -->\n`);
      expect(result.outputs.comment_url!.split('\n')).to.deep.equal([
        'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000',
        'https://github.com/Codertocat/Hello-World/pull/5#issuecomment-1001',
      ]);
    });

    it('several pull requests and the comments refused: tries each, then fails listing every one', async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA), pullRequest(5, SHA)];
      github.status = 403;
      const result = await runAction(ACTION, call(deploymentStatus({ environment_url: PREVIEW }), {}));
      expect(result.code, show(result)).to.equal(1);
      expect(github.requests.filter((r) => r.method === 'POST').map((r) => r.url)).to.deep.equal([
        '/repos/Codertocat/Hello-World/issues/2/comments',
        '/repos/Codertocat/Hello-World/issues/5/comments',
      ]);
      const [error] = errorCommands(result.stdout);
      expect(error!.message.split('\n').map((line) => line.slice(0, 36))).to.deep.equal([
        'Could not comment on 2 of 2 pull req',
        '#2: GitHub answered HTTP 403 to POST',
        '#5: GitHub answered HTTP 403 to POST',
      ]);
      expect(result.outputs).to.deep.equal({ comment_url: '' });
    });

    it('success without any URL and no preview_url: fails naming preview_url, before any request', async () => {
      // The example as it comes: no environment_url, an empty target_url.
      const result = await runAction(ACTION, call(deploymentStatus({}), {}));
      expect(result.code, show(result)).to.equal(1);
      expect(errorCommands(result.stdout)[0]!.message).to.match(
        /^Invalid input: preview_url is empty and the deployment_status event names no URL/,
      );
      expect(github.requests).to.deep.equal([]);
    });

    it('push: comments on the open pull request of the pushed commit (after)', async () => {
      github.commitPulls[SHA] = [pullRequest(2, SHA)];
      const result = await runAction(ACTION, call(pushed(), { preview_url: 'https://pr-2.preview.example.com' }));
      expect(result.code, show(result)).to.equal(0);
      expect(github.requests.map((r) => `${r.method} ${r.url}`)).to.deep.equal([
        `GET ${LOOKUP}`,
        'POST /repos/Codertocat/Hello-World/issues/2/comments',
      ]);
      expect(commentBody(github.requests[1]!)).to.equal(
        '@goalie please review https://pr-2.preview.example.com\n\n<!-- goalie:ci -->\n',
      );
      expect(result.outputs).to.deep.equal({
        comment_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000',
      });
    });

    it('push: preview_url stays required', async () => {
      const result = await runAction(ACTION, call(pushed(), {}));
      expect(result.code, show(result)).to.equal(1);
      expect(errorCommands(result.stdout)[0]!.message).to.match(/^Invalid input: preview_url is required/);
      expect(github.requests).to.deep.equal([]);
    });

    it('the lookup refused (403) or the repository unknown (404): fails with the permission or what to check, and posts nothing', async () => {
      github.pullsStatus = 403;
      const refused = await runAction(ACTION, call(deploymentStatus({ environment_url: PREVIEW }), {}));
      expect(refused.code, show(refused)).to.equal(1);
      expect(errorCommands(refused.stdout)[0]!.message).to.equal(
        `GitHub answered HTTP 403 to GET /repos/Codertocat/Hello-World/commits/${SHA}/pulls: Resource not accessible by integration. ` +
          'The token may not read pull requests: give the job `permissions: pull-requests: read` (or write, to comment) and `contents: read`.',
      );
      expect(github.requests).to.have.length(1); // a 4xx is not retried

      const unknown = await runAction(
        ACTION,
        call(deploymentStatus({ environment_url: PREVIEW }), {}, github.url, 'Codertocat/Gone'),
      );
      expect(unknown.code, show(unknown)).to.equal(1);
      expect(errorCommands(unknown.stdout)[0]!.message).to.match(
        /^GitHub answered HTTP 404 to GET \/repos\/Codertocat\/Gone\/commits\/f95f852\w+\/pulls: Not Found\. Check that Codertocat\/Gone exists/,
      );
      expect(github.requests.filter((r) => r.method === 'POST')).to.deep.equal([]);
    });

    it('a wrong token: 401, naming github_token', async () => {
      const result = await runAction(ACTION, {
        ...call(pushed(), { preview_url: 'https://pr-2.preview.example.com' }),
        context: { token: 'ghs_revoked', apiUrl: github.url },
      });
      expect(result.code, show(result)).to.equal(1);
      expect(errorCommands(result.stdout)[0]!.message).to.match(
        /^GitHub answered HTTP 401 to GET .*: Bad credentials\. Check github_token/,
      );
    });
  });
});
