// Issue 28, part 3: steps recorded on one markup, replayed through the whole service on a redesign
// whose changes a heal used to paper over: a button renamed with a heading left showing its old
// text, a button renamed beside a nav link holding part of its old name, a shorter name, a row's
// button gone beside a toolbar's "Delete all"; and one rename a heal should follow. The verdicts
// must be right and no wrong heal may be saved as a step version.
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import {
  runPlan,
  startAppServer,
  suiteProject,
  waitForBurnIns,
  wrongVerdictTable,
  type AppServer,
  type SuitePlan,
} from '../helpers/goal-suite.js';
import { sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

const app = 'heal-shapes';
const plan: SuitePlan = {
  name: 'Healing set',
  cases: [
    { name: 'log in button', goal: "Click the 'Log in' button", expectedResult: '', verdict: 'FAILED' },
    { name: 'save settings', goal: "Click 'Save settings'", expectedResult: '', verdict: 'FAILED' },
    { name: 'clear list', goal: "Click 'Clear list'", expectedResult: '', verdict: 'FAILED' },
    {
      name: 'row delete',
      goal: "Click 'Delete' in the row of 'Buy milk'",
      expectedResult: "'Buy milk' is not shown",
      verdict: 'FAILED',
    },
    {
      name: 'email field',
      goal: "Fill 'Email' with 'ada@example.com'. Click 'Continue'",
      expectedResult: "'Hello ada@example.com' is shown",
      verdict: 'PASSED',
    },
  ].map((c) => ({ ...c, app, verdict: c.verdict as 'PASSED' | 'FAILED' })),
};

describe('healing never changes what a step does (issue 28)', function () {
  this.timeout(600_000);
  let server: AppServer;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker;

  before(async () => {
    server = await startAppServer();
    server.mount(app, 'heal-shapes');
    service = await startTestService({ GOALIE_SCREENSHOTS: 'end', GOALIE_TRACE: 'off' });
    await service.apply(suiteProject(server.url, [plan], 'healing-set'));
    api = service.client(await service.token('healing-set'));
    worker = await startWorker(service.runtime);
    await waitForBurnIns(service);
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await server?.close();
  });

  const versions = () =>
    sql<{ name: string; version: number; source: string; steps: unknown }>(
      service,
      `SELECT t.name, v.version, v.source, v.steps FROM test_case_step_versions v JOIN test_cases t ON t.id = v.test_case_id ORDER BY t.name, v.version`,
    );

  it('replays the recorded steps on the markup they were recorded on', async () => {
    const outcomes = await runPlan(service, api, plan);
    expect(
      outcomes.filter((o) => o.actual !== 'PASSED'),
      wrongVerdictTable(outcomes.map((o) => ({ ...o, verdict: 'PASSED' }))),
    ).to.deep.equal([]);
  });

  it('on the redesign fails each test case whose element is gone, heals only the renamed field, saves no wrong heal', async () => {
    server.mount(app, 'heal-shapes-redesign');
    const outcomes = await runPlan(service, api, plan);
    const table = wrongVerdictTable(outcomes);
    expect(
      outcomes.filter((o) => o.actual !== o.verdict).map((o) => o.name),
      table,
    ).to.deep.equal([]);
    const thought = (name: string) => outcomes.find((o) => o.name === name)!.thought;
    // The text fallback found the heading; the heal found it again and refused it.
    expect(thought('log in button')).to.include(
      'The element of step 1 ("Log in" button) is gone; the closest now is heading "Log in" (another role)',
    );
    expect(thought('row delete')).to.match(
      /The element of step 1 \("Delete" button in the row of "Buy milk"\) is gone/,
    );

    const saved = await versions();
    const healed = saved.filter((v) => v.source === 'heal');
    expect(
      healed.map((v) => v.name),
      JSON.stringify(healed),
    ).to.deep.equal(['email field']);
    expect(JSON.stringify(healed[0]!.steps)).to.include('E-mail address');
    for (const name of ['log in button', 'save settings', 'clear list', 'row delete'])
      expect(
        saved.filter((v) => v.name === name).map((v) => v.version),
        name,
      ).to.deep.equal([1]);

    // Every heal is reported with the run test case (old and new locator).
    const [row] = await sql<{ healed: { index: number; before: string; after: string; change: string }[] }>(
      service,
      `SELECT rtc.healed FROM run_test_cases rtc JOIN test_cases t ON t.id = rtc.test_case_id WHERE t.name = 'email field' ORDER BY rtc.created_at DESC LIMIT 1`,
    );
    expect(row!.healed).to.have.length(1);
    expect(row!.healed[0]).to.include({ index: 0, change: 'typo' });
    expect(row!.healed[0]!.before).to.include('"Email"');
    expect(row!.healed[0]!.after).to.include('E-mail address');
  });
});
