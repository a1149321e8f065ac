import { expect } from 'chai';
import { filterValue } from '../../../../backend/src/domain/goal-language/filter-value.js';

describe('the value a filter is named by', () => {
  const cases: [string, string | null][] = [
    ['shoes', 'shoes'],
    ['Design cards', 'Design'],
    ['churned contacts', 'churned'],
    ['the cards assigned to Sam Lee', 'Sam Lee'],
    ['all the tickets owned by Grace', 'Grace'],
    ['cards with the Bug label', 'Bug'],
    ['the cards labelled Design', 'Design'],
    ['posts tagged as Release', 'Release'],
    ['the emails from Marco Rossi', 'Marco Rossi'],
    ['the Bug label', 'Bug'],
    ['status Archived', 'status Archived'],
    ['Overdue only', 'Overdue'],
    // No relation it knows: the phrase whole, for the page to name or not.
    ['products in stock', 'products in stock'],
    ['the', null],
  ];
  for (const [phrase, value] of cases)
    it(`"${phrase}" → ${JSON.stringify(value)}`, () => {
      expect(filterValue(phrase)).to.equal(value);
    });
});
