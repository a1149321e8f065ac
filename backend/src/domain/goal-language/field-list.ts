// What a colon or "with" introduces after an action: the fields of a new record ("Create a new contact:
// first name Hedy, last name Lamarr"), the fields of what the action opened ("Edit Ada: company Acme"),
// or the actions done there ("Edit Ada: set the company to Acme and save"). Each field is one fill,
// grounded to the page's labelled fields by the agent like any other.
import { fieldValue } from './field-value.js';
import { frameOf, frames } from './frames.js';
import { readDate, readDayMonth } from '../calendar-dates.js';
import { formEntries } from './form-values.js';
import type { FormEntry, Intent, TargetPhrase } from './intents.js';
import { GENRE_NOUNS } from './lexicon.js';
import { unmask } from './quotes.js';

/** A part of the sentence: text that the sentence parser reads, or actions already read. */
export type ListPart = string | Intent[];

const CHUNKS = /\s*,\s*(?:and\s+)?|\s+and\s+/;
const PREPOSITION = /^(?:on|in|at|to|from|with|for|by|into|onto|under|over)(?:\s|$)/i;
/**
 * "a new contact", "an order", "it as a new expense", "a new expense for today": a record's kind, one
 * or two words, and what it is for (a day, a name, or a remark in lower case).
 */
const RECORD =
  /^(?:(?:it|this|that)\s+as\s+)?(?:(?:a|an|the)\s+)?(?:new\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)(?:\s+(?:for|dated|on)\s+([^:]+?))?\s*(?::|\s+with\s+)\s*(.+)$/i;
/** Heads whose own rules read what follows their colon: fill in a form, sign in, a URL with a port. */
const OWN_LISTS = ['fill', 'type', 'set', 'sign in', 'sign up', 'navigate', 'search', 'verify'] as const;

/** "first name Hedy, last name Lamarr and email h@l.io" -> one fill each; null unless every chunk is a pair. */
export function fieldFills(body: string, values: string[]): Intent[] | null {
  const fills: Intent[] = [];
  for (const chunk of body.split(CHUNKS)) {
    const pair = fieldValue(chunk.trim(), values);
    // A field is written as a label in lower case, an acronym ("SKU") or quoted ("Buy milk" is an
    // item, not the field "Buy").
    if (!pair || !/^(?:the\s+|my\s+|your\s+)?(?:[a-z]|\uE000|[A-Z]{2,}(?:\s|$))/.test(pair[0])) return null;
    // "on To approve", "click 'Approve selected'", "tick the box in the table header": a place or an
    // action, not a field and its value.
    if (PREPOSITION.test(pair[0]) || pair[0].split(/\s+/).length > 4 || frames(pair[0]).length) return null;
    const name = unmask(pair[0].replace(/^(?:the|my|your)\s+/i, ''), values).trim();
    const value = unmask(pair[1], values).trim();
    if (!name || !value) return null;
    fills.push({ kind: 'fill', target: { name, noun: null, near: null }, value });
  }
  return fills.length ? fills : null;
}

const button = (name: string, alternatives: string[]): Intent => ({
  kind: 'click',
  target: { name, noun: null, near: null, alternatives } satisfies TargetPhrase,
  double: false,
  purpose: 'click',
});

const RECORD_SUBMIT = new WeakSet<Intent>();

/** Marks the button a new record's form is submitted with, implied at the end of its sentence. */
export function recordSubmit(intent: Intent): Intent {
  RECORD_SUBMIT.add(intent);
  return intent;
}

/** Whether the click is a new record's implied submit: left out when the goal presses one of its names next. */
export function isRecordSubmit(intent: Intent): boolean {
  return RECORD_SUBMIT.has(intent);
}

/**
 * "Create a new contact: first name Hedy, last name Lamarr", "Add an order with product Mug and
 * quantity 2": the control that opens the record's form, each field, then the form's button.
 */
