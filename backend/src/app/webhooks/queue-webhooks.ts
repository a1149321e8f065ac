// Webhook events are written with the change they describe: a delivery row per subscribed endpoint
// and its first job, in the caller's transaction. An event of a change that rolls back is never sent.
import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '../../../../shared/src/project-file/schema.js';
import { webhookPayload } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import type { Repositories } from '../ports/store.js';

export async function queueWebhookEvent(
  ctx: AppContext,
  tx: Repositories,
  projectId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const { slug, endpointIds } = await tx.webhooks.subscribers(projectId, event);
  if (!endpointIds.length) return;
  const now = ctx.now();
  const deliveries = endpointIds.map((endpointId) => {
    const id = randomUUID();
    return { id, endpointId, event, payload: webhookPayload(id, event, now, { id: projectId, slug }, data) };
  });
  await tx.webhooks.createDeliveries(deliveries, now);
  await ctx.queue.enqueue(
    deliveries.map((d) => ({ queue: 'webhook', data: { deliveryId: d.id } })),
    tx.sql,
  );
}
