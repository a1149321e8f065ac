import { expect } from 'chai';
import { readTime, sameTime, twentyFourHour } from '../../../backend/src/domain/clock-times.js';

describe('clock times: the spellings of a time of day', () => {
  const table: [string, boolean, string | null][] = [
    ['2pm', false, '14:00'],
    ['4:00 PM', false, '16:00'],
    ['12:30', false, '12:30'],
    ['9.30am', false, '09:30'],
    ['12am', false, '00:00'],
    ['12 p.m.', false, '12:00'],
    ['noon', false, '12:00'],
    ['9', false, null],
    ['9', true, '09:00'],
    ['13pm', false, null],
    ['24:00', false, null],
    ['10:75', false, null],
    ['4.2', false, null],
  ];
  for (const [text, bare, time] of table)
    it(`reads ${JSON.stringify(text)}${bare ? ' (said to be a time)' : ''} as ${time ?? 'no time'}`, () => {
      const read = readTime(text, bare);
      expect(read && twentyFourHour(read)).to.equal(time);
    });

  const same: [string, string, boolean][] = [
    ['14:00', '2pm', true],
    ['2:00 PM', '14:00', true],
    ['02:00 pm', '2pm', true],
    ['14:00', '2am', false],
    ['2', '2pm', false],
  ];
  for (const [a, b, is] of same)
    it(`${JSON.stringify(a)} and ${JSON.stringify(b)} are ${is ? '' : 'not '}the same time`, () =>
      expect(sameTime(a, b)).to.equal(is));
});
