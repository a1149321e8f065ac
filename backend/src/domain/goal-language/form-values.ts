// Values given for a form without naming each field, as people write sign-ups and wizards: "Sign up as
// ada@example.com with password S3cure!pass", "fill in Ada Lovelace from the United Kingdom as a
// Developer", "profile Grace Hopper, Canada, Designer". Which field takes which value is decided on the
// page (agent/place-values.ts): an address goes to the email field, a name to the name fields, a value
// that is one of a dropdown's options or a choice's name to that control. The sentence only says the
// values, in order, and the field a value is given with ("password X", "company Acme").
import { fieldValue } from './field-value.js';
import { frameOf } from './frames.js';
import type { FormEntry, Intent } from './intents.js';
import { GENRE_NAMES } from './lexicon.js';
import { unmask } from './quotes.js';

/**
 * Between values: a comma, "and", a slash, brackets, "with"; before a capitalised value, "as", "from",
 * "in" or "on" ("on the Standard plan"); after a name, before a field said with its value ("Tom Baker
 * born 20 January 1975").
 */
const BETWEEN =
  /\s*[,/()]\s*(?:and\s+)?|\s+and\s+|\s+with\s+|\s+(?:as|from|in|on)\s+(?:(?:a|an|the)\s+)?(?=[\p{Lu}\uE000])|(?<=\p{Lu}[\p{L}'’-]*)\s+(?=[a-z]{2,}\s+[\p{Lu}\d\uE000])/u;
/** "the wizard for Priya Shah", "the first two steps as Mia Jones": whose values follow, not a value. */
const WHOSE_LEAD = /^(?:[a-z][\w-]*\s+){1,4}(?:for|as)\s+(?=[\p{Lu}\uE000])/u;
/** "+351 Portugal country code": a value, then the field it is for (two words or more, or after a number). */
const VALUE_THEN_FIELD = /^([+\d\p{Lu}\uE000].*?)\s+((?:[a-z]+\s+)+[a-z]+|[a-z]+)$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A password written bare next to an address: one word with a digit or a sign in it. */
const SECRET = /^(?=\S*[\d!#$%&*?^~])\S{4,}$/;
/** "as the guest", "for the booking": whose values they are, said after them. */
const WHOSE = /\s+(?:as|for)\s+(?:the\s+|my\s+|your\s+)?[a-z]+(?:\s+details)?$/i;
/** "Get through the account step with ...": the step's fields, then on. */
const THROUGH =
  /^(?:get|go|move)\s+(?:through|past|beyond)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}(?:steps?|pages?|screens?|forms?)\s+(.+)$/i;
/** "Get all the way to Review as Chloe (...)": the values on the way, then on to that step. */
const ON_TO =
  /^(?:get|go|continue|move|proceed)\s+(?:all\s+the\s+way\s+|straight\s+)?(?:on\s+)?to\s+(?:the\s+)?(.+?)\s+(?:as|with|for)\s+(.+)$/i;
/** "as tom@example.com / S3cret!, Tom Baker ...", "ada@example.com, password X, ...": the values alone. */
const BARE_LIST = /^(?:as\s+)?[^\s@,/()]+@[^\s@,/()]+\.[^\s@,/()]+\s*[,/(]/i;

/** The values of a list, each with the field it was given with, if any ("password X", "company Acme"). */
export function formEntries(list: string, values: string[]): FormEntry[] | null {
  const chunks = list
    .replace(WHOSE, '')
    // "the account (A, B) and the profile (C, D)": whose values they are, then the values.
    .replace(/(?:^|\s)(?:the|my|your)\s+[a-z][\w-]*\s*(?=\()/g, ' ')
    .split(BETWEEN)
    .map((chunk) =>
      (chunk ?? '')
        .trim()
        .replace(WHOSE_LEAD, '')
        // ") on the Standard plan": the word that joined it to the brackets before.
        .replace(/^(?:on|with|in|as|for)\s+(?=\S)/i, '')
        .replace(/^(?:the|a|an)\s+/i, ''),
    )
    // A remark in lower case ("typed in both password boxes") is no value.
    .filter((chunk) => chunk && (SUBMIT_WORDS.test(chunk) || !/^[a-z][a-z'-]*(?:\s+[a-z'-]+){2,}$/.test(chunk)));
  const entries: FormEntry[] = [];
  for (const chunk of chunks) {
    const after = VALUE_THEN_FIELD.exec(chunk);
    const fieldAfter = after && (/^[+\d]/.test(after[1]!) || /\s/.test(after[2]!)) ? after : null;
    const pair = fieldAfter
      ? ([fieldAfter[2]!, fieldAfter[1]!] as [string, string])
      : /^\uE000\d+\uE001$/.test(chunk) || EMAIL.test(chunk) || SUBMIT_WORDS.test(chunk)
        ? null
        : fieldValue(chunk, values);
    // A field is written in lower case ("company Acme"); "United Kingdom" is one value.
    const labelled = pair && /^[a-z]/.test(pair[0]) && !EMAIL.test(pair[0]) ? pair : null;
    const value = unmask(labelled ? labelled[1] : chunk, values).trim();
    if (!value) return null;
    entries.push({ field: labelled ? unmask(labelled[0], values).trim() : null, value });
  }
  // Beside an address, a bare word with a digit or a sign is its password.
  const address = entries.findIndex((e) => !e.field && EMAIL.test(e.value));
  const secret = address < 0 ? -1 : entries.findIndex((e, i) => i > address && !e.field && SECRET.test(e.value));
  if (secret > 0 && !entries.some((e) => e.field && /pass/i.test(e.field))) entries[secret]!.field = 'password';
  return entries.length ? entries : null;
}

const fillForm = (entries: FormEntry[], whole: { field: string; value: string } | null = null): Intent => ({
  kind: 'fillForm',
  entries,
  whole,
});

const IMPLIED = new WeakSet<Intent>();

/** The click a sign-up implies at its end; dropped when the sentence goes on with its own ("..., continue"). */
export function isImpliedSubmit(intent: Intent): boolean {
  return IMPLIED.has(intent);
}

function submit(): Intent {
  const intent: Intent = {
    kind: 'click',
    target: { name: 'Sign up', noun: null, near: null, alternatives: [...GENRE_NAMES.signUp, 'Continue', 'Next'] },
    double: false,
    purpose: 'click',
  };
  IMPLIED.add(intent);
  return intent;
}

/** A name a form's own button gives: "continue", "next", "submit", "sign up", "create account". */
export const SUBMIT_WORDS = /^(?:continue|next|proceed|submit|sign\s*up|register|create\s+(?:an?\s+)?account)\b/i;

/**
 * A part of a sentence that gives a form's values: a sign-up with an address and a password, "get
 * through the account step with ...", "fill in A, B and C", "fill the profile with A, B and C", "enter
 * A and B as the guest". Null when the part is another action, or when each value names its field
 * (the sign-up and fill rules read those).
 */
export function formFill(part: string, values: string[]): Intent[] | null {
  const onTo = ON_TO.exec(part);
  if (onTo || BARE_LIST.test(part)) {
    const entries = formEntries((onTo ? onTo[2]! : part).replace(/^as\s+/i, ''), values);
    if (entries && entries.length > 1 && entries.some((e) => EMAIL.test(e.value))) {
      const fill = fillForm(entries);
      if (!onTo) return [fill];
      const step = unmask(onTo[1]!, values).replace(/\s+(?:step|page|screen|stage)$/i, '');
      return [
        fill,
        { kind: 'click', target: { name: `${step} step`, noun: null, near: null }, double: false, purpose: 'open' },
      ];
    }
  }
  // "add Raj Shah, 7700 900888": a person's details, not items of a list (those have no number or address).
  const add = frameOf(part, 'add');
  if (add && add.object.includes(',') && !/\s(?:to|into|in|on)\s/i.test(add.object)) {
    const entries = formEntries(add.object, values);
    if (
      entries &&
      entries.length > 1 &&
      entries.some((e) => EMAIL.test(e.value) || /^\+?\d[\d\s().-]{6,}$/.test(e.value))
    )
      return [fillForm(entries)];
  }
  const through = THROUGH.exec(part);
  const signUp = through ? null : frameOf(part, 'sign up');
  if (through || signUp) {
    const list = through ? through[1]! : signUp!.object.replace(/^(?:as|with|using)\s+/i, '');
    const entries = list ? formEntries(list.replace(/^(?:with|using|as)\s+/i, ''), values) : null;
    // Each value with its field and no password: the sign-up rule's fills. A password goes to its
    // confirmation box too, which only the page shows.
    if (!entries || !entries.some((e) => (!e.field && EMAIL.test(e.value)) || /pass/i.test(e.field ?? ''))) return null;
    const steps = withSubmits(entries);
    return steps.at(-1)?.kind === 'click' ? steps : [...steps, submit()];
  }
  // "fill in A, B and C", "enter A and B as the guest": values only; "fill the profile with A, B and
  // C": a field named so takes them all, else the form's fields take one each (decided on the page).
  // A field said with a capital or in quotes ("Fill Email with ...") is the usual fill.
  const fill = frameOf(part, ['fill', 'type']);
  if (!fill) return null;
  const withList = /^(?:(?:the|my|your)\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+with\s+(.+)$/.exec(fill.object);
  const bare =
    fill.family === 'fill'
      ? (/\s(?:in|out)$/i.test(fill.verb) && !/\s(?:with|into)\s/i.test(fill.object)) ||
        /^[^(]+\(.+\)/.test(fill.object)
      : WHOSE.test(fill.object) || fieldsListed(fill.object, values);
  if (!withList && !bare) return null;
  const entries = formEntries(withList ? withList[2]! : fill.object, values);
  // Values a form takes: an address, a capitalised value or a number; a password and its field.
  const formLike = (e: FormEntry) =>
    e.field ? /pass/i.test(e.field) : EMAIL.test(e.value) || /^[\p{Lu}\d]/u.test(e.value);
  if (!entries || entries.length < 2 || !entries.some(formLike)) return null;
  if (withList && !entries.some((e) => !e.field && SUBMIT_WORDS.test(e.value)))
    return [fillForm(entries, { field: withList[1]!, value: unmask(withList[2]!, values) })];
  return withSubmits(entries);
}

/**
 * "enter Lena Park, date of birth 30 November 2010, phone 7700 900123": values listed with commas,
 * some with their field, and no field the whole text goes into ("into the notes").
 */
function fieldsListed(object: string, values: string[]): boolean {
  if (!object.includes(',') || /\s(?:into|in|to)\s+(?:the|a|an|my|your)\s/i.test(object)) return false;
  const entries = formEntries(object, values);
  return !!entries && entries.length > 1 && entries.some((e) => e.field !== null);
}

/** "..., S3cure!pass, continue, Ada Lovelace": a form's button said among the values is a click between them. */
function withSubmits(entries: FormEntry[]): Intent[] {
  const steps: Intent[] = [];
  let group: FormEntry[] = [];
  for (const entry of entries) {
    if (entry.field || !/^[a-z]/.test(entry.value) || !SUBMIT_WORDS.test(entry.value)) {
      group.push(entry);
      continue;
    }
    if (group.length) steps.push(fillForm(group));
    group = [];
    const word = SUBMIT_WORDS.exec(entry.value)![0];
    const name = word[0]!.toUpperCase() + word.slice(1);
    steps.push({ kind: 'click', target: { name, noun: null, near: null }, double: false, purpose: 'click' });
  }
  if (group.length) steps.push(fillForm(group));
  return steps;
}
