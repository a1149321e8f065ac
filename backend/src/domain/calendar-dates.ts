// Dates as people write them in goals ("2026-12-24", "24 December 2026", "December 24, 2026",
// "24/12/2026") and as date fields show them ("12/24/2026", "24.12.26"). A numeric date whose day
// and month could be swapped ("03/04/2026") is read only with the field's order; without one it is
// ambiguous and refused, never guessed: a wrong date is a wrong verdict.

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** The order of day, month and year in a numeric date. */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/** How a field writes dates, as its placeholder or an example says ("mm/dd/yyyy", "e.g. 31.12.2026"). */
export interface DateFormat {
  order: DateOrder;
  separator: string;
  yearDigits: 2 | 4;
  /** Day and month with a leading zero ("03" rather than "3"). */
  padded: boolean;
}

export type DateReading =
  | { kind: 'date'; date: CalendarDate }
  | { kind: 'ambiguous'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'not a date' };

export const MONTH_NAMES =
  'January February March April May June July August September October November December'.split(' ');

const WEEKDAYS = /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b\.?/gi;

/** The month a word names (1 to 12: "Dec", "december", "Sept."), else null. */
export function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const index = MONTH_NAMES.findIndex(
    (name) => name.toLowerCase().startsWith(w) || (w === 'sept' && name === 'September'),
  );
  return index < 0 ? null : index + 1;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Two-digit years as strptime reads them: 00-68 in this century, 69-99 in the last. */
function fullYear(digits: string): number {
  const n = Number(digits);
  return digits.length === 4 ? n : n <= 68 ? 2000 + n : 1900 + n;
}

function checked(text: string, year: number, month: number, day: number): DateReading {
  if (month < 1 || month > 12) return { kind: 'invalid', message: `"${text}" has no month ${month}` };
  if (day < 1 || day > daysIn(year, month))
    return {
      kind: 'invalid',
      message: `"${text}" is not a date: ${MONTH_NAMES[month - 1]} ${year} has ${daysIn(year, month)} days`,
    };
  return { kind: 'date', date: { year, month, day } };
}

/**
 * Reads a date written in any common spelling. `order` is the field's (from its format), used for a
 * numeric date whose first two numbers could each be the day or the month.
 */
