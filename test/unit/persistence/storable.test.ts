import { expect } from 'chai';
import { storable } from '../../../backend/src/persistence/storable.js';

describe('storable: U+0000 never reaches PostgreSQL', () => {
  const at = new Date('2026-01-01T00:00:00Z');
  const cases: [string, unknown, unknown][] = [
    ['a string without NUL', 'Buy', 'Buy'],
    ['NULs in a string', 'a\u0000b\u0000', 'a\uFFFDb\uFFFD'],
    ['numbers, booleans, null, undefined', [1, true, null, undefined], [1, true, null, undefined]],
    ['nested objects and arrays', { a: [{ b: 'x\u0000' }], c: 2 }, { a: [{ b: 'x\uFFFD' }], c: 2 }],
    ['object keys', { 'k\u0000': 1 }, { 'k\uFFFD': 1 }],
    ['a Date is kept as it is', { at }, { at }],
  ];
  for (const [what, input, expected] of cases)
    it(what, () => {
      expect(storable(input)).to.deep.equal(expected);
    });

  it('keeps the same Date object, and leaves the input unchanged', () => {
    const input = { at, text: 'x\u0000' };
    const output = storable(input);
    expect(output.at).to.equal(at);
    expect(input.text).to.equal('x\u0000');
  });
});
