import { expect } from 'chai';
import type { Intent, TargetPhrase } from '../../../../backend/src/domain/goal-language/intents.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';

const t = (name: string | null, noun: string | null = null, near: TargetPhrase['near'] = null): TargetPhrase => ({
  name,
  noun,
  near,
});
const click = (target: TargetPhrase, purpose: 'click' | 'open' | 'choose' = 'click', double = false): Intent => ({
  kind: 'click',
  target,
  double,
  purpose,
});

function intents(sentence: string): Intent[] {
  const parsed = parseSentence(sentence);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.actions.map((a) => a.intent);
}

describe('goal language: parsing a sentence', () => {
  const table: [string, Intent[]][] = [
    // navigate
    ['Go to /path', [{ kind: 'goto', url: '/path' }]],
    ['Go to /orders?status=open', [{ kind: 'goto', url: '/orders?status=open' }]],
    ['Visit https://example.com/a.b', [{ kind: 'goto', url: 'https://example.com/a.b' }]],
    ['Navigate to example.com/pricing', [{ kind: 'goto', url: 'example.com/pricing' }]],
    ["Navigate to 'https://shop.test/cart'", [{ kind: 'goto', url: 'https://shop.test/cart' }]],
    ['Open /settings', [{ kind: 'goto', url: '/settings' }]],
    ['Go to the home page', [{ kind: 'goto', url: '/' }]],
    ["Open the 'Pricing' page", [click(t('Pricing', 'page'), 'open')]],
    ['Open Pricing', [click(t('Pricing'), 'open')]],
    ["Go to the 'Docs' section", [click(t('Docs', 'section'), 'open')]],
    // click
    ["Click 'Sign in'", [click(t('Sign in'))]],
    ['Click "Sign in"', [click(t('Sign in'))]],
    ['Click ‘Sign in’', [click(t('Sign in'))]],
    ['Click “Sign in”', [click(t('Sign in'))]],
    ["Click the 'Add to cart' button", [click(t('Add to cart', 'button'))]],
    ["Click the 'Docs' link", [click(t('Docs', 'link'))]],
    ["Click the button 'Save'", [click(t('Save', 'button'))]],
    ['Click on Sign in', [click(t('Sign in'))]],
    ['Click the Add to cart button', [click(t('Add to cart', 'button'))]],
    ['Click Add item', [click(t('Add item'))]],
    ["Tap 'Menu'", [click(t('Menu'))]],
    ["Double-click 'Buy milk'", [click(t('Buy milk'), 'click', true)]],
    ["Double click on 'Buy milk'", [click(t('Buy milk'), 'click', true)]],
    ["Press the 'Save' button", [click(t('Save', 'button'))]],
    ["Press 'Delete'", [click(t('Delete'))]],
    ["Choose 'Express shipping'", [click(t('Express shipping'), 'choose')]],
    ["I click 'Sign in'", [click(t('Sign in'))]],
    ["The user clicks 'Sign in'", [click(t('Sign in'))]],
    ["Please click 'Sign in'", [click(t('Sign in'))]],
    // type
    ["Fill 'Email' with 'ada@example.com'", [{ kind: 'fill', target: t('Email'), value: 'ada@example.com' }]],
    ['Fill Email with ada@example.com', [{ kind: 'fill', target: t('Email'), value: 'ada@example.com' }]],
    [
      "Fill in the 'Email' field with 'ada@example.com'",
      [{ kind: 'fill', target: t('Email', 'field'), value: 'ada@example.com' }],
    ],
    [
      "Type 'Buy milk' into 'What needs to be done?'",
      [{ kind: 'fill', target: t('What needs to be done?'), value: 'Buy milk' }],
    ],
    ["Enter 'secret' in the 'Password' field", [{ kind: 'fill', target: t('Password', 'field'), value: 'secret' }]],
    ["Type 'Don't panic' into 'Notes'", [{ kind: 'fill', target: t('Notes'), value: "Don't panic" }]],
    ["Fill 'Comment' with ''", [{ kind: 'fill', target: t('Comment'), value: '' }]],
    ["Clear 'Search'", [{ kind: 'fill', target: t('Search'), value: '' }]],
    ["Set 'Quantity' to '3'", [{ kind: 'fill', target: t('Quantity'), value: '3' }]],
    [
      "Type 'Buy milk' into 'What needs to be done?' and press Enter",
      [
        { kind: 'fill', target: t('What needs to be done?'), value: 'Buy milk' },
        { kind: 'press', key: 'Enter', target: t('What needs to be done?') },
      ],
    ],
    [
      "Fill 'Search' with 'shoes', press Enter",
      [
        { kind: 'fill', target: t('Search'), value: 'shoes' },
        { kind: 'press', key: 'Enter', target: t('Search') },
      ],
    ],
    ["Fill 'Search' with 'salt and pepper'", [{ kind: 'fill', target: t('Search'), value: 'salt and pepper' }]],
    // choose
    ["Select 'Sweden' from 'Country'", [{ kind: 'select', target: t('Country'), value: 'Sweden' }]],
    [
      "Select 'Sweden' from the 'Country' dropdown",
      [{ kind: 'select', target: t('Country', 'dropdown'), value: 'Sweden' }],
    ],
    ["Choose the 'Pro' option from 'Plan'", [{ kind: 'select', target: t('Plan'), value: 'Pro' }]],
    ["Check 'I agree'", [{ kind: 'check', target: t('I agree') }]],
    ["Check the 'I agree' checkbox", [{ kind: 'check', target: t('I agree', 'checkbox') }]],
    ["Tick 'Remember me'", [{ kind: 'check', target: t('Remember me') }]],
    ["Uncheck 'Newsletter'", [{ kind: 'uncheck', target: t('Newsletter') }]],
    ["Mark 'Buy milk' as done", [{ kind: 'check', target: t('Buy milk') }]],
    ["Check 'I agree' and click 'Continue'", [{ kind: 'check', target: t('I agree') }, click(t('Continue'))]],
    // relative targets
    [
      "Check the checkbox next to 'Buy milk'",
      [{ kind: 'check', target: t(null, 'checkbox', { text: 'Buy milk', relation: 'next to' }) }],
    ],
    [
      "Click 'Delete' in the row of 'Buy milk'",
      [click(t('Delete', null, { text: 'Buy milk', relation: 'in the row of' }))],
    ],
    [
      "Click the 'Delete' button next to 'Buy milk'",
      [click(t('Delete', 'button', { text: 'Buy milk', relation: 'next to' }))],
    ],
    ["Click 'Edit' for 'Invoice 7'", [click(t('Edit', null, { text: 'Invoice 7', relation: 'next to' }))]],
    ['Click Search for products', [click(t('Search for products'))]],
    ["Hover over 'Buy milk'", [{ kind: 'hover', target: t('Buy milk') }]],
    ["Hover 'Account'", [{ kind: 'hover', target: t('Account') }]],
    // keys and waits
    ['Press Enter', [{ kind: 'press', key: 'Enter', target: null }]],
    ['Press Escape', [{ kind: 'press', key: 'Escape', target: null }]],
    ['Press Esc', [{ kind: 'press', key: 'Escape', target: null }]],
    ['Hit the Tab key', [{ kind: 'press', key: 'Tab', target: null }]],
    ['Press Ctrl+S', [{ kind: 'press', key: 'Control+S', target: null }]],
    ['Press the down arrow', [{ kind: 'press', key: 'ArrowDown', target: null }]],
    ["Press the 'a' key", [{ kind: 'press', key: 'a', target: null }]],
    ["Press Enter in 'Search'", [{ kind: 'press', key: 'Enter', target: t('Search') }]],
    ["Wait for 'Saved'", [{ kind: 'wait', text: 'Saved' }]],
    ["Wait until 'Saved' appears", [{ kind: 'wait', text: 'Saved' }]],
    ["Wait for the 'Saved' message to appear", [{ kind: 'wait', text: 'Saved' }]],
    // configs
    ["Fill 'Email' with '{{config.email}}'", [{ kind: 'fill', target: t('Email'), value: '{{config.email}}' }]],
    ['Fill Password with {{config.password}}', [{ kind: 'fill', target: t('Password'), value: '{{config.password}}' }]],
    ["Log in with config 'admin'", [{ kind: 'login', config: 'admin' }]],
    ['Sign in with config admin', [{ kind: 'login', config: 'admin' }]],
    ["Log in with the 'shopper' config", [{ kind: 'login', config: 'shopper' }]],
    ['Log in as admin', [{ kind: 'login', config: 'admin' }]],
    // positions, the only one of its kind, other names
    ['Click the second Add to cart button', [click({ ...t('Add to cart', 'button'), nth: 2 })]],
    ['click the last row', [click({ ...t(null, 'row'), nth: -1 })]],
    ['Open the first product', [click({ ...t(null, 'product'), nth: 1 }, 'open')]],
    ['Type milk', [{ kind: 'fill', target: t(null, 'field'), value: 'milk' }]],
    ['Check the checkbox', [{ kind: 'check', target: t(null, 'checkbox') }]],
    ['Fill in the first name with Ada', [{ kind: 'fill', target: t('first name'), value: 'Ada' }]],
    [
      'Set the number of guests to 4',
      [{ kind: 'fill', target: { ...t('number of guests'), alternatives: ['guests'] }, value: '4' }],
    ],
    [
      "Click 'Delete' or 'Remove' in the row of 'Buy milk'",
      [click({ ...t('Delete', null, { text: 'Buy milk', relation: 'in the row of' }), alternatives: ['Remove'] })],
    ],
    ['Click Edit in the Invoice 7 row', [click(t('Edit', null, { text: 'Invoice 7', relation: 'in the row of' }))]],
    ['log in as ada@example.com / lovelace', [{ kind: 'loginAs', user: 'ada@example.com', password: 'lovelace' }]],
    // checks inside a goal
    ["Verify that 'Welcome' is shown", [{ kind: 'assert', expectation: { kind: 'visible', text: 'Welcome' } }]],
    [
      "Check that the URL contains '/dashboard'",
      [{ kind: 'assert', expectation: { kind: 'urlContains', text: '/dashboard' } }],
    ],
    ["Make sure 'Error' is not shown", [{ kind: 'assert', expectation: { kind: 'notVisible', text: 'Error' } }]],
    [
      "Verify that 'Saved' is shown and 'Error' is not shown",
      [
        { kind: 'assert', expectation: { kind: 'visible', text: 'Saved' } },
        { kind: 'assert', expectation: { kind: 'notVisible', text: 'Error' } },
      ],
    ],
  ];
  for (const [sentence, expected] of table) it(sentence, () => expect(intents(sentence)).to.deep.equal(expected));

  describe('elementary sentences', () => {
    const cases: [string, string[]][] = [
      ["Click 'Sign in'.", ["Click 'Sign in'."]],
      [
        "Type 'Buy milk' into 'What needs to be done?' and press Enter",
        ["Fill 'What needs to be done?' with 'Buy milk'", "Press Enter in 'What needs to be done?'"],
      ],
      ["Check 'I agree' and click the 'Continue' button", ["Check 'I agree'", "Click the 'Continue' button"]],
      [
        "Verify that 'It's done' and \"Saved\" are shown",
        ['Verify that "It\'s done" is shown', "Verify that 'Saved' is shown"],
      ],
    ];
    for (const [sentence, expected] of cases) {
      it(sentence, () => {
        const parsed = parseSentence(sentence);
        expect(parsed.ok).to.equal(true);
        if (parsed.ok) expect(parsed.actions.map((a) => a.sentence)).to.deep.equal(expected);
      });
    }
    it('"delete my account" is the button named so, else the Delete of the row of "account"', () => {
      const parsed = parseSentence('delete my account');
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.actions[0]!.intent).to.deep.equal(
        click({ ...t('Delete account'), alternatives: ['Delete my account'] }),
      );
      expect(parsed.actions[0]!.alternatives?.map((a) => a.sentence)).to.deep.equal([
        "Click 'Delete' or 'Remove' in the row of 'account'",
      ]);
    });
    it('each elementary sentence parses back to its own action alone', () => {
      const parsed = parseSentence("Type 'Buy milk' into 'What needs to be done?' and press Enter");
      if (!parsed.ok) throw new Error(parsed.error);
      for (const action of parsed.actions) expect(intents(action.sentence)).to.deep.equal([action.intent]);
    });
  });

  describe('sentences it does not understand', () => {
    const bad: [string, RegExp][] = [
      [
        'Play with the widget',
        /^Could not understand "Play with the widget"\. Each sentence asks for one concrete action/,
      ],
      ['Make it pop', /^Could not understand "Make it pop"/],
      ['Wait 2 seconds', /does not wait for a fixed time; say what to wait for, e\.g\. "Wait for 'Saved'"/],
      ['Click the button', /name the element, e\.g\. "Click the 'Save' button"/],
      ['Verify that the moon is made of cheese', /^Could not understand "Verify that the moon is made of cheese"/],
      ['Press the Foo key', /'Foo' is not a key Goalie knows/],
    ];
    for (const [sentence, message] of bad) {
      it(sentence, () => {
        const parsed = parseSentence(sentence);
        expect(parsed.ok).to.equal(false);
        if (!parsed.ok) expect(parsed.error).to.match(message);
      });
    }
    it('says what a sentence must do in one line, without the whole list of phrasings', () => {
      const parsed = parseSentence('Play with the widget');
      if (parsed.ok) throw new Error('parsed');
      expect(parsed.error).to.include('one concrete action on the page, naming the element');
      expect(parsed.error).to.not.include('\n');
      expect(parsed.error).to.not.include('navigate:');
    });
  });
});
