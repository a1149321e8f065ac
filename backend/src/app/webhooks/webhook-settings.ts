// Settings › Integrations › Webhooks: an admin adds, removes or re-enables an outbound webhook from the
// dashboard. The same rules as `project.webhooks` in the project file (its schema, and where the URL may
// point under the project's network settings); the next apply of a file with a `webhooks` list makes
// the endpoints exactly that list again (docs/webhooks.md).
import { randomBytes } from 'node:crypto';
import { describeIssue, formatIssues } from '../../../../shared/src/api/validation.js';
import { projectWebhook } from '../../../../shared/src/project-file/schema.js';
import { webhookUrlRefusal } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { BadRequest, Conflict, NotFound } from '../errors.js';
import { projectNetworkAccess } from '../network-access.js';
import type { Repositories } from '../ports/store.js';

export interface WebhookInput {
  /** Blank: the URL names it, as in the project file. */
  name: string;
  url: string;
  events: string[];
  /** Blank: Goalie makes one and shows it once. */
  secret: string;
}

/** A secret Goalie generates: 32 random bytes in hex, what docs/webhooks.md suggests (`openssl rand -hex 32`). */
const generatedSecret = () => randomBytes(32).toString('hex');

const ENDPOINT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Adds the endpoint; returns its name, and the secret when Goalie generated it (shown this once). */
export async function addWebhook(
  ctx: AppContext,
  projectId: string,
  input: WebhookInput,
): Promise<{ name: string; generatedSecret: string | null }> {
  const secret = input.secret.trim() || generatedSecret();
  const parsed = projectWebhook.safeParse(
    {
      name: input.name.trim() || undefined,
      url: input.url.trim(),
      events: input.events,
      secret,
    },
    { error: describeIssue },
  );
  if (!parsed.success) throw new BadRequest(`The webhook ${formatIssues(parsed.error.issues, 'webhook')}.`);
  const webhook = parsed.data;
  const why = webhookUrlRefusal(webhook.url, await projectNetworkAccess(ctx, projectId));
  if (why) throw new BadRequest(`The webhook URL may not be used: ${why}.`);
  const name = webhook.name ?? webhook.url;
  const added = await ctx.store.transaction((tx) =>
    tx.webhooks.addEndpoint(projectId, { name, url: webhook.url, events: webhook.events!, secret }),
  );
  if (!added)
    throw new Conflict(`The project already has a webhook named ${JSON.stringify(name)}: give this one another name.`);
  return { name, generatedSecret: input.secret.trim() ? null : secret };
}

/** Runs a change of one of the project's endpoints; its name, or NotFound when it has none such. */
async function changeEndpoint(
  ctx: AppContext,
  endpointId: string,
  change: (tx: Repositories) => Promise<string | null>,
): Promise<string> {
  const name = ENDPOINT_ID.test(endpointId) ? await ctx.store.transaction(change) : null;
  if (name === null) throw new NotFound('This project has no such webhook: it may have been removed already.');
  return name;
}

/** Removes the endpoint with its deliveries; returns its name. */
export const removeWebhook = (ctx: AppContext, projectId: string, endpointId: string) =>
  changeEndpoint(ctx, endpointId, (tx) => tx.webhooks.removeEndpoint(projectId, endpointId));

/** Enables an endpoint again that was disabled (a 410 Gone from its receiver); returns its name. */
export const enableWebhook = (ctx: AppContext, projectId: string, endpointId: string) =>
  changeEndpoint(ctx, endpointId, (tx) => tx.webhooks.enableEndpoint(projectId, endpointId));
