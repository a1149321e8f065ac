// A new record asked for by its name and by values that say what they are, as people write calendar
// entries, tickets and bookings: "Create a new event called Design review on Wednesday 2 December
// from 2pm to 3pm", "Schedule 'Coffee with Sam' this Friday, 12:30–13:00", "Add an all-day event
// 'Team offsite' on Thursday, 10 December", "Log a ticket for mia@example.com about 'Coupon code not
// working'", "Set up a Roadmap sync on Mon 7 Dec, 10:00-11:00, and invite Priya Shah".
//
// The record's form is opened with the page's New button, each value goes to the field the page has
// for its kind (agent/place-values.ts: a day to the date field, a span of times to the start and end,
// people to the guests), then the form's button. Each kind of value is one reader below and the
// words that introduce it are data (VALUE_KINDS); the whole sentence must be read, or it is not a
// record request (another rule, or "could not understand", takes it).
import { monthOf, weekdayOf } from '../calendar-dates.js';
import { readTime } from '../clock-times.js';
import { recordSubmit } from './field-list.js';
import type { FormEntry, Intent, TargetPhrase } from './intents.js';
import { GENRE_NOUNS } from './lexicon.js';
import { unmask } from './quotes.js';

/** What a value is, the field a form names it by, and the other names forms use for that field. */
const VALUE_KINDS = {
  name: ['Title', 'Name', 'Subject', 'Summary'],
  date: ['Date', 'Day', 'When', 'Start date', 'On'],
  start: ['Start', 'Start time', 'From', 'Starts', 'Begins', 'Time'],
  end: ['End', 'End time', 'To', 'Ends', 'Until', 'Finish'],
  guest: ['Guests', 'Guest', 'Attendees', 'Invitees', 'Participants', 'People', 'Invite', 'With'],
  for: ['Requester', 'Customer', 'Contact', 'Client', 'For', 'From', 'Email'],
  about: ['Subject', 'Title', 'Summary', 'Topic', 'About', 'Description'],
  place: ['Location', 'Where', 'Place', 'Room', 'Venue'],
  due: ['Due date', 'Due', 'Deadline', 'Date'],
} as const;
type ValueKind = keyof typeof VALUE_KINDS;

/**
 * The verbs that ask for a new record; "log", "open" and "new" only before "a"/"an"/"new". Kept here,
 * not as a lexicon family: outside a record request these verbs name the page's own control
 * ("Schedule a meeting" clicks "Schedule", verb-controls.ts), which a known verb would not.
 */
const RECORD_VERBS = ['create', 'add', 'make', 'schedule', 'book', 'set up', 'plan', 'arrange', 'organise', 'organize'];
const ARTICLE_VERBS = ['log', 'open', 'file', 'raise', 'submit', 'put in', 'enter'];
/** The words that introduce a kind of value. */
const INTRODUCED: Record<string, ValueKind> = {
  for: 'for',
  about: 'about',
  regarding: 'about',
  at: 'place',
  in: 'place',
  due: 'due',
  by: 'due',
};
const INVITE = ['invite', 'inviting', 'with'];
const NAMING = ['called', 'named', 'titled', 'entitled'];
const RANGE_WORDS = ['-', '–', '—', 'to', 'until', 'till', 'and'];
const START_WORDS = ['start', 'starts', 'starting', 'from', 'begins', 'beginning'];
const END_WORDS = ['end', 'ends', 'ending', 'until', 'till', 'finishing'];
const DAY_WORDS = ['today', 'tomorrow'];
const GLUE = [',', 'and', ';'];

