// Expected results about one row, list item or card: what else it shows, where it stands, whether it
// is alone in its list. Other clauses keep their readings; formatted claims read back the same.
import { expect } from 'chai';
import { formatExpectation } from '../../../../backend/src/domain/goal-language/format.js';
import { parseExpectedResult } from '../../../../backend/src/domain/goal-language/parse-expected-result.js';
import type { Expectation, ItemClaim } from '../../../../backend/src/domain/steps.js';

const item = (text: string, claim: ItemClaim): Expectation => ({ kind: 'item', item: text, claim });
const shows = (text: string, what: string, negated = false) => item(text, { shows: what, negated });
const at = (text: string, position: number) => item(text, { position });
const marked = (text: string, mark: string, negated = false) => item(text, { mark, negated });
const only = (text: string, ...others: string[]) => item(text, others.length ? { only: true, others } : { only: true });

describe('goal language: expected results about one item of a list', () => {
  const table: [string, Expectation][] = [
    ['The row of Grace Hopper shows Admin', shows('Grace Hopper', 'Admin')],
    ["The row for 'Blue mug' says 'Out of stock'", shows('Blue mug', 'Out of stock')],
    ["Linus's row does not show Suspended", shows('Linus', 'Suspended', true)],
    ['The card of Fix the login bug no longer says Overdue', shows('Fix the login bug', 'Overdue', true)],
    ['The entry with Order 1042 should show Shipped', shows('Order 1042', 'Shipped')],
    // "a F of V" shown by a row is its field F holding V; words that only look so stay what it shows.
    [
      'The Blue Widget row shows a quantity of 40',
      item('Blue Widget', { field: 'quantity', value: '40', negated: false }),
    ],
    ["Ada's card says the end of the line", shows('Ada', 'the end of the line')],
    // A named item listed or having a field: "with the F V", "with a F of V", "has a F of V".
    [
      'Free Sample Pack is listed with the status In stock',
      item('Free Sample Pack', { field: 'status', value: 'In stock', negated: false }),
    ],
    ['Ada appears with role Admin', item('Ada', { field: 'role', value: 'Admin', negated: false })],
    ['Ada is shown with a balance of $5', item('Ada', { field: 'balance', value: '$5', negated: false })],
    [
      'Garden Hose 30m now has a quantity of 23',
      item('Garden Hose 30m', { field: 'quantity', value: '23', negated: false }),
    ],
    ['Margaret is in the first row', at('Margaret', 1)],
    ['Margaret should be listed first', at('Margaret', 1)],
    ['The cheapest plan is the third item in the list', at('cheapest plan', 3)],
    ["'Zebra' comes last", at('Zebra', -1)],
    ['Kettle is at the top of the list', at('Kettle', 1)],
    ['Kettle appears at the bottom', at('Kettle', -1)],
    ['The first result is Lisbon', at('Lisbon', 1)],
    ['The second to last row shows Oslo', at('Oslo', -2)],
    ['Only Lisbon is shown', only('Lisbon')],
    ["Only 'Buy milk' is left in the list", only('Buy milk')],
    ['Only Lisbon remains', only('Lisbon')],
    // A name before a plural kind: what every item shows; a count or names before it are not one.
    ['Only Electrical products are listed', item('Electrical', { every: true })],
    ["Only 'In stock' items are shown", item('In stock', { every: true })],
    ['Only Bug cards are left on the board', item('Bug', { every: true })],
    ['Only 3 rows are shown', only('3 rows')],
    ['Only Three rows are shown', only('Three rows')],
    ['Hedy Lamarr is the only contact listed', only('Hedy Lamarr')],
    ['Hedy is now the only active user in the table', only('Hedy')],
    ['Paris is the only result', only('Paris')],
    // Several names, with a plural verb; a count said before a colon must match the names.
    ['Only Lisbon and Porto are shown', only('Lisbon', 'Porto')],
    ["Only 'Ada', 'Grace' and 'Alan' are listed", only('Ada', 'Grace', 'Alan')],
    [
      'Only two cards are visible: Fix login redirect and Crash on empty cart',
      only('Fix login redirect', 'Crash on empty cart'),
    ],
    ['Only Salt and pepper is listed', only('Salt and pepper')],
    // Tags and a row named before its noun.
    ['Write onboarding emails has the Design label', shows('Write onboarding emails', 'Design')],
    ["Ada's row has the Admin tag", shows('Ada', 'Admin')],
    ['The Dark mode toggle card shows Dec 24', shows('Dark mode toggle', 'Dec 24')],
    ['The Ada row does not say Admin', shows('Ada', 'Admin', true)],
    // A mark set with the item's own toggle.
    ["Marco Rossi's message is starred", marked("Marco Rossi's message", 'starred')],
    ["The 'Q4 roadmap review' email is no longer pinned", marked('Q4 roadmap review email', 'pinned', true)],
    ['Grace Hopper is not followed', marked('Grace Hopper', 'followed', true)],
  ];
  for (const [text, expected] of table) {
    it(`reads "${text}"`, () => {
      expect(parseExpectedResult(text)).to.deep.equal({ ok: true, expectations: [expected] });
    });
  }

  // Clauses other families own keep their readings.
  const others: [string, Expectation['kind']][] = [
    ['The first name field is empty', 'value'],
    ['The Email field contains ada@example.com', 'value'],
    ['The first checkbox is checked', 'state'],
    ["'Saved' is shown", 'visible'],
    ['Only the title changed', 'visible'],
    ['Only three cards are visible: Fix login and Crash', 'visible'],
    // A part of the page having a figure is no item; a lower-case "with" phrase is no field.
    ['The cart has a total of $10', 'value'],
    ['Ada is listed with care', 'visible'],
  ];
  for (const [text, kind] of others) {
    it(`leaves "${text}" to its own family (${kind}) or refuses it`, () => {
      const parsed = parseExpectedResult(text);
      if (parsed.ok) expect(parsed.expectations.map((e) => e.kind)).to.not.include('item');
    });
  }

  const written: Expectation[] = [
    shows('Grace Hopper', 'Admin'),
    shows('Grace Hopper', 'Admin', true),
    at('Ada', 1),
    at('Ada', 3),
    at('Ada', -1),
    at('Ada', -2),
    only('Ada'),
    only('Ada', 'Grace'),
    only('Ada', 'Grace', 'Alan'),
    marked('Ada', 'starred'),
    marked('Ada', 'pinned', true),
  ];
  for (const expectation of written) {
    it(`reads back what it writes: ${formatExpectation(expectation)}`, () => {
      expect(parseExpectedResult(formatExpectation(expectation))).to.deep.equal({
        ok: true,
        expectations: [expectation],
      });
    });
  }
});
