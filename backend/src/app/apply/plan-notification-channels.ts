// The Teams webhook URLs of a project file (and of the dashboard's form), checked with the rules of
// outbound webhooks: a Teams channel's URL is one (docs/webhooks.md). The adapter checks again what
// the host resolves to when it sends.
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import type { NetworkAccess } from '../../domain/url-policy.js';
import { webhookUrlRefusal } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { networkAccess } from '../network-access.js';
import { problemList, type DocPath, type Problem } from './planning.js';

/** What is wrong with a Teams webhook URL that passed the schema (a sentence end after the field name), or null. Also the dashboard's check. */
export function teamsUrlProblem(access: NetworkAccess, webhookUrl: string): string | null {
  // Messages name the scheme and host only: the URL itself is a secret.
  const why = webhookUrlRefusal(webhookUrl, access);
  return why && `may not be used: ${why}`;
}

export function checkNotificationChannels(ctx: AppContext, doc: ProjectFile): { problems: Problem[] } {
  const { problems, problem } = problemList();
  const access = networkAccess(ctx, doc.project.network ?? null);
  const check = (at: DocPath, webhookUrl: string) => {
    const why = teamsUrlProblem(access, webhookUrl);
    if (why) problem(at, why);
  };
  doc.project.notifications?.teams?.forEach((t, i) =>
    check(['project', 'notifications', 'teams', i, 'webhookUrl'], t.webhookUrl),
  );
  doc.testPlans.forEach((p, pi) =>
    p.notifications?.teams?.forEach((t, i) =>
      check(['testPlans', pi, 'notifications', 'teams', i, 'webhookUrl'], t.webhookUrl),
    ),
  );
  const mails = [doc.project.notifications?.email ?? [], ...doc.testPlans.map((p) => p.notifications?.email ?? [])];
  if (!ctx.smtpConfigured && mails.some((m) => m.length > 0))
    ctx.log.warn(
      { event: 'apply.smtp-missing', project: doc.project.name },
      'the project file declares email notifications, but this server has no SMTP server (GOALIE_SMTP_URL): they are skipped until one is configured',
    );
  return { problems };
}
