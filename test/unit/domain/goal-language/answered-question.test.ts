import { expect } from 'chai';
import { answerToQuestion } from '../../../../backend/src/domain/goal-language/answered-question.js';
import { startsAction } from '../../../../backend/src/domain/goal-language/compound.js';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';

describe('answered questions: the action that answers a dialog the step before opens', () => {
  const table: [string, string | null][] = [
    ['when it asks for confirmation click Cancel', 'click Cancel'],
    ['when it asks for a reason just cancel', 'cancel'],
    ['if a dialog pops up, press OK', 'press OK'],
    ['when asked, confirm', 'confirm'],
    ['if a confirmation appears', ''], // the condition alone: its answer is the next part
    ['when the page loads click Next', null], // not a question the page asks
    ['click Cancel', null],
  ];
  for (const [part, answer] of table)
    it(`reads ${JSON.stringify(part)} as ${answer === null ? 'no question' : JSON.stringify(answer)}`, () =>
      expect(answerToQuestion(part, startsAction)).to.equal(answer));

  it('does the answer after the action that asks, as its own click', () => {
    const parsed = parseSentence('Delete the Gym session, but when it asks for confirmation click Cancel');
    expect(parsed.ok && parsed.actions.map((a) => a.sentence)).to.deep.equal([
      "Click 'Delete' or 'Remove' in the row of 'Gym session'",
      "Click 'Cancel'",
    ]);
  });
});
