// How many mails an invitation's form may send (docs/security.md). Anyone holding an open invitation
// link can type any address into it, so without limits Goalie would mail whoever they like. Counted
// per address (one person is not flooded, whoever asks), per invitation link (a link shared with a
// team still stops) and per client address (one client cannot go from link to link).

export const INVITATION_MAIL_WINDOW_MS = 60 * 60_000;
/** Mails to one address in the window, from any invitation and client: a person may ask again twice. */
export const MAILS_PER_ADDRESS = 3;
/** Mails one invitation link sends in the window: a link shared with a team of this size still works. */
export const MAILS_PER_INVITATION = 20;
/** Mails asked for from one client address in the window, across invitations. */
export const MAILS_PER_CLIENT = 20;

export type InvitationMailLimit = 'address' | 'invitation' | 'client';

export interface InvitationMailCounter {
  /** What the mails are counted under. */
  key: string;
  limit: number;
  kind: InvitationMailLimit;
}

/** The counters an invitation mail to `email`, asked for by `client`, is checked against and adds to. */
export function invitationMailCounters(request: {
  invitationId: string;
  email: string;
  client: string;
}): InvitationMailCounter[] {
  return [
    { key: `invitation-mail:address:${request.email}`, limit: MAILS_PER_ADDRESS, kind: 'address' },
    { key: `invitation-mail:invitation:${request.invitationId}`, limit: MAILS_PER_INVITATION, kind: 'invitation' },
    { key: `invitation-mail:client:${request.client}`, limit: MAILS_PER_CLIENT, kind: 'client' },
  ];
}

/** The first limit reached within the window, in the order above (what the answer names), or null. */
export function invitationMailRefused(
  counted: readonly (InvitationMailCounter & { sent: number })[],
): InvitationMailLimit | null {
  return counted.find((c) => c.sent >= c.limit)?.kind ?? null;
}
