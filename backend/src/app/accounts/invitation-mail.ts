// The mail an invitation's form sends (invitation-sign-up.ts): to a new address, the link that makes
// the account; to an address with an account, how to sign in and join. Pure: the invitation and links
// in, a message out. One subject for both, and names from the organization are escaped in the HTML.
import { html, oneLine } from '../notifications/email-text.js';
import type { InvitationRecord } from '../ports/accounts.js';
import type { EmailMessage } from '../ports/notifiers.js';

/** A paragraph: its text, and a link shown after it. */
type Paragraph = { text: string; link?: string };

function mail(invitation: InvitationRecord, paragraphs: Paragraph[]): EmailMessage {
  const title = `Join ${invitation.organizationName} on Goalie`;
  const asked = `Someone with an invitation link asked to join ${invitation.organizationName} on Goalie as ${invitation.role} with this address.`;
  const all = [{ text: asked }, ...paragraphs];
  return {
    subject: oneLine(title),
    text: `${all.map((p) => (p.link ? `${p.text}\n${p.link}` : p.text)).join('\n\n')}\n`,
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; color: #1f2328">',
      `<h2 style="font-size: 18px">${html(title)}</h2>`,
      ...all.map((p) => `<p>${html(p.text)}${p.link ? `<br><a href="${html(p.link)}">${html(p.link)}</a>` : ''}</p>`),
      '</body></html>',
    ].join('\n'),
  };
}

/** To an address without an account: the link that makes it and joins. */
export function signUpMail(invitation: InvitationRecord, link: string, hours: number): EmailMessage {
  return mail(invitation, [
    {
      text: `To make your Goalie account and join, open this link within ${hours} hours and choose your name and password:`,
      link,
    },
    { text: 'If you did not ask for this, ignore this mail: nothing is made without the link.' },
  ]);
}

/** To an address with an account: it has one, and how to sign in and join. */
export function existingAccountMail(invitation: InvitationRecord, signInLink: string): EmailMessage {
  return mail(invitation, [
    {
      text: 'You already have a Goalie account with this address. To join, sign in and press Join on the invitation page:',
      link: signInLink,
    },
    {
      text: 'Forgot your password? Ask an administrator of your Goalie for a password reset link, or sign in with GitHub or GitLab if you linked one on your account page.',
    },
    { text: 'If you did not ask for this, ignore this mail: nothing changes unless you sign in and join.' },
  ]);
}
