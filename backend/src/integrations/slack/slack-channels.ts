// Can the bot post to these channels? Asked through conversations.info, one channel at a time.
import type { SlackChannels } from '../../app/ports/slack.js';
import { SlackBotTokenRejected } from '../../app/validate-notifications.js';
import { asSlackApiError, SlackApiError, slackClients, type SlackCallOptions } from './slack-web-api.js';

// Answers that mean "this bot cannot see or use the channel"; anything else is Slack failing.
const NO_ACCESS = new Set(['channel_not_found', 'not_in_channel', 'is_archived', 'missing_scope', 'access_denied']);
// Answers that mean the bot token itself is no good: no channel is usable, and the fix is the token.
const TOKEN_REJECTED = new Set(['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked', 'token_expired']);

// Asked while a run is being started, which no queue retries: two quick tries more ride out a blip,
// and a Slack still down after them lets the run start (validate-notifications.ts).
export function slackChannels(options: SlackCallOptions): SlackChannels {
  const client = slackClients({ retries: 2, ...options });
  return {
    async inaccessibleChannels(botToken, channels) {
      const results = await Promise.all(
        channels.map(async (channel) => {
          try {
            const answer = await client(botToken).conversations.info({ channel });
            const info = answer.channel ?? {};
            const usable =
              !info.is_archived && (info.is_member === true || info.is_im === true || info.is_mpim === true);
            return usable ? null : channel;
          } catch (caught) {
            const error = asSlackApiError('conversations.info', caught);
            if (error instanceof SlackApiError && NO_ACCESS.has(error.code)) return channel;
            if (error instanceof SlackApiError && TOKEN_REJECTED.has(error.code))
              throw new SlackBotTokenRejected(error.code);
            throw error;
          }
        }),
      );
      return results.filter((c): c is string => c !== null);
    },
  };
}
