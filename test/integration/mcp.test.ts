// Goalie's MCP server with the SDK's own client, over Streamable HTTP (/mcp) and stdio (`goalie mcp`),
// against the real service and a worker driving Chromium against a site on 127.0.0.1: every tool,
// the resources and prompts, schema refusals, the API's errors as tool errors, another project's
// token, a revoked token, no token, and no secret config value in any answer.
import { spawnSync } from 'node:child_process';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { revokeToken } from '../../backend/src/app/tokens.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { waitForBurnIns } from '../helpers/burn-ins.js';
import { holdingSiteProject, startHoldingSite } from '../helpers/holding-site.js';
import { connectMcp, resultText, type McpTestClient, type McpTransportKind } from '../helpers/mcp-clients.js';
import { runTestCaseLink } from '../../shared/src/run-page-anchor.js';
import { startTestService, type TestService } from '../helpers/service.js';
import type { Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const SECRET = 'Hunter2-mcp-7f3a9';

/** The holding site's project, plus a config with a secret and a test case whose goal quotes it. */
const project = (siteUrl: string, org: string, name: string) =>
  holdingSiteProject(siteUrl, { organization: org, project: name, passing: 'Home', failing: 'Broken', slow: 'Slow' })
    .replace(
      'testPlans:',
      `  - name: Secretive
    application: Site
    goal: Go to /?code=${SECRET}
    configs: [login]
testPlans:`,
    )
    .concat(`configs:\n  - name: login\n    values:\n      password: { secret: ${SECRET} }\n`);

describe('MCP server', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let summary: ApplySummary;
  let token: string;
  let otherToken: string;
  /** Every text a tool, resource or prompt answered: none may hold the secret. */
  const answers: string[] = [];
  const plan = (name: string) => summary.testPlans.find((p) => p.name === name)!.shortId!;
  const testCaseId = (name: string) => summary.testCases.find((t) => t.name === name)!.id;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  before(async () => {
    site = await startHoldingSite();
    // Tokens read on every request: a revoked one is refused at once.
    service = await startTestService({ GOALIE_TOKEN_CACHE_SECONDS: '0' });
    summary = await service.apply(project(site.url, 'MCP', 'mcp'));
    await service.apply(project(site.url, 'Other', 'other'));
    token = await service.token('mcp');
    otherToken = await service.token('other');
    worker = await startWorker(service.runtime);
    await waitForBurnIns(service);
  });
  after(async () => {
    site?.release();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  for (const kind of ['http', 'stdio'] as McpTransportKind[]) {
    describe(`over ${kind}`, () => {
      let mcp: McpTestClient;
      const call = async (name: string, args: Record<string, unknown> = {}, onprogress?: (p: unknown) => void) => {
        const result = await mcp.client.callTool({ name, arguments: args }, undefined, {
          ...(onprogress ? { onprogress } : {}),
          timeout: 90_000,
        });
        const text = resultText(result);
        answers.push(text);
        return { text, isError: result.isError === true };
      };
      const ok = async (name: string, args: Record<string, unknown> = {}) => {
        const { text, isError } = await call(name, args);
        expect(isError, text).to.equal(false);
        return text;
      };
      const startedRun = (text: string) => /^Started run (\S+)/.exec(text)![1]!;

      before(async () => {
        mcp = await connectMcp(kind, service.baseUrl, token);
      });
      after(async () => {
        await mcp?.close();
      });

      it('offers the tools, the resource templates and the prompts', async () => {
        const tools = (await mcp.client.listTools()).tools.map((t) => t.name);
        expect(tools).to.have.members([
          'list_test_plans',
          'start_run',
          'get_run',
          'rerun_run',
          'cancel_run',
          'wait_for_run',
          'list_test_cases',
          'create_test_case',
          'get_test_case',
          'update_test_case',
          'set_test_case_enabled',
          'run_test_case',
          'add_to_plan',
          'remove_from_plan',
        ]);
        const templates = (await mcp.client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
        expect(templates).to.have.members(['goalie://runs/{shortId}', 'goalie://test-cases/{id}']);
        const prompts = (await mcp.client.listPrompts()).prompts.map((p) => p.name);
        expect(prompts).to.have.members(['why_did_this_run_fail', 'write_test_case_for_change']);
      });

      it('list_test_plans: the plans with their short IDs and test cases', async () => {
        const text = await ok('list_test_plans');
        expect(text).to.include(`- Passing (${plan('Passing')}) [default]`);
        expect(text).to.include(`- Failing (${plan('Failing')})`);
        expect(text).to.include('2 test case(s): Home, Broken');
      });

      it('start_run and wait_for_run: a failing run with its reasons, evaluation and evidence links, and progress', async () => {
        const started = await ok('start_run', { testPlanShortId: plan('Failing') });
        const shortId = startedRun(started);
        expect(started).to.include(`of test plan Failing (${plan('Failing')}) with 2 test case(s)`);
        expect(started).to.include(`Page: ${service.baseUrl}/runs/${shortId}`);
        const progress: { progress: number; total?: number }[] = [];
        const { text, isError } = await call('wait_for_run', { shortId, timeoutSeconds: 60 }, (p) =>
          progress.push(p as { progress: number; total?: number }),
        );
        expect(isError, text).to.equal(false);
        expect(text).to.match(new RegExp(`^Run ${shortId}: status COMPLETED, result FAILED\\n`));
        expect(text).to.include(`- PASSED Home (run test case `);
        expect(text).to.include(`test case ${testCaseId('Home')})`);
        const broken = text.slice(text.indexOf('- FAILED Broken'));
        expect(broken).to.match(/\n {4}What went wrong: .+/);
        expect(broken).to.match(/\n {4}Evaluation: .+/);
        // The run test case's element on the run page (shared/src/run-page-anchor.ts), not the old tc- form.
        const { shortId: brokenShortId } = /\(run test case (?<shortId>\w+);/.exec(broken)!.groups!;
        expect(broken).to.include(
          `\n    Evidence (steps, screenshots, trace): ${runTestCaseLink(`${service.baseUrl}/runs/${shortId}`, brokenShortId!)}`,
        );
        expect(text).not.to.include('#tc-');
        // Progress as test cases finish (the last one may reach the client after the answer: the SDK
        // then drops it, so only the ones before are certain).
        expect(progress.length).to.be.greaterThan(0);
        for (const p of progress) expect(p.total).to.equal(2);
        progress.slice(1).forEach((p, i) => expect(p.progress).to.be.greaterThan(progress[i]!.progress));
        // get_run and the resource say the same; failed only leaves Home out.
        const failed = await ok('get_run', { shortId, testCases: 'failed' });
        expect(failed).to.include('FAILED Broken').and.not.include('PASSED Home');
        const resource = await mcp.client.readResource({ uri: `goalie://runs/${shortId}` });
        const resourceText = (resource.contents[0] as { text: string }).text;
        answers.push(resourceText);
        expect(resourceText).to.equal(await ok('get_run', { shortId }));

        // rerun: failed only, then a chosen test case.
        const rerun = await ok('rerun_run', { shortId, failedOnly: true });
        expect(rerun).to.match(new RegExp(`^Started run \\S+ \\(a rerun of ${shortId}\\) with 1 test case\\(s\\)`));
        const chosen = await ok('rerun_run', { shortId, testCaseIds: [testCaseId('Home')] });
        const chosenRun = startedRun(chosen);
        expect(await ok('wait_for_run', { shortId: chosenRun, timeoutSeconds: 60 })).to.match(
          new RegExp(`^Run ${chosenRun}: status COMPLETED, result PASSED\\n[\\s\\S]*- PASSED Home`),
        );

        // The prompt carries the run's summary.
        const prompt = await mcp.client.getPrompt({ name: 'why_did_this_run_fail', arguments: { shortId } });
        const promptText = (prompt.messages[0]!.content as { text: string }).text;
        answers.push(promptText);
        expect(promptText).to.include(`Run ${shortId}: status COMPLETED, result FAILED`);
      });

      it('list_test_cases: burn-in state and last result', async () => {
        const text = await ok('list_test_cases');
        expect(text).to.match(
          new RegExp(
            `- Broken \\(${testCaseId('Broken')}\\): burn-in COMPLETED, enabled, last result FAILED in run \\S+`,
          ),
        );
        expect(text).to.match(/- Slow \([^)]+\): burn-in COMPLETED, enabled, never ran; plans: Slow pln/);
      });

      it('create_test_case says it is burning in; get_test_case waits for the burn-in and shows the recorded steps', async () => {
        const created = await ok('create_test_case', {
          name: `Home again (${kind})`,
          goal: 'Go to /',
          expectedResult: "'All good' is shown",
          applicationShortId: summary.applications[0]!.shortId!,
        });
        expect(created).to.match(/^Created test case "Home again \(\w+\)" \(([0-9a-f-]{36})\)/);
        expect(created).to.include('It is burning in');
        const id = /\(([0-9a-f-]{36})\)/.exec(created)![1]!;
        const text = await ok('get_test_case', { id, waitSeconds: 60 });
        expect(text).to.include('Burn-in: COMPLETED');
        expect(text).to.include('Enabled: no');
        expect(text).to.match(/Recorded steps \([1-9]\d*\):\n1\. /);
        const resource = await mcp.client.readResource({ uri: `goalie://test-cases/${id}` });
        expect((resource.contents[0] as { text: string }).text).to.equal(await ok('get_test_case', { id }));
        const prompt = await mcp.client.getPrompt({
          name: 'write_test_case_for_change',
          arguments: { description: 'The home page now says All good' },
        });
        const promptText = (prompt.messages[0]!.content as { text: string }).text;
        answers.push(promptText);
        expect(promptText)
          .to.include('The home page now says All good')
          .and.include(`- Passing (${plan('Passing')})`);
      });

      it('wait_for_run is bounded: it answers when its time is up, and cancel_run ends the run', async () => {
        site.hold('/slow');
        try {
          const shortId = startedRun(await ok('start_run', { testPlanShortId: plan('Slow') }));
          const text = await ok('wait_for_run', { shortId, timeoutSeconds: 1 });
          expect(text).to.match(
            new RegExp(
              `^The run has not ended after 1 s \\(it goes on; call wait_for_run again\\)\\.\\nRun ${shortId}: status (INITIATED|RUNNING)`,
            ),
          );
          expect(await ok('cancel_run', { shortId })).to.match(new RegExp(`^Run ${shortId} is (CANCELLED|RUNNING)`));
          await waitFor('the cancelled run', async () =>
            (await ok('get_run', { shortId })).includes('status CANCELLED'),
          );
          // Cancelling it again is the API's 400, as a tool error.
          const again = await call('cancel_run', { shortId });
          expect(again.isError).to.equal(true);
          expect(again.text).to.match(/^Goalie API error \(HTTP 400\): .+/);
        } finally {
          site.release();
        }
      });

      it('refuses invalid arguments by the schema', async () => {
        const runCount = async () => (await q(`SELECT count(*)::int n FROM runs`))[0].n as number;
        const runsBefore = await runCount();
        for (const [name, args] of [
          ['start_run', { testPlanShortId: 'not-a-plan' }],
          ['wait_for_run', { shortId: 'x7k2m9', timeoutSeconds: 601 }],
          ['get_test_case', { id: 'nope' }],
          // `POST /v1/run/.` would resolve to `POST /v1/run`: a new run.
          ['rerun_run', { shortId: '.' }],
          ['cancel_run', { shortId: '..' }],
          ['get_run', { shortId: '.' }],
        ] as const) {
          const { text, isError } = await call(name, args);
          expect(isError, `${name}: ${text}`).to.equal(true);
          expect(text, name).to.match(/Input validation error/);
        }
        expect(await runCount()).to.equal(runsBefore);
      });

      it("answers the API's errors as tool errors with its message", async () => {
        const missing = await call('get_run', { shortId: 'zzzzzz' });
        expect(missing.isError).to.equal(true);
        expect(missing.text).to.match(/^Goalie API error \(HTTP 404\): .*zzzzzz/);
        const run = (await q(`SELECT short_id FROM runs ORDER BY created_at LIMIT 1`))[0].short_id;
        const both = await call('rerun_run', { shortId: run, failedOnly: true, testCaseIds: [testCaseId('Home')] });
        expect(both.isError).to.equal(true);
        expect(both.text).to.match(/^Goalie API error \(HTTP 400\): .*failedOnly/);
      });

      it("cannot see another project's runs or test cases", async () => {
        const run = (await q(`SELECT short_id FROM runs ORDER BY created_at LIMIT 1`))[0].short_id;
        const other = await connectMcp(kind, service.baseUrl, otherToken);
        try {
          const result = await other.client.callTool({ name: 'get_run', arguments: { shortId: run } });
          expect(result.isError).to.equal(true);
          expect(resultText(result)).to.match(/^Goalie API error \(HTTP 404\)/);
          const testCase = await other.client.callTool({
            name: 'get_test_case',
            arguments: { id: testCaseId('Home') },
          });
          expect(testCase.isError).to.equal(true);
          expect(resultText(testCase)).to.match(/^Goalie API error \(HTTP 404\)/);
          const list = resultText(await other.client.callTool({ name: 'list_test_cases', arguments: {} }));
          expect(list).to.not.include(testCaseId('Home'));
        } finally {
          await other.close();
        }
      });

      it('never answers a secret config value', async () => {
        const id = testCaseId('Secretive');
        const text = await ok('get_test_case', { id });
        expect(text).to.include('Goal: Go to /?code=');
        expect(answers.length).to.be.greaterThan(10);
        for (const answer of answers) expect(answer).to.not.include(SECRET);
      });
    });
  }

  it('GET /v1/test-plans and /v1/test-cases answer as /v1/openapi.json describes them', async () => {
    // service.client checks every answer against the OpenAPI document.
    const api = service.client(token);
    const plans = await api.get('/v1/test-plans');
    expect(plans.status).to.equal(200);
    expect(plans.body.testPlans.map((p: { name: string }) => p.name)).to.deep.equal(['Failing', 'Passing', 'Slow']);
    const cases = await api.get('/v1/test-cases');
    expect(cases.status).to.equal(200);
    expect(cases.body.truncated).to.equal(false);
    expect(JSON.stringify(cases.body)).to.not.include(SECRET);
    expect((await service.client().get('/v1/test-cases')).status).to.equal(401);
  });

  describe('authentication', () => {
    const post = (headers: Record<string, string>, body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}') =>
      fetch(`${service.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body,
      });

    it('no token or a wrong one: 401, a revoked one: 403, as the API answers, before any MCP handling', async () => {
      const revoked = await service.token('mcp');
      await revokeToken(service.runtime.app, revoked);
      for (const [headers, status, message] of [
        [{}, 401, /^Missing API token/],
        [{ authorization: 'Bearer goalie_wrong' }, 401, /^Invalid API token/],
        [{ authorization: `Bearer ${revoked}` }, 403, /^This API token was revoked/],
      ] as const) {
        const response = await post(headers);
        expect(response.status).to.equal(status);
        expect(((await response.json()) as { message: string }).message).to.match(message);
      }
      // The SDK's client cannot even initialize.
      let error: unknown = null;
      await connectMcp('http', service.baseUrl, revoked).catch((e: unknown) => (error = e));
      expect(String(error)).to.match(/Error POSTing to endpoint: .*This API token was revoked/);
    });

    it('over stdio a revoked token makes every tool answer an error', async () => {
      const revoked = await service.token('mcp');
      await revokeToken(service.runtime.app, revoked);
      const mcp = await connectMcp('stdio', service.baseUrl, revoked);
      try {
        const result = await mcp.client.callTool({ name: 'list_test_plans', arguments: {} });
        expect(result.isError).to.equal(true);
        expect(resultText(result)).to.match(/^Goalie API error \(HTTP 403\): This API token was revoked/);
      } finally {
        await mcp.close();
      }
    });

    it('goalie mcp without a server or a token: exit 2 and what to set', () => {
      const bin = new URL('../../bin/goalie.js', import.meta.url).pathname;
      const run = (env: Record<string, string>) =>
        spawnSync(process.execPath, [bin, 'mcp'], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
      const noServer = run({});
      expect(noServer.status).to.equal(2);
      expect(noServer.stderr).to.include('goalie mcp: no server: set GOALIE_API_URL');
      const noToken = run({ GOALIE_API_URL: service.baseUrl });
      expect(noToken.status).to.equal(2);
      expect(noToken.stderr).to.include('goalie mcp: no API token: set GOALIE_API_TOKEN');
      expect(noToken.stdout).to.equal('');
    });

    it('bounds the body as the API does, and answers only POST', async () => {
      const big = await post({ authorization: `Bearer ${token}` }, JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
      expect(big.status).to.equal(413);
      const get = await fetch(`${service.baseUrl}/mcp`, { headers: { authorization: `Bearer ${token}` } });
      expect(get.status).to.equal(405);
      expect(get.headers.get('allow')).to.equal('POST');
      const empty = await post({ authorization: `Bearer ${token}` }, '');
      expect(empty.status).to.equal(400);
    });
  });
});
