// Expected results about a field of one item and about the group an item is in: read by words
// (a possessive or "the F of X", a copula with in/on/under), judged on the page's fields and named
// regions. Other families keep their readings; formatted claims read back the same.
import { expect } from 'chai';
import { formatExpectation } from '../../../../backend/src/domain/goal-language/format.js';
import { parseExpectedResult } from '../../../../backend/src/domain/goal-language/parse-expected-result.js';
import {
  groupNameFits,
  judgeField,
  judgeGroup,
  judgeGroupCount,
  type Region,
} from '../../../../backend/src/domain/goal-language/item-places.js';
import type { Expectation } from '../../../../backend/src/domain/steps.js';

const field = (item: string, name: string, value: string, negated = false): Expectation => ({
  kind: 'item',
  item,
  claim: { field: name, value, negated },
});
const group = (item: string, name: string, negated = false): Expectation => ({
  kind: 'item',
  item,
  claim: { group: name, negated },
});

describe('goal language: expected results about an item field and its group', () => {
  const table: [string, Expectation][] = [
    ["Grace Hopper's role is Admin", field('Grace Hopper', 'role', 'Admin')],
    ["Bob's plan column says Pro", field('Bob', 'plan', 'Pro')],
    ["The Blue mug's price is still $12", field('Blue mug', 'price', '$12')],
    ["Order 1042's status is no longer Pending", field('Order 1042', 'status', 'Pending', true)],
    ["Ada's plan isn't Free", field('Ada', 'plan', 'Free', true)],
    ["Ada's plan should not be Free", field('Ada', 'plan', 'Free', true)],
    ["Lisbon's country field does not say Spain", field('Lisbon', 'country', 'Spain', true)],
    ['The price of the Blue mug is $12', field('Blue mug', 'price', '$12')],
    ['The Open orders column for P-1033 now shows 1', field('P-1033', 'Open orders', '1')],
    ['The Unit cell for P-1038 shows kg', field('P-1038', 'Unit', 'kg')],
    ["'Fix typo' is in the Review column", group('Fix typo', 'Review column')],
    ["'Q3 report' is listed in Archive", group('Q3 report', 'Archive')],
    ['The Acme invoice is no longer in the inbox', group('Acme', 'inbox', true)],
    ['Milk is still on the list', group('Milk', 'list')],
    ['A task called Pay rent is not on the board', group('Pay rent', 'board', true)],
    ['Paris appears under Europe', group('Paris', 'Europe')],
    ['.env.backup now shows up in My Drive', group('.env.backup', 'My Drive')],
    ['Paris turns up under Europe', group('Paris', 'Europe')],
    // The group first, then what it holds: said with a group's noun, or a name.
    ["The Done column contains 'Crash on empty cart'", group('Crash on empty cart', 'Done column')],
    ['Starred lists Onboarding checklist.docx', group('Onboarding checklist.docx', 'Starred')],
  ];
  for (const [text, expected] of table) {
    it(`reads "${text}"`, () => {
      expect(parseExpectedResult(text)).to.deep.equal({ ok: true, expectations: [expected] });
    });
  }

  // Clauses other families own keep their readings: the item itself, its place in the list, the page.
  const others: [string, string][] = [
    ["Ada's row shows Admin", 'shows'],
    ['Margaret is in the first row', 'position'],
    ['Only Lisbon is shown', 'only'],
  ];
  for (const [text, claim] of others) {
    it(`leaves "${text}" to its own claim (${claim})`, () => {
      const parsed = parseExpectedResult(text);
      expect(parsed.ok && parsed.expectations[0]!.kind === 'item' && claim in parsed.expectations[0].claim).to.equal(
        true,
      );
    });
  }
  for (const text of [
    "The page's title is Home",
    "Ada's message is starred",
    'The title of the page is Home',
    // The item itself, said by its kind: no field "Saturday appointment" whose value is "shown as Cancelled".
    "George Miller's Saturday appointment is shown as Cancelled",
  ]) {
    it(`does not read "${text}" as a field or group`, () => {
      const parsed = parseExpectedResult(text);
      const claims = parsed.ok ? parsed.expectations.flatMap((e) => (e.kind === 'item' ? [e.claim] : [])) : [];
      expect(claims.filter((c) => 'field' in c || 'group' in c)).to.deep.equal([]);
    });
  }

  const written = [
    field('Ada', 'role', 'Admin'),
    field('Ada Byron', 'last login', '2 May', true),
    group('Fix typo', 'Done column'),
    group('Stripe', 'Inbox', true),
  ];
  for (const expectation of written) {
    it(`reads back what it writes: ${formatExpectation(expectation)}`, () => {
      expect(parseExpectedResult(formatExpectation(expectation))).to.deep.equal({
        ok: true,
        expectations: [expectation],
      });
    });
  }

  const names: [string, string, boolean][] = [
    ['Done column', 'Done', true],
    ['inbox', 'Inbox 4', true],
    ['In progress', 'In progress 2 / 3', true],
    ['Done', 'Not done', false],
    ['Sent folder', 'Sent items', false],
    ['column', 'Done', false],
  ];
  for (const [wanted, name, fits] of names) {
    it(`${fits ? 'takes' : 'does not take'} the region "${name}" for "${wanted}"`, () => {
      expect(groupNameFits(wanted, name)).to.equal(fits);
    });
  }

  const regions: Region[] = [
    { names: ['To do'], items: ['Write docs', 'Fix the login bug'] },
    { names: ['Done'], items: ['Ship v2'] },
  ];
  const groups: [string, string, boolean, boolean][] = [
    ['Ship v2', 'Done column', false, true],
    ['Write docs', 'Done column', false, false],
    ['Write docs', 'Done column', true, true],
    ['login bug', 'To do', true, false],
    // A group the page does not show is not judged either way.
    ['Ship v2', 'Archive', true, false],
    ['Ship v3', 'board', true, true],
    ['Ship v2', 'board', true, false],
    // The page's list, its items' kind said first: "the ticket list", "the queue".
    ['Ship v2', 'task list', false, true],
    ['Ship v3', 'queue', true, true],
    ['Ship v2', 'Done list', false, true],
    ['Write docs', 'Done list', false, false],
  ];
  for (const [item, name, negated, holds] of groups) {
    it(`judges "${item}" ${negated ? 'not ' : ''}in "${name}": ${holds}`, () => {
      const page = regions.flatMap((r) => r.items);
      expect(judgeGroup(item, name, negated, regions, page).holds).to.equal(holds);
    });
  }

  const fields = [
    { name: 'Status', value: 'Lead' },
    { name: 'Newsletter', value: 'No' },
  ];
  const values: [string, string, boolean, boolean][] = [
    ['status', 'Lead', false, true],
    ['status', 'No', false, false],
    ['newsletter', 'No', false, true],
    ['status', 'Lead', true, false],
    // No field "owner": the item's whole text decides.
    ['owner', 'Jordan', false, true],
    ['owner', 'Sam', false, false],
  ];
  for (const [name, value, negated, holds] of values) {
    it(`judges the ${name} ${negated ? 'not ' : ''}${value}: ${holds}`, () => {
      expect(judgeField(name, value, negated, fields, 'Ada Lead Jordan No').holds).to.equal(holds);
    });
  }
});

