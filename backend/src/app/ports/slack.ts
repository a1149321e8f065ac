// The Slack port, as far as starting a run needs it. The Slack issue adds sending.

export interface SlackChannels {
  /** The channels among `channels` the bot behind `botToken` cannot post to. Throws when Slack cannot be asked. */
  inaccessibleChannels(botToken: string, channels: string[]): Promise<string[]>;
}

/** A Block Kit message: `text` is the fallback shown in notifications. */
export interface SlackMessage {
  text: string;
  blocks: Record<string, unknown>[];
  /** Reply in a thread. */
  threadTs?: string;
}

export interface SlackMessenger {
  /** Posts to a channel; throws when Slack refuses or cannot be reached (the job retries). */
  post(botToken: string, channel: string, message: SlackMessage): Promise<{ ts: string }>;
}
