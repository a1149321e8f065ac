import { expect } from 'chai';
import { formatIntent } from '../../../../backend/src/domain/goal-language/format.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';

/** Each action of a sentence as its elementary sentence, with the other readings kept for grounding. */
function readings(sentence: string): string[][] {
  const parsed = parseSentence(sentence);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.actions.map((a) => [formatIntent(a.intent), ...(a.alternatives ?? []).map((x) => x.sentence)]);
}

describe('goal language: a verb the lexicon does not know names a control', () => {
  const table: [string, string[][]][] = [
    // Verb + destination: the item's control named by the verb and its preposition, then the destination.
    [
      "Shift 'Quarterly report' to Archive",
      [["Click 'Shift to', 'Shifts' or 'Shift' in the row of 'Quarterly report'"], ["Click 'Archive'"]],
    ],
    [
      'Tag the Budget review ticket as Urgent using the Actions menu',
      [["Click 'Tag as', 'Tags' or 'Tag' in the row of 'Budget review'"], ["Click 'Urgent'"]],
    ],
    [
      'Relocate Old banner over to Drafts',
      [["Click 'Relocate to', 'Relocates' or 'Relocate' in the row of 'Old banner'"], ["Click 'Drafts'"]],
    ],
    // Verb + object: a control named by both, else the verb's control in the item's row.
    ['Publish the Spring sale', [["Click 'Publish Spring sale'", "Click 'Publish' in the row of 'Spring sale'"]]],
    [
      "Suspend Grace Hopper's account",
      [['Click "Suspend Grace Hopper\'s account"', "Click 'Suspend' in the row of \"Grace Hopper's account\""]],
    ],
    // A particle belongs to the verb; "reply to X" names the Reply control.
    ['Reply to the Weekly sync message', [["Click 'Reply Weekly sync'", "Click 'Reply' in the row of 'Weekly sync'"]]],
    // The open dialog's own buttons, and an indefinite object: the verb alone.
    ['Cancel the confirmation', [["Click 'Cancel'"]]],
    ['Abort the dialog', [["Click 'Abort'"]]],
    ['Schedule a meeting', [["Click 'Schedule'"]]],
    ['Publish', [["Click 'Publish'"]]],
    // A pronoun with nothing before it in the sentence: what an earlier sentence did; the verb's control.
    ['Undo it', [["Click 'Undo'"]]],
    ['undo it from the notification', [["Click 'Undo'"]]],
    ['Retry them in the banner', [["Click 'Retry'"]]],
    // A value the verb gives: a dropdown or a choice that offers it may take it instead of a button.
    [
      'Assign the owner Jordan',
      [["Click 'Assign owner Jordan'", "Click 'Assign' in the row of 'owner Jordan'", "Fill in owner 'Jordan'"]],
    ],
    [
      "Open 'Fix login' and assign it to Priya Shah",
      [["Open 'Fix login'"], ["Click 'Assign to Priya Shah'", "Fill in 'Priya Shah'"]],
    ],
  ];
  for (const [sentence, expected] of table) it(sentence, () => expect(readings(sentence)).to.deep.equal(expected));

  describe('what it does not read (a form with values: a record request, record-request.ts)', () => {
    for (const sentence of ['Schedule a meeting with kim@example.com at noon'])
      it(sentence, () => {
        const parsed = parseSentence(sentence);
        expect(parsed.ok && parsed.actions.map((a) => a.intent.kind)).to.deep.equal(['click', 'fillForm', 'click']);
        expect(parsed.ok && parsed.actions[0]!.sentence).to.match(/^Click 'New meeting'/);
      });
  });
});
