import { expect } from 'chai';
import { parseSentence } from '../../../../backend/src/domain/goal-language/parse-sentence.js';
import {
  nounForms,
  typedForm,
  typedValues,
  type TypedValue,
} from '../../../../backend/src/domain/goal-language/typed-values.js';

describe('typed values: a form filled from values known by their type', () => {
  const table: [string, TypedValue[]][] = [
    [
      'Berlin from 3 to 5 March for 1 adult',
      [
        { type: 'place', value: 'Berlin' },
        { type: 'dates', from: '3 March', to: '5 March' },
        { type: 'count', count: 1, noun: 'adult' },
      ],
    ],
    [
      'Rome, Mar 3 to Mar 9 2027, 2 adults and 1 child',
      [
        { type: 'place', value: 'Rome' },
        { type: 'dates', from: '3 Mar 2027', to: '9 Mar 2027' },
        { type: 'count', count: 2, noun: 'adults' },
        { type: 'count', count: 1, noun: 'child' },
      ],
    ],
    [
      'New York 28 December to 2 January 2027 for two guests',
      [
        { type: 'place', value: 'New York' },
        { type: 'dates', from: '28 December 2026', to: '2 January 2027' },
        { type: 'count', count: 2, noun: 'guests' },
      ],
    ],
    [
      'in Vienna 8–10 Oct',
      [
        { type: 'place', value: 'Vienna' },
        { type: 'dates', from: '8 Oct', to: '10 Oct' },
      ],
    ],
    [
      '3 rooms as Hedy Lamarr (hedy@example.com)',
      [
        { type: 'count', count: 3, noun: 'rooms' },
        { type: 'person', value: 'Hedy Lamarr' },
        { type: 'email', value: 'hedy@example.com' },
      ],
    ],
    ['between 1st and 4th May', []],
  ];
  for (const [text, values] of table)
    it(`reads ${JSON.stringify(text)} as ${values.map((v) => v.type).join(', ') || 'no typed values'}`, () =>
      expect(typedValues(text)).to.deep.equal(values.length ? values : null));

  const refused = [
    'Lisbon', // a place alone is an ordinary search
    'the blue shirts for 2 adults',
    'Paris for 2 adults and 3 adults',
    '12 to 15 December and 3 to 4 January',
    'Lisbon 31 to 33 December',
    'Oslo for 2 adults with a sea view',
  ];
  for (const text of refused)
    it(`reads no typed values in ${JSON.stringify(text)}`, () => expect(typedValues(text)).to.equal(null));

  it('names a count field by the plural of its noun, then its singular', () => {
    expect(nounForms('child')).to.deep.equal({ singular: 'child', plural: 'children' });
    expect(nounForms('adults')).to.deep.equal({ singular: 'adult', plural: 'adults' });
    expect(nounForms('nights')).to.deep.equal({ singular: 'night', plural: 'nights' });
  });

  it('fills each field, then clicks the verb’s own button', () => {
    const intents = typedForm('Find Berlin 3–5 March for 2 children')!;
    expect(intents.map((i) => [i.kind, 'target' in i && i.target ? i.target.name : null])).to.deep.equal([
      ['select', 'Destination'],
      ['fill', 'Check-in'],
      ['fill', 'Check-out'],
      ['fill', 'Children'],
      ['click', 'Find'],
    ]);
    expect(intents[3]).to.deep.include({ value: '2' });
  });

  it('reads a sentence with typed values, and the action after it', () => {
    const parse = parseSentence('Search Berlin from 3 to 5 March for 2 adults, then choose the Deluxe room');
    expect(parse.ok).to.equal(true);
    if (parse.ok)
      expect(parse.actions.map((a) => a.intent.kind)).to.deep.equal([
        'select',
        'fill',
        'fill',
        'fill',
        'click',
        'click',
      ]);
  });

  it('leaves an ordinary search alone', () => {
    const parse = parseSentence('Search Lisbon');
    expect(parse.ok && parse.actions[0]!.intent.kind).to.equal('fill');
  });
});
