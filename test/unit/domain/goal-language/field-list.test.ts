// A new record's head and its fields after a colon, with values given alone among them.
import { expect } from 'chai';
import { fieldFills } from '../../../../backend/src/domain/goal-language/field-list.js';
import { parseGoalSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { maskQuotes } from '../../../../backend/src/domain/goal-language/quotes.js';

const plan = (sentences: string[], i = 0) => {
  const parsed = parseGoalSentence(sentences, i);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.actions.map((a) => a.sentence);
};

describe('goal language: a new record with its fields after a colon', () => {
  it('places a value given alone (a currency) by what it is, beside the fields with their names', () => {
    expect(plan(['Add it as a new expense: merchant Dishoom, category Meals, amount 24.60 in GBP'])).to.deep.equal([
      "Click 'New expense', 'Add new expense', 'Add expense' or 'New'",
      "Fill in merchant 'Dishoom', category 'Meals', amount '24.60', 'GBP'",
      "Click 'Add expense', 'Create expense', 'Save expense', 'Add', 'Create', 'Save' or 'Submit'",
    ]);
  });

  it('puts the day the record is for into its date field', () => {
    expect(plan(['Create a new expense for today: merchant FreeNow, amount 92.00 EUR'])[1]).to.equal(
      "Fill in date 'today', merchant 'FreeNow', amount '92.00 EUR'",
    );
  });

  it('reads "New expense ...:" without a verb, and leaves names alone to a list', () => {
    expect(plan(['New expense for the hotel: Ibis Styles, €109.00, dated 24 November'])[1]).to.equal(
      "Fill in 'Ibis Styles', '€109.00', dated '24 November'",
    );
    expect(plan(['Add three todos: Buy milk, Walk the dog and Pay rent'])).to.have.length(6);
  });

  it('leaves the implied button out when the next sentence goes on with the form', () => {
    const goal = ['Add a new expense: merchant Staples, amount 12', "Tick 'I have a receipt' and click Save as draft"];
    expect(plan(goal)).to.deep.equal([
      "Click 'New expense', 'Add new expense', 'Add expense' or 'New'",
      "Fill 'merchant' with 'Staples'",
      "Fill 'amount' with '12'",
    ]);
    expect(plan(goal, 1)).to.deep.equal(["Check 'I have a receipt'", "Click 'Save as draft'"]);
  });
});

describe('goal language: what a colon introduces is fields only when each is a field and its value', () => {
  const notFields = [
    'on To approve, tick the box',
    "click 'Approve selected'",
    'tick the select-all checkbox in the table header',
  ];
  for (const body of notFields)
    it(`"${body}" is no list of fields`, () => {
      const { skeleton, values } = maskQuotes(body);
      expect(fieldFills(skeleton, values)).to.equal(null);
    });
  it('"first name Hedy, SKU PT-5006" is', () => {
    const { skeleton, values } = maskQuotes('first name Hedy, SKU PT-5006');
    expect(fieldFills(skeleton, values)).to.have.length(2);
  });
});
