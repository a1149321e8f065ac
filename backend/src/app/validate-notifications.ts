// Per-run Slack notifications: checked before the run is created (spec, POST /run 400 conditions).
import type { AppContext } from './context.js';
import { BadRequest } from './errors.js';
import type { Caller, NotificationRequest } from './records.js';

/** Thrown by the Slack adapter when Slack refuses the bot token itself (a definite answer, not an outage). */
export class SlackBotTokenRejected extends Error {
  constructor(readonly code: string) {
    super(`Slack rejected the bot token: ${code}`);
  }
}

export async function validateNotifications(
  ctx: AppContext,
  caller: Caller,
  requested: readonly { type: 'slack'; channel: string; notifyOn?: 'always' | 'failure' }[],
): Promise<NotificationRequest[]> {
  const { project } = caller;
  if (project.sshTunnelProxy) {
    throw new BadRequest(
      `Project ${project.name} has an SSH tunnel proxy enabled, and per-run notification overrides do not work with it. ` +
        'Remove `notifications` from the request; the project and test plan notification settings still apply.',
    );
  }
  const botToken = await ctx.store.projects.slackBotToken(project.id);
  if (!botToken) {
    throw new BadRequest(
      `Slack is not configured for project ${project.name}. Add \`project.slack.botToken\` to the project YAML and run \`goalie apply\`, or remove \`notifications\`.`,
    );
  }
  const channels = [...new Set(requested.map((n) => n.channel))];
  let inaccessible: string[] = [];
  try {
    inaccessible = await ctx.slack.inaccessibleChannels(botToken, channels);
  } catch (error) {
    if (error instanceof SlackBotTokenRejected) {
      throw new BadRequest(
        `Slack rejected the bot token of project ${project.name} (${error.code}), so the bot cannot post to any channel. ` +
          'Set a valid `project.slack.botToken` (it starts with xoxb-) in the project YAML and run `goalie apply`, or remove `notifications`.',
      );
    }
    // Slack being down must not stop a run; the notification job reports its own failure later.
    ctx.log.warn({ err: error, channels }, 'could not check Slack channel access; accepting the channels');
  }
  if (inaccessible.length > 0) {
    throw new BadRequest(
      `The Goalie Slack bot cannot post to channel${inaccessible.length === 1 ? '' : 's'} ${inaccessible.join(', ')}. ` +
        'Invite the bot to the channel (/invite @Goalie) or check the channel ID (right-click the channel, Copy link: the ID starts with C).',
    );
  }
  return requested.map((n) => ({ type: 'slack', channel: n.channel, notifyOn: n.notifyOn ?? 'always' }));
}
