// Posting messages through the Slack Web API client (SLACK_API_URL points it at a fake in tests).
// No retries here: the notification job is retried with backoff by the queue.
import { WebClient } from '@slack/web-api';
import type { SlackMessenger } from '../../app/ports/slack.js';

export function slackMessenger(options: { apiUrl: string; timeoutMs?: number }): SlackMessenger {
  const clients = new Map<string, WebClient>();
  const client = (token: string) => {
    let c = clients.get(token);
    if (!c) {
      c = new WebClient(token, { slackApiUrl: options.apiUrl, timeout: options.timeoutMs ?? 10_000, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });
      clients.set(token, c);
    }
    return c;
  };
  return {
    async post(botToken, channel, message) {
      const answer = await client(botToken).chat.postMessage({ channel, text: message.text, blocks: message.blocks as never, thread_ts: message.threadTs, unfurl_links: false });
      return { ts: String(answer.ts ?? '') };
    },
  };
}
