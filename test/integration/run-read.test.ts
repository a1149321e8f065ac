import { expect } from 'chai';
import type { ApplySummary } from '../../backend/src/app/apply-project.js';
import { shopProject } from '../fixtures/projects.js';
import { errorMessage, sql } from '../helpers/project-yaml.js';
import { startTestService, type ApiClient, type TestService } from '../helpers/service.js';

describe('GET /v1/run/{shortId}', () => {
  let service: TestService;
  let api: ApiClient;
  let shop: ApplySummary;
  let run: { id: string; shortId: string };

  const setOutcome = (
    name: string,
    status: string,
    result: string | null,
    extra: { resultTitle?: string; evaluationThought?: string } = {},
  ) =>
    sql(
      service,
      'UPDATE run_test_cases SET status = $3, result = $4, result_title = $5, evaluation_thought = $6 WHERE run_id = $1 AND name = $2',
      [run.id, name, status, result, extra.resultTitle ?? null, extra.evaluationThought ?? null],
    );

  before(async () => {
    service = await startTestService();
    shop = await service.apply(shopProject());
    api = service.client(await service.token('shop'));
    const started = await api.post('/v1/run', {});
    expect(started.status).to.equal(200);
    run = started.body.run;
  });
  after(() => service.close());

  it('reads a fresh run as INITIATED with result null and no test cases when testCases is omitted', async () => {
    const res = await api.get(`/v1/run/${run.shortId}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      id: run.id,
      shortId: run.shortId,
      status: 'INITIATED',
      result: null,
      runTestCases: [],
    });
  });

  it('lists every test case with its fields for testCases=all', async () => {
    const res = await api.get(`/v1/run/${run.shortId}?testCases=all`);
    expect(res.status).to.equal(200);
    expect(res.body.runTestCases).to.have.length(4);
    const rows = await sql(
      service,
      'SELECT id, short_id, name FROM run_test_cases WHERE run_id = $1 ORDER BY position',
      [run.id],
    );
    expect(
      res.body.runTestCases.map((tc: { id: string; shortId: string; name: string }) => ({
        id: tc.id,
        short_id: tc.shortId,
        name: tc.name,
      })),
    ).to.deep.equal(rows);
    const signIn = res.body.runTestCases.find((tc: { name: string }) => tc.name === 'Sign in');
    expect(signIn).to.deep.include({
      status: 'PENDING',
      result: null,
      resultTitle: null,
      evaluationThought: null,
      promptGoal: "Go to /login. Log in with config 'admin login'",
      promptExamples: null,
    });
  });

  it("with extensions=true, gives each test case's own UUID and its times, null until it ran", async () => {
    const rows = await sql<{ id: string; test_case_id: string }>(
      service,
      'SELECT id, test_case_id FROM run_test_cases WHERE run_id = $1',
      [run.id],
    );
    const first = rows[0]!;
    await sql(
      service,
      "UPDATE run_test_cases SET started_at = '2026-11-26T01:02:03.456+02:00', finished_at = '2026-11-25T23:02:15.5Z' WHERE id = $1",
      [first.id],
    );
    const res = await api.get(`/v1/run/${run.shortId}?testCases=all&extensions=true`);
    for (const row of rows) {
      const tc = res.body.runTestCases.find((t: { id: string }) => t.id === row.id);
      expect(tc.projectTestCaseId).to.equal(row.test_case_id);
      if (row === first)
        expect(tc).to.include({ startedAt: '2026-11-25T23:02:03.456Z', finishedAt: '2026-11-25T23:02:15.500Z' });
      else expect(tc).to.include({ startedAt: null, finishedAt: null });
    }
    await sql(service, 'UPDATE run_test_cases SET started_at = NULL, finished_at = NULL WHERE id = $1', [first.id]);
  });

  it('refuses an extensions value other than true or false, saying what it takes', async () => {
    const res = await api.get(`/v1/run/${run.shortId}?extensions=yes`);
    expect(res.status).to.equal(400);
    expect(res.body.message).to.match(/extensions=true/);
  });

  describe('with outcomes', () => {
    before(async () => {
      await setOutcome('Sign in', 'COMPLETED', 'PASSED', {
        resultTitle: 'Signed in',
        evaluationThought: 'Welcome was shown.',
      });
      await setOutcome('Add to cart', 'COMPLETED', 'FAILED', {
        resultTitle: 'Cart stayed empty',
        evaluationThought: "'1 item' never appeared.",
      });
      await setOutcome('Checkout', 'SKIPPED', 'SKIPPED');
      await setOutcome('Admin dashboard', 'ERROR', null, { resultTitle: 'Browser crashed' });
      await sql(service, "UPDATE runs SET status = 'COMPLETED', result = 'FAILED' WHERE id = $1", [run.id]);
    });

    it('lists only failed, skipped and errored test cases for testCases=failed', async () => {
      const res = await api.get(`/v1/run/${run.shortId}?testCases=failed`);
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal('COMPLETED');
      expect(res.body.result).to.equal('FAILED');
      const byName = Object.fromEntries(res.body.runTestCases.map((tc: { name: string }) => [tc.name, tc]));
      expect(Object.keys(byName)).to.have.members(['Add to cart', 'Checkout', 'Admin dashboard']);
      expect(byName['Add to cart']).to.include({
        status: 'COMPLETED',
        result: 'FAILED',
        resultTitle: 'Cart stayed empty',
        evaluationThought: "'1 item' never appeared.",
      });
      expect(byName['Checkout']).to.include({ status: 'SKIPPED', result: 'SKIPPED' });
      expect(byName['Admin dashboard']).to.include({ status: 'ERROR', result: null, resultTitle: 'Browser crashed' });
    });

    it('still lists every test case for testCases=all', async () => {
      const res = await api.get(`/v1/run/${run.shortId}?testCases=all`);
      expect(res.status).to.equal(200);
      expect(
        res.body.runTestCases.map((tc: { name: string; result: string | null }) => [tc.name, tc.result]),
      ).to.have.deep.members([
        ['Sign in', 'PASSED'],
        ['Add to cart', 'FAILED'],
        ['Checkout', 'SKIPPED'],
        ['Admin dashboard', null],
      ]);
    });

    it('gives an empty list for testCases=failed when everything passed', async () => {
      const other = (
        await api.post('/v1/run', { testPlanShortId: shop.testPlans.find((p) => p.name === 'Admin only')!.shortId })
      ).body.run;
      await sql(service, "UPDATE run_test_cases SET status = 'COMPLETED', result = 'PASSED' WHERE run_id = $1", [
        other.id,
      ]);
      await sql(service, "UPDATE runs SET status = 'COMPLETED', result = 'PASSED' WHERE id = $1", [other.id]);
      const res = await api.get(`/v1/run/${other.shortId}?testCases=failed`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'COMPLETED', result: 'PASSED', runTestCases: [] });
    });
  });

  it("answers the exact bytes JSON.stringify writes, in the API's field order, whatever the text holds", async () => {
    const other = (await api.post('/v1/run', {})).body.run;
    // Quotes, backslashes, control characters, line and paragraph separators, astral and combining characters, HTML.
    const tricky = 'He said "ok" \\ then\n\ttab\r\u0001\u001f\u007f \u2028\u2029 😀 é <b>&amp;</b> </script>';
    await sql(
      service,
      "UPDATE run_test_cases SET status = 'COMPLETED', result = 'FAILED', result_title = $2, evaluation_thought = $2, prompt_examples = $2, healed = $3 WHERE run_id = $1",
      [other.id, tricky, JSON.stringify([{ index: 1, sentence: tricky, before: tricky, after: 'b', change: 'typo' }])],
    );
    await sql(service, "UPDATE runs SET status = 'COMPLETED', result = 'FAILED' WHERE id = $1", [other.id]);
    const SPEC = [
      'id',
      'shortId',
      'name',
      'status',
      'result',
      'resultTitle',
      'evaluationThought',
      'promptGoal',
      'promptExamples',
    ];
    for (const query of [
      '',
      '?testCases=all',
      '?testCases=failed',
      '?testCases=all&extensions=false',
      '?testCases=all&extensions=true',
    ]) {
      const response = await fetch(`${service.baseUrl}/v1/run/${other.shortId}${query}`, {
        headers: { authorization: `Bearer ${await service.token('shop')}` },
      });
      expect(response.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      const text = await response.text();
      const parsed = JSON.parse(text);
      expect(text).to.equal(JSON.stringify(parsed));
      expect(Object.keys(parsed)).to.deep.equal(['id', 'shortId', 'status', 'result', 'runTestCases']);
      if (!query) continue;
      expect(parsed.runTestCases).to.have.length(4);
      for (const tc of parsed.runTestCases) {
        // The specification's fields only, unless Goalie's extensions were asked for.
        expect(Object.keys(tc)).to.deep.equal(
          query.endsWith('extensions=true')
            ? [...SPEC, 'projectTestCaseId', 'startedAt', 'finishedAt', 'healed']
            : SPEC,
        );
        expect(tc).to.deep.include({ resultTitle: tricky, evaluationThought: tricky, promptExamples: tricky });
        // Heals count their steps from 1 in the API, as every message does.
        if (query.endsWith('extensions=true'))
          expect(tc.healed).to.deep.equal([{ step: 2, sentence: tricky, before: tricky, after: 'b', change: 'typo' }]);
      }
    }
  });

  it('shows result null while the run is RUNNING, whatever is stored', async () => {
    const other = (await api.post('/v1/run', {})).body.run;
    await sql(service, "UPDATE runs SET status = 'RUNNING', result = 'PASSED' WHERE id = $1", [other.id]);
    const res = await api.get(`/v1/run/${other.shortId}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.include({ status: 'RUNNING', result: null });
  });

  const badQueries: { query: string; says: string[] }[] = [
    { query: 'testCases=bogus', says: ['testCases=bogus', 'testCases=failed', 'testCases=all'] },
    { query: 'testCases=', says: ['testCases=', 'testCases=failed'] },
    { query: 'testCases=ALL', says: ['testCases=ALL'] },
    { query: 'testCases=all&testCases=failed', says: ['once'] },
  ];
  for (const c of badQueries) {
    it(`answers 400 for ?${c.query}`, async () => {
      const res = await api.get(`/v1/run/${run.shortId}?${c.query}`);
      expect(res.status).to.equal(400);
      const message = errorMessage(res.body);
      for (const part of c.says) expect(message).to.include(part);
    });
  }

  it('answers 404 naming an unknown run', async () => {
    const res = await api.get('/v1/run/doesnotexist');
    expect(res.status).to.equal(404);
    expect(errorMessage(res.body)).to.include('Run doesnotexist was not found');
  });
});
