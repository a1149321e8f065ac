// Email and Teams channels as apply writes them and runs get them. A Teams webhook URL is a secret
// (whoever has it can post to the channel): it is stored sealed, and everywhere else it is known by
// its `key` (a SHA-256 fingerprint) and shown as its `label` (origin and the start of the key).
import { createHash } from 'node:crypto';
import type { EmailNotification, TeamsNotification } from '../records.js';

export type NotifyOn = 'always' | 'failure';

export interface EmailChannel {
  to: string[];
  notifyOn: NotifyOn;
}

/** As written by apply: the plain URL, which the store seals. */
export interface TeamsChannelWrite {
  webhookUrl: string;
  label: string;
  key: string;
  notifyOn: NotifyOn;
}

export function teamsKey(webhookUrl: string): string {
  return createHash('sha256').update(webhookUrl).digest('hex').slice(0, 32);
}

/** What people and logs see of a webhook URL: https://host/… #1a2b3c */
export function maskedWebhookUrl(webhookUrl: string, key = teamsKey(webhookUrl)): string {
  let origin = 'webhook';
  try {
    origin = new URL(webhookUrl).origin;
  } catch {
    // Checked by the project file's schema; a label never throws.
  }
  return `${origin}/… #${key.slice(0, 6)}`;
}

export function teamsChannel(channel: { webhookUrl: string; notifyOn: NotifyOn }): TeamsChannelWrite {
  const key = teamsKey(channel.webhookUrl);
  return { ...channel, key, label: maskedWebhookUrl(channel.webhookUrl, key) };
}

/** A plan's (or the project's) channels of both kinds; null for a kind it declares none of. */
export interface DeclaredChannels {
  email: EmailChannel[] | null;
  teams: TeamsNotification[] | null;
}

/** The run's email and Teams notifications: the plan's of a kind, else the project's. */
export function resolveChannels(
  plan: DeclaredChannels,
  project: DeclaredChannels,
): (EmailNotification | TeamsNotification)[] {
  const email = (plan.email ?? project.email ?? []).map((e): EmailNotification => ({ type: 'email', ...e }));
  return [...email, ...(plan.teams ?? project.teams ?? [])];
}
