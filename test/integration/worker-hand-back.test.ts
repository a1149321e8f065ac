// A worker stopping while it holds a burn-in gives the job back to the queue (hand-back-work.ts).
// The aborted burn-in itself returns at once without an error (the scripted executor does, as the
// browser executor may); the stopping worker must then not complete the job, or the hand-back finds
// nothing to give back and the burn-in stays GENERATING for good (seen in worker-shutdown's storm).
// Real queue and database, a scripted executor in place of the browser.
import { expect } from 'chai';
import { Worker } from '../../backend/src/jobs/worker.js';
import { shopProject } from '../fixtures/projects.js';
import { ScriptedExecutor } from '../helpers/scripted-executor.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { waitFor } from '../helpers/wait.js';

describe('a worker stopping while it holds a burn-in', () => {
  let service: TestService;
  const workers: Worker[] = [];
  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    service.runtime.dataSource.query<T[]>(sql, params);
  const startWorker = async (executor: ScriptedExecutor) => {
    const worker = new Worker(service.runtime.app, service.runtime.boss, executor, {
      databaseUrl: service.runtime.databaseUrl,
      concurrency: 8,
      projectParallelism: 20,
    });
    workers.push(worker);
    await worker.start();
    return worker;
  };

  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    for (const worker of workers) await worker.stop(1000);
    await service.close();
  });

  it('hands it back to the queue, not completed, and another worker burns it in', async () => {
    const held = new ScriptedExecutor({ Checkout: { gate: new Promise<void>(() => {}) } });
    const leaving = await startWorker(held);
    await service.apply(shopProject());
    await held.startedFor('Checkout');
    const [testCase] = await q<{ id: string }>(`SELECT id FROM test_cases WHERE name = 'Checkout'`);
    await leaving.stop(50);

    const jobs = await q<{ state: string; lost: string | null }>(
      `SELECT state, data->>'lost' AS lost FROM pgboss.job WHERE name = 'generate-test-case' AND data->>'testCaseId' = $1 ORDER BY created_on`,
      [testCase!.id],
    );
    // Given up, and queued again as it was: a hand-back is not a loss.
    expect(jobs).to.deep.equal([
      { state: 'cancelled', lost: null },
      { state: 'created', lost: '0' },
    ]);
    const [before] = await q(`SELECT generation_status FROM test_cases WHERE id = $1`, [testCase!.id]);
    expect(before).to.deep.equal({ generation_status: 'GENERATING' });

    await startWorker(new ScriptedExecutor());
    await waitFor(
      'the burn-in on the other worker',
      async () =>
        (
          await q<{ generation_status: string }>(`SELECT generation_status FROM test_cases WHERE id = $1`, [
            testCase!.id,
          ])
        )[0]!.generation_status === 'COMPLETED',
    );
  });
});
