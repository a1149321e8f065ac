import { expect } from 'chai';
import { otherForm } from '../../../../backend/src/domain/goal-language/abbreviations.js';

describe('goal language: short and long forms of the words in names', () => {
  const table: [string, string][] = [
    ['max price', 'maximum price'],
    ['Max. price', 'Maximum price'],
    ['Minimum price', 'Min price'],
    ['Qty', 'Quantity'],
    ['date of birth', 'dob'],
    ['Name', 'Name'], // nothing to change
    // A name with its head noun or without it.
    ['phone number', 'phone'],
    ['Phone', 'Phone number'],
    ['Email address', 'Email'],
    ['maximal', 'maximal'], // whole words only
  ];
  for (const [name, other] of table) it(`${name} -> ${other}`, () => expect(otherForm(name)).to.equal(other));
});
