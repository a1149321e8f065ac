// Waiting for every notification job to be done: none queued, running or waiting for a retry
// (retries are made due at once: the queue's backoff starts at 20 s).
import type { TestService } from './service.js';
import { waitFor } from './wait.js';

export function notificationsSettled(service: TestService): Promise<boolean> {
  const q = (sql: string) => service.runtime.dataSource.query(sql);
  return waitFor(
    'the notification jobs',
    async () => {
      await q(`UPDATE pgboss.job SET start_after = now() WHERE name = 'notify' AND state = 'retry'`);
      const [row] = await q(
        `SELECT count(*)::int n FROM pgboss.job WHERE name = 'notify' AND state IN ('created', 'retry', 'active')`,
      );
      return row.n === 0;
    },
    60_000,
    100,
  );
}
