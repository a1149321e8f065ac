// One attempt of a webhook delivery (the 'webhook' job): sign, POST, record the attempt, and queue
// the next attempt when it failed (domain/webhooks.ts has the schedule). Failures are warnings in
// the log and rows in the database; they never touch the run or the review the event is about.
import { nextWebhookAttempt, WEBHOOK_ATTEMPTS, webhookHeaders } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { projectNetworkAccess } from '../network-access.js';
import { maskedWebhookUrl } from '../notifications/channels.js';
import type { WebhookAttempt, WebhookSender } from '../ports/webhooks.js';

export interface WebhookDelivery {
  sender: WebhookSender;
  /** Goalie's version, for the User-Agent. */
  version: string;
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'given-up' | 'disabled' | 'skipped';

export async function deliverWebhook(
  ctx: AppContext,
  deps: WebhookDelivery,
  deliveryId: string,
): Promise<DeliveryOutcome> {
  // Read without holding a transaction over the HTTP call; a job is taken by one worker at a time.
  const delivery = await ctx.store.webhooks.findDelivery(deliveryId);
  if (!delivery || delivery.deliveredAt || delivery.attempts >= WEBHOOK_ATTEMPTS) return 'skipped';
  const { endpoint } = delivery;
  // Logs show the URL masked: Discord, Slack and Mattermost hook URLs carry their token in the path,
  // and a webhook named in no other way is named by its URL.
  const url = maskedWebhookUrl(endpoint.url);
  const name = endpoint.name === endpoint.url ? url : endpoint.name;
  const about = { event: delivery.event, deliveryId, webhook: name, url };
  if (!endpoint.enabled) {
    ctx.log.info(about, `webhook "${name}" is disabled: ${delivery.event} delivery ${deliveryId} not sent`);
    return 'skipped';
  }

  const body = JSON.stringify(delivery.payload);
  const started = ctx.now();
  const timestamp = Math.floor(started.getTime() / 1000);
  const headers = webhookHeaders(deps.version, delivery.event, deliveryId, endpoint.secret, timestamp, body);
  const clock = Date.now();
  let attempt: WebhookAttempt;
  try {
    const access = await projectNetworkAccess(ctx, endpoint.projectId);
    const response = await deps.sender.post(endpoint.url, headers, body, access);
    attempt = {
      at: started.toISOString(),
      statusCode: response.status,
      error: response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`,
      durationMs: Date.now() - clock,
      response: response.body || null,
    };
  } catch (error) {
    attempt = {
      at: started.toISOString(),
      statusCode: null,
      error: (error as Error).message ?? String(error),
      durationMs: Date.now() - clock,
      response: null,
    };
  }

  const number = delivery.attempts + 1;
  const now = ctx.now();
  const delivered = attempt.error === null;
  // 410 Gone: the receiver says the endpoint is no more; it stays off until the next apply names it
  // or an admin enables it again (Settings › Webhooks).
  const gone = attempt.statusCode === 410;
  const next = delivered || gone ? null : nextWebhookAttempt(number, now);
  await ctx.store.transaction(async (tx) => {
    await tx.webhooks.recordAttempt(deliveryId, attempt, { deliveredAt: delivered ? now : null, nextAttemptAt: next });
    if (gone) await tx.webhooks.disableEndpoint(endpoint.id, `answered 410 Gone at ${now.toISOString()}`);
    if (next) await ctx.queue.enqueue([{ queue: 'webhook', data: { deliveryId }, startAfter: next }], tx.sql);
  });

  const fields = { ...about, attempt: number, attempts: WEBHOOK_ATTEMPTS, statusCode: attempt.statusCode };
  const what = `webhook "${name}" ${delivery.event} delivery ${deliveryId}`;
  if (delivered) {
    ctx.log.info({ ...fields, durationMs: attempt.durationMs }, `${what} delivered (HTTP ${attempt.statusCode})`);
    return 'delivered';
  }
  if (gone) {
    ctx.log.warn(fields, `${what} answered 410 Gone: webhook disabled until the next goalie apply that names it`);
    return 'disabled';
  }
  if (next) {
    ctx.log.warn(
      { ...fields, error: attempt.error, nextAttemptAt: next.toISOString() },
      `${what} failed (attempt ${number} of ${WEBHOOK_ATTEMPTS}): ${attempt.error}; trying again at ${next.toISOString()}`,
    );
    return 'retry';
  }
  ctx.log.warn({ ...fields, error: attempt.error }, `${what} failed ${number} times, given up: ${attempt.error}`);
  return 'given-up';
}
