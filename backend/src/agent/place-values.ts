// Which field of the form on the page takes each value of "Sign up as ada@example.com with password
// X" or "fill in Ada Lovelace, United Kingdom, Developer" (domain/goal-language/form-values.ts): read
// from the value and the fields the page shows, never from the sentence's wording. An address goes to
// the email field, a password to every password field (its confirmation too), a person's name to the
// first and last name fields or the name field, a value that is one of a dropdown's options or a
// choice's name to that control. A value nothing on the page can take is not placed at all.
import { MONTH_NAMES, readDate, type CalendarDate } from '../domain/calendar-dates.js';
import { readTime, sameTime, twentyFourHour } from '../domain/clock-times.js';
import type { FormEntry } from '../domain/goal-language/intents.js';
import { pageFunction, SIGHT } from './visibility-script.js';

export interface FormControl {
  /**
   * text: typed into; select: a dropdown; choice: a radio button or a card acting as one; check: a
   * checkbox or a switch ("with a Locker": turned on).
   */
  kind: 'text' | 'select' | 'choice' | 'check';
  /** The input's type ("email", "password", "tel", "number", "text"); "" for others. */
  type: string;
  /** What a sentence names it by: label, aria-label, placeholder, or a choice's own text. */
  name: string;
  /** A dropdown's options, as shown. */
  options: string[];
  /** Holds no value yet (a choice: not chosen). */
  empty: boolean;
  /** Must be filled: required, aria-required, or a label ending in "*". */
  required: boolean;
  /** The name of the group it is in (a fieldset's legend, a radio group's label), else "". */
  group: string;
}

/** One control given one value. */
export type Placement =
  { kind: 'fill' | 'select'; field: string; value: string } | { kind: 'choose' | 'check'; field: string; value: null };

/** The enabled form controls a person sees, in page order. */
export const formControls = pageFunction<() => FormControl[]>(`() => {
  const sight = (${SIGHT})();
  const text = (n) => (n ? (n.innerText || n.textContent || '') : '').replace(/\\s+/g, ' ').trim();
  // A card's own words, without its icons (aria-hidden).
  const shownText = (el) => {
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (!(t.parentElement && t.parentElement.closest('[aria-hidden=true]'))) out.push(t.nodeValue);
    return out.join(' ').replace(/\\s+/g, ' ').trim();
  };
  const nameOf = (el) => {
    const by = (el.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean).map((id) => text(document.getElementById(id))).join(' ').trim();
    if (by) return by;
    const aria = (el.getAttribute('aria-label') || '').trim();
    if (aria) return aria;
    // A label around a dropdown: its own words, not its options'.
    const own = (l) => { const c = l.cloneNode(true); c.querySelectorAll('select, textarea').forEach((n) => n.remove()); return (c.textContent || '').replace(/\\s+/g, ' ').trim(); };
    const label = el.labels && el.labels.length ? own(el.labels[0]) : '';
    if (label) return label;
    if (['radio', 'switch', 'checkbox'].includes(el.getAttribute('role'))) return shownText(el);
    // A dropdown with no label: its placeholder option ("Assign owner…"), the first, of no value.
    if (el.tagName === 'SELECT' && el.options.length && el.options[0].value === '' && !el.title) return text(el.options[0]);
    return (el.getAttribute('placeholder') || el.getAttribute('title') || '').trim();
  };
  const seen = (el) => sight.boxSeen(el) || Array.from(el.labels || []).some((l) => sight.boxSeen(l));
  const groupOf = (el) => {
    const set = el.closest('fieldset');
    const box = el.parentElement && el.parentElement.closest('[role=group], [role=radiogroup]');
    if (box && (!set || set.contains(box))) {
      const by = (box.getAttribute('aria-labelledby') || '').split(/\\s+/).filter(Boolean).map((id) => text(document.getElementById(id))).join(' ').trim();
      return by || (box.getAttribute('aria-label') || '').trim();
    }
    const legend = set && Array.from(set.children).find((c) => c.tagName === 'LEGEND');
    return legend ? text(legend) : '';
  };
  const required = (el, name) => el.required === true || el.getAttribute('aria-required') === 'true' || /\\*\\s*$/.test(name);
  const SKIP = ['hidden', 'submit', 'button', 'reset', 'file', 'image', 'range', 'color'];
  const out = [];
  for (const el of document.querySelectorAll('input, textarea, select, [role=radio], [role=switch], [role=checkbox]')) {
    const role = el.getAttribute('role') || '';
    const type = el.tagName === 'INPUT' && !role ? (el.getAttribute('type') || 'text').toLowerCase() : el.tagName === 'TEXTAREA' ? 'text' : '';
    if (SKIP.includes(type) || el.disabled || el.getAttribute('aria-disabled') === 'true' || el.readOnly || !seen(el)) continue;
    const name = nameOf(el);
    if (!name) continue;
    const group = groupOf(el);
    const on = el.checked || el.getAttribute('aria-checked') === 'true';
    if (el.tagName === 'SELECT') {
      const options = Array.from(el.options).filter((o) => !o.disabled && o.value !== '').map((o) => text(o));
      out.push({ kind: 'select', type: '', name, options, empty: el.selectedIndex < 0 || el.options[el.selectedIndex].value === '', required: required(el, name), group });
    } else if (type === 'radio' || role === 'radio') {
      out.push({ kind: 'choice', type: '', name, options: [], empty: !on, required: false, group });
    } else if (type === 'checkbox' || role === 'switch' || role === 'checkbox') {
      out.push({ kind: 'check', type: '', name, options: [], empty: !on, required: false, group });
    } else {
      out.push({ kind: 'text', type, name, options: [], empty: !el.value, required: required(el, name), group });
    }
  }
  return out;
}`);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PERSON = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,2}$/u;
const PHONE = /^\+?[\d\s().-]{7,}$/;
const NOT_A_PERSON = /user|company|business|organi[sz]ation|file|card|project|workspace|team|display/i;

