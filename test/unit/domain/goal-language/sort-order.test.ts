// Sorting by meaning: which option of a sort control a phrase such as "price, lowest first" means.
import { expect } from 'chai';
import { columnNamed, readSort, sortOptionFor } from '../../../../backend/src/domain/goal-language/sort-order.js';

const SHOP = ['Featured', 'Price: Low to High', 'Price: High to Low', 'Newest', 'Customer rating'];
const PEOPLE = ['Name (A to Z)', 'Name (Z to A)', 'Joined, oldest first', 'Joined, newest first'];
const PLAIN = ['Relevance', 'Distance', 'Distance (farthest first)'];

describe('sort options by meaning', () => {
  const table: [string, string[], ReturnType<typeof sortOptionFor>][] = [
    ['price, cheapest first', SHOP, { option: 'Price: Low to High' }],
    ['price in ascending order', SHOP, { option: 'Price: Low to High' }],
    ['prices from lowest to highest', SHOP, { option: 'Price: Low to High' }],
    ['price, most expensive first', SHOP, { option: 'Price: High to Low' }],
    ['price descending', SHOP, { option: 'Price: High to Low' }],
    ['price with the highest on top', SHOP, { option: 'Price: High to Low' }],
    ['price, lowest last', SHOP, { option: 'Price: High to Low' }],
    ['newest first', SHOP, { option: 'Newest' }],
    // Time words say which end: the oldest is the small one.
    ['joined, oldest first', PEOPLE, { option: 'Joined, oldest first' }],
    ['joined with the latest on top', PEOPLE, { option: 'Joined, newest first' }],
    ['customer rating', SHOP, { option: 'Customer rating' }],
    ['name, Z to A', PEOPLE, { option: 'Name (Z to A)' }],
    ['name ascending', PEOPLE, { option: 'Name (A to Z)' }],
    // A direction the page does not state is taken from an option that states none.
    ['distance', PLAIN, { option: 'Distance' }],
    // Both ways offered, no way asked: not clear which one.
    ['price', SHOP, { tied: ['Price: Low to High', 'Price: High to Low'] }],
    // Content words must match: never the closest.
    ['rating, best first', SHOP, null],
    ['weight, lightest first', SHOP, null],
  ];
  for (const [phrase, options, expected] of table)
    it(`"${phrase}" → ${JSON.stringify(expected)}`, () =>
      expect(sortOptionFor(phrase, options)).to.deep.equal(expected));

  it('reads what an option sorts by and which way', () => {
    expect(readSort('Price: High to Low')).to.deep.equal({ words: ['price'], direction: 'descending' });
    expect(readSort('Name (A to Z)')).to.deep.equal({ words: ['name'], direction: 'ascending' });
    // A time word alone is a way to sort by date: the newest end first.
    expect(readSort('Newest')).to.deep.equal({ words: [], direction: 'descending' });
  });

  it('reads a sort named by a column as that column', () => {
    expect(columnNamed('the Due date column')).to.equal('Due date');
    expect(columnNamed('Email column header')).to.equal('Email');
    expect(columnNamed('the Price column heading')).to.equal('Price');
    expect(columnNamed('column')).to.equal(null);
    expect(columnNamed('price, lowest first')).to.equal(null);
  });
});
