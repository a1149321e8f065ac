// A form filled from values written in one sentence, each known by its type rather than by a field
// name: "Search Lisbon from 12 to 15 December for 2 adults", "Find Porto, Dec 5 to Dec 7, 2 adults
// and 1 child", "Search Madeira 3–6 Jan as Grace Hopper, grace@example.com". A date range fills the
// start and end date fields, a count with a noun the field named by the noun, a capitalised place the
// destination, a name after "as" the name field and an e-mail address the e-mail field; then the
// verb's own button. Each fill names its field by the words forms use for that type (alternatives,
// tried in order), so grounding on the page picks the field, and refuses naming what the page offers.
import { monthOf } from '../calendar-dates.js';
import { NUMBER_WORDS as ALL_NUMBER_WORDS } from './number-words.js';
import type { Intent, TargetPhrase } from './intents.js';

export type TypedValue =
  | { type: 'dates'; from: string; to: string }
  | { type: 'count'; count: number; noun: string }
  | { type: 'place'; value: string }
  | { type: 'person'; value: string }
  | { type: 'email'; value: string };

const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const MONTH = String.raw`([A-Za-z]{3,9}\.?)`;
const YEAR = String.raw`(?:,?\s+(\d{4}))?`;
const UNTIL = String.raw`\s*(?:-|–|—|to|until|till|through)\s*`;
const FROM = String.raw`(?:(?:from|between)\s+)?`;
/** "12 to 15 December 2026", "5–7 Dec": two days, one month. */
const DAYS_MONTH = new RegExp(String.raw`^${FROM}${DAY}${UNTIL}${DAY}\s+${MONTH}${YEAR}\b`, 'i');
/** "Dec 12 to Dec 15", "December 12–15, 2026": the month first. */
const MONTH_DAYS = new RegExp(String.raw`^${FROM}${MONTH}\s+${DAY}${UNTIL}(?:${MONTH}\s+)?${DAY}${YEAR}\b`, 'i');
/** "30 December to 2 January 2027": a month each. */
const DAY_MONTH_EACH = new RegExp(String.raw`^${FROM}${DAY}\s+${MONTH}${UNTIL}${DAY}\s+${MONTH}${YEAR}\b`, 'i');
const NUMBER_WORDS = ALL_NUMBER_WORDS.slice(0, 11);
const COUNT = new RegExp(String.raw`^(\d{1,2}|${NUMBER_WORDS.join('|')})\s+([a-z]+)\b`, 'i');
const EMAIL = /^\(?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)\)?/;
/** A name is one to three capitalised words, "as Ada Lovelace" or "guest Ada Lovelace". */
const PERSON = /^(?:as|guest|for guest)\s+(?:the\s+guest\s+)?((?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*){0,2})\b/;
const PLACE = /^(?:(?:in|to|at|near)\s+)?((?:[A-Z][\p{L}'-]*)(?:\s+[A-Z][\p{L}'-]*){0,2})(?![\w@])/u;
/** Between values: a comma, "and", or a word that only introduces the next one. */
const GLUE = /^(?:\s*[,;]\s*|\s+)(?:(?:and|for|with|on)\s+)?/i;

const IRREGULAR: Record<string, string> = { child: 'children', person: 'people', man: 'men', woman: 'women' };
const SINGULAR: Record<string, string> = Object.fromEntries(Object.entries(IRREGULAR).map(([s, p]) => [p, s]));

