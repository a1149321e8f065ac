// The Teams webhook URLs of a project file, checked against the address rules of previews
// (docs/security.md): never a metadata, link-local or reserved address; loopback and private
// addresses only where the project (or the server's default) allows them; https except to those.
// The adapter checks again what the host resolves to when it sends.
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { webhookUrlRefusal } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { networkAccess } from '../network-access.js';
import { problemList, type DocPath, type Problem } from './planning.js';

export function checkNotificationChannels(ctx: AppContext, doc: ProjectFile): { problems: Problem[] } {
  const { problems, problem } = problemList();
  // The rules of outbound webhooks: a Teams channel's URL is one (its messages name the host only).
  const access = networkAccess(ctx, doc.project.network ?? null);
  const check = (at: DocPath, webhookUrl: string) => {
    const why = webhookUrlRefusal(webhookUrl, access);
    if (why) problem(at, `may not be used: ${why}`);
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
