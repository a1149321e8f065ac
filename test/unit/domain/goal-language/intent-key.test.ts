import { expect } from 'chai';
import { actionKey, intentKey } from '../../../../backend/src/domain/goal-language/intent-key.js';
import type { Intent, TargetPhrase } from '../../../../backend/src/domain/goal-language/intents.js';

const named = (name: string): TargetPhrase => ({ name, noun: null, near: null });

describe('goal language: intents compared by what they say', () => {
  it('the order a rule wrote the keys in does not matter', () => {
    const a: Intent = { kind: 'fill', target: named('Email'), value: 'x' };
    const b: Intent = { value: 'x', target: { near: null, noun: null, name: 'Email' }, kind: 'fill' };
    expect(intentKey(a)).to.equal(intentKey(b));
    expect(intentKey(a)).to.not.equal(intentKey({ ...a, value: 'y' }));
  });

  // Two readings that find one element are one reading only when they do the same thing there.
  const same: [string, Intent, Intent, boolean][] = [
    [
      'a click to open and a click: one thing (the purpose only says which roles fit)',
      { kind: 'click', target: named('Checkout'), double: false, purpose: 'open' },
      { kind: 'click', target: named('Check out'), double: false, purpose: 'click' },
      true,
    ],
    [
      'a click and a double-click',
      { kind: 'click', target: named('Buy milk'), double: false, purpose: 'click' },
      { kind: 'click', target: named('Buy milk'), double: true, purpose: 'click' },
      false,
    ],
    [
      'two values typed',
      { kind: 'fill', target: named('Bag'), value: 'Sunscreen' },
      { kind: 'fill', target: named('Bag'), value: 'Sunscreen in the bag' },
      false,
    ],
    [
      'ticking and a click',
      { kind: 'check', target: named('Terms') },
      { kind: 'click', target: named('Terms'), double: false, purpose: 'toggle' },
      false,
    ],
    [
      'one key in two fields',
      { kind: 'press', key: 'Enter', target: named('Search') },
      { kind: 'press', key: 'Enter', target: named('Query') },
      true,
    ],
  ];
  for (const [title, a, b, equal] of same)
    it(title, () => expect(actionKey(a) === actionKey(b), `${actionKey(a)} vs ${actionKey(b)}`).to.equal(equal));
});
