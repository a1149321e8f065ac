// The jsonb columns of email and Teams channels (projects and test_plans): the Teams webhook URLs
// sealed, with their key and label beside them so reading them needs no decryption.
import type { DeclaredChannels, EmailChannel, TeamsChannelWrite } from '../app/notifications/channels.js';
import type { SecretBox } from './secret-box.js';

export type StoredEmailChannel = EmailChannel;

export interface StoredTeamsChannel {
  /** Sealed. */
  url: string;
  label: string;
  key: string;
  notifyOn: 'always' | 'failure';
}

export function sealTeams(channels: TeamsChannelWrite[] | null, secrets: SecretBox): StoredTeamsChannel[] | null {
  return (
    channels?.map((c) => ({ url: secrets.seal(c.webhookUrl), label: c.label, key: c.key, notifyOn: c.notifyOn })) ??
    null
  );
}

export function declaredChannels(row: {
  emailNotifications: StoredEmailChannel[] | null;
  teamsNotifications: StoredTeamsChannel[] | null;
}): DeclaredChannels {
  return {
    email: row.emailNotifications?.map((e) => ({ to: e.to, notifyOn: e.notifyOn })) ?? null,
    teams:
      row.teamsNotifications?.map((t) => ({
        type: 'teams' as const,
        label: t.label,
        key: t.key,
        notifyOn: t.notifyOn,
      })) ?? null,
  };
}
