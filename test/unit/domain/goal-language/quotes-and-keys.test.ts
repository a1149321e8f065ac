import { expect } from 'chai';
import { keyName } from '../../../../backend/src/domain/goal-language/keys.js';
import { maskQuotes, quote, quotedSpans, unmask } from '../../../../backend/src/domain/goal-language/quotes.js';

describe('goal language: quotes', () => {
  const table: [string, string[]][] = [
    ["Click 'Sign in'", ['Sign in']],
    ['Click "Sign in"', ['Sign in']],
    ['Click ‘Sign in’ and “Save”', ['Sign in', 'Save']],
    ["Type 'Don't panic' into 'Notes'", ["Don't panic", 'Notes']],
    ["Open the users' list", []],
    ["Fill 'Comment' with ''", ['Comment', '']],
    ["It's Ada's", []],
    ['Click `Save`', ['Save']],
  ];
  for (const [text, values] of table)
    it(text, () => expect(quotedSpans(text).map((s) => s.text)).to.deep.equal(values));

  it('masks quoted values so the grammar never sees them, and restores them', () => {
    const { skeleton, values } = maskQuotes("Click 'Save and close' then 'x'");
    expect(skeleton).to.not.include('and');
    expect(values).to.deep.equal(['Save and close', 'x']);
    expect(unmask(skeleton.split(' ')[1]!, values)).to.equal('Save and close');
  });

  const quoting: [string, string][] = [
    ['Sign in', "'Sign in'"],
    ["Don't", '"Don\'t"'],
    ['Say "hi" don\'t', '“Say "hi" don\'t”'],
  ];
  for (const [value, quoted] of quoting) it(`quotes ${value}`, () => expect(quote(value)).to.equal(quoted));
});

describe('goal language: key names', () => {
  const table: [string, boolean, string | null][] = [
    ['Enter', false, 'Enter'],
    ['return', false, 'Enter'],
    ['Esc', false, 'Escape'],
    ['space', false, 'Space'],
    ['up arrow', false, 'ArrowUp'],
    ['arrow left', false, 'ArrowLeft'],
    ['F5', false, 'F5'],
    ['Ctrl+S', false, 'Control+S'],
    ['cmd + k', false, 'Meta+k'],
    ['Shift+Tab', false, 'Shift+Tab'],
    ['a', false, null],
    ['a', true, 'a'],
    ['Save', false, null],
    ['Foo+S', false, null],
  ];
  for (const [text, allowCharacter, key] of table)
    it(`${text}${allowCharacter ? ' (a key)' : ''}`, () => expect(keyName(text, allowCharacter)).to.equal(key));
});
