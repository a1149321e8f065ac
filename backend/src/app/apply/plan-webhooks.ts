// The project's outbound webhooks (`project.webhooks`): where each URL may point, checked against the
// network settings this same file gives (or the server's defaults). Left out of the file: the stored
// endpoints stay as they are.
import { WEBHOOK_EVENTS, type ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { webhookUrlRefusal } from '../../domain/webhooks.js';
import type { AppContext } from '../context.js';
import { networkAccess } from '../network-access.js';
import type { WebhookEndpointWrite } from '../ports/webhooks.js';
import { problemList, type Problem } from './planning.js';

export interface WebhooksPlan {
  /** undefined: the file does not mention webhooks. */
  webhooks: WebhookEndpointWrite[] | undefined;
  problems: Problem[];
}

export function planWebhooks(ctx: AppContext, doc: ProjectFile): WebhooksPlan {
  const { problems, problem } = problemList();
  const declared = doc.project.webhooks;
  if (!declared) return { webhooks: undefined, problems };
  const access = networkAccess(ctx, doc.project.network ?? null);
  const webhooks = declared.map((w, index) => {
    const why = webhookUrlRefusal(w.url, access);
    if (why) problem(['project', 'webhooks', index, 'url'], `may not be used: ${why}`);
    return { name: w.name ?? w.url, url: w.url, events: w.events ?? [...WEBHOOK_EVENTS], secret: w.secret };
  });
  return { webhooks, problems };
}
