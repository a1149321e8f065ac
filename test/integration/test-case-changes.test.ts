// Changing, deleting and running a test case, and its place in a plan, over the API (Goalie
// extensions: PATCH and DELETE /v1/test-cases/{id}, POST /v1/test-cases/{id}/run, POST and DELETE
// /v1/test-plans/{shortId}/test-cases) against the real service and a worker burning goals in with
// real Chromium on a site on 127.0.0.1; every refusal changes nothing. Then the CLI over them.
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { startWorker, type RunningWorker } from '../../backend/src/main.js';
import { waitForBurnIns } from '../helpers/burn-ins.js';
import { runCli } from '../helpers/cli-io.js';
import { holdingSiteProject, startHoldingSite } from '../helpers/holding-site.js';
import { errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';
import type { Site } from '../helpers/site.js';
import { waitFor } from '../helpers/wait.js';

const project = (siteUrl: string, name: string) =>
  holdingSiteProject(siteUrl, { organization: name, project: name, passing: 'Home', failing: 'Broken', slow: 'Slow' });

describe('changing, deleting and running test cases (API extensions)', function () {
  this.timeout(120_000);
  let site: Site;
  let service: TestService;
  let worker: RunningWorker;
  let api: ApiClient;
  let other: ApiClient;
  let summary: ApplySummary;
  let theirs: ApplySummary;
  const app = () => summary.applications[0]!.shortId!;
  const plan = (name: string) => summary.testPlans.find((p) => p.name === name)!.shortId!;
  const patch = (id: string, body: unknown) => api.request('PATCH', `/v1/test-cases/${id}`, { body });
  const row = async (id: string) =>
    (
      await sql(
        service,
        `SELECT name, goal, expected_result, generation_status, is_enabled, resume_from_id,
                (SELECT count(*)::int FROM test_case_step_versions v WHERE v.test_case_id = t.id) AS versions
           FROM test_cases t WHERE id = $1`,
        [id],
      )
    )[0];
  const create = async (name: string, goal: string, extra: Record<string, unknown> = {}) => {
    const res = await api.post('/v1/test-cases', { name, goal, applicationShortId: app(), ...extra });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.testCase.id as string;
  };
  const finished = async (shortId: string) =>
    waitFor(
      `run ${shortId} to end`,
      async () => {
        const res = await api.get(`/v1/run/${shortId}?testCases=all&extensions=true`);
        return ['COMPLETED', 'ERROR', 'CANCELLED'].includes(res.body.status) ? res.body : null;
      },
      60_000,
      200,
    );

  before(async () => {
    site = await startHoldingSite();
    service = await startTestService();
    summary = await service.apply(project(site.url, 'changes'));
    theirs = await service.apply(project(site.url, 'elsewhere'));
    api = service.client(await service.token('changes'));
    other = service.client(await service.token('elsewhere'));
    worker = await startWorker(service.runtime);
    await waitForBurnIns(service);
  });
  after(async () => {
    await worker?.stop();
    await service?.close();
    await site?.close();
  });

  describe('PATCH /v1/test-cases/{id}: changing a test case', () => {
    let fixed: string;
    before(async () => {
      fixed = await create('Rockets', "Go to /. Click 'Launch the rockets'");
      await waitForBurnIns(service);
    });

    it('a failed burn-in: enabling says which command fixes the goal', async () => {
      const res = await patch(fixed, { isEnabled: true });
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body)).to.include(`goalie test-case update ${fixed} --goal`);
    });

    it('a new goal is burned in again (the job queued with it), then it can be enabled', async () => {
      const versions = (await row(fixed))!.versions;
      const res = await patch(fixed, { goal: 'Go to /', expectedResult: "'All good' is shown" });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({
        goal: 'Go to /',
        expectedResult: "'All good' is shown",
        generationStatus: 'GENERATING',
        generationError: null,
        isEnabled: false,
      });
      await waitForBurnIns(service);
      const after = await row(fixed);
      expect(after).to.include({ generation_status: 'COMPLETED' });
      expect(after!.versions).to.equal(versions + 1);
      const on = await patch(fixed, { isEnabled: true });
      expect(on.status).to.equal(200);
      expect(on.body).to.include({ isEnabled: true, generationStatus: 'COMPLETED' });
    });

    it('a new expected result, name or config list is not burned in again', async () => {
      const before = await row(fixed);
      const res = await patch(fixed, { name: 'Rockets fixed', expectedResult: null, configShortIds: [] });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ name: 'Rockets fixed', expectedResult: null, generationStatus: 'COMPLETED' });
      const after = await row(fixed);
      expect(after).to.include({ name: 'Rockets fixed', expected_result: null, generation_status: 'COMPLETED' });
      expect(after!.versions).to.equal(before!.versions);
      expect(after!.is_enabled).to.equal(true);
    });

    it('the goal it answered, sent back unchanged, changes nothing', async () => {
      const shown = (await api.get(`/v1/test-cases/${fixed}`)).body;
      const res = await patch(fixed, { goal: shown.goal });
      expect(res.status).to.equal(200);
      expect(res.body.generationStatus).to.equal('COMPLETED');
    });

    it('enabling in the request that changes the goal is 409, and nothing is written', async () => {
      await patch(fixed, { isEnabled: false });
      const res = await patch(fixed, { goal: 'Go to /slow', isEnabled: true });
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body)).to.include('cannot be enabled in the request that changes its goal');
      expect(await row(fixed)).to.include({ goal: 'Go to /', is_enabled: false, generation_status: 'COMPLETED' });
    });

    it('a test case declared in a project file is changed in the file: 409', async () => {
      const home = summary.testCases.find((t) => t.name === 'Home')!.id;
      const res = await patch(home, { goal: 'Go to /slow' });
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body)).to.include('declared in a project file').and.include('goalie apply');
      expect(await row(home)).to.include({ goal: 'Go to /' });
    });

    const bad: [string, unknown, number, string[]][] = [
      ['an empty object', {}, 400, ['changes nothing: send at least one of name, goal']],
      ['an unknown field', { nmae: 'X' }, 400, ['unknown field nmae', 'the fields that can be changed are name, goal']],
      ['an empty name', { name: ' ' }, 400, ['name must be 1 to 80 characters']],
      ['a name of 81 characters', { name: 'x'.repeat(81) }, 400, ['name must be 1 to 80 characters (got 81)']],
      ['a goal that is not text', { goal: 5 }, 400, ['goal must be a string, not number 5']],
      ['an empty goal', { goal: '  ' }, 400, ['goal must describe the objective of the test']],
      ['a goal of 10001 characters', { goal: 'x'.repeat(10_001) }, 400, ['at most 10000 are allowed']],
      ['isEnabled as a string', { isEnabled: 'yes' }, 400, ['isEnabled must be true or false, not "yes"']],
      ['a malformed application', { applicationShortId: 'Site' }, 400, ['must be an application short ID']],
      ['a name another test case has', { name: 'Home', goal: 'Go to /slow' }, 400, ['"Home" already exists']],
      ['a dependency on itself', 'self', 400, ['form a cycle', 'cannot depend on itself']],
      ["another project's application", 'their app', 404, ['not found in project changes']],
      [
        'a dependency that does not exist',
        { waitForDependenciesProjectTestCaseIds: ['00000000-0000-4000-8000-000000000001'] },
        404,
        ['Dependency test case 00000000-0000-4000-8000-000000000001 was not found'],
      ],
    ];
    for (const [title, body, status, says] of bad) {
      it(`${title}: ${status} saying what is wrong, nothing written`, async () => {
        const before = await row(fixed);
        const sent =
          body === 'self'
            ? { resumeFromDependencyProjectTestCaseId: fixed }
            : body === 'their app'
              ? { applicationShortId: theirs.applications[0]!.shortId }
              : body;
        const res = await patch(fixed, sent);
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        for (const part of says) expect(errorMessage(res.body)).to.include(part);
        expect(await row(fixed)).to.deep.equal(before);
      });
    }

    it("another project's token: 404 as for one that does not exist, nothing written", async () => {
      const before = await row(fixed);
      const res = await other.request('PATCH', `/v1/test-cases/${fixed}`, { body: { name: 'Stolen' } });
      expect(res.status).to.equal(404);
      expect(errorMessage(res.body)).to.equal(`Test case ${fixed} was not found in project elsewhere.`);
      expect(await row(fixed)).to.deep.equal(before);
    });
  });

  describe('test plan membership', () => {
    let id: string;
    const members = async (shortId: string) =>
      (await api.get('/v1/test-plans')).body.testPlans
        .find((p: { shortId: string }) => p.shortId === shortId)
        .testCases.map((t: { name: string }) => t.name);
    before(async () => {
      id = await create('Member', 'Go to /');
    });

    it('adds at the end of the plan, once; removes; both say whether anything changed', async () => {
      const add = await api.post(`/v1/test-plans/${plan('Failing')}/test-cases`, { testCaseId: id });
      expect(add.status, JSON.stringify(add.body)).to.equal(200);
      expect(add.body.changed).to.equal(true);
      expect(add.body.testPlan.testCases.map((t: { name: string }) => t.name)).to.deep.equal([
        'Home',
        'Broken',
        'Member',
      ]);
      const again = await api.post(`/v1/test-plans/${plan('Failing')}/test-cases`, { testCaseId: id });
      expect(again.body.changed).to.equal(false);
      expect(await members(plan('Failing'))).to.deep.equal(['Home', 'Broken', 'Member']);
      const remove = await api.request('DELETE', `/v1/test-plans/${plan('Failing')}/test-cases/${id}`);
      expect(remove.status).to.equal(200);
      expect(remove.body.changed).to.equal(true);
      expect(await members(plan('Failing'))).to.deep.equal(['Home', 'Broken']);
      const none = await api.request('DELETE', `/v1/test-plans/${plan('Failing')}/test-cases/${id}`);
      expect(none.body.changed).to.equal(false);
    });

    const bad: [string, () => Promise<{ status: number; body: unknown }>, number, string][] = [
      [
        'a plan name instead of its short ID',
        () => api.post('/v1/test-plans/Failing/test-cases', { testCaseId: id }),
        400,
        '"Failing" is not a test plan short ID',
      ],
      [
        'a plan that does not exist',
        () => api.post('/v1/test-plans/pln_nothere/test-cases', { testCaseId: id }),
        404,
        'Test plan pln_nothere was not found in project changes',
      ],
      [
        'a test case id that is not a UUID',
        () => api.post(`/v1/test-plans/${plan('Slow')}/test-cases`, { testCaseId: 'Member' }),
        400,
        'testCaseId must be a test case UUID',
      ],
      [
        'no test case id',
        () => api.post(`/v1/test-plans/${plan('Slow')}/test-cases`, {}),
        400,
        'testCaseId is required',
      ],
      [
        'another field',
        () => api.post(`/v1/test-plans/${plan('Slow')}/test-cases`, { testCaseId: id, position: 0 }),
        400,
        'unknown field position',
      ],
      [
        "another project's plan",
        () => other.post(`/v1/test-plans/${plan('Slow')}/test-cases`, { testCaseId: theirs.testCases[0]!.id }),
        404,
        'was not found in project elsewhere; GET /v1/test-plans lists its plans',
      ],
      [
        "another project's test case",
        () => other.post(`/v1/test-plans/${theirs.testPlans[0]!.shortId}/test-cases`, { testCaseId: id }),
        404,
        'was not found in project elsewhere.',
      ],
    ];
    for (const [title, send, status, says] of bad) {
      it(`${title}: ${status}, the plan unchanged`, async () => {
        const before = await members(plan('Slow'));
        const res = await send();
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        expect(errorMessage(res.body)).to.include(says);
        expect(await members(plan('Slow'))).to.deep.equal(before);
      });
    }
  });

  describe('POST /v1/test-cases/{id}/run', () => {
    it('runs the test case alone with its plan settings, enabled or not; the run passes', async () => {
      const id = await create('Alone', 'Go to /', { expectedResult: "'All good' is shown" });
      const early = await api.post(`/v1/test-cases/${id}/run`);
      expect(early.status).to.equal(409);
      expect(errorMessage(early.body)).to.include('still recording the steps');
      await waitForBurnIns(service);
      const res = await api.post(`/v1/test-cases/${id}/run`, { testPlanShortId: plan('Slow') });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.run).to.include({ testCount: 1 });
      expect(res.body.run.testPlan).to.deep.equal({ name: 'Slow', shortId: plan('Slow') });
      const run = await finished(res.body.run.shortId);
      expect(run).to.include({ status: 'COMPLETED', result: 'PASSED' });
      expect(run.runTestCases.map((t: { projectTestCaseId: string }) => t.projectTestCaseId)).to.deep.equal([id]);
      const [stored] = await sql(service, 'SELECT trigger, test_plan_id FROM runs WHERE short_id = $1', [
        res.body.run.shortId,
      ]);
      expect(stored).to.deep.equal({ trigger: 'API', test_plan_id: null });
    });

    const bad: [string, unknown, number, string][] = [
      [
        'an unknown field',
        { plan: 'Slow' },
        400,
        'unknown field plan: only testPlanShortId and applications are taken',
      ],
      ['a plan name', { testPlanShortId: 'Slow' }, 400, 'must be a test plan short ID'],
      ['a plan not in the project', { testPlanShortId: 'pln_nothere' }, 404, 'Test plan pln_nothere was not found'],
      ['a link-local preview URL', 'metadata', 400, 'the browser may not go to http://169.254.169.254/'],
    ];
    for (const [title, body, status, says] of bad) {
      it(`${title}: ${status}, no run started`, async () => {
        const id = summary.testCases.find((t) => t.name === 'Home')!.id;
        const runs = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
        const sent =
          body === 'metadata'
            ? { applications: [{ applicationShortId: app(), environment: { url: 'http://169.254.169.254/' } }] }
            : body;
        const res = await api.post(`/v1/test-cases/${id}/run`, sent);
        expect(res.status, JSON.stringify(res.body)).to.equal(status);
        expect(errorMessage(res.body)).to.include(says);
        expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(runs);
      });
    }

    it("another project's token: 404, no run started", async () => {
      const id = summary.testCases.find((t) => t.name === 'Home')!.id;
      const res = await other.post(`/v1/test-cases/${id}/run`);
      expect(res.status).to.equal(404);
    });
  });

  describe('DELETE /v1/test-cases/{id}', () => {
    it('refused with 409 naming the test cases that depend on it; nothing deleted', async () => {
      const parent = await create('Parent', 'Go to /');
      const child = await create('Child', 'Go to /slow', { resumeFromDependencyProjectTestCaseId: parent });
      const waiter = await create('Waiter', 'Go to /slow', { waitForDependenciesProjectTestCaseIds: [parent] });
      const res = await api.request('DELETE', `/v1/test-cases/${parent}`);
      expect(res.status).to.equal(409);
      expect(errorMessage(res.body))
        .to.include('Test case "Parent" cannot be deleted')
        .and.include(`"Child" (${child}) resumes from it`)
        .and.include(`"Waiter" (${waiter}) waits for it`)
        .and.include('--resume-from none');
      expect(await row(parent)).to.not.equal(undefined);
      // Once they no longer depend on it, it can go.
      expect((await patch(child, { resumeFromDependencyProjectTestCaseId: null })).status).to.equal(200);
      expect((await patch(waiter, { waitForDependenciesProjectTestCaseIds: [] })).status).to.equal(200);
      expect((await api.request('DELETE', `/v1/test-cases/${parent}`)).status).to.equal(200);
    });

    it('deletes it: it leaves its plans, past runs keep their results without it', async () => {
      const id = await create('Doomed', 'Go to /', { expectedResult: "'All good' is shown" });
      await waitForBurnIns(service);
      await api.post(`/v1/test-plans/${plan('Slow')}/test-cases`, { testCaseId: id });
      const started = await api.post(`/v1/test-cases/${id}/run`);
      const past = await finished(started.body.run.shortId);
      expect(past.result).to.equal('PASSED');

      expect((await other.request('DELETE', `/v1/test-cases/${id}`)).status).to.equal(404);
      const res = await api.request('DELETE', `/v1/test-cases/${id}`);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.deep.equal({
        success: true,
        testCase: { id, name: 'Doomed' },
        removedFromTestPlans: [{ shortId: plan('Slow'), name: 'Slow' }],
      });
      expect((await api.get(`/v1/test-cases/${id}`)).status).to.equal(404);
      expect((await api.request('DELETE', `/v1/test-cases/${id}`)).status).to.equal(404);
      const plans = (await api.get('/v1/test-plans')).body.testPlans;
      expect(JSON.stringify(plans)).to.not.include(id);
      const after = (await api.get(`/v1/run/${started.body.run.shortId}?testCases=all&extensions=true`)).body;
      expect(after).to.include({ status: 'COMPLETED', result: 'PASSED' });
      expect(after.runTestCases).to.have.length(1);
      expect(after.runTestCases[0]).to.include({ name: 'Doomed', result: 'PASSED', projectTestCaseId: null });
    });

    it('a non-UUID id is 400; no token is 401', async () => {
      const res = await api.request('DELETE', '/v1/test-cases/Doomed');
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('"Doomed" is not a test case UUID');
      expect((await service.client().request('DELETE', `/v1/test-cases/${summary.testCases[0]!.id}`)).status).to.equal(
        401,
      );
    });
  });

  describe('the CLI over them', () => {
    let env: Record<string, string>;
    before(async () => {
      env = { GOALIE_API_URL: service.baseUrl, GOALIE_API_TOKEN: await service.token('changes') };
    });

    it('test-case create --plan NAME, then update --goal --wait --enable fixes a failed burn-in', async () => {
      const created = await runCli(
        [
          'test-case',
          'create',
          '--name',
          'Typo',
          '--goal',
          "Go to /. Click 'Nope'",
          '--app',
          app(),
          '--plan',
          'slow',
          '--wait',
        ],
        env,
      );
      expect(created.code, created.stderr).to.equal(1);
      const id = /\(([0-9a-f-]{36})\)/.exec(created.stdout)![1]!;
      expect(created.stdout).to.include(`Added it to test plan "Slow" (${plan('Slow')})`);
      expect(created.stdout).to.include(`goalie test-case update ${id} --goal "..." --wait`);
      const fixed = await runCli(['test-case', 'update', id, '--goal', 'Go to /', '--wait', '--enable'], env);
      expect(fixed.code, fixed.stderr).to.equal(0);
      expect(fixed.stdout).to.include('Burn-in COMPLETED').and.include('Enabled:         yes');
      expect(await row(id)).to.include({ goal: 'Go to /', is_enabled: true });
    });

    it('run --plan by name (any case) starts that plan; a near miss is exit 2 with "did you mean", nothing sent', async () => {
      const ok = await runCli(['run', '--plan', 'passing', '--no-ci'], env);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(ok.stdout).to.include(`of plan "Passing" (${plan('Passing')})`);
      const runs = (await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n;
      const miss = await runCli(['run', '--plan', 'Pasing', '--no-ci'], env);
      expect(miss.code).to.equal(2);
      expect(miss.stderr)
        .to.include(`no test plan named "Pasing"`)
        .and.include(`Did you mean "Passing" (${plan('Passing')})?`);
      expect((await sql(service, 'SELECT count(*)::int n FROM runs'))[0]!.n).to.equal(runs);
    });

    it('status --test-cases failed keeps the whole run counts', async () => {
      const started = await api.post('/v1/run', { testPlanShortId: plan('Failing') });
      await finished(started.body.run.shortId);
      const result = await runCli(['status', started.body.run.shortId, '--test-cases', 'failed'], env);
      expect(result.code).to.equal(0);
      expect(result.stdout).to.include('COMPLETED, FAILED (1 passed, 1 failed)');
      expect(result.stdout).to.include('Broken').and.not.include('Home ');
    });

    it('test-case run --wait, then delete --yes', async () => {
      const id = summary.testCases.find((t) => t.name === 'Slow')!.id;
      const ran = await runCli(['test-case', 'run', id, '--plan', 'SLOW', '--wait'], env);
      expect(ran.code, ran.stderr).to.equal(0);
      expect(ran.stdout).to.include(`with the settings of plan "Slow"`).and.include('PASSED');
      const typo = (await sql(service, `SELECT id FROM test_cases WHERE name = 'Typo'`))[0]!.id;
      const refused = await runCli(['test-case', 'delete', typo], env);
      expect(refused.code).to.equal(2);
      expect(await row(typo)).to.not.equal(undefined);
      const deleted = await runCli(['test-case', 'delete', typo, '--yes'], env);
      expect(deleted.code, deleted.stderr).to.equal(0);
      expect(deleted.stdout).to.include(`Deleted test case "Typo" (${typo}). It left test plan "Slow"`);
      expect(await row(typo)).to.equal(undefined);
    });
  });
});
