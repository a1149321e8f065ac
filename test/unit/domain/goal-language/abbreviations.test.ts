import { expect } from 'chai';
import { otherForm } from '../../../../backend/src/domain/goal-language/abbreviations.js';

describe('goal language: short and long forms of the words in names', () => {
  const table: [string, string][] = [
    ['max price', 'maximum price'],
    ['Max. price', 'Maximum price'],
    ['Minimum price', 'Min price'],
    ['Qty', 'Quantity'],
    ['date of birth', 'dob'],
    ['Email', 'Email'], // nothing to change
    ['maximal', 'maximal'], // whole words only
  ];
  for (const [name, other] of table) it(`${name} -> ${other}`, () => expect(otherForm(name)).to.equal(other));
});
