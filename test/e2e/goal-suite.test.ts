// The proof of issue 11: small apps in the styles real apps use (test/fixtures/apps/), goals written
// plainly, run through the whole service — projects as code, burn-ins by a worker, a run started by
// POST /v1/run, replays in Chromium — with each verdict compared with the one a person would give.
// Then steps recorded on one markup of the todo app replay and heal on a redesign of it.
import { expect } from 'chai';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import {
  loadSuite,
  runPlan,
  startAppServer,
  suiteFigures,
  suiteProject,
  waitForBurnIns,
  wrongVerdictTable,
  type AppServer,
  type SuiteCase,
  type SuitePlan,
} from '../helpers/goal-suite.js';
import { sql } from '../helpers/project-yaml.js';
import { STRESS } from '../helpers/tier.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

// The stress tier runs every case; the fast tier one per app style, a case a person would pass on
// every other app and one they would fail on the rest, so both verdicts are checked in every run.
const suite: SuitePlan = { name: 'Suite', cases: STRESS ? loadSuite() : onePerApp(loadSuite()) };
// The todo app's test cases whose goal and expected result mean the same on its redesign: recorded
// on the TodoMVC markup (a CSS-drawn "destroy" button), replayed on an SVG icon titled "Remove task".
const redesign: SuitePlan = {
  name: 'Redesign',
  application: 'todo',
  cases: loadSuite(['todo-css-icons'])
    .filter((c) => /^(Delete Buy milk|Mark Walk the dog as done)$/.test(c.goal))
    .map((c) => ({ ...c, name: `redesign: ${c.name}` })),
};

function onePerApp(cases: SuiteCase[]): SuiteCase[] {
  const apps = [...new Set(cases.map((c) => c.app))];
  return apps.map((app, i) => {
    const verdict = i % 2 === 0 ? 'PASSED' : 'FAILED';
    return cases.find((c) => c.app === app && c.verdict === verdict) ?? cases.find((c) => c.app === app)!;
  });
}

describe('the goal suite: plainly written goals on apps in many styles, through the whole service', function () {
  this.timeout(600_000);
  let server: AppServer;
  let service: TestService;
  let api: ApiClient;
  let worker: RunningWorker;

  before(async () => {
    server = await startAppServer();
    server.mount('todo', 'todo-css-icons');
    service = await startTestService({ GOALIE_SCREENSHOTS: 'end', GOALIE_TRACE: 'off' });
    await service.apply(suiteProject(server.url, [suite, redesign]));
    api = service.client(await service.token('goal-suite'));
    worker = await startWorker(service.runtime);
    await waitForBurnIns(service);
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await server?.close();
  });

  it('gives the verdict a person would: no false pass, at least 95 % right', async () => {
    const outcomes = await runPlan(service, api, suite);
    const figures = suiteFigures(outcomes);
    const table = wrongVerdictTable(outcomes);
    process.stdout.write(`\n${JSON.stringify(figures)}\n${table}\n`);
    expect(figures.falsePasses, table).to.equal(0);
    expect(figures.rightVerdictRate, table).to.be.at.least(0.95);
  });

  it('replays steps recorded on one markup of an app on its redesign, healing them, with the same verdicts', async () => {
    server.mount('todo', 'todo-svg-icons');
    const outcomes = await runPlan(service, api, redesign);
    const table = wrongVerdictTable(outcomes);
    expect(
      outcomes.every((o) => o.burnedIn),
      table,
    ).to.equal(true);
    expect(
      outcomes.filter((o) => o.actual !== o.verdict),
      table,
    ).to.deep.equal([]);
    // The delete button changed from class="destroy" to an SVG titled "Remove task": its step healed.
    const healed = await sql<{ name: string; n: number }>(
      service,
      `SELECT t.name, jsonb_array_length(rtc.healed)::int n FROM run_test_cases rtc JOIN test_cases t ON t.id = rtc.test_case_id WHERE t.name = ANY($1) ORDER BY rtc.created_at DESC`,
      [redesign.cases.filter((c) => c.goal === 'Delete Buy milk').map((c) => c.name)],
    );
    expect(healed.length).to.be.greaterThan(0);
    for (const row of healed) expect(row.n, `${row.name} healed its delete step`).to.be.greaterThan(0);
  });
});
