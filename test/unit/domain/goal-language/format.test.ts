import { expect } from 'chai';
import { formatIntent } from '../../../../backend/src/domain/goal-language/format.js';
import type { Intent } from '../../../../backend/src/domain/goal-language/intents.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { formatStepPlan } from '../../../../backend/src/domain/goal-language/step-plan.js';

// The sentences Goalie writes for the steps of compound sentences must read back as the same action:
// healing interprets them alone.
describe('goal language: elementary sentences Goalie writes', () => {
  const t = (
    name: string | null,
    noun: string | null = null,
    near: { text: string; relation: 'next to' | 'in the row of' } | null = null,
  ) => ({ name, noun, near });
  const table: [Intent, string][] = [
    [{ kind: 'goto', url: '/login' }, 'Go to /login'],
    [{ kind: 'click', target: t('Pricing'), double: false, purpose: 'open' }, "Open 'Pricing'"],
    [{ kind: 'click', target: t('Sign in', 'button'), double: false, purpose: 'click' }, "Click the 'Sign in' button"],
    [{ kind: 'click', target: t('Buy milk'), double: true, purpose: 'click' }, "Double-click 'Buy milk'"],
    [{ kind: 'click', target: t('Express'), double: false, purpose: 'choose' }, "Choose 'Express'"],
    [
      {
        kind: 'click',
        target: t('Delete', null, { text: 'Buy milk', relation: 'in the row of' }),
        double: false,
        purpose: 'click',
      },
      "Click 'Delete' in the row of 'Buy milk'",
    ],
    [{ kind: 'fill', target: t('Email'), value: '{{config.email}}' }, "Fill 'Email' with '{{config.email}}'"],
    [{ kind: 'fill', target: t('Notes'), value: "Don't" }, "Fill 'Notes' with \"Don't\""],
    [{ kind: 'fill', target: t('Search'), value: '' }, "Clear 'Search'"],
    [{ kind: 'select', target: t('Country'), value: 'Sweden' }, "Select 'Sweden' from 'Country'"],
    [
      { kind: 'check', target: t(null, 'checkbox', { text: 'Buy milk', relation: 'next to' }) },
      "Check the checkbox next to 'Buy milk'",
    ],
    [{ kind: 'uncheck', target: t('Newsletter') }, "Uncheck 'Newsletter'"],
    [{ kind: 'hover', target: t('Account') }, "Hover over 'Account'"],
    [{ kind: 'press', key: 'Enter', target: t('What needs to be done?') }, "Press Enter in 'What needs to be done?'"],
    [{ kind: 'press', key: 'Escape', target: null }, 'Press Escape'],
    [{ kind: 'wait', text: 'Saved' }, "Wait for 'Saved'"],
    [{ kind: 'assert', expectation: { kind: 'visible', text: 'Welcome' } }, "Verify that 'Welcome' is shown"],
    [{ kind: 'assert', expectation: { kind: 'notVisible', text: 'Error' } }, "Verify that 'Error' is not shown"],
    [
      { kind: 'assert', expectation: { kind: 'urlContains', text: '/orders' } },
      "Verify that the URL contains '/orders'",
    ],
    [{ kind: 'assert', expectation: { kind: 'titleIs', text: 'Checkout' } }, "Verify that the title is 'Checkout'"],
    [
      { kind: 'assert', expectation: { kind: 'count', count: 2, noun: 'items in the list' } },
      'Verify that there are 2 items in the list',
    ],
    [{ kind: 'login', config: 'admin' }, "Log in with config 'admin'"],
    [
      {
        kind: 'click',
        target: { ...t('Delete', null, { text: 'Buy milk', relation: 'in the row of' }), alternatives: ['Remove'] },
        double: false,
        purpose: 'click',
      },
      "Click 'Delete' or 'Remove' in the row of 'Buy milk'",
    ],
    [
      {
        kind: 'click',
        target: { ...t('Submit', 'button'), alternatives: ['Send', 'OK'] },
        double: false,
        purpose: 'click',
      },
      "Click the 'Submit', 'Send' or 'OK' button",
    ],
    [
      { kind: 'click', target: { ...t('Add to cart', 'button'), nth: 2 }, double: false, purpose: 'click' },
      "Click the second 'Add to cart' button",
    ],
    [{ kind: 'click', target: { ...t(null, 'row'), nth: -1 }, double: false, purpose: 'click' }, 'Click the last row'],
    [
      { kind: 'click', target: { ...t(null, 'product'), nth: 1 }, double: false, purpose: 'open' },
      'Open the first product',
    ],
    [{ kind: 'fill', target: t(null, 'field'), value: 'milk' }, "Fill the field with 'milk'"],
    [{ kind: 'check', target: t(null, 'checkbox') }, 'Check the checkbox'],
  ];
  for (const [intent, sentence] of table) {
    it(sentence, () => {
      expect(formatIntent(intent)).to.equal(sentence);
      const parsed = parseSentence(sentence);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.actions.map((a) => a.intent)).to.deep.equal([intent]);
    });
  }

  it('numbers a step plan and names the sentence each step came from', () => {
    expect(
      formatStepPlan([
        { action: 'goto', url: '/login', sentence: 'Go to /login' },
        { action: 'press', key: 'Enter', sentence: 'Press Enter', from: "Type 'x' into 'Search' and press Enter" },
      ]),
    ).to.equal("1. Go to /login\n2. Press Enter  (from \"Type 'x' into 'Search' and press Enter\")");
  });
});
