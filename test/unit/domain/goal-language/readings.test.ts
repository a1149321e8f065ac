// Every reading the words allow, in a stable order: the reading read before readings were kept
// comes first, the others follow as its alternatives, for grounding to decide against the page.
import { expect } from 'chai';
import { formatIntent } from '../../../../backend/src/domain/goal-language/format.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';

const ADD_TO_BAG = "'Add to bag', 'Add to cart', 'Add to basket' or 'Add'";
const SUBMIT =
  "Click the 'Submit', 'Send', 'Save', 'Continue', 'Sign in', 'Log in', 'Sign up', 'Register', 'Create', 'Search', 'OK' or 'Next' button";

/** Each action's readings, the preferred first, as the elementary sentences formatIntent writes. */
function readings(sentence: string): string[][] {
  const parsed = parseSentence(sentence);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.actions.map((action) => [action, ...(action.alternatives ?? [])].map((a) => formatIntent(a.intent)));
}

describe('goal language: the readings of a sentence', () => {
  const table: [string, string[][]][] = [
    // Two families whose verb the words allow ("put" adds to a bag, and puts text into a field).
    ['Put Sunscreen in the bag', [[`Click ${ADD_TO_BAG} in the row of 'Sunscreen'`, "Fill 'bag' with 'Sunscreen'"]]],
    // A rule's own other reading, then a later family's (row action): each once.
    [
      'Remove finished',
      [
        [
          "Click 'Clear completed', 'Clear done', 'Clear finished', 'Remove completed' or 'Delete completed'",
          "Click 'Remove' or 'Delete' in the row of 'finished'",
          "Click 'Remove finished'",
        ],
      ],
    ],
    [
      'Edit Walk the dog to say Walk the cat',
      [
        [
          "Rename 'Walk the dog' to 'Walk the cat'",
          "Click 'Edit' in the row of 'Walk the dog to say Walk the cat'",
          "Click 'Edit Walk the dog to say Walk the cat'",
        ],
      ],
    ],
    // Readings a rule attaches by hand keep their place after it.
    [
      'delete my account',
      [["Click 'Delete account' or 'Delete my account'", "Click 'Delete' or 'Remove' in the row of 'account'"]],
    ],
    ['Sort by Price', [["Select 'Price' from 'Sort', 'Sort by' or 'Order by'", "Click the 'Price' column header"]]],
    // Two families that build the same intent ("raise" sets, and increases): one reading.
    ['Raise the volume to 7', [["Fill 'volume' with '7'"]]],
    // A family's later rule reads the object with less structure: a fallback, not another meaning.
    ["Type 'Buy milk' into 'Search'", [["Fill 'Search' with 'Buy milk'"]]],
    ['Select Sweden from Country', [["Select 'Sweden' from 'Country'"]]],
    ['Accept the terms', [["Check 'terms'"]]],
    // A phrasal verb is read whole: "check out" is not "check" the checkbox "out".
    ['Check out', [["Click 'Checkout', 'Check out', 'Proceed to checkout', 'Go to checkout' or 'Place order'"]]],
    // A longer verb of another family read second keeps the first reading first.
    [
      'Go to checkout',
      [["Open 'checkout'", "Click 'Checkout', 'Check out', 'Proceed to checkout', 'Go to checkout' or 'Place order'"]],
    ],
    // Each action of a compound sentence has its own readings.
    [
      'Put Sunscreen in the bag and click Pack',
      [[`Click ${ADD_TO_BAG} in the row of 'Sunscreen'`, "Fill 'bag' with 'Sunscreen'"], ["Click 'Pack'"]],
    ],
    // What is left undone is no part of the action; unquoted, its words may still be one name.
    ['Press Search without choosing any dates', [["Click 'Search'", "Click 'Search without choosing any dates'"]]],
    ['Click Continue without saving', [["Click 'Continue'", "Click 'Continue without saving'"]]],
    ['Submit the form, leaving the email empty', [[SUBMIT]]],
    // Quoted, or written like a title, it is the name.
    ["Click 'Continue without saving'", [["Click 'Continue without saving'"]]],
    ['Click Continue Without Saving', [["Click 'Continue Without Saving'"]]],
    ['Click Delete, then cancel without deleting anything', [["Click 'Delete'"], ["Click 'Cancel'"]]],
    [
      "Rename it to 'Draft' and cancel",
      [["Fill the field with 'Draft'"], ['Press Enter in the field'], ["Click 'Cancel'"]],
    ],
    // Unquoted, a name under a title is also the control in that title's group.
    ['Tick Northwind under Brand', [["Check 'Northwind under Brand'", "Check 'Northwind' in the row of 'Brand'"]]],
    ["Click 'Northwind under Brand'", [["Click 'Northwind under Brand'"]]],
    ['Click Shop Under 20', [["Click 'Shop Under 20'"]]],
    // "the edit dialog for X": the row's control that opens it, else one named with both.
    ['Open the edit dialog for Alan Turing', [["Open 'Edit' in the row of 'Alan Turing'", "Open 'Edit Alan Turing'"]]],
    ['Open the settings page', [["Open the 'settings' page"]]],
    ['Type 12 into Quantity and cancel', [["Fill 'Quantity' with '12'"], ["Click 'Cancel'"]]],
    // A name, then its kind: the page may show the name without the kind.
    ['Open the Search API pagination card', [["Open 'Search API pagination' or 'Search API pagination card'"]]],
    ['Switch to month view', [["Open 'month view' or 'month'"]]],
    ['check Lucy Walsh in', [["Click 'Check in' in the row of 'Lucy Walsh'"]]],
    ['Click Withdraw on the Deutsche Bahn claim', [["Click 'Withdraw' in the row of 'Deutsche Bahn'"]]],
    ['tick the select-all checkbox on the Billing tab', [["Check the 'select-all' checkbox in the row of 'Billing'"]]],
    ['Check in Lucy Walsh', [["Click 'Check in' in the row of 'Lucy Walsh'"]]],
    ['Open the inbox', [["Open 'inbox'"]]],
  ];
  for (const [sentence, expected] of table) it(sentence, () => expect(readings(sentence)).to.deep.equal(expected));

  it('a family that refuses the words first is the answer, as before readings were kept', () => {
    const parsed = parseSentence('Check the page');
    expect(parsed.ok).to.equal(false);
    if (!parsed.ok) expect(parsed.error).to.match(/"Check" ticks a checkbox; to look at the page/);
  });
});
