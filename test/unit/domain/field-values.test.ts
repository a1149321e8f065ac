import { expect } from 'chai';
import { holdsValue } from '../../../backend/src/domain/field-values.js';

describe('field values: whether a field holds the value a step set', () => {
  const rows: [string, string, boolean][] = [
    ['Ada', 'Ada', true],
    ['Ada ', 'Ada', true],
    ['(555) 123-4567', '5551234567', true],
    ['AB-12', 'ab12', true],
    ['3.0', '3', true],
    ['12.50', '1250', true],
    ['', '', true],
    ['', 'Ada', false],
    ['Ad', 'Ada', false],
    ['old text', 'Ada', false],
    ['4', '3', false],
    ['12', '1', false],
    ['--', '-', false],
  ];
  for (const [held, value, holds] of rows)
    it(`${JSON.stringify(held)} ${holds ? 'holds' : 'does not hold'} ${JSON.stringify(value)}`, () =>
      expect(holdsValue(held, value)).to.equal(holds));
});
