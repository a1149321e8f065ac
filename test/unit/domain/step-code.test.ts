import { expect } from 'chai';
import { jsString, locatorCode, readableStep } from '../../../backend/src/domain/step-code.js';
import type { Locator, Step } from '../../../backend/src/domain/steps.js';

describe('step-code: recorded steps as Playwright code', () => {
  const locators: [Locator, string][] = [
    [{ kind: 'role', role: 'button', name: 'Add to cart' }, "getByRole('button', { name: 'Add to cart' })"],
    [
      { kind: 'role', role: 'button', name: 'Add to cart', exact: true },
      "getByRole('button', { name: 'Add to cart', exact: true })",
    ],
    [{ kind: 'role', role: 'checkbox', name: '' }, "getByRole('checkbox')"],
    [{ kind: 'label', text: 'Email' }, "getByLabel('Email')"],
    [{ kind: 'label', text: 'Email', exact: true }, "getByLabel('Email', { exact: true })"],
    [{ kind: 'placeholder', text: 'Search…', exact: false }, "getByPlaceholder('Search…')"],
    [{ kind: 'testId', id: 'cart-count' }, "getByTestId('cart-count')"],
    [{ kind: 'text', text: "Don't miss out", exact: true }, "getByText('Don\\'t miss out', { exact: true })"],
    [{ kind: 'css', selector: 'input[name="q"]' }, `locator('input[name="q"]')`],
    [{ kind: 'css', selector: 'a\\:hover' }, "locator('a\\\\:hover')"],
    [
      {
        kind: 'within',
        container: { kind: 'role', role: 'row', name: 'Buy milk' },
        inner: { kind: 'role', role: 'checkbox', name: '' },
      },
      "getByRole('row', { name: 'Buy milk' }).getByRole('checkbox')",
    ],
    [
      {
        kind: 'within',
        container: { kind: 'css', selector: 'li:has-text("Buy milk")' },
        inner: {
          kind: 'within',
          container: { kind: 'css', selector: '.actions' },
          inner: { kind: 'text', text: 'Delete' },
        },
      },
      `locator('li:has-text("Buy milk")').locator('.actions').getByText('Delete')`,
    ],
  ];
  for (const [locator, code] of locators) {
    it(`${locator.kind} → ${code}`, () => expect(locatorCode(locator)).to.equal(code));
  }

  const strings: [string, string][] = [
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['two\nlines', "'two\\nlines'"],
    ['tab\there', "'tab\\there'"],
    ['<b>not html</b>', "'<b>not html</b>'"],
  ];
  for (const [text, literal] of strings) {
    it(`quotes ${JSON.stringify(text)} as ${literal}`, () => expect(jsString(text)).to.equal(literal));
  }

  const button = {
    description: 'the "Save" button',
    locators: [
      { kind: 'role', role: 'button', name: 'Save', exact: true },
      { kind: 'css', selector: '#save' },
    ] as Locator[],
  };
  const steps: [Step, { action: string; locators: string[]; from?: string | null }][] = [
    [
      { action: 'goto', url: 'https://shop.example.com/login', sentence: 'Go to /login' },
      { action: 'Open https://shop.example.com/login', locators: [] },
    ],
    [
      { action: 'click', target: button, sentence: "Click 'Save'" },
      { action: 'Click', locators: ["getByRole('button', { name: 'Save', exact: true })", "locator('#save')"] },
    ],
    [
      { action: 'click', target: button, double: true, sentence: "Double-click 'Save'" },
      { action: 'Double-click', locators: ["getByRole('button', { name: 'Save', exact: true })", "locator('#save')"] },
    ],
    [
      { action: 'click', target: button, when: 'collapsed', sentence: "Expand 'Save'" },
      {
        action: 'Click, only when collapsed',
        locators: ["getByRole('button', { name: 'Save', exact: true })", "locator('#save')"],
      },
    ],
    [
      {
        action: 'fill',
        target: { description: 'Email', locators: [{ kind: 'label', text: 'Email', exact: true }] },
        value: '{{config.email}}',
        sentence: "Fill 'Email' with '{{config.email}}'",
      },
      { action: "Fill in '{{config.email}}'", locators: ["getByLabel('Email', { exact: true })"] },
    ],
    [
      { action: 'fill', target: { description: 'Search', locators: [] }, value: '', sentence: "Clear 'Search'" },
      { action: 'Clear', locators: [] },
    ],
    [
      {
        action: 'select',
        target: { description: 'Country', locators: [{ kind: 'label', text: 'Country' }] },
        value: 'Sweden',
        sentence: "Select 'Sweden' from 'Country'",
      },
      { action: "Select 'Sweden'", locators: ["getByLabel('Country')"] },
    ],
    [
      { action: 'check', target: button, sentence: "Check 'Save'" },
      { action: 'Check', locators: ["getByRole('button', { name: 'Save', exact: true })", "locator('#save')"] },
    ],
    [
      { action: 'uncheck', target: { description: 'x', locators: [] }, sentence: "Uncheck 'Newsletter'" },
      { action: 'Uncheck', locators: [] },
    ],
    [
      { action: 'press', key: 'Enter', sentence: 'Press Enter' },
      { action: 'Press Enter', locators: [] },
    ],
    [
      {
        action: 'hover',
        target: { description: 'x', locators: [{ kind: 'text', text: 'Menu' }] },
        sentence: "Hover over 'Menu'",
      },
      { action: 'Hover', locators: ["getByText('Menu')"] },
    ],
    [
      { action: 'wait', text: 'Saved', sentence: "Wait for 'Saved'" },
      { action: "Wait until 'Saved' is shown", locators: [] },
    ],
    [
      {
        action: 'assert',
        expectation: { kind: 'visible', text: 'Welcome' },
        sentence: "Verify that 'Welcome' is shown",
      },
      { action: "Check that 'Welcome' is shown", locators: [] },
    ],
    [
      { action: 'click', target: button, sentence: "Click 'Save'", from: 'Save the form' },
      {
        action: 'Click',
        locators: ["getByRole('button', { name: 'Save', exact: true })", "locator('#save')"],
        from: 'Save the form',
      },
    ],
  ];
  for (const [step, expected] of steps) {
    it(`${step.action}: "${step.sentence}" reads as ${expected.action}`, () => {
      expect(readableStep(step)).to.deep.equal({
        sentence: step.sentence,
        from: expected.from ?? null,
        action: expected.action,
        locators: expected.locators,
        interpretedBy: null,
      });
    });
  }

  it('keeps the language model that read the step, and leaves out a "from" that is the sentence itself', () => {
    const step: Step = {
      action: 'press',
      key: 'Escape',
      sentence: 'Press Escape',
      from: 'Press Escape',
      interpretedBy: 'gpt-test',
    };
    expect(readableStep(step)).to.include({ from: null, interpretedBy: 'gpt-test' });
  });
});
