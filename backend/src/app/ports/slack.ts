// The Slack port, as far as starting a run needs it. The Slack issue adds sending.

export interface SlackChannels {
  /** The channels among `channels` the bot behind `botToken` cannot post to. Throws when Slack cannot be asked. */
  inaccessibleChannels(botToken: string, channels: string[]): Promise<string[]>;
}