describe('goal language: expected results counting the items of a named group', () => {
  const count = (group: string, n: number, noun: string): Expectation => ({
    kind: 'groupCount',
    group,
    count: n,
    noun,
  });
  const table: [string, Expectation][] = [
    ['The Backlog column has 3 cards', count('Backlog', 3, 'cards')],
    ['The Sent folder contains 12 messages', count('Sent', 12, 'messages')],
    ['The In review lane shows exactly 1 task', count('In review', 1, 'task')],
  ];
  for (const [text, expected] of table) {
    it(`reads "${text}"`, () => {
      expect(parseExpectedResult(text)).to.deep.equal({ ok: true, expectations: [expected] });
      expect(parseExpectedResult(formatExpectation(expected))).to.deep.equal({ ok: true, expectations: [expected] });
    });
  }
  it('leaves the cart and the list to their own counts', () => {
    for (const text of ['The cart has 2 items', 'The list has 3 items']) {
      const parsed = parseExpectedResult(text);
      expect(parsed.ok && parsed.expectations[0]!.kind).to.equal('count');
    }
  });
  const regions: Region[] = [
    { names: ['To do'], items: ['A', 'B'] },
    { names: ['Done'], items: ['C'] },
  ];
  const judged: [string, number, boolean][] = [
    ['To do', 2, true],
    ['To do', 3, false],
    ['Done column', 1, true],
    ['Archive', 0, false],
  ];
  for (const [group, n, holds] of judged) {
    it(`judges "${group}" having ${n}: ${holds}`, () => {
      expect(judgeGroupCount(group, n, regions).holds).to.equal(holds);
    });
  }
});