export function newRecord(skeleton: string, values: string[]): Intent[] | null {
  // "New expense for the hotel: ...": the form's name, no verb.
  const frame =
    frameOf(skeleton, ['create', 'add']) ?? (/^new\s/i.test(skeleton) ? { base: 'create', object: skeleton } : null);
  const m = frame && RECORD.exec(frame.object);
  if (!frame || !m) return null;
  const noun = m[1]!.toLowerCase();
  // "Add three todos: A, B and C": several items of a list, not one record.
  if (GENRE_NOUNS.account.includes(noun) || /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s/.test(noun))
    return null;
  // "amount 24.60 in GBP": a value with another after it (the currency) is read as values, placed on the page.
  // A day or a name the record is for is a value too: all go to the page as one form fill.
  const forValue = m[2] !== undefined && forEntries(unmask(m[2], values).trim()).length > 0;
  const pairs = forValue || /\s(?:in|as)\s+\p{Lu}/u.test(m[3]!) ? null : fieldFills(m[3]!, values);
  const fills = pairs ?? entriesOf(m[2] ?? null, m[3]!, values);
  if (!fills) return null;
  // "Add a todo: Buy milk" is a list's new item; "Add a new item: SKU X, name Y" is a record: the
  // fields of a list's item or a cart's only when two or more are given.
  if ([...GENRE_NOUNS.listItem, ...GENRE_NOUNS.cart].includes(noun) && fills.length < 2) return null;
  const said = frame.base === 'add' ? 'Add' : 'Create';
  const other = said === 'Add' ? 'Create' : 'Add';
  return [
    button(`New ${noun}`, [`${said} new ${noun}`, `Add ${noun}`, 'New']),
    ...fills,
    recordSubmit(button(`${said} ${noun}`, [`${other} ${noun}`, `Save ${noun}`, said, other, 'Save', 'Submit'])),
  ];
}

/**
 * "merchant Dishoom, category Meals, amount 24.60 in GBP": fields with their values and values alone
 * (GBP), placed on the page by what they are (fill-form.ts) in one form fill; with the day or name
 * the record is for ("for today", "for Acme"). Null unless two values or more are given.
 */
function entriesOf(forWhat: string | null, body: string, values: string[]): Intent[] | null {
  const entries = formEntries(body, values);
  // Names alone ("Buy milk, Walk the dog and Pay rent") are a list's items, not a record's fields.
  if (!entries || entries.length < 2 || !entries.some((e) => e.field)) return null;
  const extra = forWhat ? forEntries(unmask(forWhat, values).trim()) : [];
  return [{ kind: 'fillForm', entries: [...extra, ...entries], whole: null }];
}

/** What a record is "for": a day to its date field, a name as a value; a remark in lower case ("the hotel") says why. */
function forEntries(what: string): FormEntry[] {
  const day = /^(?:today|tomorrow|yesterday)$/i.test(what) || readDayMonth(what) || readDate(what).kind === 'date';
  return day ? [{ field: 'date', value: what }] : /^[\p{Lu}\d]/u.test(what) ? [{ field: null, value: what }] : [];
}

/** A head with no verb ("Happy path"), or a check of a behaviour said at length ("Test the age limit for ..."). */
function isTitle(head: string): boolean {
  if (!frames(head).length) return true;
  return (
    /^(?:check|test|verify|try|see)\s+(?:the|that|whether|if|how|what)\b/i.test(head) && head.split(/\s+/).length >= 6
  );
}

/**
 * "Edit Ada: set the company to Acme and save" -> ["Edit Ada", "set the company to Acme and save"]:
 * the head, then what follows its colon, read as actions (`startsAction`) or as fields to fill. Null
 * when the sentence has no such colon, or its head's own rules read the list.
 */
export function afterColon(
  skeleton: string,
  values: string[],
  startsAction: (text: string) => boolean,
): ListPart[] | null {
  const colon = skeleton.indexOf(':');
  const head = skeleton.slice(0, colon).trim();
  const body = skeleton.slice(colon + 1).trim();
  if (colon < 0 || !head || !body || frameOf(head, [...OWN_LISTS])) return null;
  // "Happy path: ...", "Check the age limit for someone who turns 16 today: sign up ...": a title
  // for what follows, no action of its own.
  if (isTitle(head) && (startsAction(body) || /^(?:as\s+)?\S+@\S+\.\w+/i.test(body))) return [body];
  if (startsAction(body)) return [head, body];
  const fills = fieldFills(body, values);
  return fills ? [head, fills] : null;
}
