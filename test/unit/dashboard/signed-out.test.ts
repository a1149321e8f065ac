// Which result (if any) a signed-out reader's address is about: only these may be opened by
// publicResults; every other address, hostile spellings included, is sent to sign in.
import { expect } from 'chai';
import { resultOf } from '../../../backend/src/http/dashboard/signed-out.js';

const UUID = '3f2b8c1e-9a4d-4e7b-8c2a-1d5e6f7a8b9c';

describe('dashboard: what a signed-out address is about', () => {
  const cases: [string, ReturnType<typeof resultOf>][] = [
    ['/runs/k3m9x2p7qa', { kind: 'run', shortId: 'k3m9x2p7qa' }],
    ['/reviews/k3m9x2p7qa', { kind: 'review', shortId: 'k3m9x2p7qa' }],
    [`/test-cases/${UUID}`, { kind: 'test-case', id: UUID }],
    [`/evidence/runs/${UUID}/${UUID}/attempt-0/trace.zip`, { kind: 'run', id: UUID }],
    [`/evidence/reviews/${UUID}/exploration/console.txt`, { kind: 'review', id: UUID }],
    [`/evidence/generation/${UUID}/console.txt`, { kind: 'test-case', id: UUID }],
    // Not a result: sent to sign in without a look.
    ['/runs/k3m9x2p7qa/cancel', null],
    ['/runs/', null],
    ['/test-cases/not-a-uuid', null],
    [`/test-cases/${UUID}/edit`, null],
    ['/p/shop/runs', null],
    [`/evidence/other/${UUID}/x`, null],
    [`/evidence/constructor/${UUID}/x`, null],
    [`/evidence/__proto__/${UUID}/x`, null],
    ['/evidence/runs/not-a-uuid/x', null],
    ['/', null],
  ];
  for (const [path, expected] of cases)
    it(`${path}: ${expected ? expected.kind : 'none'}`, () => expect(resultOf(path)).to.deep.equal(expected));
});
