// Config values never reach a language model: they become the placeholders steps keep.
import { expect } from 'chai';
import { redactSecrets } from '../../../backend/src/agent/llm/redact.js';

describe('redacting secrets for a language model', () => {
  const configs = {
    admin: { email: 'ada@example.com', password: 'p"ss\\word-42' },
    shop: { locale: 'en', email: 'shop@example.com' },
  };

  it('replaces every value with its placeholder, also as a quoted snapshot shows it', () => {
    const snapshot =
      '- heading "Signed in as ada@example.com"\n- textbox "Password": "p\\"ss\\\\word-42"\n- text: p"ss\\word-42';
    const out = redactSecrets(snapshot, configs);
    expect(out).to.equal(
      '- heading "Signed in as {{config.admin.email}}"\n- textbox "Password": "{{config.password}}"\n- text: {{config.password}}',
    );
  });

  it('names the config when several configs have the key, and replaces short values as whole words only', () => {
    expect(redactSecrets('Open the menu: en, shop@example.com', configs)).to.equal(
      'Open the menu: {{config.locale}}, {{config.shop.email}}',
    );
  });

  it('leaves text without config values as it is', () => {
    expect(redactSecrets('- button "Add to basket"', configs)).to.equal('- button "Add to basket"');
    expect(redactSecrets('anything', {})).to.equal('anything');
  });
});
