// Expected results that name where to look: the place read from the sentence (its kind and the words
// that say which one), both polarities, a row said as a place read as the row's own claim; and the
// judgement on what the agent found there: one place, none (fails, naming it) or several (fails).
import { expect } from 'chai';
import { judgeInPlace, placeOf, type PlaceKind } from '../../../../backend/src/domain/goal-language/expected-places.js';
import { parseExpectedResult } from '../../../../backend/src/domain/goal-language/parse-expected-result.js';
import type { Expectation } from '../../../../backend/src/domain/steps.js';

const inPlace = (item: string, group: string, negated = false): Expectation => ({
  kind: 'item',
  item,
  claim: { group, negated },
});
const rowShows = (row: string, shows: string, negated = false): Expectation => ({
  kind: 'item',
  item: row,
  claim: { shows, negated },
});

describe('goal language: expected results that name where to look', () => {
  const table: [string, Expectation][] = [
    ['Milk is no longer in the list', inPlace('Milk', 'list', true)],
    ['Buy milk is no longer in the list', inPlace('Buy milk', 'list', true)],
    ['Buy milk is removed from the list', inPlace('Buy milk', 'list', true)],
    ["'Buy milk' is deleted from the cart", inPlace('Buy milk', 'cart', true)],
    ['Milk is shown in the list', inPlace('Milk', 'list')],
    ['Buy milk is in the list', inPlace('Buy milk', 'list')],
    ['Milk is not shown in the list', inPlace('Milk', 'list', true)],
    ['Milk is in the ticket list', inPlace('Milk', 'ticket list')],
    ['Spam offer no longer appears in the queue', inPlace('Spam offer', 'queue', true)],
    ['X is shown in the cart', inPlace('X', 'cart')],
    ['Milk is not in the cart', inPlace('Milk', 'cart', true)],
    ['The cart contains Milk', inPlace('Milk', 'cart')],
    ['My basket no longer contains Milk', inPlace('Milk', 'basket', true)],
    ["'Saved' is shown in the dialog", inPlace('Saved', 'dialog')],
    ['The dialog says Y', inPlace('Y', 'dialog')],
    ["The modal shows 'Saved'", inPlace('Saved', 'modal')],
    ['The dialog no longer says Saving', inPlace('Saving', 'dialog', true)],
    ['The modal does not say Error', inPlace('Error', 'modal', true)],
    ["The 'Delete item?' dialog says 'Are you sure'", inPlace('Are you sure', 'Delete item? dialog')],
    ['Y is not in the sidebar', inPlace('Y', 'sidebar', true)],
    ['The sidebar does not show Reports', inPlace('Reports', 'sidebar', true)],
    ['Reports is shown in the footer', inPlace('Reports', 'footer')],
    ["'Order 7' is listed under Recent orders", inPlace('Order 7', 'Recent orders')],
    ['Paid is shown in the Billing section', inPlace('Paid', 'Billing section')],
    ['Grace is in the Email field', inPlace('Grace', 'Email field')],
    // A row as the place is the row's own claim: "The row of Ada shows Admin".
    ['Admin is shown in the row of Ada', rowShows('Ada', 'Admin')],
    ['Admin is not shown in the row for Ada', rowShows('Ada', 'Admin', true)],
    ["Admin is no longer in Ada Lovelace's row", rowShows('Ada Lovelace', 'Admin', true)],
    // No place, or the page itself: a text shown anywhere.
    ['Buy milk is removed', { kind: 'notVisible', text: 'Buy milk' }],
    ['Milk is on the page', { kind: 'visible', text: 'Milk' }],
    ['The heading says Welcome', { kind: 'visible', text: 'Welcome' }],
    ["The cart shows '1 item'", { kind: 'visible', text: '1 item' }],
    // A count stays a count.
    ['The cart shows 2 items', { kind: 'count', count: 2, noun: 'items in the cart' }],
  ];
  for (const [text, expected] of table) {
    it(`reads "${text}"`, () => {
      expect(parseExpectedResult(text)).to.deep.equal({ ok: true, expectations: [expected] });
    });
  }

  const places: [string, PlaceKind, string[]][] = [
    ['list', 'list', []],
    ['ticket list', 'list', ['ticket']],
    ['Done list', 'named', ['done']],
    ['queue', 'list', []],
    ['product table', 'table', ['product']],
    ['shopping cart', 'cart', []],
    ['basket', 'cart', []],
    ['Delete item? dialog', 'dialog', ['delete', 'item']],
    ['modal', 'dialog', []],
    ['sidebar', 'sidebar', []],
    ['navigation', 'navigation', []],
    ['Email field', 'field', ['email']],
    ['Billing section', 'named', ['billing']],
    ['Recent orders', 'named', ['recent', 'orders']],
    ['board', 'page', []],
  ];
  for (const [phrase, kind, words] of places) {
    it(`"${phrase}" is a place of kind ${kind}`, () => {
      expect(placeOf(phrase)).to.deep.equal({ kind, words });
    });
  }

  const list = { label: 'the list of "Bread", "Eggs"', items: ['Bread', 'Eggs'], text: 'Bread Eggs' };
  const judged: [string, string, boolean, Parameters<typeof judgeInPlace>[3], boolean, RegExp][] = [
    ['Milk', 'list', true, [list], true, /shows "Bread", "Eggs"/],
    ['Milk', 'list', false, [list], false, /shows "Bread", "Eggs"/],
    ['Bread', 'list', true, [list], false, /still shows "Bread"/],
    ['Bread', 'list', false, [list], true, /shows "Bread"/],
    // Text beside the items of a place counts ("Status: Paid" under Billing).
    [
      'Paid',
      'Billing section',
      false,
      [{ label: 'the section', items: [], text: 'Billing Status: Paid' }],
      true,
      /reads/,
    ],
    // Not found: fails either way, naming the place.
    ['Milk', 'list', true, [], false, /the list was not found on the page/],
    ['Milk', 'cart', false, [], false, /the cart was not found/],
    ['Saved', 'Confirm dialog', true, [], false, /the "confirm" dialog was not found/],
    // Two places that could be meant: fails either way, naming both.
    ['Milk', 'list', true, [list, { ...list, label: 'the list of "Tea"' }], false, /2 places could be the list/],
  ];
  for (const [item, group, negated, found, holds, why] of judged) {
    it(`judges "${item}" ${negated ? 'not ' : ''}in ${group} on ${found.length} place(s): ${holds}`, () => {
      const verdict = judgeInPlace(item, group, negated, found);
      expect(verdict.holds).to.equal(holds);
      expect(verdict.why).to.match(why);
    });
  }
});
