// POST /slack/events: the Slack app's requests (slash commands, interactions), read raw so the
// signature is checked on the bytes Slack signed.
import Router from '@koa/router';
import { readRaw } from '../middlewares/json-body.js';
import type { AppState } from '../state.js';

export type SlackEventsHandler = (request: {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}) => Promise<{ status: number; body: unknown }>;

export function slackRoutes(handle: SlackEventsHandler, bodyLimitBytes: number): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/slack/events', async (ctx) => {
    const rawBody = await readRaw(ctx, bodyLimitBytes);
    const response = await handle({ headers: ctx.req.headers, rawBody });
    ctx.status = response.status;
    // A bare acknowledgement is an empty 200, as Slack expects.
    ctx.body = response.body ?? '';
  });
  return router;
}