/** The noun's singular and plural ("adult" -> adult, adults; "children" -> child, children). */
export function nounForms(noun: string): { singular: string; plural: string } {
  const word = noun.toLowerCase();
  if (IRREGULAR[word]) return { singular: word, plural: IRREGULAR[word] };
  if (SINGULAR[word]) return { singular: SINGULAR[word], plural: word };
  if (word.endsWith('ies')) return { singular: `${word.slice(0, -3)}y`, plural: word };
  if (word.endsWith('s')) return { singular: word.slice(0, -1), plural: word };
  return { singular: word, plural: word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s` };
}

const monthName = (word: string) => monthOf(word) !== null;
const date = (day: string, month: string, year: string | undefined) =>
  `${Number(day)} ${month.replace(/\.$/, '')}${year ? ` ${year}` : ''}`;

/** A date range at the start of the text, with what it took, or null. */
function dateRange(text: string): { value: TypedValue; length: number } | null {
  let m = DAYS_MONTH.exec(text);
  if (m && monthName(m[3]!))
    return {
      value: { type: 'dates', from: date(m[1]!, m[3]!, m[4]), to: date(m[2]!, m[3]!, m[4]) },
      length: m[0].length,
    };
  m = MONTH_DAYS.exec(text);
  if (m && monthName(m[1]!) && (!m[3] || monthName(m[3])))
    return {
      value: { type: 'dates', from: date(m[2]!, m[1]!, m[5]), to: date(m[4]!, m[3] ?? m[1]!, m[5]) },
      length: m[0].length,
    };
  m = DAY_MONTH_EACH.exec(text);
  if (m && monthName(m[2]!) && monthName(m[4]!)) {
    // "30 December to 2 January 2027": the year written once is the end's; the start is a year earlier.
    const year = m[5];
    const fromYear = year && monthOf(m[2]!)! > monthOf(m[4]!)! ? String(Number(year) - 1) : year;
    return {
      value: { type: 'dates', from: date(m[1]!, m[2]!, fromYear), to: date(m[3]!, m[4]!, year) },
      length: m[0].length,
    };
  }
  return null;
}

/** One typed value at the start of the text, with how much of it it took, or null. */
function nextValue(text: string): { value: TypedValue; length: number } | null {
  const range = dateRange(text);
  // "31 to 33 December" is no range: a wrong date would be a wrong verdict. (Each date starts with its day.)
  if (range && range.value.type === 'dates') {
    const days = [range.value.from, range.value.to].map((d) => Number.parseInt(d, 10));
    return days.every((d) => d >= 1 && d <= 31) ? range : null;
  }
  let m = COUNT.exec(text);
  if (m && !monthName(m[2]!)) {
    const count = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS.indexOf(m[1]!.toLowerCase());
    return { value: { type: 'count', count, noun: m[2]!.toLowerCase() }, length: m[0].length };
  }
  m = EMAIL.exec(text);
  if (m) return { value: { type: 'email', value: m[1]! }, length: m[0].length };
  m = PERSON.exec(text);
  if (m) return { value: { type: 'person', value: m[1]! }, length: m[0].length };
  m = PLACE.exec(text);
  if (m && !m[1]!.split(/\s+/).some(monthName)) return { value: { type: 'place', value: m[1]! }, length: m[0].length };
  return null;
}

/**
 * The typed values the whole text is made of, or null when any part is no typed value, or the text
 * has no date range, count or e-mail (a place alone is an ordinary search), or one type is given twice.
 */
export function typedValues(text: string): TypedValue[] | null {
  const found: TypedValue[] = [];
  let rest = text.trim();
  while (rest) {
    const next = nextValue(rest);
    if (!next) return null;
    found.push(next.value);
    rest = rest.slice(next.length);
    const glue = GLUE.exec(rest);
    rest = rest.slice(glue ? glue[0].length : 0).trim();
  }
  const once = (type: TypedValue['type']) => found.filter((v) => v.type === type).length <= 1;
  const nouns = found.flatMap((v) => (v.type === 'count' ? [nounForms(v.noun).plural] : []));
  if (!['dates', 'place', 'person', 'email'].every((t) => once(t as TypedValue['type']))) return null;
  if (new Set(nouns).size !== nouns.length) return null;
  return found.some((v) => v.type !== 'place' && v.type !== 'person') ? found : null;
}

const field = (name: string, alternatives: string[]): TargetPhrase => ({ name, noun: null, near: null, alternatives });
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The words forms label each type's field with, most usual first. */
const START_DATE = ['Check-in', 'Check in', 'Arrival', 'Arrival date', 'Start date', 'From', 'Depart'];
const END_DATE = ['Check-out', 'Check out', 'Departure', 'Departure date', 'End date', 'To', 'Return'];
const PLACE_FIELD = ['Destination', 'Where', 'City', 'Location', 'Going to', 'Place'];
const NAME_FIELD = ['Full name', 'Name', 'Guest name', 'Your name'];
const EMAIL_FIELD = ['Email', 'E-mail', 'Email address'];

/** The fills (or option choices) each value asks for. */
export function valueIntents(values: TypedValue[]): Intent[] {
  return values.flatMap((v): Intent[] => {
    switch (v.type) {
      case 'dates':
        return [
          { kind: 'fill', target: field(START_DATE[0]!, START_DATE.slice(1)), value: v.from },
          { kind: 'fill', target: field(END_DATE[0]!, END_DATE.slice(1)), value: v.to },
        ];
      case 'count': {
        const { singular, plural } = nounForms(v.noun);
        return [
          {
            kind: 'fill',
            target: field(capital(plural), [capital(singular), `Number of ${plural}`]),
            value: String(v.count),
          },
        ];
      }
      case 'place':
        return [{ kind: 'select', target: field(PLACE_FIELD[0]!, PLACE_FIELD.slice(1)), value: v.value }];
      case 'person':
        return [{ kind: 'fill', target: field(NAME_FIELD[0]!, NAME_FIELD.slice(1)), value: v.value }];
      case 'email':
        return [{ kind: 'fill', target: field(EMAIL_FIELD[0]!, EMAIL_FIELD.slice(1)), value: v.value }];
    }
  });
}

/** Verbs whose object can be a form's typed values, and the button each ends with. */
const FORM_VERBS: [RegExp, string, string[]][] = [
  [/^(?:search|look)(?:\s+for)?\s+/i, 'Search', ['Find', 'Go']],
  [/^find\s+/i, 'Find', ['Search', 'Go']],
];

/** "Search Lisbon from 12 to 15 December for 2 adults": the fills, then the verb's button; else null. */
export function typedForm(part: string): Intent[] | null {
  if (/[\uE000-\uF8FF]/.test(part)) return null; // a quoted value is a name, not a typed value
  for (const [verb, button, alternatives] of FORM_VERBS) {
    const m = verb.exec(part.trim());
    const values = m && typedValues(part.trim().slice(m[0].length));
    if (!values) continue;
    const submit: Intent = { kind: 'click', target: field(button, alternatives), double: false, purpose: 'click' };
    return [...valueIntents(values), submit];
  }
  return null;
}
