// What the steps of a review share: the host of its repository connection and its run's test cases.
import type { RunTestCase } from '../../../../shared/src/api/types.js';
import { toApiRunTestCase } from '../api-shapes.js';
import type { AppContext } from '../context.js';
import { projectNetworkAccess } from '../network-access.js';
import type { ChangeRequestPlatform } from '../ports/change-request-platform.js';
import type { ConnectionRecord } from '../ports/review-store.js';
import type { Repositories } from '../ports/store.js';

export function platformFor(ctx: AppContext, connection: ConnectionRecord): ChangeRequestPlatform {
  return ctx.platforms.platform({
    host: connection.host,
    apiUrl: connection.apiUrl,
    repository: connection.repository,
    credentials: connection.credentials,
    network: () => projectNetworkAccess(ctx, connection.projectId),
  });
}

export async function runTestCasesOf(store: Pick<Repositories, 'runs'>, runId: string | null): Promise<RunTestCase[]> {
  if (!runId) return [];
  return (await store.runs.testCasesOf(runId)).map(toApiRunTestCase);
}
