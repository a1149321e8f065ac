import { expect } from 'chai';
import { findConfig, pickLoginKeys, placeholderFor } from '../../../../backend/src/domain/goal-language/login-keys.js';
import { resolvePlaceholders } from '../../../../backend/src/domain/steps.js';

describe('log in with a config: keys and placeholders', () => {
  const table: [Record<string, string>, { user: string | null; password: string | null }][] = [
    [
      { email: 'a', password: 'b' },
      { user: 'email', password: 'password' },
    ],
    [
      { username: 'a', pwd: 'b' },
      { user: 'username', password: 'pwd' },
    ],
    [
      { baseUrl: 'x', login: 'a', secret: 'b' },
      { user: 'login', password: 'secret' },
    ],
    [
      { adminEmail: 'a', adminPassword: 'b', plan: 'pro' },
      { user: 'adminEmail', password: 'adminPassword' },
    ],
    [
      { user_name: 'a', pass: 'b' },
      { user: 'user_name', password: 'pass' },
    ],
    [{ password: 'b' }, { user: null, password: 'password' }],
    [{ email: 'a' }, { user: 'email', password: null }],
  ];
  for (const [values, keys] of table)
    it(Object.keys(values).join(', '), () => expect(pickLoginKeys(values)).to.deep.equal(keys));

  it('finds a config by name, ignoring case', () => {
    expect(findConfig({ Admin: {}, user: {} }, 'admin')).to.equal('Admin');
    expect(findConfig({ Admin: {} }, 'nobody')).to.equal(null);
  });

  it('names the config in the placeholder only when another config has the same key with another value', () => {
    const configs = {
      admin: { email: 'admin@x', password: 'a' },
      shopper: { email: 'shop@x', password: 'a', plan: 'pro' },
    };
    expect(placeholderFor(configs, 'admin', 'email')).to.equal('{{config.admin.email}}');
    expect(placeholderFor(configs, 'admin', 'password')).to.equal('{{config.password}}');
    expect(placeholderFor(configs, 'shopper', 'plan')).to.equal('{{config.plan}}');
    expect(
      resolvePlaceholders('{{config.shopper.email}} / {{config.admin.email}} / {{ config.plan }}', configs),
    ).to.equal('shop@x / admin@x / pro');
  });

  it('says which keys exist when a placeholder names none', () => {
    expect(() => resolvePlaceholders('{{config.token}}', { admin: { email: 'a' } })).to.throw(
      "{{config.token}} names no key of the test case's configs (admin)",
    );
  });
});