const lower = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
/** "United Kingdom" is the option "United Kingdom", "Developer" the choice "Developer — builds things". */
function names(shown: string, value: string): boolean {
  const a = lower(shown)
    .replace(/[*:]+$/, '')
    .trim();
  const b = lower(value);
  return a === b || (a.startsWith(b) && /^[^\p{L}\d]/u.test(a.slice(b.length)));
}
/** Every word of the field as written in the control's name: "phone" in "Phone number". */
function namedBy(control: FormControl, field: string): boolean {
  const words = lower(field).split(/[\s-]+/);
  const name = lower(control.name);
  return words.every((word) =>
    new RegExp(`(?:^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u').test(name),
  );
}

/** Every word of `said` is a whole word of the control's name: "To" names "To", not "Topic". */
function namedWholly(control: FormControl, said: string): boolean {
  const name = lower(control.name).split(/[^\p{L}\p{N}]+/u);
  return lower(said)
    .split(/[\s-]+/)
    .every((word) => name.includes(word));
}

/** "born" names the field "Date of birth"; "dob" is written out by abbreviations elsewhere. */
const fieldWords = (field: string) => field.replace(/^(?:born|birthday)$/i, 'birth');

/** "Standard plan" is the choice "Standard" in the group "Plan": the group's noun said after the name. */
function choiceNamed(c: FormControl, value: string): boolean {
  if (names(c.name, value)) return true;
  const noun = lower(c.group).replace(/^(?:choose|select|pick)\s+(?:an?|the|your)\s+/, '');
  return !!noun && lower(value).endsWith(` ${noun}`) && names(c.name, value.slice(0, -noun.length - 1));
}

/** The day, month and year controls of one date ("Date of birth": Day, Month, Year), in that order. */
function dateParts(free: FormControl[], field: string | null): [FormControl, FormControl, FormControl] | null {
  const part = (c: FormControl, word: RegExp) => (c.kind === 'select' || c.kind === 'text') && word.test(lower(c.name));
  const groups = [...new Set(free.map((c) => c.group))].filter(
    (g) => !field || namedBy({ name: g } as FormControl, fieldWords(field)),
  );
  for (const group of groups) {
    const inGroup = free.filter((c) => c.group === group);
    const day = inGroup.find((c) => part(c, /^(?:day|dd)\b/));
    const month = inGroup.find((c) => part(c, /^(?:month|mm)\b/));
    const year = inGroup.find((c) => part(c, /^(?:year|yyyy|yy)\b/));
    if (day && month && year) return [day, month, year];
  }
  return null;
}

/** A date given to day, month and year controls: each a dropdown's option (a number or a month's name) or typed. */
function placeDate(parts: [FormControl, FormControl, FormControl], date: CalendarDate): Placement[] | null {
  const [day, month, year] = parts;
  const monthName = MONTH_NAMES[date.month - 1]!;
  const one = (c: FormControl, spoken: string[]): Placement | null => {
    if (c.kind === 'text') return { kind: 'fill', field: c.name, value: spoken.at(-1)! };
    const option = c.options.find((o) => spoken.some((word) => lower(o) === lower(word)));
    return option ? { kind: 'select', field: c.name, value: option } : null;
  };
  const placed = [
    one(day, [String(date.day).padStart(2, '0'), String(date.day)]),
    one(month, [monthName, monthName.slice(0, 3), String(date.month).padStart(2, '0'), String(date.month)]),
    one(year, [String(date.year)]),
  ];
  return placed.every(Boolean) ? (placed as Placement[]) : null;
}

/** A person's name to empty first and last name fields, else to an empty name field. */
function placePerson(text: FormControl[], value: string, fill: (c: FormControl, v: string) => Placement) {
  const empty = text.filter((c) => c.empty);
  const first = empty.find((c) => /first|given|fore/i.test(c.name) && /name/i.test(c.name));
  const last = empty.find((c) => /last|family|sur/i.test(c.name) && /name/i.test(c.name));
  const words = value.split(/\s+/);
  if (first && last) return [fill(first, words[0]!), fill(last, words.slice(1).join(' '))];
  const whole = empty.find((c) => /\bname\b/i.test(c.name) && !NOT_A_PERSON.test(c.name));
  return whole ? [fill(whole, value)] : null;
}

/**
 * The placements of one value in the controls not used yet; null when no control can take it. A
 * value given with its field goes there (a dropdown's option read loosely); otherwise it goes by what
 * it is, and a field given that names nothing on the page ("profile Grace Hopper") leaves the value bare.
 */
export function placeEntry(entry: FormEntry, controls: FormControl[], used: Set<string>): Placement[] | null {
  const free = controls.filter((c) => !used.has(c.name));
  const fill = (c: FormControl, value: string): Placement => {
    if (c.kind === 'select') {
      // "2pm" is the option "14:00".
      const option = c.options.find((o) => names(o, value)) ?? c.options.find((o) => sameTime(o, value));
      return { kind: 'select', field: c.name, value: option ?? value };
    }
    const time = c.type === 'time' ? readTime(value, true) : null;
    return { kind: 'fill', field: c.name, value: time ? twentyFourHour(time) : value };
  };
  const { field, value } = entry;
  if (field && /pass/i.test(field)) {
    const confirm = /confirm|repeat|again/i.test(field);
    const boxes = free.filter(
      (c) => c.kind === 'text' && c.type === 'password' && (!confirm || /confirm|repeat|again/i.test(c.name)),
    );
    return boxes.length ? boxes.map((c) => fill(c, value)) : null;
  }
  const text = free.filter((c) => c.kind === 'text');
  const date = readDate(value);
  if (date.kind === 'date' && /[a-z]|^\d{4}-\d\d-\d\d$/i.test(value)) {
    // "born 12 July 1988" where the form asks for the day, the month and the year apart.
    const parts = dateParts(free, field) ?? (field ? null : dateParts(free, null));
    if (parts) return placeDate(parts, date.date);
  }
  if (field) {
    // "name Sam Lee" beside First name and Last name: both, not the first of them.
    if (PERSON.test(value) && /^(?:full\s+)?name$/i.test(field)) {
      const person = placePerson(text, value, fill);
      if (person) return person;
    }
    const named = free.filter((c) => c.kind !== 'choice' && c.kind !== 'check' && namedBy(c, fieldWords(field)));
    if (named.length) return [fill(named[0]!, value)];
    // The other names forms give the field ("title": "Name", "Subject"), each word whole.
    for (const other of entry.alternatives ?? []) {
      const also = free.find((c) => c.kind !== 'choice' && c.kind !== 'check' && namedWholly(c, other));
      if (also) return [fill(also, value)];
    }
  }
  if (EMAIL.test(value)) {
    const box = text.find((c) => c.type === 'email') ?? text.find((c) => /e-?mail/i.test(c.name));
    return box ? [fill(box, value)] : null;
  }
  const select = free.find((c) => c.kind === 'select' && c.options.some((o) => names(o, value)));
  if (select) return [fill(select, value)];
  const choice = free.find((c) => c.kind === 'choice' && choiceNamed(c, value));
  if (choice) return [{ kind: 'choose', field: choice.name, value: null }];
  // "with a Locker": an add-on's checkbox or switch, turned on.
  const check = free.find((c) => c.kind === 'check' && choiceNamed(c, value));
  if (check) return check.empty ? [{ kind: 'check', field: check.name, value: null }] : [];
  if (PERSON.test(value)) return placePerson(text, value, fill);
  if (PHONE.test(value)) {
    const box =
      text.find((c) => c.type === 'tel' && c.empty) ?? text.find((c) => /phone|mobile|\btel/i.test(c.name) && c.empty);
    return box ? [fill(box, value)] : null;
  }
  if (/^\d+(?:[.,]\d+)?$/.test(value)) {
    const numbers = text.filter((c) => c.type === 'number' && c.empty);
    return numbers.length === 1 ? [fill(numbers[0]!, value)] : null;
  }
  return null;
}

/**
 * Whether a value left unplaced was meant for this form after all: an option no dropdown offers while
 * a required dropdown is still empty ("Portugal" beside a Country list without it). A wizard goes on
 * to its next step only for a value of a kind nothing here is for.
 */
export function meantForHere(entry: FormEntry, controls: FormControl[]): boolean {
  const { value } = entry;
  if (entry.field || EMAIL.test(value) || PHONE.test(value) || /^\d/.test(value)) return false;
  return controls.some((c) => c.kind === 'select' && c.empty && c.required);
}

const contentWords = (text: string) =>
  lower(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2 && !['the', 'your', 'field', 'box', 'number'].includes(word));

/**
 * "Fill 'name' with 'Grace Hopper'" where the form has First name and Last name (so "name" names
 * three fields), "change the phone number to 555-0199" where the field is "Phone": the value placed
 * by what it is, kept only when each field it goes to shares a word with the name said. Null when
 * nothing takes it so.
 */
export function placeNamedValue(field: string, value: string, controls: FormControl[]): Placement[] | null {
  const said = contentWords(field);
  const placed = placeEntry({ field: null, value }, controls, new Set());
  if (!placed || !said.length) return null;
  return placed.every((p) => contentWords(p.field).some((word) => said.includes(word))) ? placed : null;
}

/**
 * The controls that take `value` by what they offer: a dropdown with that option (or that time), a
 * choice or a checkbox of that name. "Set the ticket to Low" chooses there only when one does.
 */
export function offering(controls: FormControl[], value: string): FormControl[] {
  return controls.filter((c) =>
    c.kind === 'select'
      ? c.options.some((o) => names(o, value) || sameTime(o, value))
      : (c.kind === 'choice' || c.kind === 'check') && choiceNamed(c, value),
  );
}
