// After an apply or a settings change: the repository's webhook on the host, created or refreshed.
import type { AppContext } from '../context.js';
import { platformFor } from '../review/review-context.js';

export interface RepositorySummary {
  shortId: string;
  host: 'github' | 'gitlab';
  repository: string;
  /** How Goalie signs in to the host; never the secret itself. */
  auth: { kind: 'token' } | { kind: 'app'; appId: number; installationId: number };
  webhookUrl: string;
  /** created, updated, or the reason it could not be set up. */
  webhook: { ok: true; created: boolean; id: string } | { ok: false; error: string };
}

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
  try {
    const hook = await platformFor(ctx, connection).ensureWebhook(webhookUrl, connection.webhookSecret);
    await ctx.store.reviews.setWebhook(connection.id, hook.id, null);
    return { ...base, webhook: { ok: true, created: hook.created, id: hook.id } };
  } catch (error) {
    const message = (error as Error).message;
    await ctx.store.reviews.setWebhook(connection.id, connection.webhookId, message);
    ctx.log.warn({ err: error, repository: connection.repository }, 'could not set up the repository webhook');
    return { ...base, webhook: { ok: false, error: message } };
  }
}
