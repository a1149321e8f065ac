import { expect } from 'chai';
import { describeCron } from '../../shared/src/cron-description.js';
import { nextFireTimes } from '../../shared/src/cron.js';

describe('cron schedules in plain words', () => {
  const table: [string, string][] = [
    ['0 6 * * 1-5', 'At 06:00, Monday to Friday'],
    ['0 6 * * *', 'At 06:00, every day'],
    ['30 18 * * 0', 'At 18:30, Sunday'],
    ['30 18 * * 7', 'At 18:30, Sunday'],
    ['0 9 * * MON,WED,FRI', 'At 09:00, Monday, Wednesday and Friday'],
    ['0 9 * * sat-sun', 'At 09:00, Saturday to Sunday'],
    ['0 6,18 * * *', 'At 06:00 and 18:00, every day'],
    ['0,30 9 * * 1', 'At 09:00 and 09:30, Monday'],
    ['0 0 1 * *', 'At 00:00, on day 1 of the month'],
    ['0 0 1,15 * *', 'At 00:00, on days 1 and 15 of the month'],
    ['0 0 1 1 *', 'At 00:00, on day 1 of the month in January'],
    ['0 12 * 6-8 *', 'At 12:00, every day in June to August'],
    ['0 0 13 * 5', 'At 00:00, on day 13 of the month and every Friday'],
    ['* * * * *', 'Every minute'],
    ['*/15 * * * *', 'Every 15 minutes'],
    ['*/15 9-17 * * 1-5', 'Every 15 minutes from 09:00 to 17:59, Monday to Friday'],
    ['* 9 * * *', 'Every minute from 09:00 to 09:59'],
    ['0 * * * *', 'Every hour, at 0 minutes past'],
    ['5 * * * *', 'Every hour, at 5 minutes past'],
    ['1 * * * 1', 'Every hour, at 1 minute past, Monday'],
    ['0 */2 * * *', 'Every 2 hours, at 0 minutes past'],
    ['*/10 */3 * * *', 'Every 10 minutes of every 3 hours'],
    ['15 8-18 * * *', 'Every hour from 08:00 to 18:59, at 15 minutes past'],
    [
      '0 1,2,3,4,5,6,7 * * *',
      'Every hour from 01:00 to 01:59, from 02:00 to 02:59, from 03:00 to 03:59, from 04:00 to 04:59, from 05:00 to 05:59, from 06:00 to 06:59 and from 07:00 to 07:59, at 0 minutes past',
    ],
    ['0-30/10 * * * *', 'Every 10th minute from 0 to 30 of every hour'],
    ['0 0 */2 * *', 'At 00:00, on every 2nd day of the month'],
    ['5,35 0-3,12 * * *', 'At minutes 5 and 35 from 00:00 to 03:59 and from 12:00 to 12:59'],
    ['0 0 1-7 * *', 'At 00:00, on days 1 to 7 of the month'],
    ['0 0 L * *', 'On the schedule 0 0 L * *'],
    ['0 0 * * 5#2', 'On the schedule 0 0 * * 5#2'],
    ['  0   6 * * 1-5 ', 'At 06:00, Monday to Friday'],
  ];
  for (const [cron, words] of table) {
    it(`${JSON.stringify(cron)} → ${words}`, () => expect(describeCron(cron)).to.equal(words));
  }
});

describe('the next fire times of a schedule', () => {
  it('gives the next three, in the schedule\u2019s time zone, soonest first', () => {
    // A Monday; Stockholm is UTC+1 in January.
    const now = new Date('2027-01-04T05:30:00Z');
    expect(nextFireTimes('0 6 * * 1-5', 'Europe/Stockholm', now, 3).map((d) => d.toISOString())).to.deep.equal([
      '2027-01-05T05:00:00.000Z',
      '2027-01-06T05:00:00.000Z',
      '2027-01-07T05:00:00.000Z',
    ]);
  });

  it('does not count a fire time equal to now', () => {
    const now = new Date('2027-01-04T06:00:00Z');
    expect(nextFireTimes('0 6 * * *', 'UTC', now, 1)[0]!.toISOString()).to.equal('2027-01-05T06:00:00.000Z');
  });
});
