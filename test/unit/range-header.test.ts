// The Range header of an evidence GET: one range of bytes is honoured; anything else is ignored.
import { expect } from 'chai';
import { parseRange } from '../../backend/src/http/range-header.js';

describe('parseRange', () => {
  const cases: [string | undefined, ReturnType<typeof parseRange>][] = [
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    [' bytes = 5 - 9 ', { start: 5, end: 9 }],
    ['BYTES=1-2', { start: 1, end: 2 }],
    [undefined, undefined],
    ['', undefined],
    ['bytes=9-5', undefined],
    ['bytes=-', undefined],
    ['bytes=0-1,5-6', undefined],
    ['items=0-5', undefined],
    ['bytes=a-b', undefined],
    ['bytes=99999999999999999999-', undefined],
  ];
  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${JSON.stringify(expected)}`, () =>
      expect(parseRange(header)).to.deep.equal(expected));
  }
});
