// Posting messages through the Slack Web API client (SLACK_API_URL points it at a fake in tests).
// No retries here: the notification job is retried with backoff by the queue.
import type { SlackMessenger } from '../../app/ports/slack.js';
import { slackClients } from './slack-web-api.js';

export function slackMessenger(options: { apiUrl: string; timeoutMs?: number }): SlackMessenger {
  const client = slackClients({ apiUrl: options.apiUrl, timeoutMs: options.timeoutMs ?? 10_000, retries: 0 });
  return {
    async post(botToken, channel, message) {
      const answer = await client(botToken).chat.postMessage({
        channel,
        text: message.text,
        blocks: message.blocks as never,
        thread_ts: message.threadTs,
        unfurl_links: false,
      });
      return { ts: String(answer.ts ?? '') };
    },
  };
}
