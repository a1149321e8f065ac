import { expect } from 'chai';
import { actionParts } from '../../../../backend/src/domain/goal-language/compound.js';
import { parseGoalSentence, parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { maskQuotes } from '../../../../backend/src/domain/goal-language/quotes.js';

/** The elementary sentences a sentence is read as. */
function plan(sentence: string): string[] {
  const parsed = parseSentence(sentence);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.actions.map((a) => a.sentence);
}

describe('goal language: several actions in one sentence', () => {
  describe('where a sentence splits into actions', () => {
    const table: [string, string[]][] = [
      ['Open Reports, export it and close', ['Open Reports', 'export it', 'close']],
      // A verb that is also a word in names starts an action when a pronoun is its object.
      ['Tick the rows and archive them', ['Tick the rows', 'archive them']],
      ['Pick a plan, then duplicate it', ['Pick a plan', 'duplicate it']],
      // After a comma, a lexicon verb in "-ing" is the next action; other "-ing" words are not.
      ['Archive P-1050, confirming the prompt', ['Archive P-1050', 'confirm the prompt']],
      // A verb the lexicon does not know, in lower case, on a pronoun.
      ['Choose the invoice and forward it to Kim', ['Choose the invoice', 'forward it to Kim']],
      // No verb after the joint: one name.
      ['Click Terms and conditions', ['Click Terms and conditions']],
      ['Open Salt and pepper', ['Open Salt and pepper']],
      ['Star Rock and roll', ['Star Rock and roll']],
      // After "then", an object without a verb of its own takes the verb said before it.
      ['Expand Projects and then 2026', ['Expand Projects', 'Expand 2026']],
      ['Go to Settings, then Billing', ['Go to Settings', 'Go to Billing']],
      ['Double-click Projects, then Q4 reports', ['Double-click Projects', 'Double-click Q4 reports']],
      // A word the lexicon does not know, in lower case before an article, is a verb; one in "-ing" is not.
      ["Tick Radia's row and assign the owner Jordan", ["Tick Radia's row", 'assign the owner Jordan']],
      ['Submit the form, leaving the email empty', ['Submit the form, leaving the email empty']],
      // A place, then a verb the lexicon may not know, starts an action; a preposition is no verb.
      [
        'Fill the profile with Ada Lovelace, Developer, and on the plans page switch billing to monthly',
        ['Fill the profile with Ada Lovelace, Developer', 'on the plans page switch billing to monthly'],
      ],
      ['Tick Ada and on the next step pick Pro', ['Tick Ada', 'on the next step pick Pro']],
      // A place said first lends no verb to a part without one.
      ["In 'Source' pick Other and type Radio", ['In \uE0000\uE001 pick Other', 'type Radio']],
    ];
    for (const [sentence, parts] of table)
      it(sentence, () => expect(actionParts(maskQuotes(sentence).skeleton)).to.deep.equal(parts));
  });

  describe('a pronoun stands for what the action before acted on', () => {
    const table: [string, string[]][] = [
      // After a selection, the selection's own control, named by the verb and what follows the pronoun:
      // a button first (a link of that name is a place, the "Archive" folder).
      ["Tick 'Invoice 7' and archive them", ["Check 'Invoice 7'", "Click the 'Archive selected' or 'Archive' button"]],
      [
        "Tick 'March' and 'April' and export them as CSV",
        ["Check 'March'", "Check 'April'", "Click the 'Export as CSV' button"],
      ],
      ["Check 'Report A', then flag it as urgent", ["Check 'Report A'", "Click the 'Flag as urgent' button"]],
      // Elsewhere, the item named before; a list is done item by item.
      [
        "Star 'Lunch' and 'Budget' and archive them",
        [
          "Click 'Star' in the row of 'Lunch'",
          "Click 'Star' in the row of 'Budget'",
          "Click 'Archive' in the row of 'Lunch'",
          "Click 'Archive' in the row of 'Budget'",
        ],
      ],
      // "that folder": what the action before acted on last; "on that page" is where it left off.
      [
        'Move the Stripe invoice to Receipts and open that folder',
        ["Click 'Move to', 'Moves' or 'Move' in the row of 'Stripe'", "Click 'Receipts'", "Open 'Receipts'"],
      ],
      ['Open the Settings tab and click Save on that page', ["Open the 'Settings' tab", "Click 'Save'"]],
      // Rows chosen by position are a selection, with no text to own a field.
      [
        'Select the last two rows and delete them',
        [
          'Check the checkbox in the second to last row',
          'Check the checkbox in the last row',
          "Click the 'Delete selected' or 'Delete' button",
        ],
      ],
      // A possessive: what the action before acted on owns it (a text searched for or found too).
      [
        'Search for red widget, then double-click its quantity',
        [
          "Fill the 'Search' box with 'red widget'",
          "Press Enter in the 'Search' box",
          "Double-click 'quantity' in the row of 'red widget'",
        ],
      ],
      [
        'Find the blue widget and set its quantity to 40',
        ["Wait for 'blue widget'", "Fill 'quantity' in the row of 'blue widget' with '40'"],
      ],
      ["Select 'Ada' and change her email to a@b.c", ["Choose 'Ada'", "Fill 'email' in the row of 'Ada' with 'a@b.c'"]],
      // Nothing names the item: the control the verb names.
      ['Set the discount to 15 and apply it', ["Fill 'discount' with '15'", "Click 'Apply'"]],
      ["Fill 'Coupon' with 'SPRING' and redeem it", ["Fill 'Coupon' with 'SPRING'", "Click 'Redeem'"]],
      // "switch it to B", "(and) back to A": the field the sentence set last by its name, set again.
      [
        "In 'Source' pick Other and type Radio, then switch it to Podcast and back to Other",
        [
          "Select 'Other' from 'Source'",
          "Fill the field with 'Radio'",
          "Select 'Podcast' from 'Source'",
          "Select 'Other' from 'Source'",
        ],
      ],
      [
        'Set the country to France and then back to Spain',
        ["Fill 'country' with 'France'", "Fill 'country' with 'Spain'"],
      ],
    ];
    for (const [sentence, steps] of table) it(sentence, () => expect(plan(sentence)).to.deep.equal(steps));

    it('a later sentence\'s "it" is the field the sentence before set', () => {
      const size = { kind: 'select', target: { name: 'Size', noun: null, near: null }, value: 'Large' };
      const parsed = parseGoalSentence(["Select 'Small' from 'Size'", 'Change it to Large'], 1);
      expect(parsed.ok && parsed.actions.map((a) => a.intent)).to.deep.equal([size]);
      // With no field set before, it is no value of one.
      const alone = parseGoalSentence(['Change it to Large'], 0);
      expect(alone.ok && alone.actions.map((a) => a.intent)).to.not.deep.equal([size]);
    });

    it('never drops what follows the pronoun: "mark them as unread" is not "Mark"', () => {
      const parsed = parseSentence("Tick 'A' and mark them as unread");
      expect(parsed.ok && parsed.actions[1]!.intent).to.deep.include({
        target: { name: 'Mark as unread', noun: 'button', near: null },
      });
    });
  });

  describe('a list of fields after a colon or "with"', () => {
    const table: [string, string[]][] = [
      [
        'Create a new supplier: company Acme, city Oslo and phone 555-0100',
        [
          "Click 'New supplier', 'Create new supplier', 'Add supplier' or 'New'",
          "Fill 'company' with 'Acme'",
          "Fill 'city' with 'Oslo'",
          "Fill 'phone' with '555-0100'",
          "Click 'Create supplier', 'Add supplier', 'Save supplier', 'Create', 'Add', 'Save' or 'Submit'",
        ],
      ],
      [
        'Add an invoice with amount 120 and due date 2027-01-31',
        [
          "Click 'New invoice', 'Add new invoice', 'Add invoice' or 'New'",
          "Fill 'amount' with '120'",
          "Fill 'due date' with '2027-01-31'",
          "Click 'Add invoice', 'Create invoice', 'Save invoice', 'Add', 'Create', 'Save' or 'Submit'",
        ],
      ],
      // A list's "item" with two fields or more is a record; an acronym is a field's label.
      [
        'Add a new item: SKU PT-5006, name Sandpaper Assorted',
        [
          "Click 'New item', 'Add new item', 'Add item' or 'New'",
          "Fill 'SKU' with 'PT-5006'",
          "Fill 'name' with 'Sandpaper Assorted'",
          "Click 'Add item', 'Create item', 'Save item', 'Add', 'Create', 'Save' or 'Submit'",
        ],
      ],
      // "Edit X: ..." opens X's editor (the Edit control in its row), then fills or acts there.
      [
        'Edit Mary Shelley: city Geneva, role Author',
        ["Click 'Edit' in the row of 'Mary Shelley'", "Fill 'city' with 'Geneva'", "Fill 'role' with 'Author'"],
      ],
      [
        'Edit Mary Shelley: set the city to Geneva and save',
        ["Click 'Edit' in the row of 'Mary Shelley'", "Fill 'city' with 'Geneva'", "Click 'Save'"],
      ],
      // Lists that other rules read stay theirs.
      ['Add a todo: Walk the dog', ["Fill the field with 'Walk the dog'", 'Press Enter in the field']],
      ['Fill in the form: name Ada, email a@b.co', ["Fill 'name' with 'Ada'", "Fill 'email' with 'a@b.co'"]],
    ];
    for (const [sentence, steps] of table) it(sentence, () => expect(plan(sentence)).to.deep.equal(steps));

    it("a new record's own submit is left out when the goal's next sentence presses it", () => {
      const record = 'Add an invoice with amount 120 and due date 2027-01-31';
      const steps = (next: string | undefined) => {
        const parsed = parseGoalSentence(next === undefined ? [record] : [record, next], 0);
        return parsed.ok ? parsed.actions.map((a) => a.sentence) : [];
      };
      expect(steps('click Save')).to.have.length(3);
      expect(steps('click save').at(-1)).to.equal("Fill 'due date' with '2027-01-31'");
      // Another click next (not one of its names) leaves it in.
      expect(steps('click Export')).to.have.length(4);
      expect(steps(undefined)).to.have.length(4);
    });

    it('a list whose chunks are not fields is not a new record', () => {
      // "Buy milk" is an item, not the field "Buy" with the value "milk".
      const parsed = parseSentence('Create a new list: Buy milk, Walk dog');
      const steps = parsed.ok ? parsed.actions.map((a) => a.sentence) : [];
      expect(steps).to.not.include("Fill 'Buy' with 'milk'");
    });
  });
});
