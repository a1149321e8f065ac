import { expect } from 'chai';
import {
  formatDate,
  formatFromHint,
  isoDate,
  nextOccurrence,
  readDayMonth,
  readDate,
  relativeDay,
  type DateFormat,
  type DateOrder,
  type DateReading,
} from '../../../backend/src/domain/calendar-dates.js';

describe('calendar dates: the spellings of a date in goals and in date fields', () => {
  const dates: [string, DateOrder | undefined, string][] = [
    ['2026-12-24', undefined, '2026-12-24'],
    ['2026/12/24', undefined, '2026-12-24'],
    ['24 December 2026', undefined, '2026-12-24'],
    ['24th of December 2026', undefined, '2026-12-24'],
    ['December 24, 2026', undefined, '2026-12-24'],
    ['Dec 24 2026', undefined, '2026-12-24'],
    ['Thursday, December 24th, 2026', undefined, '2026-12-24'],
    ['24-Dec-2026', undefined, '2026-12-24'],
    ['Sept. 3, 2026', undefined, '2026-09-03'],
    ['24/12/2026', undefined, '2026-12-24'],
    ['12/24/2026', undefined, '2026-12-24'],
    ['24.12.26', undefined, '2026-12-24'],
    ['05/05/2026', undefined, '2026-05-05'],
    ['03/04/2026', 'dmy', '2026-04-03'],
    ['03/04/2026', 'mdy', '2026-03-04'],
    ['3/4/99', 'mdy', '1999-03-04'],
    ['29 February 2028', undefined, '2028-02-29'],
  ];
  for (const [text, order, iso] of dates)
    it(`reads ${JSON.stringify(text)}${order ? ` (${order})` : ''} as ${iso}`, () => {
      const reading = readDate(text, order);
      expect(reading.kind).to.equal('date');
      if (reading.kind !== 'date') return;
      const { year, month, day } = reading.date;
      expect(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`).to.equal(iso);
    });

  const refused: [string, DateReading['kind'], RegExp | null][] = [
    ['03/04/2026', 'ambiguous', /April 3 or March 4.*does not say which order.*2026-04-03/],
    ['30 February 2026', 'invalid', /February 2026 has 28 days/],
    ['2026-13-01', 'invalid', /no month 13/],
    ['Buy milk', 'not a date', null],
    ['42', 'not a date', null],
    ['May the fourth', 'not a date', null],
    ['12 May', 'not a date', null],
    ['1.5', 'not a date', null],
  ];
  for (const [text, kind, says] of refused)
    it(`refuses ${JSON.stringify(text)} as ${kind}`, () => {
      const reading = readDate(text);
      expect(reading.kind).to.equal(kind);
      if (says && 'message' in reading) expect(reading.message).to.match(says);
    });

  const hints: [string, DateFormat | null][] = [
    ['mm/dd/yyyy', { order: 'mdy', separator: '/', yearDigits: 4, padded: true }],
    ['DD.MM.YYYY', { order: 'dmy', separator: '.', yearDigits: 4, padded: true }],
    ['yyyy-mm-dd', { order: 'ymd', separator: '-', yearDigits: 4, padded: true }],
    ['Date (d/m/yy)', { order: 'dmy', separator: '/', yearDigits: 2, padded: false }],
    ['e.g. 31/12/2026', { order: 'dmy', separator: '/', yearDigits: 4, padded: true }],
    ['for example 12/31/2026', { order: 'mdy', separator: '/', yearDigits: 4, padded: true }],
    ['e.g. 05/05/2026', null],
    ['Select a date', null],
    ['ddd', null],
  ];
  for (const [hint, format] of hints)
    it(`takes the format of the hint ${JSON.stringify(hint)}`, () =>
      expect(formatFromHint(hint)).to.deep.equal(format));

  const written: [DateFormat, string][] = [
    [{ order: 'mdy', separator: '/', yearDigits: 4, padded: true }, '03/04/2026'],
    [{ order: 'dmy', separator: '.', yearDigits: 2, padded: false }, '4.3.26'],
    [{ order: 'ymd', separator: '-', yearDigits: 4, padded: true }, '2026-03-04'],
  ];
  for (const [format, text] of written)
    it(`writes 4 March 2026 as ${text} in ${JSON.stringify(format)}`, () =>
      expect(formatDate({ year: 2026, month: 3, day: 4 }, format)).to.equal(text));
});

describe('calendar dates: a day and a month without a year', () => {
  const today = { year: 2026, month: 11, day: 28 };
  const table: [string, string | null][] = [
    ['12 December', '2026-12-12'],
    ['Dec 12', '2026-12-12'],
    ['Sat, Dec 12', '2026-12-12'],
    ['the 2nd of January', '2027-01-02'],
    ['28 November', '2026-11-28'],
    ['27 Nov', '2027-11-27'],
    ['29 February', '2028-02-29'],
    ['31 April', null],
    ['12 Smarch', null],
    ['12 December 2026', null],
  ];
  for (const [text, iso] of table)
    it(`reads ${JSON.stringify(text)} on 28 November 2026 as ${iso ?? 'no day and month'}`, () => {
      const dayMonth = readDayMonth(text);
      const date = dayMonth && nextOccurrence(dayMonth, today);
      expect(date && isoDate(date)).to.equal(iso);
    });
});

describe('calendar dates: a day said from today', () => {
  // Monday 30 November 2026.
  const today = { year: 2026, month: 11, day: 30 };
  const table: [string, string | null][] = [
    ['today', '2026-11-30'],
    ['tomorrow', '2026-12-01'],
    ['Friday', '2026-12-04'],
    ['this Friday', '2026-12-04'],
    ['on Thu', '2026-12-03'],
    ['Monday', '2026-11-30'],
    ['next Monday', '2026-12-07'],
    ['Sunday', '2026-12-06'],
    ['Wednesday 2 December', null],
    ['next week', null],
    ['Fri Fri', null],
  ];
  for (const [text, iso] of table)
    it(`reads ${JSON.stringify(text)} on Monday 30 November 2026 as ${iso ?? 'no relative day'}`, () => {
      const day = relativeDay(text, today);
      expect(day && isoDate(day)).to.equal(iso);
    });
});
