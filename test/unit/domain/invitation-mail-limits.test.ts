// How many mails an invitation's form may send: per address, per invitation link and per client
// address, each on its own, and the answer names the first limit reached.
import { expect } from 'chai';
import {
  MAILS_PER_ADDRESS,
  MAILS_PER_CLIENT,
  MAILS_PER_INVITATION,
  invitationMailCounters,
  invitationMailRefused,
} from '../../../backend/src/domain/invitation-mail-limits.js';

describe('domain: invitation mail limits', () => {
  const request = { invitationId: 'inv-1', email: 'ada@example.com', client: '203.0.113.7' };
  const counted = (sent: Record<string, number>) =>
    invitationMailCounters(request).map((c) => ({ ...c, sent: sent[c.kind] ?? 0 }));

  it('counts a mail under its address, its invitation and its client, apart from sign-in failures', () => {
    expect(invitationMailCounters(request).map((c) => c.key)).to.deep.equal([
      'invitation-mail:address:ada@example.com',
      'invitation-mail:invitation:inv-1',
      'invitation-mail:client:203.0.113.7',
    ]);
  });

  const cases: [string, Record<string, number>, string | null][] = [
    ['nothing sent yet', {}, null],
    [
      'one short of every limit',
      { address: MAILS_PER_ADDRESS - 1, invitation: MAILS_PER_INVITATION - 1, client: MAILS_PER_CLIENT - 1 },
      null,
    ],
    ['the address limit, whoever asked', { address: MAILS_PER_ADDRESS }, 'address'],
    ['the invitation limit, over many addresses', { invitation: MAILS_PER_INVITATION }, 'invitation'],
    ['the client limit, over many invitations', { client: MAILS_PER_CLIENT }, 'client'],
    ['several at once: the address is named first', { address: 99, invitation: 99, client: 99 }, 'address'],
  ];
  for (const [what, sent, refused] of cases)
    it(`${what} → ${refused ?? 'sent'}`, () => {
      expect(invitationMailRefused(counted(sent))).to.equal(refused);
    });
});
