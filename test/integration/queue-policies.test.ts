// What pg-boss gets as each queue's retries and expiry: the production policies unless a test
// shortens the wait before a retry (startBoss's retryDelaySeconds), and a later start with the
// defaults puts them back (policies are written on every start, and jobs copy them when queued).
import { expect } from 'chai';
import pg from 'pg';
import { startBoss } from '../../backend/src/jobs/pg-boss-queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/postgres.js';

// pg-boss keeps null where a policy says nothing (no wait, no backoff).
interface Row {
  name: string;
  retry_limit: number;
  retry_delay: number | null;
  retry_backoff: boolean | null;
  expire_seconds: number;
}

describe('the job queues policies in pg-boss', () => {
  let db: TestDatabase;
  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => {
    await db?.drop();
  });

  async function startAndRead(retryDelaySeconds?: number): Promise<Record<string, Omit<Row, 'name'>>> {
    const boss = await startBoss(db.url, { supervise: false, onError: () => {}, retryDelaySeconds });
    await boss.stop({ graceful: false, close: true, wait: true });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<Row>(
        'SELECT name, retry_limit, retry_delay, retry_backoff, expire_seconds FROM pgboss.queue ORDER BY name',
      );
      return Object.fromEntries(rows.map(({ name, ...policy }) => [name, policy]));
    } finally {
      await client.end();
    }
  }

  const production = {
    'generate-test-case': { retry_limit: 1, retry_delay: null, retry_backoff: null, expire_seconds: 900 },
    notify: { retry_limit: 4, retry_delay: 20, retry_backoff: true, expire_seconds: 60 },
    review: { retry_limit: 3, retry_delay: 10, retry_backoff: true, expire_seconds: 1800 },
    'run-test-case': { retry_limit: 0, retry_delay: null, retry_backoff: null, expire_seconds: 1800 },
    'try-goal': { retry_limit: 0, retry_delay: null, retry_backoff: null, expire_seconds: 900 },
    webhook: { retry_limit: 2, retry_delay: 30, retry_backoff: null, expire_seconds: 60 },
  };

  it('a short retry delay replaces the wait of every queue that waits, and nothing else', async () => {
    expect(await startAndRead(1)).to.deep.equal({
      ...production,
      notify: { ...production.notify, retry_delay: 1 },
      review: { ...production.review, retry_delay: 1 },
      webhook: { ...production.webhook, retry_delay: 1 },
    });
  });

  it('without it (as goalie serve and worker start), the production policies, also over a short one', async () => {
    expect(await startAndRead()).to.deep.equal(production);
  });
});
