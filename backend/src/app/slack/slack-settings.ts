// Settings › Integrations › Slack: the project's Slack app credentials, default channel and when it
// hears of runs. The same fields as `project.slack` in the project file; a file that names them sets
// them again at its next apply, one that leaves them out keeps what was saved here.
import { SLACK_CHANNEL_ID } from '../../../../shared/src/project-file/schema.js';
import { BadRequest } from '../errors.js';
import type { AppContext } from '../context.js';

export interface SlackSettingsInput {
  /** Blank keeps the stored one. */
  botToken: string;
  signingSecret: string;
  /** Blank: no default channel. */
  defaultChannel: string;
  notifyOn: string;
  /** Remove the bot token and signing secret: Slack off for this project. */
  disconnect: boolean;
}

/** What is wrong with the input, each problem a sentence that says how to fix it; empty when nothing is. */
export function slackSettingsProblems(input: SlackSettingsInput): string[] {
  const problems: string[] = [];
  const channel = input.defaultChannel.trim();
  if (channel && !SLACK_CHANNEL_ID.test(channel))
    problems.push(
      `The default channel must be a Slack channel ID such as C0123456789 (right-click the channel, Copy link); "${channel}" is not one.`,
    );
  if (input.notifyOn !== 'always' && input.notifyOn !== 'failure')
    problems.push('When to post must be "always" or "failure".');
  const token = input.botToken.trim();
  if (token && !token.startsWith('xoxb-'))
    problems.push(
      'The bot token is the "Bot User OAuth Token" of the Slack app (OAuth & Permissions); it starts with xoxb-.',
    );
  if (/\s/.test(input.signingSecret.trim()))
    problems.push('The signing secret (Basic Information › App Credentials) has no spaces.');
  return problems;
}

export async function saveSlackSettings(ctx: AppContext, projectId: string, input: SlackSettingsInput): Promise<void> {
  const problems = slackSettingsProblems(input);
  if (problems.length) throw new BadRequest(problems.join(' '));
  const token = input.botToken.trim();
  const signing = input.signingSecret.trim();
  await ctx.store.projects.updateSlack(projectId, {
    botToken: input.disconnect ? null : token || undefined,
    signingSecret: input.disconnect ? null : signing || undefined,
    defaultChannel: input.defaultChannel.trim() || null,
    notifyOn: input.notifyOn as 'always' | 'failure',
  });
}
