// The corpus of goals written the way people write them: each is understood as the plan a person
// means, and the vague ones are refused with a message that says what would work.
import { expect } from 'chai';
import { formatIntent } from '../../../../backend/src/domain/goal-language/format.js';
import { LEXICON } from '../../../../backend/src/domain/goal-language/lexicon.js';
import { parseGoalSentence, parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { planGoal } from '../../../../backend/src/domain/goal-language/step-plan.js';
import { splitGoal } from '../../../../backend/src/domain/goal-language/split-goal.js';
import { CORPUS, REFUSED } from './sentence-corpus.js';

// Each lexicon entry's examples are part of the corpus: adding a verb is one entry with its examples.
const EXAMPLES = LEXICON.flatMap((entry) => entry.examples);
const ALL = [...CORPUS, ...EXAMPLES];

describe('goal language: a corpus of ordinary sentences', () => {
  it('holds at least 150 goals and 25 refusals, each once', () => {
    expect(CORPUS.length).to.be.at.least(150);
    expect(REFUSED.length).to.be.at.least(25);
    const goals = [...ALL, ...REFUSED].map((entry) => entry.goal.toLowerCase());
    expect(goals.filter((goal, i) => goals.indexOf(goal) !== i)).to.deep.equal([]);
  });

  it('has at least one example for each lexicon entry', () => {
    expect(LEXICON.filter((entry) => !entry.examples.length).map((entry) => entry.family)).to.deep.equal([]);
  });

  describe('understood as meant', () => {
    for (const { goal, plan } of ALL) {
      it(goal.replace(/\n/g, ' / '), () => {
        const parsed = planGoal(goal);
        expect(parsed.ok ? parsed.steps : parsed.error).to.deep.equal(plan);
      });
    }
  });

  describe('each step of a plan reads back as itself', () => {
    // Healing interprets an elementary sentence alone, so each must parse back to the same action.
    for (const { goal } of ALL) {
      it(goal.replace(/\n/g, ' / '), () => {
        const sentences = splitGoal(goal);
        for (const i of sentences.keys()) {
          const parsed = parseGoalSentence(sentences, i);
          if (!parsed.ok) throw new Error(parsed.error);
          for (const { intent } of parsed.actions) {
            const again = parseSentence(formatIntent(intent));
            if (!again.ok) throw new Error(again.error);
            expect(again.actions.map((a) => a.intent)).to.deep.equal([intent]);
          }
        }
      });
    }
  });

  describe('refused with a message that says what would work', () => {
    for (const { goal, says } of REFUSED) {
      it(goal, () => {
        const parsed = planGoal(goal);
        expect(parsed.ok, parsed.ok ? `understood as ${JSON.stringify(parsed.steps)}` : '').to.equal(false);
        if (!parsed.ok) expect(parsed.error).to.match(says);
      });
    }
  });
});
