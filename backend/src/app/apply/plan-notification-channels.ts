// The Teams webhook URLs of a project file, checked against the address rules of previews
// (docs/security.md): never a metadata, link-local or reserved address; loopback and private
// addresses only where the project (or the server's default) allows them; https except to those.
// The adapter checks again what the host resolves to when it sends.
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { hostKind, urlRefusal, type NetworkAccess } from '../../domain/url-policy.js';
import type { AppContext } from '../context.js';
import { networkAccess } from '../network-access.js';
import { problemList, type DocPath, type Problem } from './planning.js';

/** What is wrong with a Teams webhook URL that passed the schema (a sentence end after the field name), or null. Also the dashboard's check. */
export function teamsUrlProblem(ctx: AppContext, access: NetworkAccess, webhookUrl: string): string | null {
  const own = { ports: ctx.browserNetwork?.ownPorts ?? [], isOwnAddress: () => false };
  const url = new URL(webhookUrl);
  // The URL itself is a secret: messages name its host only.
  const why = urlRefusal(webhookUrl, access, own);
  if (why) return `may not be used: ${why.replace(/the browser/g, 'Goalie')}`;
  const kind = hostKind(url.hostname);
  if (url.protocol === 'http:' && kind !== 'loopback' && kind !== 'private')
    return `must be an https URL (http only to a loopback or private address), not http://${url.host}/…`;
  return null;
}

export function checkNotificationChannels(ctx: AppContext, doc: ProjectFile): { problems: Problem[] } {
  const { problems, problem } = problemList();
  const access = networkAccess(ctx, {
    allowLoopback: doc.project.network?.allowLoopback ?? null,
    allowPrivate: doc.project.network?.allowPrivate ?? null,
  });
  const check = (at: DocPath, webhookUrl: string) => {
    const why = teamsUrlProblem(ctx, access, webhookUrl);
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
