// Delivers webhooks: one checked, pinned POST per attempt (integrations/http/checked-post.ts), with
// the webhook address rules (domain/webhooks.ts), Goalie's own ports included.
import type { WebhookSender } from '../../app/ports/webhooks.js';
import { webhookAddressRefusal } from '../../domain/webhooks.js';
import { AddressRefused, checkedPost, type ResolvedAddress } from '../http/checked-post.js';
import { machineOwnPorts } from '../http/own-ports.js';

/** How much of a response is kept for the record. */
export const WEBHOOK_RESPONSE_BYTES = 1024;

export interface HttpWebhookSenderOptions {
  /** Per attempt, connection to last byte; default 10 s. */
  timeoutMs?: number;
  /** Goalie's API, database and metrics ports: never a webhook's destination on this machine. */
  ownPorts: number[];
  /** Injected by tests; the system resolver otherwise. */
  lookup?: (host: string) => Promise<ResolvedAddress[]>;
}

export function httpWebhookSender(options: HttpWebhookSenderOptions): WebhookSender {
  const own = machineOwnPorts(options.ownPorts);

  return {
    async post(raw, headers, body, access) {
      const url = new URL(raw);
      try {
        return await checkedPost(url, headers, body, {
          timeoutMs: options.timeoutMs ?? 10_000,
          keepBytes: WEBHOOK_RESPONSE_BYTES,
          refuse: (address) => webhookAddressRefusal(url, address, access, own),
          ...(options.lookup ? { resolve: options.lookup } : {}),
        });
      } catch (error) {
        throw error instanceof AddressRefused ? new Error(`refused: ${error.message}`) : error;
      }
    },
  };
}
