// What each token scope may do: each scope may all that the one before it may.
import { expect } from 'chai';
import type { Caller, TokenScope } from '../../../backend/src/app/records.js';
import { requireScope, tokenScope } from '../../../backend/src/app/tokens.js';

const caller = (scope: TokenScope) =>
  ({ tokenId: 't', scope, project: { name: 'shop', slug: 'shop' }, organization: {} }) as unknown as Caller;

describe('token scopes', () => {
  const table: [TokenScope, 'plan' | 'admin', boolean][] = [
    ['run', 'plan', false],
    ['run', 'admin', false],
    ['plan', 'plan', true],
    ['plan', 'admin', false],
    ['admin', 'plan', true],
    ['admin', 'admin', true],
  ];
  for (const [have, need, allowed] of table) {
    it(`a ${have} token ${allowed ? 'may' : 'may not'} do what needs ${need}`, () => {
      const check = () => requireScope(caller(have), need, 'do it');
      if (allowed) expect(check).not.to.throw();
      else expect(check).to.throw(`use a token with the ${need} scope of project shop`);
    });
  }

  it('reads a scope as a form or a flag gives it: empty is run, anything unknown is refused', () => {
    expect(tokenScope(undefined)).to.equal('run');
    expect(tokenScope(' ')).to.equal('run');
    expect(tokenScope('plan')).to.equal('plan');
    expect(() => tokenScope('root')).to.throw('The token scope must be run');
    expect(() => tokenScope('Admin')).to.throw('got "Admin"');
  });
});
