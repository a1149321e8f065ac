// Repository host webhooks: POST /webhooks/github/<connection> and /webhooks/gitlab/<connection>.
// The body is read raw (bounded) and handed over unparsed: it is verified before it is read.
import Router from '@koa/router';
import type { AppContext } from '../../../app/context.js';
import { NotFound } from '../../../app/errors.js';
import type { WebhookOutcome } from '../../../app/ports/metrics.js';
import { handleWebhook } from '../../../app/review/handle-webhook.js';
import { readRaw } from '../../middlewares/json-body.js';
import type { AppState } from '../../state.js';

/** The outcome of a delivery handled, from what handle-webhook answered. */
function deliveryOutcome(message: string): WebhookOutcome {
  if (/^delivery .* was already handled$/.test(message)) return 'duplicate';
  if (message.startsWith('ignored')) return 'ignored';
  return 'accepted';
}

export function webhookRoutes(app: AppContext, bodyLimitBytes: number): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/webhooks' });
  router.post('/:host/:connection', async (ctx) => {
    const host = ctx.params.host;
    if (host !== 'github' && host !== 'gitlab')
      throw new NotFound(`Webhooks are for github or gitlab, not ${JSON.stringify(host)}.`);
    // Payloads with large diffs need room: at least 5 MB whatever the API's body limit is.
    let message: string;
    try {
      const rawBody = await readRaw(ctx, Math.max(bodyLimitBytes, 5 * 1024 * 1024));
      message = await handleWebhook(app, host, ctx.params.connection!, { headers: ctx.req.headers, rawBody });
    } catch (error) {
      // Refused (a bad signature, an unknown connection, a body too large) or failed.
      const status = (error as { status?: number }).status ?? 500;
      app.metrics?.webhookDelivery(host, status < 500 ? 'refused' : 'error');
      throw error;
    }
    app.metrics?.webhookDelivery(host, deliveryOutcome(message));
    ctx.state.log.info({ host, connection: ctx.params.connection, outcome: message }, 'webhook');
    ctx.body = { message };
  });
  return router;
}