/** Words, quoted values (masked), times ("4:00 PM", "2pm"), dashes and commas. */
const TOKEN =
  /\uE000\d+\uE001|\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?(?![\p{L}\d])|\d{1,2}\s*[ap]\.?m\.?(?![\p{L}\d])|[\p{L}\p{N}@._+'’]+(?:-[\p{L}\p{N}]+)*|[-–—,;]/giu;

interface Read {
  entries: FormEntry[];
  /** Tokens read. */
  length: number;
}

const lower = (token: string | undefined) => (token ?? '').toLowerCase();
const capital = (token: string | undefined) => !!token && /^[\p{Lu}\uE000]/u.test(token);
const entry = (kind: ValueKind, value: string): FormEntry => {
  const [field, ...alternatives] = VALUE_KINDS[kind];
  return { field: field.toLowerCase(), alternatives: [...alternatives], value };
};

/** "this Friday", "Wednesday 2 December", "Mon 7 Dec", "Thursday, 10 December", "today", "Dec 3, 2026". */
function readDay(tokens: string[], at: number): { text: string; length: number } | null {
  let i = at;
  if (['on', 'for'].includes(lower(tokens[i]))) i++;
  const from = i;
  if (DAY_WORDS.includes(lower(tokens[i]))) return { text: tokens[i]!, length: i + 1 - at };
  if (['this', 'next', 'coming'].includes(lower(tokens[i])) && weekdayOf(tokens[i + 1] ?? '') !== null) i++;
  const weekday = weekdayOf(tokens[i] ?? '') !== null && !/^\d/.test(tokens[i]!);
  if (weekday) i++;
  const afterWeekday = i;
  if (weekday && tokens[i] === ',' && /^\d|^[a-z]/i.test(tokens[i + 1] ?? '')) i++;
  const number = (t?: string) => !!t && /^\d{1,2}(?:st|nd|rd|th)?$/i.test(t);
  const month = (t?: string) => !!t && /^\p{L}{3,}\.?$/u.test(t) && monthOf(t) !== null;
  let dated = false;
  if (number(tokens[i]) && lower(tokens[i + 1]) === 'of' && month(tokens[i + 2])) [i, dated] = [i + 3, true];
  else if (number(tokens[i]) && month(tokens[i + 1])) [i, dated] = [i + 2, true];
  else if (month(tokens[i]) && number(tokens[i + 1])) [i, dated] = [i + 2, true];
  if (dated && tokens[i] === ',' && /^\d{4}$/.test(tokens[i + 1] ?? '')) i += 2;
  else if (dated && /^\d{4}$/.test(tokens[i] ?? '')) i++;
  if (!dated) i = afterWeekday;
  if (!weekday && !dated) return null;
  return { text: tokens.slice(from, i).join(' ').replace(/ ,/g, ','), length: i - at };
}

/** A time ("2pm", "14:30", "4:00 PM"); a bare hour when `bare` ("from 9 to 10"). */
function timeAt(tokens: string[], i: number, bare: boolean): string | null {
  const t = tokens[i];
  return t && readTime(t, bare) ? t : null;
}

/** "from 2pm to 3pm", "10:00-11:00", "4pm - 5pm", "at 9:30", "start 4:00 PM", "end 3:00 PM". */
function readTimes(tokens: string[], at: number): Read | null {
  const word = lower(tokens[at]);
  const lead = ['from', 'between', 'at'].includes(word) ? 1 : 0;
  const first = timeAt(tokens, at + lead, lead === 1);
  if (first && RANGE_WORDS.includes(lower(tokens[at + lead + 1]))) {
    const second = timeAt(tokens, at + lead + 2, true);
    if (second) return { entries: [entry('start', first), entry('end', second)], length: lead + 3 };
  }
  if (first && (lead || readTime(first)))
    return { entries: [entry(word === 'until' ? 'end' : 'start', first)], length: lead + 1 };
  // "start 4:00 PM", "ending at 5pm": one end of the span, said with its word.
  const labelled = START_WORDS.includes(word) ? 'start' : END_WORDS.includes(word) ? 'end' : null;
  if (!labelled) return null;
  const skip = lower(tokens[at + 1]) === 'at' ? 2 : 1;
  const time = timeAt(tokens, at + skip, true);
  return time ? { entries: [entry(labelled, time)], length: skip + 1 } : null;
}

/** A word of a person's name: "Priya", not "SKU" (a field) nor "Friday". */
const personWord = (token?: string) => !!token && /^\p{Lu}\p{Ll}/u.test(token) && weekdayOf(token) === null;

/** "Priya Shah and Marco Rossi", "jane@x.io, Sam": people, each a capitalised name or an address. */
function readPeople(tokens: string[], at: number): { people: string[]; length: number } | null {
  const people: string[] = [];
  let i = at;
  for (;;) {
    const start = i;
    if (/@/.test(tokens[i] ?? '') || /^\uE000/.test(tokens[i] ?? '')) i++;
    else while (personWord(tokens[i]) && i - start < 3) i++;
    if (i === start) return null;
    people.push(tokens.slice(start, i).join(' '));
    // ", Sam", "and Sam", ", and Sam": another person; anything else ends the list.
    const glue = tokens[i] === ',' && lower(tokens[i + 1]) === 'and' ? 2 : GLUE.includes(lower(tokens[i])) ? 1 : 0;
    const next = tokens[i + glue];
    if (!glue || !(personWord(next) || /@/.test(next ?? ''))) break;
    i += glue;
  }
  if (lower(tokens[i]) === 'as' && /^(?:guests?|attendees|invitees)$/.test(lower(tokens[i + 1]))) i += 2;
  return { people, length: i - at };
}

/** A value after the word that introduces it: a quoted text, an address, or capitalised words. */
function readIntroduced(tokens: string[], at: number): Read | null {
  const kind = INTRODUCED[lower(tokens[at])];
  if (!kind) return null;
  const i = at + 1;
  if (kind === 'due') {
    const day = readDay(tokens, i);
    return day ? { entries: [entry('due', day.text)], length: day.length + 1 } : null;
  }
  if (/^\uE000/.test(tokens[i] ?? '') || /@/.test(tokens[i] ?? ''))
    return { entries: [entry(kind, tokens[i]!)], length: 2 };
  // "Room 4", "Lisbon Office": capitalised words, and numbers after the first.
  const word = (t?: string) => capital(t) && weekdayOf(t!) === null && monthOf(t!) === null;
  let j = i;
  while ((word(tokens[j]) || (j > i && /^\d+$/.test(tokens[j] ?? ''))) && j - i < 4) j++;
  return j > i ? { entries: [entry(kind, tokens.slice(i, j).join(' '))], length: j - at } : null;
}

/** One value of any kind at `at`, or null. */
function readValue(tokens: string[], at: number): Read | null {
  const times = readTimes(tokens, at);
  if (times) return times;
  const day = readDay(tokens, at);
  if (day) return { entries: [entry('date', day.text)], length: day.length };
  // "all-day", "all day": the form's All day checkbox (or a choice of that name).
  if (lower(tokens[at]) === 'all-day') return { entries: [{ field: null, value: 'All day' }], length: 1 };
  if (lower(tokens[at]) === 'all' && lower(tokens[at + 1]) === 'day')
    return { entries: [{ field: null, value: 'All day' }], length: 2 };
  if (INVITE.includes(lower(tokens[at]))) {
    const people = readPeople(tokens, at + 1);
    if (people)
      return { entries: people.people.map((p) => ({ ...entry('guest', p), many: true })), length: people.length + 1 };
  }
  return readIntroduced(tokens, at);
}

/** A phrase that starts a value, where a name written without quotes ends. */
const startsValue = (tokens: string[], at: number) =>
  NAMING.includes(lower(tokens[at])) || GLUE.includes(tokens[at]!) || readValue(tokens, at) !== null;

export interface RecordRequest {
  /** The record's kind as said ("event", "ticket"); null when only its name is ("Schedule 'Coffee with Sam'"). */
  kind: string | null;
  name: string | null;
  entries: FormEntry[];
}

/**
 * The record the words after the verb ask for, or null unless every word is read and at least one
 * value beside the name is given (a name alone is the list rules' "Add a task called X").
 */
export function readRecordRequest(object: string, values: string[]): RecordRequest | null {
  const tokens = object.match(TOKEN) ?? [];
  let i = 0;
  const entries: FormEntry[] = [];
  // "the", "my", "this": a record that exists already.
  if (['the', 'this', 'that', 'my', 'our', 'your', 'his', 'her', 'their', 'its'].includes(lower(tokens[i])))
    return null;
  if (['a', 'an', 'another', 'one'].includes(lower(tokens[i]))) i++;
  if (lower(tokens[i]) === 'new') i++;
  const modifier = readValue(tokens, i);
  if (modifier && modifier.entries.every((e) => e.field === null)) {
    entries.push(...modifier.entries);
    i += modifier.length;
  }
  let kind: string | null = null;
  let name: string | null = null;
  const kindStart = i;
  while (i - kindStart < 2 && /^[a-z][a-z-]*$/.test(tokens[i] ?? '') && !startsValue(tokens, i)) i++;
  if (i > kindStart) kind = tokens.slice(kindStart, i).join(' ');
  if (NAMING.includes(lower(tokens[i]))) i++;
  const nameStart = i;
  if (/^\uE000/.test(tokens[i] ?? '')) i++;
  else if (capital(tokens[i]) && weekdayOf(tokens[i]!) === null)
    while (i < tokens.length && !startsValue(tokens, i)) i++;
  if (i > nameStart) name = unmask(tokens.slice(nameStart, i).join(' '), values);
  if (!kind && !name) return null;
  while (i < tokens.length) {
    if (GLUE.includes(lower(tokens[i]))) {
      i++;
      continue;
    }
    const read = readValue(tokens, i);
    if (!read) return null;
    entries.push(...read.entries.map((e) => ({ ...e, value: unmask(e.value, values) })));
    i += read.length;
  }
  if (!entries.length) return null;
  if (kind && GENRE_NOUNS.listItem.includes(kind)) return null;
  return { kind, name, entries };
}

const button = (name: string, alternatives: string[]): Intent => ({
  kind: 'click',
  target: {
    name,
    noun: null,
    near: null,
    alternatives: [...new Set(alternatives)].filter((other) => other !== name),
  } satisfies TargetPhrase,
  double: false,
  purpose: 'click',
});

const titleCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The verb that starts `text` and the words after it, for a record request. */
function recordVerb(text: string): { verb: string; object: string } | null {
  const lowered = text.toLowerCase();
  for (const verb of [...RECORD_VERBS, ...ARTICLE_VERBS].sort((a, b) => b.length - a.length)) {
    if (!lowered.startsWith(`${verb} `)) continue;
    const object = text.slice(verb.length + 1).trim();
    if (ARTICLE_VERBS.includes(verb) && !/^(?:a|an|another|new)\s/i.test(object)) return null;
    return { verb, object };
  }
  // "New event 'Board prep', Thursday Dec 3, ...": the form's name, no verb.
  return /^new\s/i.test(text) ? { verb: 'new', object: text } : null;
}

/**
 * "Create a new event called X on Wednesday 2 December from 2pm to 3pm": the record's New button,
 * its values placed by kind in one form fill, then the form's button; null when the sentence is not
 * a record request read whole.
 */
export function recordRequest(skeleton: string, values: string[]): Intent[] | null {
  const said = recordVerb(skeleton.trim());
  const request = said && readRecordRequest(said.object, values);
  if (!request) return null;
  const { kind, name } = request;
  const verb = said.verb === 'new' ? 'Create' : titleCase(said.verb);
  const entries = name
    ? [
        {
          ...entry('name', name),
          alternatives: [...VALUE_KINDS.name.slice(1), ...(kind ? [`${titleCase(kind)} name`] : [])],
        },
        ...request.entries,
      ]
    : request.entries;
  const open = kind
    ? button(`New ${kind}`, [`Add ${kind}`, `Create ${kind}`, `${verb} ${kind}`, 'New', 'Add', 'Create'])
    : button('New', ['Create', 'Add', verb]);
  const submit = kind
    ? button(`${verb === 'Add' ? 'Add' : 'Create'} ${kind}`, [
        `Save ${kind}`,
        `${verb} ${kind}`,
        'Save',
        'Create',
        'Add',
        verb,
        'Submit',
        'Done',
      ])
    : button('Save', ['Create', 'Add', verb, 'Submit', 'Done']);
  return [open, { kind: 'fillForm', entries, whole: null }, recordSubmit(submit)];
}
