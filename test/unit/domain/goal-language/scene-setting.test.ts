// Sentences that set the scene instead of asking for an action: which ones, and what "it" means after them.
import { expect } from 'chai';
import { parseGoalSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import { maskQuotes } from '../../../../backend/src/domain/goal-language/quotes.js';
import { sceneOf } from '../../../../backend/src/domain/goal-language/scene-setting.js';

const scene = (sentence: string) => {
  const { skeleton, values } = maskQuotes(sentence);
  return sceneOf(skeleton, values);
};

/** The elementary sentences each sentence of a goal is read as; null for a sentence not understood. */
function plans(...sentences: string[]): (string[] | null)[] {
  return sentences.map((_, i) => {
    const parsed = parseGoalSentence(sentences, i);
    return parsed.ok ? parsed.actions.map((a) => a.sentence) : null;
  });
}

describe('goal language: sentences that set the scene', () => {
  const table: [string, ReturnType<typeof sceneOf>][] = [
    ['Noah Kim is asking about his shipping address', { about: 'Noah Kim' }],
    ["The 'Spam offer' ticket is spam", { about: 'Spam offer' }],
    ['Marco invited me to the Product demo', { about: 'Marco' }],
    ['We just counted 75 gear motors on the shelf', { about: null }],
    ['Hi, the lithium grease P-1038 is bought by weight', { about: 'lithium grease P-1038' }],
    // Instructions start with their verb; a clause before the verb is no subject.
    ['Reschedule the team retro to 4pm', null],
    ['Add Apples to the list', null],
    ['Open Settings, then Billing is shown', null],
    ['The archived items', null],
  ];
  for (const [sentence, expected] of table)
    it(`"${sentence}" -> ${JSON.stringify(expected)}`, () => expect(scene(sentence)).to.deep.equal(expected));

  it('a scene asks for nothing, and "it" after it is what it was about', () => {
    expect(plans("The 'Spam offer' ticket is spam", 'Delete it')).to.deep.equal([[], ['Delete it']]);
    const parsed = parseGoalSentence(["The 'Spam offer' ticket is spam", 'Delete it'], 1);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.actions[0]!.intent).to.deep.include({
      kind: 'click',
      target: {
        name: 'Delete',
        noun: null,
        near: { text: 'Spam offer', relation: 'in the row of' },
        alternatives: ['Remove'],
      },
    });
  });

  it('a scene before a dash or colon in the same sentence is dropped, and lends its subject to "its"', () => {
    const parsed = parseGoalSentence(['The lithium grease P-1038 is bought by weight – change its unit to kg'], 0);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.actions.map((a) => a.intent)).to.deep.equal([
      {
        kind: 'fill',
        target: { name: 'unit', noun: null, near: { text: 'lithium grease P-1038', relation: 'in the row of' } },
        value: 'kg',
      },
    ]);
  });

  it("a scene told in the first person, a user story's role and a reason at the end ask for nothing", () => {
    // "I need ...: add ...": read as a scene before "I" is taken for a filler of the action.
    const clicks = (sentence: string) => {
      const parsed = parseGoalSentence([sentence], 0);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.actions.map((a) => (a.intent.kind === 'click' ? a.intent.target.name : a.intent.kind));
    };
    expect(clicks("I need to remember the budget: click 'Save'")).to.deep.equal(['Save']);
    expect(clicks("As a recruiter I want to click 'Save'")).to.deep.equal(['Save']);
    expect(clicks("As an admin, I click 'Save', even though it is late")).to.deep.equal(['Save']);
    expect(clicks("Click 'Save' so that I can leave, then click 'Close'")).to.deep.equal(['Save', 'Close']);
    expect(clicks("Cancel 'Flight' on Thursday, he's travelling for work")).to.have.length(1);
    expect(clicks("Click 'Submit' straight away")).to.deep.equal(['Submit']);
    // "save it as a draft": the button "Save as draft" says neither "it" nor "a".
    const saved = parseGoalSentence(['save it as a draft for now'], 0);
    const save = saved.ok ? saved.actions[0]!.intent : null;
    expect(save?.kind === 'click' && save.target.name).to.equal('Save as draft');
    // "field = value" after an action: a fill of its own.
    const assigned = parseGoalSentence(["Click 'New expense', merchant = Staples, amount = 0"], 0);
    expect(assigned.ok && assigned.actions.map((a) => a.sentence)).to.deep.equal([
      "Click 'New expense'",
      "Fill 'merchant' with 'Staples'",
      "Fill 'amount' with '0'",
    ]);
    // A figure, a date or a remark in brackets only describes.
    expect(clicks("Click 'Archive' (42.50) on Friday (4 Dec) (as the manager asked us to)")).to.deep.equal(['Archive']);
    // A few words in brackets may name an option: "sort by price (high to low)" keeps them.
    const option = parseGoalSentence(['sort by price (high to low)'], 0);
    expect(option.ok && option.actions[0]!.intent).to.deep.include({ value: 'price (high to low)' });
    // "so that the oldest is at the top" is a sort's direction, kept.
    const sorted = parseGoalSentence(['Sort by last updated so that the oldest one is at the top'], 0);
    expect(sorted.ok && sorted.actions[0]!.intent).to.deep.include({
      kind: 'select',
      value: 'last updated, oldest first',
    });
  });

  it("a goal's first sentence that names the test asks for nothing", () => {
    expect(plans('Negative test - amount validation.', "Click 'Save'")).to.deep.equal([[], ["Click 'Save'"]]);
    expect(plans('QA check of the booking form', "Click 'Book'")[0]).to.deep.equal([]);
    // Not the first sentence, or a sentence of many words: not a title.
    expect(plans("Click 'Save'", 'Negative test - amount validation', "Click 'Close'")[1]).to.not.deep.equal([]);
  });

  it('an instruction before a colon is never a scene ("Open the archived items: delete the first")', () => {
    const parsed = parseGoalSentence(['Open the archived items: delete the first one'], 0);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(JSON.stringify(parsed.actions.map((a) => a.intent))).to.match(/archived items/);
  });

  it('a statement that reads as a check, or ends the goal, is not a scene', () => {
    // "The cart is empty" is a claim about the page: it is not skipped as if it told a story.
    expect(plans('The cart is empty', 'Click Checkout')[0]).to.not.deep.equal([]);
    // Alone, it is read as an unknown verb's guess, which the page then refuses.
    expect(plans('Noah Kim is asking about his shipping address')[0]).to.not.deep.equal([]);
  });
});
