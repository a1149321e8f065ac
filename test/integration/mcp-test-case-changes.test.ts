// An agent over MCP (the SDK's own client, Streamable HTTP) takes a new test case all the way: creates
// it in a plan named by name and enabled once burned in, adds it to another plan, runs it alone and
// waits for the run; then changes its goal, disables it, takes it out of a plan. Plan names that name
// nothing, another project's token and malformed arguments are refused, and change nothing.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { waitForBurnIns } from '../helpers/burn-ins.js';
import { holdingSiteProject, startHoldingSite } from '../helpers/holding-site.js';
import { connectMcp, resultText, type McpTestClient } from '../helpers/mcp-clients.js';
import { startTestService, type TestService } from '../helpers/service.js';
import type { Site } from '../helpers/site.js';

const project = (siteUrl: string, name: string) =>
  holdingSiteProject(siteUrl, { organization: name, project: name, passing: 'Home', failing: 'Broken', slow: 'Slow' });

describe('MCP: creating, enabling, planning and running a test case', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker | null = null;
  let summary: ApplySummary;
  let mcp: McpTestClient;
  let theirs: McpTestClient;
  let id: string;
  const plan = (name: string) => summary.testPlans.find((p) => p.name === name)!.shortId!;
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);
  const members = async (name: string) =>
    (
      await q(
        `SELECT t.name FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id
           JOIN test_cases t ON t.id = m.test_case_id WHERE p.name = $1 AND p.project_id = $2 ORDER BY m.position`,
        [name, summary.project.id],
      )
    ).map((r: { name: string }) => r.name);
  const call = async (client: McpTestClient, name: string, args: Record<string, unknown>) => {
    const result = await client.client.callTool({ name, arguments: args }, undefined, { timeout: 100_000 });
    return { text: resultText(result), isError: result.isError === true };
  };
  const ok = async (name: string, args: Record<string, unknown>) => {
    const { text, isError } = await call(mcp, name, args);
    expect(isError, text).to.equal(false);
    return text;
  };
  const refused = async (name: string, args: Record<string, unknown>, client = mcp) => {
    const { text, isError } = await call(client, name, args);
    expect(isError, text).to.equal(true);
    return text;
  };

  before(async () => {
    site = await startHoldingSite();
    service = await startTestService();
    summary = await service.apply(project(site.url, 'agents'));
    await service.apply(project(site.url, 'strangers'));
    worker = await startWorker(service.runtime);
    await waitForBurnIns(service);
    mcp = await connectMcp('http', service.baseUrl, await service.token('agents'));
    theirs = await connectMcp('http', service.baseUrl, await service.token('strangers'));
  });
  after(async () => {
    await mcp?.close();
    await theirs?.close();
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  it('create_test_case with a plan name that names nothing: refused with the closest name, nothing created', async () => {
    const text = await refused('create_test_case', {
      name: 'Never made',
      goal: 'Go to /',
      applicationShortId: summary.applications[0]!.shortId,
      plans: ['Faling'],
    });
    expect(text).to.include('Test plan "Faling": no test plan named "Faling"');
    expect(text).to.include(`Did you mean "Failing" (${plan('Failing')})?`);
    expect(await q(`SELECT id FROM test_cases WHERE name = 'Never made'`)).to.deep.equal([]);
  });

  it('create_test_case with plans and enabled: in the plan, burned in, enabled', async () => {
    const text = await ok('create_test_case', {
      name: 'Agent made',
      goal: 'Go to /',
      expectedResult: "'All good' is shown",
      applicationShortId: summary.applications[0]!.shortId,
      plans: ['failing'],
      enabled: true,
      waitSeconds: 90,
    });
    id = /\(([0-9a-f-]{36})\)/.exec(text)![1]!;
    expect(text).to.include(`Added it to test plan Failing (${plan('Failing')}).`);
    expect(text).to.include('Its burn-in COMPLETED and it is enabled');
    const [row] = await q('SELECT is_enabled, generation_status FROM test_cases WHERE id = $1', [id]);
    expect(row).to.deep.equal({ is_enabled: true, generation_status: 'COMPLETED' });
    expect(await members('Failing')).to.deep.equal(['Home', 'Broken', 'Agent made']);
  });

  it('add_to_plan by name, once; a near miss is refused with what was meant', async () => {
    expect(await ok('add_to_plan', { testCaseId: id, plan: 'SLOW' })).to.include(
      `Added the test case to test plan Slow (${plan('Slow')}).`,
    );
    expect(await ok('add_to_plan', { testCaseId: id, plan: plan('Slow') })).to.include(
      'The test case was already in test plan Slow',
    );
    expect(await members('Slow')).to.deep.equal(['Slow', 'Agent made']);
    expect(await refused('add_to_plan', { testCaseId: id, plan: 'Slwo' })).to.include(
      `Did you mean "Slow" (${plan('Slow')})?`,
    );
  });

  it('run_test_case, then wait_for_run: it ran alone and passed', async () => {
    const started = await ok('run_test_case', { id, plan: 'Passing' });
    expect(started)
      .to.include('with 1 test case(s)')
      .and.include(`test plan Passing (${plan('Passing')})`);
    const shortId = /^Started run (\S+)/.exec(started)![1]!;
    const done = await ok('wait_for_run', { shortId, timeoutSeconds: 60 });
    expect(done).to.match(new RegExp(`^Run ${shortId}: status COMPLETED, result PASSED\\n`));
    expect(done).to.include(`- PASSED Agent made`);
  });

  it('update_test_case burns a new goal in again; set_test_case_enabled refuses a failed burn-in, then disables', async () => {
    const updated = await ok('update_test_case', { id, goal: "Go to /. Click 'Launch the rockets'" });
    expect(updated).to.include('It is burning in');
    const read = await ok('get_test_case', { id, waitSeconds: 90 });
    expect(read).to.include('FAILED');
    expect(await ok('set_test_case_enabled', { id, enabled: false })).to.include('Disabled test case "Agent made"');
    const text = await refused('set_test_case_enabled', { id, enabled: true });
    expect(text).to.include('Goalie API error (HTTP 409)').and.include(`goalie test-case update ${id} --goal`);
    const [row] = await q('SELECT is_enabled, goal FROM test_cases WHERE id = $1', [id]);
    expect(row).to.deep.equal({ is_enabled: false, goal: "Go to /. Click 'Launch the rockets'" });
  });

  it('remove_from_plan takes it out', async () => {
    expect(await ok('remove_from_plan', { testCaseId: id, plan: 'Slow' })).to.include(
      'Took the test case out of test plan Slow',
    );
    expect(await members('Slow')).to.deep.equal(['Slow']);
  });

  it("another project's token: 404 for every tool, nothing changes", async () => {
    for (const [tool, args] of [
      ['update_test_case', { id, name: 'Stolen' }],
      ['set_test_case_enabled', { id, enabled: true }],
      ['run_test_case', { id }],
      ['add_to_plan', { testCaseId: id, plan: 'Slow' }],
    ] as const) {
      expect(await refused(tool, args, theirs), tool).to.include('(HTTP 404)');
    }
    expect(await q('SELECT name FROM test_cases WHERE id = $1', [id])).to.deep.equal([{ name: 'Agent made' }]);
    expect(await members('Slow')).to.deep.equal(['Slow']);
  });

  it('malformed arguments are refused by the schema', async () => {
    expect(await refused('set_test_case_enabled', { id: 'Agent made', enabled: true })).to.include(
      'Input validation error',
    );
    expect(await refused('update_test_case', { id })).to.include('Nothing to change');
    expect(await refused('update_test_case', { id, name: '' })).to.include('Input validation error');
  });
});