export function readDate(text: string, order?: DateOrder): DateReading {
  const trimmed = text.trim();
  const numeric = /^(\d{1,4})([./\- ])(\d{1,2})\2(\d{1,4})$/.exec(trimmed);
  if (numeric) {
    const [, a, , b, c] = numeric as unknown as [string, string, string, string, string];
    if (a.length === 4) return checked(trimmed, Number(a), Number(b), Number(c));
    if (c.length !== 4 && c.length !== 2) return { kind: 'not a date' };
    const year = fullYear(c);
    const first = Number(a);
    const second = Number(b);
    if (order === 'dmy') return checked(trimmed, year, second, first);
    if (order === 'mdy') return checked(trimmed, year, first, second);
    if (first > 12 && second <= 12) return checked(trimmed, year, second, first);
    if (second > 12 && first <= 12) return checked(trimmed, year, first, second);
    if (first === second) return checked(trimmed, year, first, first);
    if (first > 12 && second > 12) return { kind: 'invalid', message: `"${trimmed}" has no month` };
    return {
      kind: 'ambiguous',
      message: `"${trimmed}" could be ${MONTH_NAMES[second - 1]} ${first} or ${MONTH_NAMES[first - 1]} ${second}, and the field does not say which order it uses: write the date as ${year}-${pad(second)}-${pad(first)} or with the month's name ("${first} ${MONTH_NAMES[second - 1]} ${year}")`,
    };
  }
  // "Thursday, 24th of December 2026", "Dec 24, 2026", "24-Dec-2026".
  const words = trimmed
    .replace(WEEKDAYS, ' ')
    .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1')
    .replace(/\b(?:of|the)\b/gi, ' ')
    .split(/[\s,/.-]+/)
    .filter(Boolean);
  const months = words.map(monthOf);
  const numbers = words.filter((w) => /^\d+$/.test(w));
  if (months.filter((m) => m !== null).length !== 1 || words.length !== 3 || numbers.length !== 2)
    return { kind: 'not a date' };
  const month = months.find((m) => m !== null)!;
  const year = numbers.find((n) => n.length === 4);
  const day = numbers.find((n) => n.length <= 2);
  if (year === undefined || day === undefined) return { kind: 'not a date' };
  return checked(trimmed, Number(year), month, Number(day));
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The date in the field's format. */
export function formatDate(date: CalendarDate, format: DateFormat): string {
  const part = (n: number) => (format.padded ? pad(n) : String(n));
  const year = format.yearDigits === 4 ? String(date.year) : pad(date.year % 100);
  const parts =
    format.order === 'ymd'
      ? [year, part(date.month), part(date.day)]
      : format.order === 'dmy'
        ? [part(date.day), part(date.month), year]
        : [part(date.month), part(date.day), year];
  return parts.join(format.separator);
}

/** YYYY-MM-DD, the value of an <input type=date>. */
export function isoDate(date: CalendarDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * The format a field's hint describes: a pattern ("mm/dd/yyyy", "DD.MM.YY", "yyyy-mm-dd") or an
 * example whose day cannot be a month ("e.g. 31/12/2026"). Null when it describes none.
 */
export function formatFromHint(hint: string): DateFormat | null {
  const pattern = /\b([dmy]{1,4})([./\- ])([dmy]{1,4})\2([dmy]{1,4})\b/i.exec(hint);
  if (pattern) {
    const parts = [pattern[1]!, pattern[3]!, pattern[4]!].map((p) => p.toLowerCase());
    const order = parts.map((p) => p[0]).join('');
    if ((order === 'dmy' || order === 'mdy' || order === 'ymd') && parts.every((p) => new Set(p).size === 1)) {
      const year = parts.find((p) => p[0] === 'y')!;
      return {
        order,
        separator: pattern[2]!,
        yearDigits: year.length === 2 ? 2 : 4,
        padded: parts.some((p) => p[0] !== 'y' && p.length === 2),
      };
    }
  }
  const example = /\b(\d{1,4})([./-])(\d{1,2})\2(\d{2,4})\b/.exec(hint);
  if (!example) return null;
  const [first, second, third] = [example[1]!, example[3]!, example[4]!];
  const reading = readDate(example[0]);
  if (reading.kind !== 'date') return null;
  const order: DateOrder =
    first.length === 4
      ? 'ymd'
      : Number(first) === reading.date.day && Number(first) !== reading.date.month
        ? 'dmy'
        : 'mdy';
  if (order !== 'ymd' && Number(first) === Number(second)) return null; // "05/05/2026" says no order
  return {
    order,
    separator: example[2]!,
    yearDigits: (order === 'ymd' ? first : third).length === 2 ? 2 : 4,
    padded: (order === 'ymd' ? [second, third] : [first, second]).every((p) => p.length === 2),
  };
}

export function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/** Months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: { year: number; month: number }, to: { year: number; month: number }): number {
  return (to.year - from.year) * 12 + (to.month - from.month);
}

/** A day and a month's name without a year ("12 December", "Dec 12th", "Sat, Dec 12"), else null. */
export function readDayMonth(text: string): { month: number; day: number } | null {
  const words = text
    .trim()
    .replace(WEEKDAYS, ' ')
    .replace(/(\d)(?:st|nd|rd|th)\b/gi, '$1')
    .replace(/\b(?:of|the)\b/gi, ' ')
    .split(/[\s,/.-]+/)
    .filter(Boolean);
  if (words.length !== 2) return null;
  const month = words.map(monthOf).find((m) => m !== null);
  const day = words.find((w) => /^\d{1,2}$/.test(w));
  if (!month || !day || Number(day) < 1 || Number(day) > daysIn(2024, month)) return null;
  return { month, day: Number(day) };
}

/**
 * The first date on or after `today` with that day and month: "12 December" written in November
 * means this December, "2 January" next January. 29 February waits for a leap year.
 */
export function nextOccurrence(dayMonth: { month: number; day: number }, today: CalendarDate): CalendarDate {
  for (let year = today.year; ; year++) {
    const date = { year, ...dayMonth };
    if (dayMonth.day > daysIn(year, dayMonth.month)) continue;
    const ahead = monthsBetween(today, date);
    if (ahead > 0 || (ahead === 0 && date.day >= today.day)) return date;
  }
}

const WEEKDAY_NAMES = 'sunday monday tuesday wednesday thursday friday saturday'.split(' ');

/** The weekday a word names (0 Sunday to 6 Saturday: "Thu", "thurs", "Friday"), else null. */
export function weekdayOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return null;
  const index = WEEKDAY_NAMES.findIndex((name) => name.startsWith(w) || (w === 'tues' && name === 'tuesday'));
  return index < 0 ? null : index;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * A day said from today: "today", "tomorrow", "Friday", "this Friday", "next Friday", "on Friday".
 * A weekday is the next one on or after today ("next" skips today's own weekday); null for
 * anything else, and for a weekday beside a date ("Wednesday 2 December" is read by the date).
 */
export function relativeDay(text: string, today: CalendarDate): CalendarDate | null {
  const words = text.trim().toLowerCase().replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  while (words.length > 1 && ['on', 'for', 'this', 'coming'].includes(words[0]!)) words.shift();
  if (words.length === 1 && words[0] === 'today') return today;
  if (words.length === 1 && words[0] === 'tomorrow') return addDays(today, 1);
  const next = words[0] === 'next' && words.length === 2;
  const weekday = words.length === 1 || next ? weekdayOf(words.at(-1)!) : null;
  if (weekday === null) return null;
  const now = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const ahead = (weekday - now + 7) % 7;
  return addDays(today, ahead === 0 && next ? 7 : ahead);
}
