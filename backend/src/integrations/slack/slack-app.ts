// The Slack app (@slack/bolt): slash commands and the "Rerun failed" button, arriving at
// POST /slack/events. Bolt runs the listeners; this receiver feeds it requests that passed the
// signature check, and hands back what the listener acknowledged.
import { App, verifySlackRequest, type Receiver, type ReceiverEvent } from '@slack/bolt';
import type { AppContext } from '../../app/context.js';
import { RERUN_FAILED_ACTION } from '../../app/notifications/slack-messages.js';
import type { SlackMessenger } from '../../app/ports/slack.js';
import { handleCommand, handleRerunFailed, type SlackReply } from '../../app/slack/slack-commands.js';
import { settleWithin } from '../../settle-within.js';

export interface SlackRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface SlackResponse {
  status: number;
  body: unknown;
}

export type SlackEvents = (request: SlackRequest) => Promise<SlackResponse>;

/** Bolt's Receiver, driven by our HTTP server instead of its own. */
class ForwardingReceiver implements Receiver {
  app: App | null = null;
  init(app: App): void {
    this.app = app;
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

const header = (headers: SlackRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Slack's own timeout is 3 s: acknowledge within it, whatever the listener still does. */
const ACK_TIMEOUT_MS = 2500;

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes('application/json')) return JSON.parse(raw) as Record<string, unknown>;
  const form = Object.fromEntries(new URLSearchParams(raw));
  // Interactions come as one form field `payload` holding JSON.
  return typeof form.payload === 'string' ? (JSON.parse(form.payload) as Record<string, unknown>) : form;
}

const toBolt = (r: SlackReply) => ({ response_type: r.responseType, text: r.text, blocks: r.blocks });

/** Slack's own limit: a request dated further from now, either way, is refused. */
const MAX_CLOCK_DISTANCE_SECONDS = 5 * 60;

export function createSlackEvents(ctx: AppContext, slack: SlackMessenger): SlackEvents {
  const receiver = new ForwardingReceiver();
  const app = new App({
    receiver,
    // Per project: the bot token of the project the request's channel belongs to (set by the route).
    authorize: async () => ({}),
    logLevel: undefined,
    ignoreSelf: false,
  });

  app.command('/goalie', async ({ command, ack, context }) => {
    const answer = await handleCommand(ctx, {
      text: command.text,
      channel: command.channel_id,
      userName: command.user_name,
      verifiedProjectIds: context.verifiedProjectIds as string[],
    });
    await ack(toBolt(answer));
  });

  app.action(RERUN_FAILED_ACTION, async ({ body, action, ack, context }) => {
    await ack();
    const channel = (body as { channel?: { id?: string } }).channel?.id ?? '';
    const message = (body as { message?: { ts?: string } }).message;
    const answer = await handleRerunFailed(ctx, {
      runShortId: (action as { value?: string }).value ?? '',
      userName:
        (body as { user?: { username?: string; name?: string } }).user?.username ??
        (body as { user?: { name?: string } }).user?.name ??
        'someone',
      verifiedProjectIds: context.verifiedProjectIds as string[],
    });
    // The answer goes in the summary's thread, posted with the bot of the run's project (the channel
    // may be one the project only posted a run's summary to).
    const botToken = answer.projectId
      ? await ctx.store.projects.slackBotToken(answer.projectId)
      : (context.projectBotToken as string | null);
    if (botToken)
      await slack.post(botToken, channel, { text: answer.text, blocks: answer.blocks, threadTs: message?.ts });
    else
      ctx.log.warn(
        { channel, run: (action as { value?: string }).value },
        'Rerun failed: no Slack bot token to answer with',
      );
  });

  // "Open run" is a link: Slack still sends its click, which needs only an acknowledgement.
  app.action('open_run', async ({ ack }) => {
    await ack();
  });

  app.error(async (error) => {
    ctx.log.error({ err: error }, 'Slack app listener failed');
  });

  return async (request) => {
    const raw = request.rawBody.toString('utf8');
    const signature = header(request.headers, 'x-slack-signature');
    const timestamp = header(request.headers, 'x-slack-request-timestamp');
    if (!signature || !timestamp)
      return {
        status: 401,
        body: {
          message:
            "Missing X-Slack-Signature or X-Slack-Request-Timestamp: requests must come from Slack, signed with the app's signing secret.",
        },
      };
    // Bolt refuses requests older than five minutes, not ones dated ahead, which could be replayed until then.
    if (!(Math.abs(ctx.now().getTime() / 1000 - Number(timestamp)) <= MAX_CLOCK_DISTANCE_SECONDS)) {
      return {
        status: 401,
        body: {
          message:
            "X-Slack-Request-Timestamp is more than five minutes away from now: the request is replayed, or this server's clock is wrong (keep it synchronised, e.g. with NTP).",
        },
      };
    }
    // Verified before the body is read: which projects' signing secret signed it?
    const verified = (await ctx.store.projects.slackSigningSecrets()).filter(({ signingSecret }) => {
      try {
        verifySlackRequest({
          signingSecret,
          body: raw,
          headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': Number(timestamp) },
        });
        return true;
      } catch {
        return false;
      }
    });
    if (!verified.length)
      return {
        status: 401,
        body: {
          message:
            "The Slack signature does not match any project's signing secret (or the request is older than 5 minutes).",
        },
      };

    let body: Record<string, unknown>;
    try {
      body = parseBody(raw, header(request.headers, 'content-type'));
    } catch {
      return { status: 400, body: { message: 'The Slack request body is not form data or JSON.' } };
    }
    if (body.type === 'url_verification') return { status: 200, body: { challenge: body.challenge } };

    const channel = String(
      (body.channel_id as string | undefined) ?? (body.channel as { id?: string } | undefined)?.id ?? '',
    );
    const verifiedProjectIds = verified.map((v) => v.projectId);
    const connected = channel
      ? (await ctx.store.projects.connectedToChannel(channel)).find((p) => verifiedProjectIds.includes(p.id))
      : undefined;
    const projectBotToken = connected ? await ctx.store.projects.slackBotToken(connected.id) : null;

    let acknowledge!: (response: unknown) => void;
    const acked = new Promise<unknown>((resolve) => (acknowledge = resolve));
    const event: ReceiverEvent = {
      body,
      ack: async (response?: unknown) => acknowledge(response ?? ''),
      customProperties: { verifiedProjectIds, projectBotToken },
      retryNum: Number(header(request.headers, 'x-slack-retry-num') ?? 0) || undefined,
      retryReason: header(request.headers, 'x-slack-retry-reason'),
    };
    const processing = receiver
      .app!.processEvent(event)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'Slack event failed'));
    const response = await settleWithin(Promise.race([acked, processing.then(() => acked)]), ACK_TIMEOUT_MS, () => '');
    return { status: 200, body: response };
  };
}
