// A burn-in that ends FAILED, whether its goal could not be recorded or its worker was lost twice:
// the row, the burn_in.failed webhook and, once committed, the log line, in the caller's transaction.
import { burnInFailedData } from '../domain/webhooks.js';
import { burnInFailed } from './activity-log.js';
import type { AppContext } from './context.js';
import type { Repositories } from './ports/store.js';
import { queueWebhookEvent } from './webhooks/queue-webhooks.js';

/** A burn-in ends FAILED: the row, the burn_in.failed webhook and, once committed, the log line. */
export async function failBurnIn(
  ctx: AppContext,
  tx: Repositories,
  testCase: { id: string; name: string; projectId: string },
  error: string,
): Promise<void> {
  await tx.execution.finishGeneration(testCase.id, { status: 'FAILED', error }, ctx.now());
  const url = ctx.links.testCase(testCase.id);
  await queueWebhookEvent(ctx, tx, testCase.projectId, 'burn_in.failed', burnInFailedData(testCase, error, url));
  tx.afterCommit(() => burnInFailed(ctx.log, testCase, error, url));
}
