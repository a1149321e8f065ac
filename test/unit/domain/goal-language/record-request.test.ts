import { expect } from 'chai';
import { maskQuotes } from '../../../../backend/src/domain/goal-language/quotes.js';
import {
  readRecordRequest,
  recordRequest,
  type RecordRequest,
} from '../../../../backend/src/domain/goal-language/record-request.js';

/** The request as "kind | name | field=value ..." for a readable table. */
function shown(request: RecordRequest | null): string | null {
  if (!request) return null;
  const entries = request.entries.map((e) => `${e.field ?? '-'}=${e.value}${e.many ? '+' : ''}`);
  return [request.kind ?? '-', request.name ?? '-', ...entries].join(' | ');
}

describe('record requests: a new record told by its name and values that say what they are', () => {
  const table: [string, string | null][] = [
    [
      'a new event called Design review on Wednesday 2 December from 2pm to 3pm',
      'event | Design review | date=Wednesday 2 December | start=2pm | end=3pm',
    ],
    [
      "an all-day event 'Team offsite' on Thursday, 10 December",
      'event | Team offsite | -=All day | date=Thursday, 10 December',
    ],
    ['"Coffee with Sam" this Friday, 12:30–13:00', '- | Coffee with Sam | date=this Friday | start=12:30 | end=13:00'],
    [
      'a Roadmap sync on Mon 7 Dec, 10:00-11:00, and invite Priya Shah and Marco Rossi',
      '- | Roadmap sync | date=Mon 7 Dec | start=10:00 | end=11:00 | guests=Priya Shah+ | guests=Marco Rossi+',
    ],
    [
      "a ticket for mia.johnson@example about 'Coupon code not working'",
      'ticket | - | requester=mia.johnson@example | subject=Coupon code not working',
    ],
    [
      "event 'Board prep', Thursday Dec 3, start 4:00 PM, end 3:00 PM",
      'event | Board prep | date=Thursday Dec 3 | start=4:00 PM | end=3:00 PM',
    ],
    [
      'a meeting at 9:30 tomorrow with jane@example.com',
      'meeting | - | start=9:30 | date=tomorrow | guests=jane@example.com+',
    ],
    ['a task called Pay rent due Friday', null], // a list's item: the list rules read it
    ['the Deluxe room for Ada Lovelace', null], // "the": a record that exists
    ['a call with the team', null], // "the team" is no person
    ['a product called Sample Pack with SKU HW-1099', null], // a field and its value: the older rules
    ['a Candidate interview on Tuesday, even though it clashes', null], // words left unread
    ['a new folder called Marketing', null], // a name alone: the older rules
    ['Buy milk', null],
  ];
  for (const [object, expected] of table)
    it(`reads ${JSON.stringify(object)} as ${expected ?? 'no record request'}`, () => {
      const { skeleton, values } = maskQuotes(object);
      expect(shown(readRecordRequest(skeleton, values))).to.equal(expected);
    });

  it('opens the form with the New button of its kind, places the values, then presses the form’s button', () => {
    const { skeleton, values } = maskQuotes('Add an event "Standup" today from 9:00 to 9:15');
    const intents = recordRequest(skeleton, values)!;
    expect(intents.map((i) => i.kind)).to.deep.equal(['click', 'fillForm', 'click']);
    const [open, fill, submit] = intents as [
      Extract<(typeof intents)[0], { kind: 'click' }>,
      Extract<(typeof intents)[0], { kind: 'fillForm' }>,
      Extract<(typeof intents)[0], { kind: 'click' }>,
    ];
    expect(open.target.name).to.equal('New event');
    expect(fill.entries[0]).to.deep.include({ field: 'title', value: 'Standup' });
    expect(fill.entries[0]!.alternatives).to.include('Event name');
    expect(submit.target.name).to.equal('Add event');
    expect(submit.target.alternatives).to.include('Save');
  });

  const notRequests = ['Log in as ada@example.com', 'Open the Team retro', 'Add Buy milk to the list', 'Book now'];
  for (const sentence of notRequests)
    it(`leaves ${JSON.stringify(sentence)} to the other rules`, () => {
      const { skeleton, values } = maskQuotes(sentence);
      expect(recordRequest(skeleton, values)).to.equal(null);
    });
});
