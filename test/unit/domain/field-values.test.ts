import { expect } from 'chai';
import { amountNumber, holdsValue } from '../../../backend/src/domain/field-values.js';

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

describe('field values: an amount of money as a number field takes it', () => {
  const rows: [string, string | null][] = [
    ['€109.00', '109.00'],
    ['92.00 EUR', '92.00'],
    ['236,00 EUR', '236.00'],
    ['$1,234.56', '1234.56'],
    ['1.234,56 €', '1234.56'],
    ['GBP 24.60', '24.60'],
    ['£5', '5'],
    ['42.50', null],
    ['12 apples', null],
    ['EUR', null],
  ];
  for (const [value, number] of rows)
    it(`${JSON.stringify(value)} -> ${number ?? 'no amount'}`, () => expect(amountNumber(value)).to.equal(number));
});
