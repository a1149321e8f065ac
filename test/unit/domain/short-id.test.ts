import { expect } from 'chai';
import { isShortId } from '../../../shared/src/short-ids.js';
import { makePlainShortId, makeShortId, randomSuffix, slugify } from '../../../backend/src/domain/short-id.js';

describe('short IDs', () => {
  const slugs: [string, string][] = [
    ['Smoke', 'smoke'],
    ['Smoke tests (EU)', 'smoke-tests-eu'],
    ['  Café Größe  ', 'cafe-gro-e'],
    ['***', ''],
    ['A very long test plan name that goes on and on', 'a-very-long-test-plan-na'],
    ['abcdefghijklmnopqrstuvw yz', 'abcdefghijklmnopqrstuvw'],
  ];
  for (const [name, slug] of slugs) {
    it(`slugifies ${JSON.stringify(name)} as ${JSON.stringify(slug)}`, () => expect(slugify(name)).to.equal(slug));
  }

  const kinds = [
    ['testPlan', 'Smoke', /^pln-smoke_[a-z0-9]{6}$/],
    ['application', 'Web shop', /^app-web-shop_[a-z0-9]{6}$/],
    ['environment', 'staging', /^env-staging_[a-z0-9]{6}$/],
    ['config', 'admin login', /^cfg-admin-login_[a-z0-9]{6}$/],
    ['devicePreset', 'Phone', /^preset-phone_[a-z0-9]{6}$/],
    ['scenario', 'new user', /^scenario-new-user_[a-z0-9]{6}$/],
    ['testPlan', '!!!', /^pln_[a-z0-9]{6}$/],
  ] as const;
  for (const [kind, name, pattern] of kinds) {
    it(`makes a ${kind} short ID from ${JSON.stringify(name)} that matches the spec's pattern`, () => {
      const id = makeShortId(kind, name);
      expect(id).to.match(pattern);
      expect(isShortId(kind, id)).to.equal(true);
    });
  }

  it('avoids look-alike characters in random parts', () => {
    const sample = Array.from({ length: 200 }, () => randomSuffix(10)).join('');
    expect(sample).to.not.match(/[01ilo]/);
  });

  it('makes plain run short IDs that do not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, makePlainShortId));
    expect(ids.size).to.equal(5000);
  });
});
