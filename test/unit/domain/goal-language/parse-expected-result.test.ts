import { expect } from 'chai';
import { parseExpectedResult } from '../../../../backend/src/domain/goal-language/parse-expected-result.js';
import type { Expectation } from '../../../../backend/src/domain/steps.js';

describe('goal language: parsing an expected result', () => {
  const table: [string, Expectation[]][] = [
    // A field of the item just named, said after a comma.
    [
      'P-1048 Hydraulic pump is the first row, with a unit cost of $389.00',
      [
        { kind: 'item', item: 'P-1048 Hydraulic pump', claim: { position: 1 } },
        {
          kind: 'item',
          item: 'P-1048 Hydraulic pump',
          claim: { field: 'unit cost', value: '$389.00', negated: false },
        },
      ],
    ],
    // ... but a "with" between commas describes the item ("Claw Hammer, with 210 units, is listed last").
    [
      'Claw Hammer, with 210 units, is listed last',
      [{ kind: 'item', item: 'Claw Hammer, with 210 units,', claim: { position: -1 } }],
    ],
    // One of the items just counted, said after a comma.
    [
      "The To do column has 4 cards, one of them 'Write docs'",
      [
        { kind: 'groupCount', group: 'To do', count: 4, noun: 'cards' },
        { kind: 'item', item: 'Write docs', claim: { group: 'To do', negated: false } },
      ],
    ],
    [
      'There are 3 rows, including Ada',
      [
        { kind: 'count', count: 3, noun: 'rows' },
        { kind: 'visible', text: 'Ada' },
      ],
    ],
    ["'Welcome, Ada' is shown", [{ kind: 'visible', text: 'Welcome, Ada' }]],
    ['"Welcome, Ada" is displayed', [{ kind: 'visible', text: 'Welcome, Ada' }]],
    ["'3 items left' is visible", [{ kind: 'visible', text: '3 items left' }]],
    ['Welcome is shown', [{ kind: 'visible', text: 'Welcome' }]],
    ["The 'Saved' message is shown", [{ kind: 'visible', text: 'Saved' }]],
    ["The page shows 'Thank you'", [{ kind: 'visible', text: 'Thank you' }]],
    ["'Thank you' should be shown", [{ kind: 'visible', text: 'Thank you' }]],
    ["'Thank you' appears", [{ kind: 'visible', text: 'Thank you' }]],
    // The words the page shows for a thing said with its kind, and "with a ..." as a second claim.
    ['The review shows the Off-peak plan', [{ kind: 'visible', text: 'Off-peak' }]],
    ['The confirmation shows a membership number', [{ kind: 'visible', text: 'membership number' }]],
    [
      'The Welcome to the club screen appears with a membership number',
      [
        { kind: 'visible', text: 'Welcome to the club' },
        { kind: 'visible', text: 'membership number' },
      ],
    ],
    ['Thank you for your order is shown', [{ kind: 'visible', text: 'Thank you for your order' }]],
    ["I see 'Thank you'", [{ kind: 'visible', text: 'Thank you' }]],
    ["There is a 'Welcome' message", [{ kind: 'visible', text: 'Welcome' }]],
    ["'Error' is not shown", [{ kind: 'notVisible', text: 'Error' }]],
    ["'Error' isn't visible", [{ kind: 'notVisible', text: 'Error' }]],
    ["'Error' should not be displayed", [{ kind: 'notVisible', text: 'Error' }]],
    ["'Loading' disappears", [{ kind: 'notVisible', text: 'Loading' }]],
    ["'Error' does not appear", [{ kind: 'notVisible', text: 'Error' }]],
    ["There is no 'Error' message", [{ kind: 'notVisible', text: 'Error' }]],
    ["The URL contains '/orders'", [{ kind: 'urlContains', text: '/orders' }]],
    ["The URL should contain '/orders'", [{ kind: 'urlContains', text: '/orders' }]],
    ['the url includes /orders', [{ kind: 'urlContains', text: '/orders' }]],
    ['I am on /dashboard', [{ kind: 'urlContains', text: '/dashboard' }]],
    ["The title is 'Checkout'", [{ kind: 'titleIs', text: 'Checkout' }]],
    ["The page title should be 'Checkout'", [{ kind: 'titleIs', text: 'Checkout' }]],
    ['There are 2 items in the list', [{ kind: 'count', count: 2, noun: 'items in the list' }]],
    ['All 10 contacts are still listed', [{ kind: 'count', count: 10, noun: 'contacts' }]],
    // What a thing says of itself is its state; anything else it says is a text shown.
    ['The cart says it is empty', [{ kind: 'count', count: 0, noun: 'items in the cart' }]],
    // A group that is empty holds no items; a field that is empty holds no value.
    ['The Done column is now empty', [{ kind: 'groupCount', group: 'Done', count: 0, noun: 'items' }]],
    ['The search box is empty', [{ kind: 'value', target: { name: null, noun: 'search box', near: null }, text: '' }]],
    // A person's item said by its kind shows a value written like a name.
    [
      "George Miller's Saturday appointment is shown as Cancelled",
      [{ kind: 'item', item: "George Miller's Saturday appointment", claim: { shows: 'Cancelled', negated: false } }],
    ],
    [
      "James O'Connor's 3 Dec 11:00 appointment is marked Cancelled in the list",
      [
        {
          kind: 'item',
          item: "James O'Connor's 3 Dec 11:00 appointment",
          claim: { shows: 'Cancelled', negated: false },
        },
      ],
    ],
    // A field of the item, its value a name said before or after the field.
    [
      "Ben Carter's ticket has Low priority",
      [{ kind: 'item', item: "Ben Carter's ticket", claim: { field: 'priority', value: 'Low', negated: false } }],
    ],
    [
      "The ticket 'Login fails' has status Pending",
      [{ kind: 'item', item: 'Login fails', claim: { field: 'status', value: 'Pending', negated: false } }],
    ],
    // A field of the item named first, said with "its".
    [
      'Refund not received shows Priya Nair as its assignee',
      [
        {
          kind: 'item',
          item: 'Refund not received',
          claim: { field: 'assignee', value: 'Priya Nair', negated: false },
        },
      ],
    ],
    // A view's count is the figure beside the view's name.
    ['The Urgent view count is 4', [{ kind: 'value', target: { name: 'Urgent', noun: null, near: null }, text: '4' }]],
    // "its" after a clause is what that clause was about.
    [
      'The Unassigned view is empty and its count is 0',
      [
        { kind: 'groupCount', group: 'Unassigned', count: 0, noun: 'items' },
        { kind: 'value', target: { name: 'Unassigned', noun: null, near: null }, text: '0' },
      ],
    ],
    // Unquoted after "says": in the message's own words, or as written anywhere (agent/check-message.ts).
    ['The banner says it is free', [{ kind: 'message', words: 'it is free' }]],
    // A field's value said after it, "as the F"; a second pair borrows the verb.
    [
      'The profile step still shows Grace as the first name and Canada as the country',
      [
        { kind: 'value', target: { name: 'first name', noun: 'field', near: null }, text: 'Grace' },
        { kind: 'value', target: { name: 'country', noun: 'field', near: null }, text: 'Canada' },
      ],
    ],
    // "Neither ... nor ...": each is not shown, never the words "Neither A nor B" shown.
    [
      'Neither Ada Lovelace nor Alan Turing is listed',
      [
        { kind: 'notVisible', text: 'Ada Lovelace' },
        { kind: 'notVisible', text: 'Alan Turing' },
      ],
    ],
    [
      "Neither 'Error' nor 'Warning' is shown, and 'Saved' is shown",
      [
        { kind: 'notVisible', text: 'Error' },
        { kind: 'notVisible', text: 'Warning' },
        { kind: 'visible', text: 'Saved' },
      ],
    ],
    ['There are two items in the list', [{ kind: 'count', count: 2, noun: 'items in the list' }]],
    ['There is 1 item', [{ kind: 'count', count: 1, noun: 'item' }]],
    ['There are no rows in the table', [{ kind: 'count', count: 0, noun: 'rows in the table' }]],
    ['The list has 3 todos', [{ kind: 'count', count: 3, noun: 'todos in the list' }]],
    ['3 rows are shown in the table', [{ kind: 'count', count: 3, noun: 'rows in the table' }]],
    ['The cart shows 1 item', [{ kind: 'count', count: 1, noun: 'item in the cart' }]],
    ['my basket contains two products', [{ kind: 'count', count: 2, noun: 'products in the basket' }]],
    ['The cart badge shows 3', [{ kind: 'count', count: 3, noun: 'items in the cart' }]],
    ["The cart shows '1 item'", [{ kind: 'visible', text: '1 item' }]],
    [
      "'Saved' is shown and 'Error' is not shown",
      [
        { kind: 'visible', text: 'Saved' },
        { kind: 'notVisible', text: 'Error' },
      ],
    ],
    [
      "'Salt and pepper' is shown and the URL contains '/cart'",
      [
        { kind: 'visible', text: 'Salt and pepper' },
        { kind: 'urlContains', text: '/cart' },
      ],
    ],
    [
      "'A' and 'B' are shown",
      [
        { kind: 'visible', text: 'A' },
        { kind: 'visible', text: 'B' },
      ],
    ],
    ['Terms and conditions is shown', [{ kind: 'visible', text: 'Terms and conditions' }]],
    // A place that only says where to look ("at the bottom") is left out when the clause reads no other way.
    [
      'The total stock value at the bottom is $5,573.93',
      [{ kind: 'value', target: { name: 'total stock value', noun: null, near: null }, text: '$5,573.93' }],
    ],
    [
      'Board deck draft.pdf is at the top of the list',
      [{ kind: 'item', item: 'Board deck draft.pdf', claim: { position: 1 } }],
    ],
    // Counts: a grid like a table; one item, or a number written as a word, listed.
    ['The grid shows 4 rows', [{ kind: 'count', count: 4, noun: 'rows in the grid' }]],
    ['1 item is listed', [{ kind: 'count', count: 1, noun: 'item' }]],
    ['Two rows are listed', [{ kind: 'count', count: 2, noun: 'rows' }]],
    // A kind and "named" / "called" before the text: the name is what is shown.
    ['A row named "Claw Hammer 16oz (copy)" is listed', [{ kind: 'visible', text: 'Claw Hammer 16oz (copy)' }]],
    ['A new product called Free Sample Pack is not shown', [{ kind: 'notVisible', text: 'Free Sample Pack' }]],
    // A bare "is not" borrows "shown": "... and 'B' is not" is "'B' is not shown", after either.
    [
      "'A' and 'B' are shown and 'C' is not",
      [
        { kind: 'visible', text: 'A' },
        { kind: 'visible', text: 'B' },
        { kind: 'notVisible', text: 'C' },
      ],
    ],
    [
      "'Error' is not shown and 'Warning' isn't",
      [
        { kind: 'notVisible', text: 'Error' },
        { kind: 'notVisible', text: 'Warning' },
      ],
    ],
    // ... and after a place, a mark or a state: negated, and after a negated state, the same state.
    [
      'Kickoff notes.docx is listed in My Drive and Meeting notes.docx is not',
      [
        { kind: 'item', item: 'Kickoff notes.docx', claim: { group: 'My Drive', negated: false } },
        { kind: 'item', item: 'Meeting notes.docx', claim: { group: 'My Drive', negated: true } },
      ],
    ],
    [
      "The 'One number' rule is ticked but 'At least 8 characters' is not",
      [
        { kind: 'state', target: { name: 'One number', noun: null, near: null }, state: 'checked' },
        { kind: 'state', target: { name: 'At least 8 characters', noun: null, near: null }, state: 'unchecked' },
      ],
    ],
    [
      "The Newsletter checkbox isn't checked and 'Terms' isn't",
      [
        { kind: 'state', target: { name: 'Newsletter', noun: 'checkbox', near: null }, state: 'unchecked' },
        { kind: 'state', target: { name: 'Terms', noun: null, near: null }, state: 'unchecked' },
      ],
    ],
    [
      "The title is 'Checkout'. There are 2 items in the list, and 'Total: $5' is visible",
      [
        { kind: 'titleIs', text: 'Checkout' },
        { kind: 'count', count: 2, noun: 'items in the list' },
        { kind: 'visible', text: 'Total: $5' },
      ],
    ],
    // A message said in the sentence's own words: what it asks for, not a quoted text.
    ['An error asks you to choose the dates', [{ kind: 'message', words: 'choose the dates' }]],
    // Said in other words, and where it is shown; a quoted text after "says" is that text.
    ['A message confirms that 2 items were exported', [{ kind: 'message', words: '2 items were exported' }]],
    // A place that says something of itself: its name, then what "it" is.
    ['The Trash says it is empty', [{ kind: 'message', words: 'Trash is empty' }]],
    [
      "The 'Q4 reports' folder says that it has no files",
      [{ kind: 'message', words: 'Q4 reports folder has no files' }],
    ],
    ['An error under the email field asks for your email address', [{ kind: 'message', words: 'your email address' }]],
    ["A message says 'Saved'", [{ kind: 'visible', text: 'Saved' }]],
    ['A validation message should ask for a valid email', [{ kind: 'message', words: 'a valid email' }]],
    ['An error message appears asking you to accept the terms', [{ kind: 'message', words: 'accept the terms' }]],
    ["A message tells you to 'check your inbox'", [{ kind: 'message', words: 'check your inbox' }]],
    ["A message says 'Saved'", [{ kind: 'visible', text: 'Saved' }]],
    // "no longer appears in", "is gone from": not in that place; alone, not shown.
    [
      'Spam offer no longer appears in the queue',
      [{ kind: 'item', item: 'Spam offer', claim: { group: 'queue', negated: true } }],
    ],
    ["'Welcome back' no longer appears", [{ kind: 'notVisible', text: 'Welcome back' }]],
    [
      "'Team retro' is gone from the Done column",
      [{ kind: 'item', item: 'Team retro', claim: { group: 'Done column', negated: true } }],
    ],
    ['', []],
  ];
  for (const [text, expected] of table) {
    it(text || '(empty)', () => {
      const parsed = parseExpectedResult(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.expectations).to.deep.equal(expected);
    });
  }

  const bad = ['It works', "'Saved' is shown and it is fast", 'The moon is made of cheese'];

  // A claim about "it" would be checked on the text "It": a negated one would pass on any page.
  for (const text of ['It no longer appears in the queue', 'It is not shown', 'They are gone and Unassigned shows 4'])
    it(`refuses a bare pronoun as the subject: ${text}`, () => {
      const parsed = parseExpectedResult(text);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) expect(parsed.error).to.match(/does not say what it is .* name it/);
    });
  for (const text of bad) {
    it(`does not understand: ${text}`, () => {
      const parsed = parseExpectedResult(text);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) {
        expect(parsed.error).to.match(/^Could not understand the expected result "/);
        expect(parsed.error).to.include("'Welcome, Ada' is shown");
        expect(parsed.error).to.include('There are 2 items in the list');
      }
    });
  }
});
