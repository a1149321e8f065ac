// Text from outside (names from project files, what a person typed, a tested page's words) in Slack's
// mrkdwn. Escaped so it makes no link, mention or @channel of its own: Slack reads <…> as markup.

/** Slack's mrkdwn escapes: &, < and > only. */
export const slackText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
