import { expect } from 'chai';
import { withoutInstrument } from '../../../../backend/src/domain/goal-language/instruments.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';

describe('goal language: what a sentence acts with', () => {
  const table: [string, string][] = [
    // An unnamed menu, a selection's toolbar, a notification: set aside.
    ['Delete the Team offsite photo from its ⋮ menu', 'Delete the Team offsite photo'],
    ['set their status to Customer using the bulk actions', 'set their status to Customer'],
    ['Archive P-1050 using the ⋮ menu on its row', 'Archive P-1050'],
    ["Archive it via the row's context menu", 'Archive it'],
    ['Approve it from the notification', 'Approve it'],
    // "Use the menu on X to V it": the action, on X.
    ['Use the ⋯ menu on \uE0000\uE001 to move it to In progress', 'move \uE0000\uE001 to In progress'],
    // A named menu is a menu path; a menu that is the object stays; quoted names are names.
    ['Choose Export from the File menu', 'Choose Export from the File menu'],
    ['Tap on the hamburger menu', 'Tap on the hamburger menu'],
    ['Select \uE0000\uE001 from the \uE0001\uE001 menu', 'Select \uE0000\uE001 from the \uE0001\uE001 menu'],
  ];
  for (const [part, plain] of table) it(part, () => expect(withoutInstrument(part)).to.equal(plain));

  it('a named menu is set aside only where the verb leads along no menu path', () =>
    expect(withoutInstrument('Archive X from the Actions menu', true)).to.equal('Archive X'));

  it('the action reads as if the instrument was never said', () => {
    const plan = (sentence: string) => {
      const parsed = parseSentence(sentence);
      return parsed.ok ? parsed.actions.map((a) => a.intent) : parsed.error;
    };
    expect(plan("Delete 'Budget.xlsx' from its ⋮ menu")).to.deep.equal(plan("Delete 'Budget.xlsx'"));
  });
});
