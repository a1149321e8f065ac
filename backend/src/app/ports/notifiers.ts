// Email (SMTP) and Microsoft Teams (a Workflows webhook): where run notifications go besides Slack.
// Adapters in integrations/email and integrations/teams.
import type { NetworkAccess } from '../../domain/url-policy.js';

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(to: readonly string[], message: EmailMessage): Promise<void>;
}

export interface TeamsPoster {
  /**
   * POSTs `message` as JSON, to an address the outbound webhook rules allow under `access` (the
   * adapter checks every address the URL's host resolves to before connecting).
   */
  post(url: string, message: unknown, access: NetworkAccess): Promise<void>;
}

/** A definite refusal (a refused address, a 4xx other than 408 and 429): trying again changes nothing. */
export class PermanentDeliveryFailure extends Error {}
