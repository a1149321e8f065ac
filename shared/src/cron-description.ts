// A five-field cron expression (minute hour day-of-month month day-of-week) in plain words, for the
// dashboard: "0 6 * * 1-5" is "At 06:00, Monday to Friday". Pure; what it cannot put in words
// (L, W, #, ?) it says as "On the schedule ...". The time zone is the schedule's, said beside it.

type Part = number | { from: number; to: number; step: number };
/** null: every value (`*`). */
type Field = Part[] | null;

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

interface Range {
  min: number;
  max: number;
  names?: string[];
  /** What index 0 of `names` stands for. */
  namesFrom?: number;
}
const RANGES: Range[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES, namesFrom: 1 },
  { min: 0, max: 7, names: DAY_NAMES, namesFrom: 0 },
];

function value(text: string, range: Range): number | null {
  const named = range.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return named + range.namesFrom!;
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= range.min && n <= range.max ? n : null;
}

/** One field; undefined when it uses what this describer does not know. */
function parseField(text: string, range: Range): Field | undefined {
  if (text === '*') return null;
  const parts: Part[] = [];
  for (const item of text.split(',')) {
    const m = /^([^/-]+)(?:-([^/]+))?(?:\/(\d+))?$/.exec(item);
    if (!m) return undefined;
    const step = m[3] ? Number(m[3]) : null;
    if (step === 0) return undefined;
    const from = m[1] === '*' ? range.min : value(m[1]!, range);
    const to = m[2] !== undefined ? value(m[2], range) : m[1] === '*' || step ? range.max : from;
    if (from === null || to === null || (m[1] === '*' && m[2] !== undefined)) return undefined;
    parts.push(from === to && !step ? from : { from, to, step: step ?? 1 });
  }
  return parts;
}

/** The single numbers of a field of only numbers (and small ranges without a step), else null. */
function numbers(field: Field): number[] | null {
  if (!field) return null;
  const out: number[] = [];
  for (const part of field) {
    if (typeof part === 'number') out.push(part);
    else if (part.step === 1 && part.to - part.from < 4) for (let n = part.from; n <= part.to; n++) out.push(n);
    else return null;
  }
  return out;
}

function list(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

const two = (n: number) => String(n).padStart(2, '0');

/** `*\/n` (every n units), or null. */
function everyStep(field: Field, range: Range): number | null {
  if (!field || field.length !== 1 || typeof field[0] === 'number') return null;
  const part = field[0]!;
  return part.from === range.min && part.to === range.max && part.step > 1 ? part.step : null;
}

/** Ranges and lists of a field in words, with `name` for each value ("Monday to Friday"). */
function partsInWords(field: Part[], name: (n: number) => string, unit: string, range: Range): string {
  return list(
    field.map((part) => {
      if (typeof part === 'number') return name(part);
      if (part.step === 1) return `${name(part.from)} to ${name(part.to)}`;
      const every = `every ${part.step}${ordinalSuffix(part.step)} ${unit}`;
      return part.from === range.min && part.to === range.max
        ? every
        : `${every} from ${name(part.from)} to ${name(part.to)}`;
    }),
  );
}

/** "minute 5", "minutes 5 and 35", "days 1 to 7", or "every 2nd day" (a step says its unit itself). */
function unitWords(field: Part[], unit: string, range: Range): string {
  const words = partsInWords(field, String, unit, range);
  if (!field.every((p) => typeof p === 'number' || p.step === 1)) return words;
  return `${unit}${field.length === 1 && typeof field[0] === 'number' ? '' : 's'} ${words}`;
}

function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

/** The hours a time applies in: "from 09:00 to 17:59", "from 09:00 to 09:59 and from 13:00 to 13:59". */
function hourWindow(hour: Part[]): string {
  return list(
    hour.map((part) => {
      if (typeof part === 'number') return `from ${two(part)}:00 to ${two(part)}:59`;
      if (part.step === 1) return `from ${two(part.from)}:00 to ${two(part.to)}:59`;
      return `every ${part.step} hours from ${two(part.from)}:00 to ${two(part.to)}:59`;
    }),
  );
}

function timeWords(minute: Field, hour: Field): { text: string; frequency: boolean } {
  const minutes = numbers(minute);
  const hours = numbers(hour);
  if (minutes && hours && minutes.length * hours.length <= 6) {
    return { text: `at ${list(hours.flatMap((h) => minutes.map((m) => `${two(h)}:${two(m)}`)))}`, frequency: false };
  }
  const minuteStep = everyStep(minute, RANGES[0]!);
  const hourStep = everyStep(hour, RANGES[1]!);
  // Which hours: every hour (''), every n hours, or a window.
  const scope = hour === null ? '' : hourStep ? ` of every ${hourStep} hours` : ` ${hourWindow(hour)}`;
  if (minute === null) return { text: `every minute${scope}`, frequency: true };
  if (minuteStep) return { text: `every ${minuteStep} minutes${scope}`, frequency: true };
  if (minutes?.length === 1) {
    const past = `at ${minutes[0]} minute${minutes[0] === 1 ? '' : 's'} past`;
    const every =
      hour === null ? 'every hour' : hourStep ? `every ${hourStep} hours` : `every hour ${hourWindow(hour)}`;
    return { text: `${every}, ${past}`, frequency: true };
  }
  const minuteWords = unitWords(minute, 'minute', RANGES[0]!);
  return {
    text: `${minuteWords.startsWith('every') ? '' : 'at '}${minuteWords}${hour === null ? ' of every hour' : scope}`,
    frequency: true,
  };
}

function dayWords(dayOfMonth: Field, month: Field, dayOfWeek: Field): string {
  // 7 is Sunday too.
  const weekdays = dayOfWeek?.map((p) =>
    p === 7 ? 0 : typeof p === 'number' ? p : p.to === 7 && p.from === 0 ? { ...p, to: 6 } : p,
  );
  const week = weekdays ? partsInWords(weekdays, (d) => DAYS[d % 7]!, 'day', RANGES[4]!) : null;
  const dates = dayOfMonth ? `${unitWords(dayOfMonth, 'day', RANGES[2]!)} of the month` : null;
  const months = month ? ` in ${partsInWords(month, (m) => MONTHS[m - 1]!, 'month', RANGES[3]!)}` : '';
  // Both restricted: cron runs on either.
  const days =
    week && dates ? `on ${dates} and every ${week}` : week ? week : dates ? `on ${dates}` : months ? 'every day' : '';
  return `${days}${months}`;
}

/** "0 6 * * 1-5" → "At 06:00, Monday to Friday". */
export function describeCron(expression: string): string {
  const fields = expression.trim().split(/\s+/);
  const parsed = fields.length === 5 ? fields.map((f, i) => parseField(f, RANGES[i]!)) : [];
  if (parsed.length !== 5 || parsed.some((f) => f === undefined)) return `On the schedule ${expression.trim()}`;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = parsed as Field[];
  const time = timeWords(minute!, hour!);
  const days = dayWords(dayOfMonth!, month!, dayOfWeek!);
  const text = days ? `${time.text}, ${days}` : time.frequency ? time.text : `${time.text}, every day`;
  return text[0]!.toUpperCase() + text.slice(1);
}
