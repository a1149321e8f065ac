// Waiting until every burn-in of a test service has ended (a worker must be running).
import type { TestService } from './service.js';
import { waitFor } from './wait.js';

export async function waitForBurnIns(service: TestService, timeoutMs = 90_000): Promise<void> {
  await waitFor(
    'the burn-ins',
    async () =>
      (
        await service.runtime.dataSource.query<{ n: number }[]>(
          `SELECT count(*)::int n FROM test_cases WHERE generation_status = 'GENERATING'`,
        )
      )[0]!.n === 0,
    timeoutMs,
    100,
  );
}
