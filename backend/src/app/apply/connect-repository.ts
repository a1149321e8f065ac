// After an apply or a settings change: the repository's webhook on the host, created or refreshed.
import type { RepositorySummary } from '../../../../shared/src/project-file/apply-summary.js';
import { excerpt, MESSAGE_CHARS } from '../../domain/excerpt.js';

export type { RepositorySummary };
import { hostApiUrlRefusal } from '../../domain/host-api-url.js';
import type { AppContext } from '../context.js';
import { projectNetworkAccess } from '../network-access.js';
import type { ConnectionRecord } from '../ports/review-store.js';
import { platformFor } from '../review/review-context.js';

/**
 * Saving the settings creates or refreshes the webhook on the host (after the transaction: the host
 * is another system). A failure is stored and reported; the settings stay saved, and applying again
 * retries.
 */
export async function connectRepository(ctx: AppContext, connectionId: string): Promise<RepositorySummary> {
  const connection = (await ctx.store.reviews.connectionById(connectionId))!;
  const webhookUrl = ctx.links.webhook(connection.host, connection.shortId);
  const { credentials } = connection;
  const auth: RepositorySummary['auth'] =
    credentials.kind === 'app'
      ? { kind: 'app', appId: credentials.appId, installationId: credentials.installationId }
      : { kind: 'token' };
  const base = {
    shortId: connection.shortId,
    host: connection.host,
    repository: connection.repository,
    auth,
    webhookUrl,
  };
  const refused = await hostApiRefusal(ctx, connection);
  if (refused) {
    await ctx.store.reviews.setWebhook(connection.id, connection.webhookId, refused);
    return { ...base, webhook: { ok: false, error: refused } };
  }
  try {
    const hook = await platformFor(ctx, connection).ensureWebhook(webhookUrl, connection.webhookSecret);
    await ctx.store.reviews.setWebhook(connection.id, hook.id, null);
    return { ...base, webhook: { ok: true, created: hook.created, id: hook.id } };
  } catch (error) {
    // Kept short whatever the error: the settings page and `goalie project` show it.
    const message = excerpt((error as Error).message, MESSAGE_CHARS);
    await ctx.store.reviews.setWebhook(connection.id, connection.webhookId, message);
    ctx.log.warn({ err: error, repository: connection.repository }, 'could not set up the repository webhook');
    return { ...base, webhook: { ok: false, error: message } };
  }
}

/**
 * Why Goalie may not call the stored connection's API URL now, as a sentence that says what to change;
 * null when it may. Checked again as it is used: the project's network settings may have changed, or
 * the row was stored before the rules.
 */
export async function hostApiRefusal(
  ctx: AppContext,
  connection: Pick<ConnectionRecord, 'projectId' | 'apiUrl'>,
): Promise<string | null> {
  const access = await projectNetworkAccess(ctx, connection.projectId);
  const why = hostApiUrlRefusal(connection.apiUrl, access, ctx.browserNetwork?.ownPorts ?? []);
  return why
    ? `Goalie does not call the repository's API URL: ${why}. Change repository.url (or project.network) in the project file and run \`goalie apply\`.`
    : null;
}
