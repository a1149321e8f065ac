import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { countRuns, errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

interface Row {
  name: string;
  test_case_id: string;
  environment_id: string;
  environment_url: string;
  device_preset_id: string | null;
  status: string;
  result: string | null;
}

describe('POST /v1/run/{shortId} (rerun)', () => {
  let service: TestService;
  let api: ApiClient;
  let shop: ApplySummary;

  const testCaseId = (name: string) => shop.testCases.find((t) => t.name === name)!.id;
  const rowsOf = (runId: string) =>
    sql<Row>(
      service,
      'SELECT name, test_case_id, environment_id, environment_url, device_preset_id, status, result FROM run_test_cases WHERE run_id = $1 ORDER BY position',
      [runId],
    );
  const setOutcome = (runId: string, name: string, status: string, result: string | null) =>
    sql(service, 'UPDATE run_test_cases SET status = $3, result = $4 WHERE run_id = $1 AND name = $2', [
      runId,
      name,
      status,
      result,
    ]);
  const start = async (body: unknown = {}) => {
    const res = await api.post('/v1/run', body);
    expect(res.status).to.equal(200);
    return res.body.run as { id: string; shortId: string; testCount: number };
  };

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    api = service.client(await service.token('shop'));
  });
  after(() => service.close());

  it('reruns every test case as a new run for {}', async () => {
    const original = await start();
    const res = await api.post(`/v1/run/${original.shortId}`, {});
    expect(res.status).to.equal(200);
    expect(res.body.success).to.equal(true);
    const rerun = res.body.run;
    expect(rerun.id).not.to.equal(original.id);
    expect(rerun.shortId).not.to.equal(original.shortId);
    expect(rerun.testCount).to.equal(4);
    expect(rerun.url).to.equal(`${service.baseUrl}/runs/${rerun.shortId}`);
    expect(rerun).not.to.have.property('testPlan');
    const [row] = await sql(service, 'SELECT status, rerun_of_run_id, test_plan_name FROM runs WHERE id = $1', [
      rerun.id,
    ]);
    expect(row).to.deep.equal({ status: 'INITIATED', rerun_of_run_id: original.id, test_plan_name: 'Smoke' });
    expect((await rowsOf(rerun.id)).map((r) => [r.name, r.status, r.result])).to.deep.equal(
      (await rowsOf(original.id)).map((r) => [r.name, 'PENDING', null]),
    );
    // The original is untouched.
    expect(await api.get(`/v1/run/${original.shortId}`)).to.have.nested.property('body.status', 'INITIATED');
  });

  it('starts every test case afresh even when the original has outcomes', async () => {
    const original = await start();
    await setOutcome(original.id, 'Sign in', 'COMPLETED', 'PASSED');
    await setOutcome(original.id, 'Admin dashboard', 'COMPLETED', 'FAILED');
    const res = await api.post(`/v1/run/${original.shortId}`, { failedOnly: false });
    expect(res.status).to.equal(200);
    expect(res.body.run.testCount).to.equal(4);
    expect((await rowsOf(res.body.run.id)).every((r) => r.status === 'PENDING' && r.result === null)).to.equal(true);
  });

  describe('failedOnly', () => {
    it('reruns the failed and skipped test cases plus the dependencies they need, even passed ones', async () => {
      const original = await start();
      await setOutcome(original.id, 'Sign in', 'COMPLETED', 'PASSED');
      await setOutcome(original.id, 'Add to cart', 'COMPLETED', 'FAILED');
      await setOutcome(original.id, 'Checkout', 'SKIPPED', 'SKIPPED');
      await setOutcome(original.id, 'Admin dashboard', 'COMPLETED', 'PASSED');
      const res = await api.post(`/v1/run/${original.shortId}`, { failedOnly: true });
      expect(res.status).to.equal(200);
      // Observed: Add to cart resumes from Sign in, so the passed Sign in runs again; Admin dashboard does not.
      expect(res.body.run.testCount).to.equal(3);
      expect((await rowsOf(res.body.run.id)).map((r) => r.name)).to.deep.equal(['Sign in', 'Add to cart', 'Checkout']);
    });

    it('reruns an errored test case alone when it has no dependencies', async () => {
      const original = await start();
      for (const name of ['Sign in', 'Add to cart', 'Checkout'])
        await setOutcome(original.id, name, 'COMPLETED', 'PASSED');
      await setOutcome(original.id, 'Admin dashboard', 'ERROR', null);
      const res = await api.post(`/v1/run/${original.shortId}`, { failedOnly: true });
      expect(res.status).to.equal(200);
      expect(res.body.run.testCount).to.equal(1);
      expect((await rowsOf(res.body.run.id)).map((r) => r.name)).to.deep.equal(['Admin dashboard']);
    });

    it('answers 400 when nothing failed, and creates no run', async () => {
      const original = await start();
      for (const name of ['Sign in', 'Add to cart', 'Checkout', 'Admin dashboard'])
        await setOutcome(original.id, name, 'COMPLETED', 'PASSED');
      const before = await countRuns(service, shop.project.id);
      const res = await api.post(`/v1/run/${original.shortId}`, { failedOnly: true });
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('no tests to rerun').and.include(original.shortId);
      expect(await countRuns(service, shop.project.id)).to.equal(before);
    });
  });

  describe('projectTestCaseIds', () => {
    it('reruns only the given test cases', async () => {
      const original = await start();
      const res = await api.post(`/v1/run/${original.shortId}`, {
        projectTestCaseIds: [testCaseId('Admin dashboard'), testCaseId('Sign in')],
      });
      expect(res.status).to.equal(200);
      expect(res.body.run.testCount).to.equal(2);
      expect((await rowsOf(res.body.run.id)).map((r) => r.name)).to.have.members(['Admin dashboard', 'Sign in']);
    });

    it('brings the dependencies of a given test case along', async () => {
      const original = await start();
      const res = await api.post(`/v1/run/${original.shortId}`, { projectTestCaseIds: [testCaseId('Checkout')] });
      expect(res.status).to.equal(200);
      expect((await rowsOf(res.body.run.id)).map((r) => r.name)).to.deep.equal(['Sign in', 'Add to cart', 'Checkout']);
    });

    it("takes a run test case's own id (as GET /v1/run answers it) for its test case", async () => {
      const original = await start();
      const view = (await api.get(`/v1/run/${original.shortId}?testCases=all&extensions=true`)).body;
      const adminRow = view.runTestCases.find((t: { name: string }) => t.name === 'Admin dashboard');
      expect(adminRow.projectTestCaseId).to.equal(testCaseId('Admin dashboard'));
      const res = await api.post(`/v1/run/${original.shortId}`, {
        projectTestCaseIds: [adminRow.id, testCaseId('Admin dashboard'), testCaseId('Sign in')],
      });
      expect(res.status).to.equal(200);
      expect(res.body.run.testCount).to.equal(2);
      expect((await rowsOf(res.body.run.id)).map((r) => r.name)).to.have.members(['Admin dashboard', 'Sign in']);
    });

    it('answers 400 for a run test case of another run, saying what to pass', async () => {
      const original = await start();
      const other = await start();
      const otherRow = (await api.get(`/v1/run/${other.shortId}?testCases=all`)).body.runTestCases[0];
      const res = await api.post(`/v1/run/${original.shortId}`, { projectTestCaseIds: [otherRow.id] });
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body))
        .to.include(otherRow.id)
        .and.include(`did not run in run ${original.shortId}`)
        .and.include("Pass the test case's UUID (projectTestCaseId");
    });

    for (const [title, id] of [
      ['a test case of the project that was not in the run', () => testCaseId('Disabled check')],
      ['an unknown test case UUID', () => randomUUID()],
    ] as const) {
      it(`answers 400 naming ${title}, and creates no run`, async () => {
        const original = await start();
        const before = await countRuns(service, shop.project.id);
        const missing = id();
        const res = await api.post(`/v1/run/${original.shortId}`, {
          projectTestCaseIds: [testCaseId('Sign in'), missing],
        });
        expect(res.status).to.equal(400);
        expect(errorMessage(res.body))
          .to.include(missing)
          .and.include('did not run in run')
          .and.not.include(testCaseId('Sign in'));
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    }

    it('answers 400 for an empty list', async () => {
      const original = await start();
      const res = await api.post(`/v1/run/${original.shortId}`, { projectTestCaseIds: [] });
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('no tests to rerun');
    });
  });

  describe('errors', () => {
    let original: { id: string; shortId: string };
    before(async () => {
      original = await start();
    });

    const invalid: { title: string; body?: unknown; raw?: string; says: string[] }[] = [
      {
        title: 'both failedOnly and projectTestCaseIds',
        body: { failedOnly: true, projectTestCaseIds: [randomUUID()] },
        says: ['failedOnly', 'projectTestCaseIds', 'not both'],
      },
      {
        title: 'both, even with failedOnly false',
        body: { failedOnly: false, projectTestCaseIds: [randomUUID()] },
        says: ['not both'],
      },
      { title: 'no body', says: ['JSON object body is required', '{}'] },
      { title: 'a JSON null body', raw: 'null', says: ['must be a JSON object', 'not null'] },
      { title: 'an array body', raw: '[]', says: ['must be a JSON object', 'not an array'] },
      { title: 'malformed JSON', raw: '{failedOnly: true}', says: ['not valid JSON'] },
      { title: 'failedOnly as a string', body: { failedOnly: 'true' }, says: ['failedOnly', 'boolean'] },
      {
        title: 'projectTestCaseIds that are not UUIDs',
        body: { projectTestCaseIds: ['Sign in'] },
        says: ['projectTestCaseIds[0]', 'UUID', '"Sign in"'],
      },
      {
        title: 'projectTestCaseIds as a string',
        body: { projectTestCaseIds: randomUUID() },
        says: ['projectTestCaseIds', 'array'],
      },
    ];
    for (const c of invalid) {
      it(`answers 400 for ${c.title}, and creates no run`, async () => {
        const before = await countRuns(service, shop.project.id);
        const res =
          c.body !== undefined
            ? await api.post(`/v1/run/${original.shortId}`, c.body)
            : await api.request(
                'POST',
                `/v1/run/${original.shortId}`,
                c.raw === undefined ? {} : { raw: c.raw, headers: { 'content-type': 'application/json' } },
              );
        expect(res.status).to.equal(400);
        const message = errorMessage(res.body);
        for (const part of c.says) expect(message).to.include(part);
        expect(await countRuns(service, shop.project.id)).to.equal(before);
      });
    }

    it('answers 400 when the run has no test cases to rerun', async () => {
      const empty = await start();
      await sql(service, 'DELETE FROM run_test_cases WHERE run_id = $1', [empty.id]);
      const res = await api.post(`/v1/run/${empty.shortId}`, {});
      expect(res.status).to.equal(400);
      expect(errorMessage(res.body)).to.include('no tests to rerun');
    });

    it('answers 404 naming an unknown run', async () => {
      const res = await api.post('/v1/run/doesnotexist', {});
      expect(res.status).to.equal(404);
      expect(errorMessage(res.body)).to.include('Run doesnotexist was not found');
    });

    it('ignores unknown fields', async () => {
      const res = await api.post(`/v1/run/${original.shortId}`, { reason: 'flaky' });
      expect(res.status).to.equal(200);
      expect(res.body.run.testCount).to.equal(4);
    });
  });

  it('keeps the attribution, environments and device presets of the original run', async () => {
    const preview = 'https://pr-5.preview.shop.example.com';
    const web = shop.applications.find((a) => a.name === 'web')!;
    const phone = shop.devicePresets.find((p) => p.name === 'Phone')!;
    const original = await start({
      trigger: 'REPOHOST',
      actor: 'octocat',
      branch: 'feature/x',
      commitHash: 'b'.repeat(40),
      commitMessage: 'Try x',
      repository: 'acme/shop',
      applications: [
        { applicationShortId: web.shortId, environment: { url: preview } },
        {
          applicationShortId: shop.applications.find((a) => a.name === 'admin')!.shortId,
          devicePresetShortId: phone.shortId,
        },
      ],
    });
    const res = await api.post(`/v1/run/${original.shortId}`, {});
    expect(res.status).to.equal(200);
    const columns = 'trigger, actor, branch, commit_hash, commit_message, repository, test_plan_id';
    const [before] = await sql(service, `SELECT ${columns} FROM runs WHERE id = $1`, [original.id]);
    const [after] = await sql(service, `SELECT ${columns}, rerun_of_run_id FROM runs WHERE id = $1`, [res.body.run.id]);
    expect(after).to.deep.equal({ ...before, rerun_of_run_id: original.id });
    expect(after!.actor).to.equal('octocat');
    const settings = (rows: Row[]) =>
      rows.map((r) => [r.name, r.environment_id, r.environment_url, r.device_preset_id]);
    const copied = await rowsOf(res.body.run.id);
    expect(settings(copied)).to.deep.equal(settings(await rowsOf(original.id)));
    expect(copied.find((r) => r.name === 'Checkout')!.environment_url).to.equal(preview);
    expect(copied.find((r) => r.name === 'Admin dashboard')!.device_preset_id).to.equal(phone.id);
    // No second preview environment: the rerun reuses the one the original created.
    expect(await sql(service, 'SELECT id FROM environments WHERE url = $1', [preview])).to.have.length(1);
  });
});

describe('POST /v1/run/{shortId} usage limit', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('answers 402 when the organization reached its limit, and creates no run', async () => {
    const tight = await service.apply(shopProject({ organization: 'Tight', project: 'tight', usageLimit: 1 }));
    const api = service.client(await service.token('tight'));
    const original = await api.post('/v1/run', {});
    expect(original.status).to.equal(200);
    const res = await api.post(`/v1/run/${original.body.run.shortId}`, {});
    expect(res.status).to.equal(402);
    expect(errorMessage(res.body)).to.include('usage limit of 1');
    expect(await countRuns(service, tight.project.id)).to.equal(1);
  });
});
