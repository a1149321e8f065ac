// A project with a long secret (a 10,000-character key: a certificate chain, a kubeconfig) whose
// execution fails with an error quoting it: the burn-in ends FAILED and the run test case ERROR,
// each with a message in which the key is its placeholder; nothing logged or stored holds it.
// The workers are generateTestCase and executeRunTestCase calls with an executor that throws, on
// real PostgreSQL.
import { expect } from 'chai';
import { generateTestCase } from '../../backend/src/app/generate-test-case.js';
import { executeRunTestCase } from '../../backend/src/app/run-engine/execute-run-test-case.js';
import type { TestExecutor } from '../../backend/src/app/ports/test-executor.js';
import { loggerInto } from '../helpers/log-lines.js';
import { startTestService, type TestService } from '../helpers/service.js';

const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const KEY = Array.from({ length: 10_000 }, (_, i) => chars[(i * 7919 + (i >> 5)) % chars.length]).join('');

/** An executor that fails the way a typing error would, quoting the value (as it is, and JSON-escaped). */
const throwing: TestExecutor = {
  execute: () => Promise.reject(new Error(`could not type "${KEY}" into #key (${JSON.stringify(KEY)})`)),
};

describe('a failure quoting a long secret', () => {
  let service: TestService;
  const logs: { level: number; msg: string }[] = [];
  const q = (sql: string, params: unknown[] = []) => service.runtime.dataSource.query(sql, params);

  before(async () => {
    service = await startTestService({}, { logger: loggerInto(logs, 'debug') });
    await service.apply(`
organization: { name: Keys }
project: { name: keys }
applications:
  - name: A
    environments: [{ name: e, url: "http://127.0.0.1:9/", default: true }]
configs:
  - name: c
    values:
      key: { secret: ${JSON.stringify(KEY)} }
testCases:
  - name: Deploy
    application: A
    goal: Paste {{config.key}} into the key field
    expectedResult: "'Deployed' is shown"
    configs: [c]
testPlans:
  - name: All
    default: true
    testCases: [Deploy]
`);
  });
  after(() => service.close());

  const leaks = (text: string) => text.includes(KEY.slice(0, 64)) || text.includes(KEY.slice(5000, 5064));

  it('ends the burn-in FAILED with the key as its placeholder', async () => {
    const [{ id }] = await q(`SELECT id FROM test_cases WHERE name = 'Deploy'`);
    expect(await generateTestCase(service.runtime.app, throwing, id)).to.equal('FAILED');
    const [row] = await q(`SELECT generation_status, generation_error FROM test_cases WHERE id = $1`, [id]);
    expect(row.generation_status).to.equal('FAILED');
    expect(row.generation_error).to.include('{{config.key}}');
    expect(leaks(row.generation_error)).to.equal(false);
    expect(logs.filter((line) => leaks(JSON.stringify(line))).map((line) => line.msg)).to.deep.equal([]);
  });

  it('ends the run test case ERROR with the key as its placeholder', async () => {
    await q(`UPDATE test_cases SET generation_status = 'COMPLETED'`);
    const api = service.client(await service.token('keys'));
    const { body } = await api.post('/v1/run', {});
    const [{ id }] = await q(
      `SELECT rtc.id FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id WHERE r.short_id = $1`,
      [body.run.shortId],
    );
    await executeRunTestCase(
      service.runtime.app,
      { workerId: 'w1', executor: throwing, projectParallelism: 20 },
      { runTestCaseId: id, attempt: 0 },
    );
    const [row] = await q(`SELECT status, error_message, evaluation_thought FROM run_test_cases WHERE id = $1`, [id]);
    expect(row.status).to.equal('ERROR');
    expect(row.error_message).to.include('{{config.key}}');
    expect(leaks(`${row.error_message} ${row.evaluation_thought}`)).to.equal(false);
    expect(logs.filter((line) => leaks(JSON.stringify(line))).map((line) => line.msg)).to.deep.equal([]);
  });
});
