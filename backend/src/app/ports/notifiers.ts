// Email (SMTP) and Microsoft Teams (a Workflows webhook): where run notifications go besides Slack.
// Adapters in integrations/email and integrations/teams.

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
   * POSTs `message` as JSON. `refuse` says why an address the URL's host resolves to may not be
   * reached, as a whole sentence (null: it may); the adapter asks it of every address before connecting.
   */
  post(url: string, message: unknown, refuse: (address: string) => string | null): Promise<void>;
}

/** A definite refusal (a refused address, a 4xx other than 408 and 429): trying again changes nothing. */
export class PermanentDeliveryFailure extends Error {}
