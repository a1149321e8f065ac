// Settings › Integrations › Email and Teams: the project's default email recipients and Teams channel,
// which plans without channels of their own use. Checked as apply checks `project.notifications` (the
// same schemas, the same Teams URL rules under the project's network settings); the Teams URL is a
// secret, sealed like apply's and never shown again: a blank field keeps the stored one.
import { describeIssue, formatIssues } from '../../../../shared/src/api/validation.js';
import { emailChannels, notifyOn, teamsChannels } from '../../../../shared/src/project-file/notification-channels.js';
import { teamsUrlProblem } from '../apply/plan-notification-channels.js';
import type { AppContext } from '../context.js';
import { BadRequest } from '../errors.js';
import { projectNetworkAccess } from '../network-access.js';
import { teamsChannel, type EmailChannel, type TeamsChannelWrite } from './channels.js';

export interface NotificationDefaultsInput {
  /** Addresses separated by commas, spaces or lines; blank: no email default. */
  emails: string;
  emailNotifyOn: string;
  /** Blank: keep the stored URL (if any). */
  teamsUrl: string;
  teamsNotifyOn: string;
  removeTeams: boolean;
}

type Issues = Parameters<typeof formatIssues>[0];
/** One channel was parsed as a list of one: its messages name the field without the list's index. */
const refused = (what: string, issues: Issues) =>
  new BadRequest(
    `${what}: ${formatIssues(
      issues.map((i) => ({ ...i, path: i.path.slice(1) })),
      'notifyOn',
    )}.`,
  );

export async function saveNotificationDefaults(
  ctx: AppContext,
  projectId: string,
  input: NotificationDefaultsInput,
): Promise<void> {
  const to = input.emails.split(/[\s,;]+/).filter(Boolean);
  let email: EmailChannel[] | null = null;
  if (to.length) {
    const parsed = emailChannels.safeParse([{ to, notifyOn: input.emailNotifyOn }], { error: describeIssue });
    if (!parsed.success) throw refused('Email', parsed.error.issues);
    email = parsed.data;
  }

  let teams: TeamsChannelWrite[] | null | { notifyOn: 'always' | 'failure' } = null;
  const url = input.teamsUrl.trim();
  if (!input.removeTeams && url) {
    const parsed = teamsChannels.safeParse([{ webhookUrl: url, notifyOn: input.teamsNotifyOn }], {
      error: describeIssue,
    });
    if (!parsed.success) throw refused('Teams', parsed.error.issues);
    const why = teamsUrlProblem(await projectNetworkAccess(ctx, projectId), parsed.data[0]!.webhookUrl);
    if (why) throw new BadRequest(`Teams: the webhook URL ${why}.`);
    teams = parsed.data.map(teamsChannel);
  } else if (!input.removeTeams) {
    const when = notifyOn.safeParse(input.teamsNotifyOn, { error: describeIssue });
    if (!when.success) throw new BadRequest(`Teams: ${formatIssues(when.error.issues, 'notifyOn')}.`);
    teams = { notifyOn: when.data };
  }
  await ctx.store.transaction((tx) => tx.projects.updateNotificationDefaults(projectId, { email, teams }));
}
