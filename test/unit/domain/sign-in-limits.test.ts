// Whose failed sign-ins count, and when signing in is refused: a browser that signed in to the account
// before is judged by its own failures only; every other client by the address's and its own.
import { expect } from 'chai';
import {
  FAILURES_PER_CLIENT,
  FAILURES_PER_DEVICE,
  FAILURES_PER_EMAIL,
  signInCounters,
  signInRefused,
} from '../../../backend/src/domain/sign-in-limits.js';

describe('domain: sign-in limits', () => {
  const stranger = { email: 'owner@example.com', address: '203.0.113.7', device: null };
  const owner = { email: 'owner@example.com', address: '203.0.113.7', device: 'dev-1' };

  it('counts a client without a device by the address it signs in to and by its client address', () => {
    expect(signInCounters(stranger)).to.deep.equal([
      { key: 'email:owner@example.com', limit: FAILURES_PER_EMAIL },
      { key: 'client:203.0.113.7', limit: FAILURES_PER_CLIENT },
    ]);
  });

  it("counts a browser that signed in before by its own failures only: a stranger's guesses are not its", () => {
    expect(signInCounters(owner)).to.deep.equal([{ key: 'device:dev-1', limit: FAILURES_PER_DEVICE }]);
  });

  const cases: [string, typeof stranger | typeof owner, Record<string, number>, boolean][] = [
    ['no failures', stranger, {}, false],
    ['one failure short of the address limit', stranger, { 'email:owner@example.com': FAILURES_PER_EMAIL - 1 }, false],
    ['the address limit, from any client address', stranger, { 'email:owner@example.com': FAILURES_PER_EMAIL }, true],
    ['the client address limit, over many accounts', stranger, { 'client:203.0.113.7': FAILURES_PER_CLIENT }, true],
    [
      'the address limit reached by a stranger: the owner’s browser still signs in',
      owner,
      { 'email:owner@example.com': 1000, 'client:203.0.113.7': 1000 },
      false,
    ],
    ['the browser’s own limit', owner, { 'device:dev-1': FAILURES_PER_DEVICE }, true],
    ['another browser’s failures', owner, { 'device:dev-2': 1000 }, false],
  ];
  for (const [name, client, failures, refused] of cases) {
    it(`${refused ? 'refuses' : 'checks the password'}: ${name}`, () => {
      const counted = signInCounters(client).map((c) => ({ ...c, failures: failures[c.key] ?? 0 }));
      expect(signInRefused(counted)).to.equal(refused);
    });
  }
});
