// Posting Adaptive Card messages to a Teams Workflows webhook URL: one checked, pinned POST
// (integrations/http/checked-post.ts). No retries here: the queue retries 5xx, 408, 429, timeouts
// and network errors; other answers are definite. Messages name the host only: the URL's query is
// the channel's secret.
import { PermanentDeliveryFailure, type TeamsPoster } from '../../app/ports/notifiers.js';
import { webhookAddressRefusal } from '../../domain/webhooks.js';
import { AddressRefused, checkedPost, NoAnswer } from '../http/checked-post.js';
import { machineOwnPorts } from '../http/own-ports.js';

/** `ownPorts`: Goalie's API, database and metrics ports, which a Teams URL may never reach on this machine. */
export function teamsWebhook(options: { ownPorts: number[]; timeoutMs?: number }): TeamsPoster {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const own = machineOwnPorts(options.ownPorts);
  return {
    async post(rawUrl, message, access) {
      const url = new URL(rawUrl);
      // The rules of outbound webhooks, checked for every address the host resolves to.
      const refuse = (address: string) => webhookAddressRefusal(url, address, access, own);
      let answer: { status: number; body: string };
      try {
        answer = await checkedPost(url, { 'content-type': 'application/json' }, JSON.stringify(message), {
          timeoutMs,
          keepBytes: 500,
          refuse,
        });
      } catch (error) {
        if (error instanceof AddressRefused) throw new PermanentDeliveryFailure(error.message);
        if (error instanceof NoAnswer)
          throw new Error(`${url.host} did not answer within ${error.seconds} s`, { cause: error });
        throw error;
      }
      const { status, body } = answer;
      if (status >= 200 && status < 300) return;
      const what = `${url.host} answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`;
      if (status >= 500 || status === 408 || status === 429) throw new Error(what);
      throw new PermanentDeliveryFailure(status >= 300 && status < 400 ? `${what} (redirects are not followed)` : what);
    },
  };
}
