// One sentence of a goal -> the actions it asks for. Works on the skeleton of the sentence (quoted
// values masked), so nothing inside quotes can change how a sentence reads.
import { readDate, readDayMonth } from '../calendar-dates.js';
import { formatIntent } from './format.js';
import { intentKey } from './intent-key.js';
import type { Intent, ParsedAction, SentenceParse, TargetPhrase } from './intents.js';
import { keyName } from './keys.js';
import { parseExpectedResult } from './parse-expected-result.js';
import { isQuoted, maskQuotes, quote, unmask } from './quotes.js';
import { itemsByPosition, parseTargetPhrase, rowAnchor, underTitle, vagueTarget } from './target-phrase.js';
import { fieldFills, isRecordSubmit, recordSubmit } from './field-list.js';
import { givenValue, pronounVerbControl, verbControlReadings } from './verb-controls.js';
import {
  actionParts,
  antecedentOf,
  ASSIGNED,
  sentenceParts,
  startsAction,
  verbControl,
  withAntecedent,
  withDemonstrative,
  withoutPossessive,
  withPossessive,
  type Antecedent,
} from './compound.js';
import { formFill, isImpliedSubmit, SUBMIT_WORDS } from './form-values.js';
import { fieldValue } from './field-value.js';
import { filterValue } from './filter-value.js';
import { columnNamed, readSort } from './sort-order.js';
import { withoutInstrument } from './instruments.js';
import { answerToQuestion } from './answered-question.js';
import { isTestTitle, sceneOf, type Scene } from './scene-setting.js';
import { firstWord, frameOf, frames, leadingPlace, placeFirst, splitAt, stepPlace, type Place } from './frames.js';
import { FILTERS, FILTER_WORDS, GENRE_NAMES, MARKS, GENRE_NOUNS, entryOf, type Act, type Family } from './lexicon.js';
import { numberWordsFrom } from './number-words.js';
import {
  ACTION_START,
  MENU_ITEM_VERBS,
  MENU_PATH_VERBS,
  PURPOSE_CLAUSE_VERBS,
  PURPOSE_START,
  SEQUENCE,
  alternation,
  verbPhrases,
} from './verb-patterns.js';

type Build = (m: string[], values: string[], verb: string) => Intent[] | string | null;
/**
 * A reading of a sentence: a frame of one of `family`'s verbs whose object `slot` matches (the whole
 * object when there is no slot), or, for shapes the lexicon does not cover yet, a `pattern` (of
 * `family`'s verbs when it names one). A family's rules are tried in order, its most analysed
 * readings first, and the first that builds is that family's reading; every family whose verb the
 * words allow gives one (readingsOf).
 */
type Rule = FrameRule | { pattern: RegExp; build: Build; family?: Family };
/** `split`: the object is a value and a target joined by one of these words; m is [object, before, after]. */
type FrameRule = { family: Family | Family[]; slot?: RegExp; split?: string[]; build?: Build };

const ASSERTION = new RegExp(
  `^(?:${alternation(verbPhrases([entryOf('verify')]))})(?:\\s+(?:that|whether|if))?\\s+(.+)$`,
  'i',
);
const SUBJECT = new RegExp(
  // "As a recruiter I want to ...", "As an admin, I ...": a user story's role.
  '^(?:as\\s+an?\\s+(?:[\\w-]+\\s+){0,2}?[\\w-]+,?\\s+(?=(?:i|we)\\s)|(?:please|now|just|simply)\\s+|(?:i|we|you|the\\s+user|user)\\s+(?:will\\s+|should\\s+|must\\s+|can\\s+|then\\s+|now\\s+|also\\s+|first\\s+)?|' +
    "(?:try|tries|want|wants|need|needs|would\\s+like|am\\s+going|is\\s+going|are\\s+going|going|have|has)\\s+to\\s+|let['’]s\\s+)+",
  'i',
);
// "Next click Save", "Finally, click Pay": words that only order the story, before a verb.
const FILLER = new RegExp(`^(?:(?:${SEQUENCE})\\s*,?\\s+)+(?=(?:${ACTION_START})\\b)`, 'i');
const URL_LIKE =
  /^(?:https?:\/\/\S+|\/\S*|\.{1,2}\/\S*|[?#]\S*|\{\{[^}]+\}\}\S*|localhost(?::\d+)?(?:\/\S*)?|(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:\/\S*)?)$/i;
const HOME = /^(?:the\s+)?(?:home\s*page|start\s+page|front\s+page|landing\s+page|home)$/i;
// "the edit dialog for Alan Turing", "the details page of Invoice 7": what opens it is the row's
// control named by its first words ("Edit", "Details").
const VIEW_OF_ROW =
  /^(?:the\s+|an?\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:dialog|form|page|view|panel|editor|modal|screen|window|drawer)\s+(?:for|of)\s+([\p{Lu}\d\uE000].*)$/u;

/** "Report.pdf" looks like a domain name but is a file a page lists. */
const FILE_NAME = /^[^/:?#\s]+\.(?:pdf|txt|docx?|xlsx?|pptx?|csv|png|jpe?g|gif|svg|zip|json|md|mp[34]|wav|log)$/i;

function target(slot: string, values: string[]): TargetPhrase | null {
  return parseTargetPhrase(slot, values);
}

/** "Go to X", "Open X", "Visit X": a URL or path, the home page, or a link to follow. */
function navigation(slot: string, values: string[]): Intent[] | string {
  const stripped = slot.replace(/^(?:the\s+)?(?:url|address|page\s+at)\s+/i, '');
  const value = unmask(stripped, values);
  if (URL_LIKE.test(value) && !FILE_NAME.test(value)) return [{ kind: 'goto', url: value }];
  if (HOME.test(stripped.trim())) return [{ kind: 'goto', url: '/' }];
  const view = VIEW_OF_ROW.exec(slot.trim());
  if (view) {
    const control = capitalized(view[1]!);
    const row = unmask(view[2]!, values);
    const open: Intent = {
      kind: 'click',
      target: { name: control, noun: null, near: { text: row, relation: 'in the row of' } },
      double: false,
      purpose: 'open',
    };
    READINGS.set(open, [
      { kind: 'click', target: { name: `${control} ${row}`, noun: null, near: null }, double: false, purpose: 'open' },
    ]);
    return [open];
  }
  const t = target(slot, values);
  return t ? [{ kind: 'click', target: t, double: false, purpose: 'open' }] : 'Say which page to open.';
}

/** "Press Enter", "Press Enter in 'Search'", "Press the 'Save' button". */
function press(slot: string, values: string[]): Intent[] | string | null {
  const [, keyPart, where] = /^(.+?)(?:\s+(?:in|on|into|inside)\s+(.+))?$/i.exec(slot)!;
  const keyText = keyPart!.replace(/^the\s+/i, '');
  const saidKey = /\s+key$/i.test(keyText);
  const bare = keyText.replace(/\s+key$/i, '');
  // A quoted word is a key only when it can be nothing else ('Enter', 'Ctrl+S'), so "Press 'Delete'" is a button.
  const raw = unmask(bare, values);
  const key = keyName(raw, saidKey) ?? null;
  const quotedButton = isQuoted(bare) && key !== null && !saidKey && !/\+|^(?:enter|escape|esc|tab|return)$/i.test(raw);
  if (key && !quotedButton) {
    if (!where) return [{ kind: 'press', key, target: null }];
    const t = target(where, values);
    return t ? [{ kind: 'press', key, target: t }] : 'Say where to press the key.';
  }
  if (saidKey)
    return `${quote(raw)} is not a key Goalie knows (Enter, Escape, Tab, Space, Backspace, Delete, arrows, Home, End, PageUp, PageDown, F1-F12, combinations like Control+A).`;
  const t = target(slot, values);
  return t ? [{ kind: 'click', target: t, double: false, purpose: 'click' }] : null;
}

/** A value as typed: "the code 123456" is 123456. */
function typedValue(slot: string, values: string[]): string {
  return unmask(slot.replace(/^(?:the\s+)?(?:code|value|text|number|word|pin|amount)\s+(?=\S*\d|\uE000)/i, ''), values);
}

function withTarget(slot: string, values: string[], build: (t: TargetPhrase) => Intent): Intent[] | string {
  const t = target(slot, values);
  if (t) return [build(t)];
  const vague = vagueTarget(slot, values);
  return `${vague ? `${vague}; ` : ''}name the element, e.g. "Click the 'Save' button" or "Check the checkbox next to 'Buy milk'".`;
}

/** "'Milk', 'Eggs' and 'Bread'": several quoted names, one action each (unquoted, "Terms and conditions" is one name). */
const QUOTED_LIST = /^\uE000\d+\uE001(?:\s*,\s*\uE000\d+\uE001)*\s*,?\s+and\s+\uE000\d+\uE001$/;

function eachTarget(slot: string, values: string[], build: (t: TargetPhrase) => Intent): Intent[] | string {
  // "both Towel service and Locker": "both" says the names are two, quoted or not.
  const both = /^(?:both|each\s+of)\s+(.+\s+and\s+.+)$/i.exec(slot.trim());
  if (!both && !QUOTED_LIST.test(slot.trim())) return withTarget(slot, values, build);
  return (both ? both[1]! : slot)
    .trim()
    .split(/\s*,?\s+and\s+|\s*,\s*/)
    .map((name) => build({ name: unmask(name, values), noun: null, near: null }));
}

/** "A with x, B with y and C with z" (or "x in A and y in B"): one action per pair, or null when it is not such a list. */
function pairList(text: string, pair: (chunk: string) => [string, string] | null): [string, string][] | null {
  const chunks = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/);
  if (chunks.length < 2) return null;
  const pairs = chunks.map((chunk) => pair(chunk.trim()));
  return pairs.every((p): p is [string, string] => p !== null) ? pairs : null;
}

/** "the 'Pro' option" as a value of a select -> "Pro". */
function optionValue(slot: string, values: string[]): string {
  const m = /^(?:the\s+)?(.+?)(?:\s+(?:option|value|entry|item|country|plan))?$/i.exec(slot.trim())!;
  return unmask(isQuoted(m[1]!) ? m[1]! : slot.replace(/^the\s+/i, ''), values);
}

const ACCOUNT = alternation(GENRE_NOUNS.account);
const LOGIN_VERB = `(?:${alternation(verbPhrases([entryOf('sign in')]))})(?:\\s+(?:to\\s+)?(?:the\\s+|my\\s+)?(?:${ACCOUNT}))?`;
/** "Log in with my account", "... with valid credentials": the test case's only account. */
const OWN_ACCOUNT =
  /^(?:(?:my|our|your|the|valid|correct|proper|existing|a\s+valid)\s+)*(?:account|credentials|login|user|user\s+account|details|login\s+details)$/i;
const CART = alternation(GENRE_NOUNS.cart);
// "the cookie banner", "the Settings dialog": whichever dialog is open (its name is not a close button's).
const GENERIC_POPUP =
  /^(?:the\s+|this\s+|that\s+)?(?:[\w-]+\s+){0,2}?(?:dialog|dialog\s+box|modal|popup|pop-up|overlay|banner|window|notification|toast|alert|message|lightbox|drawer|sheet|notice|consent|menu|popover)$/i;

const ROW_WORD = '(?:row|line|entry|record)';
const ROW_NAMED = new RegExp(
  `^(?:(?:the\\s+)?${ROW_WORD}\\s+(?:of|for)\\s+([\\p{Lu}\\d\uE000].*)|([\\p{Lu}\\d\uE000][^'’]*)['’]s\\s+${ROW_WORD}|the\\s+([\\p{Lu}\\d\uE000].*?)\\s+${ROW_WORD})$`,
  'u',
);

/** The checkbox of a row named by its text (ROW_NAMED's groups). */
function rowCheckbox(kind: 'check' | 'uncheck', m: string[], values: string[]): Intent[] {
  const text = unmask((m[1] ?? m[2] ?? m[3])!, values).trim();
  return [{ kind, target: { name: null, noun: 'checkbox', near: { text, relation: 'in the row of' } } }];
}

/** A place after a value: "... to 1 in the cart", "... to 3 on the product page". */
const VALUE_PLACE =
  /(?<=^\d[\d.,]*)\s+(?:in|on)\s+(?:the|my|your)\s+(?:[\w-]+\s+)?(?:cart|basket|bag|dialog|modal|form|drawer|panel|sidebar|popup|sheet|page|summary)$/i;

/** Other readings of an intent a rule produced, attached to its ParsedAction. */
const READINGS = new WeakMap<Intent, Intent[]>();
/** Readings only for a page where those before them find nothing (ParsedAction.fallback). */
const FALLBACKS = new WeakSet<Intent>();
/** Intents read only from a verb the lexicon does not know (ParsedAction.guessed). */
const GUESSED = new WeakSet<Intent>();

/** "Delete 'Buy milk'": the Delete (or Remove) control of the row of Buy milk; else one named "Delete Buy milk". */
/** The control a row action is named by: "Delete" (or "Remove"), "Archive", "Duplicate". */
function rowActionNames(verb: string): { name: string; others?: string[] } {
  const word = verb.toLowerCase().split(/\s+/)[0]!;
  if (/^remove/.test(word)) return { name: 'Remove', others: ['Delete'] };
  if (/^(?:delete|trash)/.test(word)) return { name: 'Delete', others: ['Remove'] };
  const base = word.replace(/(?<=[^s])s$/, '');
  return { name: base[0]!.toUpperCase() + base.slice(1) };
}

function rowAction(verb: string, slot: string, values: string[]): Intent[] | string | null {
  const cleaned = slot.replace(
    /\s+(?:from|in)\s+(?:the\s+|my\s+)?(?:[\w-]+\s+)?(?:cart|basket|bag|list|table|todos?|wishlist|favou?rites|order)$/i,
    '',
  );
  const { name, others } = rowActionNames(verb);
  const named = (base: Omit<TargetPhrase, 'alternatives'>): TargetPhrase =>
    others ? { ...base, alternatives: others } : base;
  const button = (extra: Partial<TargetPhrase> = {}): Intent => ({
    kind: 'click',
    target: { ...named({ name, noun: null, near: null }), ...extra },
    double: false,
    purpose: 'click',
  });
  // "Delete it", "Remove this item": the page's own Delete button (before a link of that name: the
  // "Archive" folder beside the toolbar's Archive).
  if (/^(?:it|this|this\s+(?:item|one|entry|product|todo|file|row))$/i.test(cleaned.trim()))
    return [button({ noun: 'button' })];
  // "Delete the selected items": the selection's own control ("Delete selected", else "Delete").
  if (/^(?:the\s+|all\s+(?:the\s+)?)?(?:selected|checked|ticked|chosen|marked)(?:\s+[\w-]+)?$/i.test(cleaned.trim()))
    return [
      {
        kind: 'click',
        target: { name: `${name} selected`, noun: null, near: null, alternatives: [name, ...(others ?? [])] },
        double: false,
        purpose: 'click',
      },
    ];
  // "Delete the last row in Archive": the control in that item of that group.
  const inGroup = rowAnchor(cleaned, values);
  if (inGroup.within !== undefined) return [button({ near: inGroup })];
  // "Remove the second item": the second Remove button on the page.
  const positioned = /^the\s+/i.test(cleaned.trim()) ? target(cleaned, values) : null;
  if (positioned?.nth !== undefined && positioned.name === null) return [button({ nth: positioned.nth })];
  const vague = vagueTarget(cleaned, values);
  if (vague) return vague;
  // "Delete my account": a button named for it ("Delete account"); else the row of "account".
  const own = /^(?:my|our|your)\s+(.+)$/i.exec(cleaned.trim());
  if (own && !isQuoted(own[1]!)) {
    const thing = unmask(own[1]!, values);
    const whole: Intent = {
      kind: 'click',
      target: {
        name: `${name} ${thing}`,
        noun: null,
        near: null,
        alternatives: [`${name} ${unmask(cleaned, values)}`],
      },
      double: false,
      purpose: 'click',
    };
    READINGS.set(whole, [
      {
        kind: 'click',
        target: named({ name, noun: null, near: { text: thing, relation: 'in the row of' } }),
        double: false,
        purpose: 'click',
      },
    ]);
    return [whole];
  }
  // "the card Old landing page", "the Buy milk todo": the item's own words, without its kind (a
  // kind before a name only when a name follows: "the item list" is not the list's item). Only these
  // generic kinds: the other kind nouns (ITEM_KIND_NOUNS) stay in the text, where they pick between
  // items that show them ("the Acme receipt" among Acme's mails).
  const ROW_KINDS = '(?:todo|item|entry|row|task|product|line|card|file|note|message|comment)';
  const kindFirst = new RegExp(`^(?:the\\s+)?${ROW_KINDS}\\s+`, 'i').exec(cleaned);
  const words =
    kindFirst && /^[\p{Lu}\d\uE000]/u.test(cleaned.slice(kindFirst[0].length))
      ? cleaned.slice(kindFirst[0].length)
      : cleaned;
  const item = new RegExp(`^(?:the\\s+)?(.+?)(?:\\s+${ROW_KINDS})?$`, 'i').exec(words)!;
  const text = unmask(item[1]!, values).trim();
  if (!text) return null;
  const intent: Intent = {
    kind: 'click',
    target: named({ name, noun: null, near: { text, relation: 'in the row of' } }),
    double: false,
    purpose: 'click',
  };
  // Unquoted, "Delete account" may also be the name of a button.
  if (!isQuoted(slot.trim())) {
    const whole = target(`${verb.split(/\s+/)[0]} ${slot}`, values);
    if (whole) READINGS.set(intent, [{ kind: 'click', target: whole, double: false, purpose: 'click' }]);
  }
  return [intent];
}

const NOT_ROWS = new Set(['option', 'item', 'one', 'result', 'tile']);
/** "on the page", "in the list": where the items are, which their position says already. */
const PLACE_ON_PAGE = /\s+(?:on|in)\s+(?:the|this)\s+(?:page|list|table|grid|results)$/i;

const SIGN_UP_FIELD =
  /^(?:the\s+|a\s+|my\s+)?(user\s*name|e-?mail(?:\s+address)?|password|name|first\s+name|last\s+name|full\s+name|phone(?:\s+number)?|company)\s+(.+)$/i;
const NEW_ITEM_NOUN = '(?:todos?|to-?dos?|items?|tasks?|entry|entries|notes?|reminders?)';

/**
 * A filter's value: "status Archived", "supplier Northwind Supply" is that value of the filter's field
 * (or, where the page has no such field, a filter control named by the value); "Overdue" is the
 * control named so.
 */
function filterChoice(phrase: string, values: string[]): Intent[] {
  const pair = fieldValue(phrase, values);
  const choose = (value: string): Intent => chooseNamed(unmask(value, values));
  if (!pair || !/^(?:\uE000|[\p{Lu}\d])/u.test(pair[1])) return [choose(phrase)];
  const select: Intent = {
    kind: 'select',
    target: { name: unmask(pair[0], values), noun: null, near: null },
    value: unmask(pair[1], values),
  };
  READINGS.set(select, [choose(pair[1])]);
  return [select];
}

/** "Add a todo Buy milk", "Add todos Milk, Eggs and Bread": each typed into the list's field and entered. */
function newItems(slot: string, values: string[]): Intent[] | null {
  const items = splitTitled(slot.trim());
  const field: TargetPhrase = { name: null, noun: 'field', near: null };
  const texts = items.map((item) => unmask(item.replace(/^(?:the|a|an)\s+/i, ''), values).trim());
  if (texts.some((text) => !text)) return null;
  return texts.flatMap((value): Intent[] => [
    { kind: 'fill', target: field, value },
    { kind: 'press', key: 'Enter', target: field },
  ]);
}

/** "A, B and C" as three items where each is written like a title (capital or quoted); else one. */
function splitTitled(slot: string): string[] {
  const items = slot.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i);
  const titled = (item: string) => /^(?:\uE000|\p{Lu}|\d)/u.test(item.replace(/^the\s+/i, ''));
  return items.length > 1 && items.every(titled) ? items : [slot];
}

/**
 * "Follow Alan Turing and Katherine Johnson": the action in the row of each. Split only where each
 * item is written like a title (capital or quoted), so "Delete Salt and pepper" stays one item.
 */
function rowActions(verb: string, slot: string, values: string[]): Intent[] | string | null {
  const items = splitTitled(slot);
  if (items.length > 1) {
    const each = items.map((item) => rowAction(verb, item, values));
    if (each.every(Array.isArray)) return each.flat();
  }
  return rowAction(verb, slot, values);
}

const SEARCH_FIELD: TargetPhrase = { name: 'Search', noun: 'box', near: null };

/** Words that open a place searched in, not a query: "Search *the users* for Hopper". */
const SCOPE_DETERMINERS = new Set(['the', 'all', 'my', 'our', 'your', 'this', 'these', 'every']);

/**
 * The query of "search ...": after "for" when a scope comes first ("the users for Hopper" is Hopper;
 * typing all of it would search for a phrase no row holds and make "no results" pass), else all of it.
 */
function searchQuery(rest: string): string {
  const words = rest.trim().split(/\s+/);
  const forAt = words.findIndex((word, i) => i >= 2 && word.toLowerCase() === 'for');
  if (!SCOPE_DETERMINERS.has(words[0]!.toLowerCase()) || forAt < 0) return rest;
  return words.slice(forAt + 1).join(' ');
}
const LIST_FIELD: TargetPhrase = { name: null, noun: 'field', near: null };
/** Typed into a field and entered: a search, a new list item. */
const typeAndEnter = (field: TargetPhrase, value: string): Intent[] => [
  { kind: 'fill', target: field, value },
  { kind: 'press', key: 'Enter', target: field },
];
/** A click on a control a genre names in several ways ("Log out", "Sign out", ...). */
const clickNamed = (name: string, alternatives: string[], noun: string | null = null): Intent[] => [
  {
    kind: 'click',
    target: { name, noun, near: null, ...(alternatives.length ? { alternatives } : {}) },
    double: false,
    purpose: 'click',
  },
];
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** "into 'Search'", "in the Notes field": where a typed value goes. */
const INTO = ['into', 'in', 'inside', 'on', 'to'];
const POSSESSIVES = ['the', 'my', 'your', 'our'];

/** "Sort by X", "Filter the users by X": what the list is ordered or narrowed by. */
const chooseNamed = (name: string): Intent => ({
  kind: 'click',
  target: { name, noun: null, near: null },
  double: false,
  purpose: 'choose',
});
const BY_CLAUSE = /^(?:(?:the\s+)?(?:[\w-]+\s+)?by\s+)?(.+)$/i;
/**
 * "the parts so the most expensive unit cost is at the top" -> "by most expensive unit cost first";
 * "the results by on hand so the lowest stock comes first" -> "by on hand, lowest first". Else as said.
 */
function sortPurpose(object: string): string {
  const m =
    /^(?:(?!by\s)(?:the\s+)?[\w\s-]+?\s+)?(?:by\s+(.+?)\s+)?so\s+(?:that\s+)?(?:the\s+)?(.+?)\s+(?:is|are|comes?|shows?|appears?|sits?|ends?\s+up)\s+(?:at\s+the\s+|on\s+)?(top|first|bottom|last)(?:\s+of\s+the\s+[\w-]+)?$/i.exec(
      object.trim(),
    );
  if (!m) return object;
  const end = /^(?:top|first)$/i.test(m[3]!) ? 'first' : 'last';
  if (!m[1]) return `by ${m[2]} ${end}`;
  const polar = readSort(m[2]!).direction === null ? '' : `${m[2]!.split(/\s+/)[0]} `;
  return `by ${m[1]}, ${polar}${end}`;
}
const saysBy = (verb: string, object: string) => /\sby$/i.test(verb) || /^(?:the\s+)?(?:[\w-]+\s+)?by\s/i.test(object);

const MESSAGE_NOUN = '(?:e-?mail|message|mail|note|letter)';
/** An address, a quoted name, or a name of one or two words. */
const RECIPIENT = '[^\\s,@]+@[^\\s,]+|\\uE000\\d+\\uE001|[\\w.-]+(?:\\s+(?!with\\b)[\\w.-]+)?';

const RULES: Rule[] = [
  {
    pattern: new RegExp(
      `^(?:${LOGIN_VERB})\\s+(?:as|with|using)(?:\\s+(?:the\\s+)?(?:e-?mail(?:\\s+address)?|user\\s*name|user|login|account))?\\s+(.+?)\\s*(?:,\\s*|\\s+)(?:and\\s+|with\\s+|using\\s+)?(?:the\\s+|a\\s+)?(?:password|pass|pwd|passcode)\\s+(.+)$`,
      'i',
    ),
    family: 'sign in',
    build: (m, v) => {
      const user = unmask(m[1]!, v).trim();
      const password = unmask(m[2]!, v).trim();
      return user && password ? [{ kind: 'loginAs', user, password }] : null;
    },
  },
  // "log in as ada@example.com / lovelace"
  {
    pattern: new RegExp(`^(?:${LOGIN_VERB})\\s+(?:as|with|using)\\s+(\\S+)\\s*\\/\\s*(\\S+)$`, 'i'),
    family: 'sign in',
    build: (m, v) => [{ kind: 'loginAs', user: unmask(m[1]!, v), password: unmask(m[2]!, v) }],
  },
  { pattern: new RegExp(`^(?:${LOGIN_VERB})$`, 'i'), family: 'sign in', build: () => [{ kind: 'login', config: '' }] },
  {
    family: 'sign out',
    slot: new RegExp(`^(?:(?:of|from)\\s+(?:the\\s+|my\\s+)?(?:${ACCOUNT}))?$`, 'i'),
    build: () => clickNamed('Log out', GENRE_NAMES.logOut),
  },
  // "Apply the promo code SAVE10 (in the cart)", "Redeem coupon WELCOME": the code typed into its field, then applied.
  {
    family: 'redeem',
    pattern: new RegExp(
      `^(?:apply|applies|redeem|redeems|use|uses|enter|enters|add|adds|try|tries)\\s+(?:the\\s+|a\\s+|my\\s+|your\\s+)?((?:promo(?:tion(?:al)?)?|discount|coupon|voucher|gift\\s+card|referral)(?:\\s+code)?|code)\\s+(\\S+)(?:\\s+(?:in|on|at)\\s+(?:the\\s+)?(?:${CART}|checkout))?$`,
      'i',
    ),
    build: (m, v) => {
      const said = m[1]!.toLowerCase().replace(/\s+/g, ' ');
      const names = [said, ...GENRE_NAMES.codeField.filter((name) => name.toLowerCase() !== said)];
      const [apply, ...others] = GENRE_NAMES.applyCode;
      return [
        {
          kind: 'fill',
          target: { name: names[0]!, noun: null, near: null, alternatives: names.slice(1) },
          value: unmask(m[2]!, v),
        },
        ...clickNamed(apply!, others),
      ];
    },
  },
  {
    family: 'search',
    build: (m, v) => {
      const value = unmask(searchQuery(m[0]!).replace(/^(?:the\s+)?(?:term|text|word)\s+/i, ''), v);
      return value ? typeAndEnter(SEARCH_FIELD, value) : null;
    },
  },
  {
    family: 'add',
    slot: new RegExp(`^(.+?)\\s+(?:to|into|in)\\s+(?:the\\s+|my\\s+|your\\s+)?(${CART})$`, 'i'),
    build: (m, v) => {
      const which = m[2]!
        .toLowerCase()
        .replace(/^(?:shopping\s+)?/, '')
        .replace(/^trolley$/, 'cart');
      const names = [`Add to ${which}`, ...GENRE_NAMES.addToCart.filter((n) => n !== `Add to ${which}`)];
      const button: TargetPhrase = { name: names[0]!, noun: null, near: null, alternatives: names.slice(1) };
      // "Add it to the cart" on a product's page: its own button.
      if (/^(?:it|this|this\s+(?:item|product|one))$/i.test(m[1]!.trim()))
        return [{ kind: 'click', target: button, double: false, purpose: 'click' }];
      // "Put 2 Wool Beanies in the cart": the item's button as many times, the item named in the singular.
      const counted = /^(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+(.+)$/i.exec(m[1]!.trim());
      const times = counted ? (NUMBERS[counted[1]!.toLowerCase()] ?? Number(counted[1])) : 1;
      if (times > MAX_REPEAT)
        return `Goalie repeats an action at most ${MAX_REPEAT} times; set the quantity instead, e.g. "Fill 'Quantity' with '${times}'".`;
      // "Add the first product on the page to the cart": the first of the add buttons.
      const [placed, ...more] = itemsByPosition(m[1]!.replace(PLACE_ON_PAGE, '')) ?? [];
      if (placed && !more.length)
        return [{ kind: 'click', target: { ...button, nth: placed.nth }, double: false, purpose: 'click' }];
      const words = counted ? counted[2]!.replace(/(?<=[^s])s$/i, '') : m[1]!.replace(/^(?:the|a|an|one|1)\s+/i, '');
      const item = unmask(words, v).trim();
      if (!item) return null;
      const add: Intent = {
        kind: 'click',
        target: { ...button, near: { text: item, relation: 'in the row of' } },
        double: false,
        purpose: 'click',
      };
      return Array.from({ length: times }, () => add);
    },
  },
  // "Create the account", "Sign up": the form's button.
  { family: 'sign up', slot: /^$/, build: () => clickNamed('Sign up', GENRE_NAMES.signUp) },
  // "Sign up with username ada, email ada@example.com and password lovelace": each field, then the form's button.
  {
    family: 'sign up',
    slot: /^(?:with|using|as)\s+(.+)$/i,
    build: (m, v) => {
      const list = pairList(m[1]!, (chunk) => {
        const field = SIGN_UP_FIELD.exec(chunk);
        return field ? [field[1]!, field[2]!] : null;
      });
      if (!list) return null;
      const fills = list.map(([field, value]): Intent => ({
        kind: 'fill',
        target: { name: field.replace(/\s+/g, ' '), noun: null, near: null },
        value: unmask(value, v),
      }));
      return [...fills, ...clickNamed('Sign up', GENRE_NAMES.signUp)];
    },
  },
  // "Sort by price low to high": the page's sort dropdown, its option read loosely.
  {
    family: 'sort',
    slot: BY_CLAUSE,
    build: (said, v, verb) => {
      // "Sort the parts so the most expensive unit cost is at the top": by what, which end first.
      // "Sort by last updated so the oldest is at the top": the verb's "by" leads the object.
      const object = sortPurpose(/\sby$/i.test(verb) && !/^by\s/i.test(said[0]!) ? `by ${said[0]!}` : said[0]!);
      const m = BY_CLAUSE.exec(object)!;
      if (!saysBy(verb, object)) return null;
      const value = unmask(m[1]!, v).trim();
      if (!value) return null;
      // "the Price column, highest first": the column, and which way when the words say it.
      const { words, direction } = readSort(value);
      const column = columnNamed(value.split(/\s*,\s*/)[0]!);
      const header = (name: string): Intent => ({
        kind: 'click',
        target: {
          name,
          noun: 'column header',
          near: null,
          // "last updated" for the header "Updated": its words without the direction's.
          ...(words.length &&
          words.join(' ') !== name.toLowerCase() &&
          words.every((word) => name.toLowerCase().split(/\s+/).includes(word))
            ? { alternatives: [words.join(' ')] }
            : {}),
        },
        double: false,
        purpose: 'click',
        ...(direction ? { until: direction } : {}),
      });
      if (column !== null) return [header(column)];
      const select: Intent = {
        kind: 'select',
        target: { name: 'Sort', noun: null, near: null, alternatives: GENRE_NAMES.sort },
        value,
      };
      // A table without a sort control sorts by a click on the column's header: the column said
      // before a comma ("on hand, lowest first"), else the content words.
      const [named, way] = value.split(/\s*,\s*/);
      READINGS.set(select, [
        header(direction && way !== undefined ? named! : direction && words.length ? words.join(' ') : value),
      ]);
      return [select];
    },
  },
  // "Compose an email to sam@example.com with subject Standup": the new message's control, its fields;
  // "Send ..." also sends it. Only a new message ("an", "new"): "Send the message" is the form's button.
  {
    family: 'forward',
    pattern: new RegExp(`^(?:forward|forwards)\\s+(.+?)\\s+to\\s+(${RECIPIENT})$`, 'i'),
    build: (m, v) => answer(m[1]!, 'Forward', { name: 'To', alternatives: GENRE_NAMES.recipient }, m[2]!, v),
  },
  // "Reply to the Budget email with 'Thanks'": opened, Reply, the text written; sent unless the sentence sends it itself.
  {
    family: 'reply',
    pattern: /^(?:reply|replies|respond|responds)\s+to\s+(.+?)\s+with\s+(.+)$/i,
    build: (m, v) => {
      const [name, ...alternatives] = GENRE_NAMES.messageBody;
      return answer(m[1]!, 'Reply', { name: name!, alternatives }, m[2]!, v);
    },
  },
  {
    family: 'compose',
    slot: new RegExp(
      `^(?:an?|another)\\s+(?:new\\s+)?${MESSAGE_NOUN}(?:\\s+to\\s+(${RECIPIENT}))?(?:\\s*,\\s*|\\s*:\\s*|\\s+with\\s+)?(.*)$`,
      'i',
    ),
    build: (m, v, verb) => composeMessage(verb, m[1], m[2]!, v),
  },
  // "Create a user named Ada with email ada@example.com and password lovelace": each field, then the form's button.
  {
    family: ['create', 'add'],
    slot: /^(?:a|an|the)\s+(?:new\s+)?([\w-]+(?:\s+[\w-]+)?)\s+(?:named|called|titled)\s+(.+?)\s+with\s+(.+)$/i,
    build: (m, v, verb) => newRecord(verb, m[1]!, m[2]!, m[3]!, v),
  },
  // List apps (TodoMVC and the like): "Add a todo Buy milk", "Create a new task called Write report", "Add 'Buy milk'".
  {
    family: ['add', 'create'],
    slot: new RegExp(
      `^(?:a\\s+|an\\s+|one\\s+|another\\s+|(?:two|three|four|five|\\d+)\\s+)?(?:new\\s+)?${NEW_ITEM_NOUN}(?:\\s*:\\s*|\\s+(?:called|named|titled|saying|reading)\\s+|\\s+)(.+)$`,
      'i',
    ),
    build: (m, v) => newItems(m[1]!, v),
  },
  {
    family: 'add',
    slot: /^(\uE000\d+\uE001(?:\s*(?:,|,?\s*and)\s*\uE000\d+\uE001)*)$/,
    build: (m, v) => newItems(m[1]!, v),
  },
  // "Create a new folder called Marketing": a record with its name alone (its form may be behind the
  // page's New button: see wayToTarget), then the form's button.
  {
    family: 'create',
    slot: /^(?:a|an)\s+(?:new\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:named|called|titled)\s+(\uE000\d+\uE001|[\p{Lu}\d].*)$/u,
    build: (m, v, verb) => newRecord(verb, m[1]!, m[2]!, '', v),
  },
  // "Clear completed", "Delete all done todos": the list's own button for it.
  {
    pattern:
      /^(?:clear|clears|remove|removes|delete|deletes)\s+(?:all\s+)?(?:the\s+)?(?:completed|done|finished)(?:\s+(?:ones|todos|to-?dos|items|tasks|entries))?$/i,
    family: 'clear',
    build: () => clickNamed('Clear completed', GENRE_NAMES.clearCompleted),
  },
  // "Show only active todos", "Filter by completed": the filter's link or tab.
  {
    family: 'filter',
    slot: /^(?:only\s+)?(?:the\s+)?(all|active|open|pending|completed|complete|done|finished)(?:\s+(?:ones|todos|to-?dos|items|tasks|entries|notes))?(?:\s+only)?$/i,
    build: (m) => {
      const [name, ...others] = FILTERS[FILTER_WORDS[m[1]!.toLowerCase()]!]!;
      return [
        {
          kind: 'click',
          target: { name: name!, noun: null, near: null, ...(others.length ? { alternatives: others } : {}) },
          double: false,
          purpose: 'open',
        },
      ];
    },
  },
  // "Show only shoes", "Show only the cards assigned to Sam Lee": the filter control named by the
  // value (a chip, a checkbox, a tab, or an option of a list: agent/lists-offering.ts).
  {
    family: 'filter',
    slot: /^only\s+(.+)$/i,
    build: (m, v) => {
      const value = filterValue(m[1]!);
      return value ? [chooseNamed(unmask(value, v))] : null;
    },
  },
  // "Filter the list to the Electrical category", "Narrow the results to Overdue": the value's control.
  {
    family: 'filter',
    slot: /^(?:the\s+)?(?:[\w-]+\s+){0,2}?to\s+(?:only\s+)?(.+)$/i,
    build: (m, v) => {
      const value = filterValue(m[1]!);
      return value ? filterChoice(value, v) : null;
    },
  },
  // "Filter by status Archived", "Filter the users by role: Admin": that value of the filter's field
  // (or, when the page has no such field, a filter control named by the value); "Filter by Overdue": that control.
  {
    family: 'filter',
    slot: BY_CLAUSE,
    build: (m, v, verb) => {
      if (!saysBy(verb, m[0]!)) return null;
      return filterChoice(filterValue(m[1]!) ?? m[1]!, v);
    },
  },
  // "Mark all as complete", "Complete all todos": the list's toggle-all checkbox.
  {
    family: ['mark', 'check', 'complete'],
    slot: /^all(?:\s+(?:the\s+)?(?:todos|to-?dos|items|tasks|entries))?(?:\s+as\s+(?:done|completed?|finished))?$/i,
    build: () => [
      {
        kind: 'check',
        target: { name: 'Mark all as complete', noun: null, near: null, alternatives: GENRE_NAMES.markAll },
      },
    ],
  },
  {
    family: 'toggle',
    slot: /^all(?:\s+(?:the\s+)?(?:todos|to-?dos|items|tasks|entries))?$/i,
    build: () => [
      {
        kind: 'click',
        target: { name: 'Toggle all', noun: null, near: null, alternatives: GENRE_NAMES.toggleAll },
        double: false,
        purpose: 'toggle',
      },
    ],
  },
  // "Complete Buy milk": an item written like a title is marked done ("Complete the form" is not this).
  { family: 'complete', slot: /^(?:\uE000|\p{Lu})/u },
  // "Rename Buy milk to Buy oat milk", "Edit Buy milk to say ...": the item's editor, the new text, Enter.
  {
    family: 'rename',
    slot: /^(?:the\s+)?(?:(?:todo|task|item|entry|note)\s+)?(.+?)\s+(?:to\s+say|to\s+read|to|into|as)\s+(.+)$/i,
    build: (m, v) => {
      const item = target(m[1]!, v);
      const value = unmask(m[2]!, v).trim();
      return item && !item.near && item.name !== null && value ? [{ kind: 'rename', target: item, value }] : null;
    },
  },
  // "Double-click Buy milk and change it to Buy oat milk": the editor the double-click opened has the focus.
  {
    family: ['set', 'rename'],
    slot: /^it\s+(?:to\s+say|to|into)\s+(.+)$/i,
    build: (m, v) => {
      const value = unmask(m[1]!, v).trim();
      return value ? typeAndEnter(LIST_FIELD, value) : null;
    },
  },
  {
    family: 'double-click',
    slot: /^(.+?)\s*,?\s+and\s+(?:then\s+)?(?:change|rename|edit)\s+it\s+(?:to\s+say|to|into)\s+(.+)$/i,
    build: (m, v) => {
      const item = target(m[1]!, v);
      const value = unmask(m[2]!, v).trim();
      return item && item.name !== null && !item.near && value ? [{ kind: 'rename', target: item, value }] : null;
    },
  },
  // "Add a new card called Write docs to the To do list", "Add Fix login to the Done column": a
  // board's column has its own add control; the title goes into the field it opens, and is entered.
  {
    family: 'add',
    slot: /^(?:(?:an?\s+)?(?:new\s+)?(card|ticket|issue|story|task)\s+(?:called|named|titled)\s+)?(.+?)\s+(?:to|into|in)\s+(?:the\s+)?(.+?)\s+(column|lane|stage|swimlane|list)$/i,
    build: (m, v) => {
      const [noun, title, group, word] = [m[1]?.toLowerCase(), unmask(m[2]!, v).trim(), unmask(m[3]!, v).trim(), m[4]!];
      if (!title || !group || (!noun && /^list$/i.test(word))) return null;
      const thing = noun ?? 'card';
      return [
        {
          kind: 'click',
          target: {
            name: `Add a ${thing}`,
            noun: null,
            near: { text: group, relation: 'next to' },
            alternatives: [`Add ${thing}`, `New ${thing}`, 'Add'],
          },
          double: false,
          purpose: 'click',
        },
        ...typeAndEnter(LIST_FIELD, title),
      ];
    },
  },
  // "Add Buy bread to the list": a new item is typed into the list's field and entered.
  {
    family: 'add',
    slot: /^(.+?)\s+(?:to|into|onto)\s+(?:the\s+|my\s+|your\s+)?(?:[\w-]+\s+)?(?:list|todos|to-?do\s+list|tasks)$/i,
    build: (m, v) => {
      const item = unmask(m[1]!.replace(/^(?:the|a|an)\s+/i, ''), v);
      return item ? typeAndEnter(LIST_FIELD, item) : null;
    },
  },
  { family: 'row action', build: (m, v, verb) => rowActions(verb, m[0]!, v) },
  { family: 'expand' },
  { family: 'collapse' },
  {
    family: 'dismiss',
    build: (m, v) => {
      // "Close the dialog without saving": how it is closed, which a close button or Escape is.
      const what = m[0]!.replace(LEFT_UNDONE, '');
      if (!what || GENERIC_POPUP.test(what.trim())) return [{ kind: 'dismiss', target: null }];
      const t = target(m[0]!, v);
      return t ? [{ kind: 'dismiss', target: t }] : null;
    },
  },
  {
    family: 'accept',
    slot: /^(?:all\s+)?(?:the\s+)?cookies$/i,
    build: () => clickNamed('Accept', GENRE_NAMES.acceptCookies),
  },
  // "Accept the terms", "Agree to the privacy policy": tick its checkbox.
  {
    family: 'accept',
    slot: /^.*\b(?:terms|conditions|polic(?:y|ies)|privacy|agreement|tos|eula|rules|gdpr)\b.*$/i,
    build: (m, v) => withTarget(m[0]!, v, (t) => ({ kind: 'check', target: t })),
  },
  // "Accept the invitation": its Accept button.
  {
    family: 'accept',
    slot: /^(?:(?:the\s+|this\s+)?(.+))?$/i,
    build: (m, v, verb) => {
      const name = capitalized(verb.split(' ')[0]!.replace(/s$/i, ''));
      return m[1] ? clickNamed(name, [`${name} ${unmask(m[1], v)}`]) : clickNamed(name, []);
    },
  },
  // "Save the settings", "Discard my changes", "Generate an API key": the button named for it, else the genre's names.
  { family: 'save', build: (m, v) => clickNamed(...namedFor('Save', m[0]!, v, GENRE_NAMES.save)) },
  { family: 'discard', build: (m, v) => clickNamed(...namedFor('Discard', m[0]!, v, GENRE_NAMES.discard)) },
  {
    family: 'generate',
    build: (m, v) => {
      const thing = thingOf(m[0]!, v);
      return thing ? clickNamed(`Generate ${thing}`, ['Generate', `Create ${thing}`, `New ${thing}`]) : null;
    },
  },
  // "Invite ada@example.com as an Admin": the invitation's address (and role), then its button.
  {
    family: 'invite',
    slot: /^(\S+@\S+|\uE000\d+\uE001)(?:\s+as\s+(?:an?\s+|the\s+)?(.+))?$/i,
    build: (m, v) => {
      const email: Intent = {
        kind: 'fill',
        target: { name: 'Email', noun: null, near: null, alternatives: ['Email address', 'Invite'] },
        value: unmask(m[1]!, v),
      };
      const role: Intent[] = m[2]
        ? [{ kind: 'select', target: { name: 'Role', noun: null, near: null }, value: unmask(m[2], v) }]
        : [];
      const [name, ...others] = GENRE_NAMES.invite;
      return [email, ...role, ...clickNamed(name!, others)];
    },
  },
  { family: 'confirm', build: () => clickNamed('Confirm', GENRE_NAMES.confirm) },
  { family: 'submit', build: () => clickNamed('Submit', GENRE_NAMES.submit, 'button') },
  {
    family: 'use',
    split: ['as', 'for'],
    build: (m, v) => withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[1]!, v) })),
  },
  // "Use Edit on the Membership section": a control by its name, pressed.
  {
    family: 'use',
    slot: /^(?:the\s+)?[\p{Lu}\uE000].*$/u,
    build: (m, v) => act({ intent: 'click', purpose: 'click' }, m[0]!, v),
  },
  { family: 'toggle' },
  { family: 'switch to' },
  {
    pattern: new RegExp(`^(?:${LOGIN_VERB})\\s+(?:with|using|as)\\s+(?:the\\s+)?(.+?)$`, 'i'),
    family: 'sign in',
    build: (m, v) => {
      if (OWN_ACCOUNT.test(unmask(m[1]!, v))) return [{ kind: 'login', config: '' }];
      const slot = m[1]!
        .replace(/^config(?:uration)?\s+(.+)$/i, '$1')
        .replace(/^(.+?)\s+(?:config(?:uration)?|account|user|credentials|login)$/i, '$1');
      const config = unmask(slot, v);
      if (/@/.test(config))
        return `say the password too ("Sign in as ${quote(config)} with password '...'"), or keep the account in a config and write "Log in with config 'name'".`;
      return config ? [{ kind: 'login', config }] : null;
    },
  },
  {
    family: 'wait',
    slot: /^(?:for\s+)?\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|ms|milliseconds?|minutes?|mins?)$/i,
    build: () => 'Goalie does not wait for a fixed time; say what to wait for, e.g. "Wait for \'Saved\'".',
  },
  // "Wait for the Loading spinner to disappear": a check that it is not shown, which waits for it to go.
  {
    family: 'wait',
    slot: /^(?:the\s+)?(.+?)\s+(?:to\s+(?:disappear|go\s+away|vanish|be\s+(?:hidden|gone))|disappears|goes\s+away|vanishes|is\s+(?:hidden|gone))$/i,
    build: (m, v) => {
      const text = unmask(
        m[1]!.replace(/^(.+?)\s+(?:spinner|indicator|message|text|banner|overlay|toast|notification)$/i, '$1'),
        v,
      );
      return text ? [{ kind: 'assert', expectation: { kind: 'notVisible', text } }] : null;
    },
  },
  {
    family: 'wait',
    slot: /^(?:the\s+)?(?:page|site|app|application|screen|it|everything|data|content|results?|spinner|loading)(?:\s+(?:to\s+)?(?:load|loads|loaded|finish|finishes|finished|settle|settles|stop|stops|be\s+ready|is\s+ready|is\s+loaded|has\s+loaded|is\s+done|to\s+finish\s+loading|finishes\s+loading|load\s+completely|fully\s+load))?$/i,
    build: () =>
      'Goalie waits for the page to settle after every action by itself; leave this sentence out, or wait for a text the page shows when it is ready, e.g. "Wait for \'Saved\'".',
  },
  {
    family: 'wait',
    slot: /^(.+?)(?:\s+(?:to\s+(?:appear|show(?:\s+up)?|be\s+(?:shown|visible|displayed))|appears|shows\s+up|is\s+(?:shown|visible|displayed)))?$/i,
    build: (m, v, verb) => {
      if (!/\s(?:for|until)$/i.test(verb)) return null;
      // "the text 'Saved'", "the 'Saved' message", "the Order confirmed message" -> the text itself
      const slot = m[1]!
        .replace(/^the\s+/i, '')
        .replace(/^(?:text|message)\s+(.+)$/i, '$1')
        .replace(/^(.+?)\s+(?:text|message|notification|toast|banner|label|heading|title)$/i, '$1');
      const text = unmask(slot, v);
      return text ? [{ kind: 'wait', text }] : null;
    },
  },
  // "Find the blue widget": the text in sight, waited for.
  { family: 'find', build: (m, v) => findText(m[0]!, v) },
  {
    pattern: /^(?:go|goes)\s+back$|^(?:reload|reloads|refresh|refreshes)\b.*$/i,
    build: () => 'going back and reloading are not phrasings yet; open the page instead, e.g. "Go to /cart".',
  },
  { family: ['navigate', 'open'], build: (m, v) => (m[0] ? navigation(m[0], v) : null) },
  { family: 'double-click' },
  { family: 'click' },
  { family: 'press', build: (m, v) => press(m[0]!, v) },
  // "Fill in the form with name Ada and email ada@example.com", "Fill out the contact form: name Ada, ..."
  {
    family: 'fill',
    slot: /^(?:the\s+|this\s+)?(?:[\w-]+\s+)?form(?:\s*:\s*|\s+with\s+)(.+)$/i,
    build: (m, v) => {
      const pairs = m[1]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).map((chunk) => fieldValue(chunk, v));
      if (pairs.some((p) => p === null))
        return 'write each field with its value, e.g. "Fill in the form with name Ada and email ada@example.com" or "Fill \'Name\' with \'Ada\'".';
      return pairs
        .map((p) => withTarget(p![0], v, (t) => ({ kind: 'fill', target: t, value: unmask(p![1], v) })))
        .flatMap((r) => (typeof r === 'string' ? [] : r));
    },
  },
  {
    family: 'fill',
    slot: /^(?:the\s+|this\s+|all\s+(?:the\s+)?)?(?:[\w-]+\s+)?(?:form|fields|details)$/i,
    build: () => 'say which fields and what to type, e.g. "Fill in the form with name Ada and email ada@example.com".',
  },
  {
    family: 'fill',
    split: ['with'],
    build: (m, v) => {
      const list = pairList(m[0]!, (chunk) => splitAt(chunk, ['with'])) ?? [[m[1]!, m[2]!]];
      return collect(
        list.map(([field, value]) =>
          withTarget(field, v, (t) => ({ kind: 'fill', target: t, value: unmask(value, v) })),
        ),
      );
    },
  },
  // "enter lovelace as the password", "type Ada as my first name"
  {
    family: 'type',
    split: ['as'],
    build: (m, v) =>
      POSSESSIVES.includes(firstWord(m[2]!))
        ? withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[1]!, v) }))
        : null,
  },
  {
    family: 'type',
    split: INTO,
    build: (m, v) => {
      const list = pairList(m[0]!, (chunk) => splitAt(chunk, INTO)) ?? [[m[1]!, m[2]!]];
      return collect(
        list.map(([value, field]) =>
          withTarget(field, v, (t) => ({ kind: 'fill', target: t, value: typedValue(value, v) })),
        ),
      );
    },
  },
  // "Enter 3 for quantity"
  {
    family: 'type',
    split: ['for'],
    build: (m, v) => withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: t, value: typedValue(m[1]!, v) })),
  },
  // "Enter the email ada@example.com", "type your name Ada": a field, then its value.
  {
    family: ['type', 'fill'],
    slot: /^(?:the|my|your|our)\s+(.+)$/i,
    build: (m, v) => {
      const pair = fieldValue(m[1]!, v);
      const value =
        pair && pair[0].split(/\s+/).length <= 3 && /^(?:\uE000|[\p{Lu}\d{]|\S*[@./\d])/u.test(pair[1]) ? pair : null;
      return value && withTarget(value[0], v, (t) => ({ kind: 'fill', target: t, value: unmask(value[1], v) }));
    },
  },
  // "type milk": into the only field (or the focused one); "Enter your email" says what, not which value.
  {
    family: 'type',
    build: (m, v) => {
      if (!m[0]) return null;
      if (!isQuoted(m[0]) && /^(?:in\s+)?(?:your|my|our|the|a|an|some|any|his|her|their)\s/i.test(m[0])) {
        return `say what to type and where, e.g. "Fill 'Email' with 'ada@example.com'" or "Type 'milk' into 'Search'".`;
      }
      return [{ kind: 'fill', target: LIST_FIELD, value: unmask(m[0], v) }];
    },
  },
  // "Increase the quantity by 2": the field's own steps, as its arrow keys (and spinner arrows) take them.
  {
    family: ['increase', 'decrease'],
    split: ['by'],
    build: (m, v, verb) => {
      const times = Number(m[2]);
      if (!Number.isInteger(times) || times < 1) return null;
      if (times > MAX_REPEAT) return `Goalie repeats an action at most ${MAX_REPEAT} times; set the value directly.`;
      const key = frameOf(verb, 'increase') ? 'ArrowUp' : 'ArrowDown';
      const once = withTarget(m[1]!, v, (t) => ({ kind: 'press', key, target: t }));
      return typeof once === 'string' ? once : Array.from({ length: times }, () => once).flat();
    },
  },
  // "Set the price range from 20 to 50": the range's two ends, each its own field.
  {
    family: 'set',
    slot: /^(?:the\s+)?(.+?)\s+range\s+(?:from\s+(.+?)\s+to|between\s+(.+?)\s+and)\s+(.+)$/i,
    build: (m, v) => {
      const what = unmask(m[1]!, v).trim();
      const end = (short: string, long: string, word: string): TargetPhrase => ({
        name: `${long} ${what}`,
        noun: null,
        near: null,
        alternatives: [`${short} ${what}`, `${capitalized(what)} ${word}`, long, short],
      });
      return [
        { kind: 'fill', target: end('Min', 'Minimum', 'from'), value: unmask((m[2] ?? m[3])!, v).trim() },
        { kind: 'fill', target: end('Max', 'Maximum', 'to'), value: unmask(m[4]!, v).trim() },
      ];
    },
  },
  {
    family: ['set', 'increase', 'decrease'],
    split: ['to'],
    build: (m, v, verb) => {
      // "Lower the quantity to 1 in the cart": where the field is, after its value, is no part of the value.
      const value = unmask(m[2]!.replace(VALUE_PLACE, ''), v);
      // "Lower 'X' from Urgent to Low", "change the status from Open to Closed": the value before is no part of the name.
      const what = m[1]!.replace(OLD_VALUE, '');
      const built = withTarget(what, v, (t) => ({ kind: 'fill', target: t, value }));
      // "Change Buy milk to Buy oat milk": when no field has that name, an item written like a title is renamed.
      const fill = Array.isArray(built) ? built[0]! : null;
      if (
        fill?.kind === 'fill' &&
        /^chang/i.test(verb) &&
        /^(?:\uE000|\p{Lu})/u.test(m[1]!) &&
        fill.target.name !== null &&
        !fill.target.near
      ) {
        READINGS.set(fill, [{ kind: 'rename', target: fill.target, value: fill.value }]);
      }
      return built;
    },
  },
  {
    family: 'clear',
    // "Empty the trash": the container's own control, named by the verb and the container ("Empty trash").
    slot: /^(?:the\s+|my\s+|your\s+)?((?:[\w-]+\s+)?(?:cart|basket|bag|list|trash|bin|inbox|wishlist))$/i,
    build: (m, _values, verb) => [
      {
        kind: 'click',
        target: { name: `${capitalized(verb.toLowerCase())} ${m[1]!.toLowerCase()}`, noun: null, near: null },
        double: false,
        purpose: 'click',
      },
    ],
  },
  { family: 'clear', build: (m, v) => withTarget(m[0]!, v, (t) => ({ kind: 'fill', target: t, value: '' })) },
  // "Tick the last two rows", "Select the first row": each one's checkbox.
  { family: ['check', 'choose'], build: (m) => rowsByPosition('check', m[0]!) },
  { family: 'uncheck', build: (m) => rowsByPosition('uncheck', m[0]!) },
  // "Tick Radia Perlman's row", "Select the row of Ada Lovelace", "untick the Stripe invoice line": the row's checkbox.
  { family: ['check', 'choose'], slot: ROW_NAMED, build: (m, v) => rowCheckbox('check', m, v) },
  { family: 'uncheck', slot: ROW_NAMED, build: (m, v) => rowCheckbox('uncheck', m, v) },
  // "Select all contacts", "Select all the messages in the inbox": the list's select-all checkbox.
  {
    family: 'choose',
    slot: /^all\s+(?:of\s+)?(?:the\s+)?([\w-]+(?:\s+[\w-]+)?)(?:\s+(?:in|on|from)\s+(?:the|this|my)\s+[\w -]+)?$/i,
    build: (m) => [
      {
        kind: 'check',
        target: {
          name: 'Select all',
          noun: null,
          near: null,
          alternatives: [`Select all ${m[1]!.toLowerCase()}`, 'All'],
        },
      },
    ],
  },
  {
    family: 'choose',
    split: ['from', 'in', 'on'],
    build: (m, v) =>
      vagueTarget(m[1]!, v) ??
      withTarget(m[2]!, v, (t) => ({ kind: 'select', target: t, value: optionValue(m[1]!, v) })),
  },
  // "select Sweden as the country", "pick M as size"; "pick 30 December as the check-in date" fills
  // the date field (its own format or its calendar: agent/date-field.ts), not a dropdown.
  {
    family: 'choose',
    split: ['as', 'for'],
    build: (m, v) => {
      const value = optionValue(m[1]!, v);
      if (isDate(value)) return withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: dateField(t), value }));
      return withTarget(m[2]!, v, (t) => ({ kind: 'select', target: t, value }));
    },
  },
  // "Select Ada Lovelace and Alan Turing", "Select the GitHub and Linear emails": each row's checkbox.
  { family: 'choose', build: (m, v) => rowSelections(m[0]!, v, 2) },
  // "Check the boxes for Blue Widget and Red Widget": each named row's checkbox.
  {
    family: ['check', 'choose'],
    slot: /^(?:the\s+)?(?:check\s*boxes|tick\s*boxes|boxes)\s+(?:for|of|next\s+to|beside)\s+(.+)$/i,
    build: (m, v) => rowSelections(m[1]!, v, 1),
  },
  {
    family: 'choose',
    build: (m, v) =>
      withTarget(m[0]!, v, (t) => ({ kind: 'click', target: valueOfGroup(t), double: false, purpose: 'choose' })),
  },
  // "Select Ada Lovelace" in a table: the checkbox of her row, a reading grounding weighs against an option.
  { family: 'choose', build: (m, v) => rowSelections(m[0]!, v, 1) },
  {
    family: 'mark',
    split: ['as'],
    build: (m, v) => {
      const state = m[2]!.toLowerCase();
      const kind = MARKS.undone.includes(state) ? 'uncheck' : MARKS.done.includes(state) ? 'check' : null;
      return kind && withTarget(m[1]!, v, (t) => ({ kind, target: t }));
    },
  },
  { family: 'uncheck' },
  // "Check out" is the shop's checkout, never a checkbox named "out".
  {
    family: 'check out',
    slot: /^(?:now|the\s+(?:cart|basket|order))?$/i,
    build: () => clickNamed('Checkout', GENRE_NAMES.checkout),
  },
  {
    family: 'check',
    slot: /^(?:the\s+|my\s+)?(?:page|dashboard|screen|results?|layout|app|application|site|website|ui|home\s*page|form|output|everything|it|that|this|data|details)$/i,
    build: () =>
      '"Check" ticks a checkbox; to look at the page, say what it must show, e.g. "Check that \'Welcome\' is shown".',
  },
  // "Check Lucy Walsh in", "check in Lucy Walsh": arrivals at a desk (a clinic, a hotel, an event),
  // the row's "Check in" button, never a checkbox named "... in".
  {
    family: 'check',
    slot: /^(?:in\s+(.+)|(.+?)\s+in)$/i,
    build: (m, v) => {
      const who = unmask((m[1] ?? m[2])!, v)
        .trim()
        .replace(/^(?:the|my)\s+/i, '');
      // "Check him in" with no one named before: who is not said.
      if (!who || /^(?:the|a|an|him|her|them|it|me|us)$/i.test(who)) return null;
      const near = { text: who, relation: 'in the row of' as const };
      return [{ kind: 'click', target: { name: 'Check in', noun: null, near }, double: false, purpose: 'click' }];
    },
  },
  // "Check the Sent folder", "check the Billing tab": look at a place, which is to open it.
  {
    family: 'check',
    slot: /^(?:the\s+|my\s+)?(.+?)\s+(folder|page|tab|inbox|view|screen)$/i,
    build: (m, v) =>
      // "the select-all checkbox on the Billing tab" is a checkbox there, not the tab.
      /\s(?:on|in|under|from|at|of)\s/i.test(m[1]!)
        ? null
        : withTarget(`the ${m[1]!} ${m[2]!}`, v, (t) => ({ kind: 'click', target: t, double: false, purpose: 'open' })),
  },
  { family: 'check' },
  { family: 'hover' },
  // Goalie scrolls to an element by itself before acting on it; "scroll down" may load more.
  {
    family: 'scroll',
    slot: /^(down|up)(?:\s+(?:a\s+bit|a\s+little|the\s+page|once))?$/i,
    build: (m) => [{ kind: 'press', key: m[1]!.toLowerCase() === 'down' ? 'PageDown' : 'PageUp', target: null }],
  },
  {
    family: 'scroll',
    slot: /^(?:all\s+the\s+way\s+)?(?:down\s+|up\s+)?to\s+the\s+(bottom|end|top|beginning|start)(?:\s+of\s+the\s+(?:page|list))?$/i,
    build: (m) => [{ kind: 'press', key: /bottom|end/i.test(m[1]!) ? 'End' : 'Home', target: null }],
  },
  {
    family: 'scroll',
    build: () =>
      'Goalie scrolls to an element by itself before it acts on it; say what to do there instead, e.g. "Click \'Load more\'" or "Verify that \'Reviews\' is shown".',
  },
];

/** What a family with an `act` in the lexicon does with its object. */
function act(action: Act, object: string, values: string[]): Intent[] | string | null {
  if (!object) return null;
  if (action.intent === 'click') {
    const { purpose, double = false } = action;
    return withTarget(object, values, (t) => ({ kind: 'click', target: t, double, purpose }));
  }
  const kind = action.intent;
  const build = (t: TargetPhrase): Intent => ({ kind, target: t });
  return action.each ? eachTarget(object, values, build) : withTarget(object, values, build);
}

/** "the settings", "my changes", "a new API key" -> "settings", "changes", "API key". */
function thingOf(object: string, values: string[]): string {
  // "it as a draft" -> "as draft": the button "Save as draft" says neither the pronoun nor the article.
  const said = object.replace(/^(?:it|them)(?:\s+|$)/i, '').replace(/^as\s+(?:a|an|the)\s+/i, 'as ');
  return unmask(said.replace(/^(?:(?:the|my|our|your|all|a|an|new|this)\s+)+/i, ''), values).trim();
}

/** "Save" with "the settings" -> "Save settings", then the genre's names. */
function namedFor(verb: string, object: string, values: string[], genre: string[]): [string, string[]] {
  const thing = thingOf(object, values);
  const names = [...new Set([...(thing ? [`${verb} ${thing}`] : []), ...genre])];
  return [names[0]!, names.slice(1)];
}

/**
 * "Forward the Budget email to kim@example.com", "Reply to it with 'Thanks'": the message opened, its
 * Forward or Reply pressed, the value written into the field that takes it, and Send pressed (implied:
 * dropped when the sentence sends it itself, "..., send it").
 */
function answer(
  item: string,
  button: string,
  field: { name: string; alternatives: string[] },
  value: string,
  values: string[],
): Intent[] | null {
  const message = target(item, values);
  const text = unmask(value, values).trim();
  if (!message || message.name === null || message.near || !text) return null;
  const [send] = clickNamed('Send', []);
  IMPLIED_SEND.add(send!);
  return [
    { kind: 'click', target: message, double: false, purpose: 'open' },
    ...clickNamed(button, []),
    {
      kind: 'fill',
      target: { name: field.name, noun: null, near: null, alternatives: field.alternatives },
      value: text,
    },
    send!,
  ];
}

/** The Send an answer implies at its end; dropped when the sentence presses Send itself next. */
const IMPLIED_SEND = new WeakSet<Intent>();

/** A new message: the control that opens it (the verb's own name first), its recipient and fields. */
function composeMessage(verb: string, recipient: string | undefined, rest: string, values: string[]): Intent[] | null {
  const fills = rest.trim() ? fieldFills(rest.replace(/^the\s+/i, ''), values) : [];
  if (!fills) return null;
  const base = verb.toLowerCase().replace(/s$/, '');
  const sends = base === 'send';
  if (sends && !recipient && !fills.length) return null;
  const send = clickNamed('Send', [])[0]!;
  const own = ['compose', 'write'].includes(base) ? [capitalized(base)] : [];
  const [opener, ...others] = [...new Set([...own, ...GENRE_NAMES.compose])];
  const to: Intent[] = recipient
    ? [
        {
          kind: 'fill',
          target: { name: 'To', noun: null, near: null, alternatives: GENRE_NAMES.recipient },
          value: unmask(recipient, values),
        },
      ]
    : [];
  return [...clickNamed(opener!, others), ...to, ...fills, ...(sends ? [send] : [])];
}

const ROWS_OF =
  /\s+(?:emails|e-mails|messages|contacts|cards|rows|items|tasks|products|files|users|orders|entries|records|results)$/i;

/** "the blue widget in the list" -> wait for "blue widget"; null when nothing is named. */
function findText(object: string, values: string[]): Intent[] | null {
  const text = unmask(object.replace(PLACE_ON_PAGE, '').replace(/^(?:the|a|an|my)\s+/i, ''), values).trim();
  return text ? [{ kind: 'wait', text }] : null;
}

/** "the first three rows": each one's checkbox, ticked or unticked; null when the slot names no items by position. */
function rowsByPosition(kind: 'check' | 'uncheck', slot: string): Intent[] | null {
  const items = itemsByPosition(slot);
  // "the second option" is a choice, not a row with a checkbox.
  if (!items || NOT_ROWS.has(items[0]!.kind)) return null;
  return (
    items.map(({ kind: item, nth }) => ({
      kind,
      target: { name: null, noun: 'checkbox', near: { text: item, relation: 'in the row of', nth } },
    })) ?? null
  );
}

/**
 * "Ada Lovelace and Alan Turing", "the GitHub and Linear emails": the rows named, each by a name
 * that starts with a capital, a digit or a quote; their checkboxes ticked. At least `min` names.
 */
function rowSelections(slot: string, values: string[], min: number): Intent[] | null {
  const text = slot
    .trim()
    .replace(/^the\s+/i, '')
    .replace(ROWS_OF, '');
  // "'A', 'B' or 'C'" names one thing in several ways (a step Goalie writes), not several rows.
  if (/\sor\s/i.test(text)) return null;
  const names = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/);
  if (names.length < min || !names.every((name) => /^[\p{Lu}\d\uE000]/u.test(name))) return null;
  return names.map((name) => ({
    kind: 'check',
    target: { name: null, noun: 'checkbox', near: { text: unmask(name, values).trim(), relation: 'in the row of' } },
  }));
}

/**
 * "size 46", "colour Navy", "plan Pro": a choice named by its group's word and its value. The value
 * alone (or with the group's word capitalized, "Size M") may name the choice too, as a whole name.
 */
function valueOfGroup(target: TargetPhrase): TargetPhrase {
  const m =
    target.name !== null && !target.alternatives
      ? /^([a-z]+)\s+([\p{Lu}\d][\p{L}\d.,/-]{0,15})$/u.exec(target.name)
      : null;
  if (!m) return target;
  return { ...target, alternatives: [m[2]!, `${capitalized(m[1]!)} ${m[2]!}`] };
}

/** "20 November 2026", "30 December", "Dec 12": one date, in any spelling. */
function isDate(text: string): boolean {
  return readDate(text).kind === 'date' || readDayMonth(text) !== null;
}

/** "the check-in date" may be labelled "Check-in": the name without its trailing "date" too. */
function dateField(target: TargetPhrase): TargetPhrase {
  const bare = target.name?.replace(/\s+date$/i, '');
  return bare && bare !== target.name && !target.alternatives ? { ...target, alternatives: [bare] } : target;
}

/** A new record: its name and each "field value" (or "value as the field"), then the button that creates it. */
function newRecord(verb: string, noun: string, name: string, fields: string, values: string[]): Intent[] | null {
  const chunks = fields.trim() ? fields.split(/\s*,\s*(?:and\s+)?|\s+and\s+/) : [];
  const pairs = chunks.map((chunk) => fieldValue(chunk, values));
  if (!pairs.every((p): p is [string, string] => p !== null)) return null;
  const thing = unmask(noun, values);
  const fills: Intent[] = [
    {
      kind: 'fill',
      target: { name: 'Name', noun: null, near: null, alternatives: ['Full name', `${thing} name`] },
      value: unmask(name, values),
    },
    ...pairs.map(([field, value]): Intent => ({
      kind: 'fill',
      target: { name: unmask(field, values), noun: null, near: null },
      value: unmask(value, values),
    })),
  ];
  // A name alone is entered in its field (an inline rename, a prompt): no button "Add ..." is guessed.
  if (!pairs.length) return [...fills, { kind: 'press', key: 'Enter', target: LIST_FIELD }];
  const said = /^add/i.test(verb) ? 'Add' : 'Create';
  const other = said === 'Add' ? 'Create' : 'Add';
  const [submit] = clickNamed(`${said} ${thing}`, [said, `${other} ${thing}`, other, 'Save', 'Submit']);
  return [...fills, recordSubmit(submit!)];
}

/**
 * Whether `intent` is a click a sentence implies at its end (a new record's Save, a sign-up's
 * Continue) and `next` is the goal saying that click itself ("..., then click Save"): then the
 * implied one is left out, so the form is not submitted twice.
 */
/** A change to a field before the form is sent: it may come between a sign-up and its own click. */
const isFormEdit = (intent: Intent) => ['fill', 'select', 'check', 'uncheck', 'fillForm'].includes(intent.kind);

/**
 * Whether the click implied at `i` is said by the sentence itself later, after only changes to
 * fields ("Sign up with A and B, but type C in the confirm box, then click Continue"); `after` is
 * what the goal's next sentence starts with.
 */
function impliedSaidLater(intents: Intent[], i: number, after?: Intent): boolean {
  let j = i + 1;
  while (j < intents.length && isFormEdit(intents[j]!)) j++;
  const said = j < intents.length ? intents[j] : after;
  return (j === i + 1 || isImpliedSubmit(intents[i]!)) && !!said && impliedClickSaid(intents[i]!, said);
}

function impliedClickSaid(intent: Intent, next: Intent): boolean {
  if (intent.kind !== 'click' || next.kind !== 'click') return false;
  if (isImpliedSubmit(intent)) return SUBMIT_WORDS.test(next.target.name ?? '');
  if (!isRecordSubmit(intent)) return false;
  const implied = [intent.target.name, ...(intent.target.alternatives ?? [])].map((name) => name?.toLowerCase());
  return [next.target.name, ...(next.target.alternatives ?? [])].some(
    (name) => name && implied.includes(name.toLowerCase()),
  );
}

/** The intents of a list of actions, or the first message about one that cannot be done. */
function collect(results: (Intent[] | string)[]): Intent[] | string {
  const message = results.find((r): r is string => typeof r === 'string');
  return message ?? (results as Intent[][]).flat();
}

const NUMBERS: Record<string, number> = { once: 1, twice: 2, thrice: 3, ...numberWordsFrom(2, 10) };
// Any count of digits: a count too high is refused, saying why, rather than read as part of a name.
const REPEAT = /\s+(?:(once|twice|thrice)|(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+times)$/i;
const MAX_REPEAT = 50;
/**
 * "Press Search without choosing any dates", "Submit it, leaving the email empty": what the sentence
 * says is left undone is no part of the action. Lower case only: "Continue Without Saving" is a name.
 */
const LEFT_UNDONE =
  /\s*,?\s+(?:without\s+(?:first\s+|even\s+)?[a-z]+ing\b|leaving\s+(?:\S+\s+){1,4}?(?:empty|blank|unchecked|unticked|unselected|unset)$).*$/;
const LEFT_ALONE =
  /^(?:leave|keep)\s+(?:\S+\s+){1,4}?(?:empty|blank|unchecked|unticked|unselected|unset|untouched|alone|as\s+(?:it\s+)?is)$/i;
/** "Turn on View > Show hidden files": the path's last item ticked, not clicked (a click may untick it). */
const TICK_VERBS = alternation(verbPhrases([entryOf('check')]));
const UNTICK_VERBS = alternation(verbPhrases([entryOf('uncheck')]));
/** "In the menubar go to A > B > C": where the menu is (no comma needed), the verb, the path. */
const MENU_PATH = new RegExp(
  `^(?:(?:in|on|from|using|via)\\s+the\\s+(?:[\\w-]+\\s+)?(?:menu\\s*bar|menus?|toolbar)\\s*,?\\s+)?` +
    `(?:(${MENU_PATH_VERBS}|${TICK_VERBS}|${UNTICK_VERBS})\\s+(?:on\\s+)?)?(.+?\\s+(?:>|→|->|»|›)\\s+.+)$`,
  'i',
);

// "Click Duplicate in the Actions menu": open the menu first, as a person does. A titled menu only.
const MENU_ITEM = new RegExp(
  `^(?:${MENU_ITEM_VERBS})\\s+(?:on\\s+)?(.+?)\\s+(?:in|from|under)\\s+the\\s+(.+?)\\s+menu$`,
  'i',
);

/** One part of a sentence, with "three times" repeating it and "File > Export > PDF" clicking along a menu path. */
const FINAL_STEP =
  /^(.+?)\s*,?\s+(?:(?:and|but)\s+then|and|then|but)\s+(continue|proceed|finish|save|next|done|apply|cancel)$/i;

// "Click Save to save the changes", "Press Ctrl+Enter to send": the purpose is not part of the target.
const PURPOSE = new RegExp(
  `^((?:${PURPOSE_CLAUSE_VERBS})\\s+.+?)` +
    '(?<!\\snext|\\sclose|\\sdue|\\saccording)\\s+(?:to|in\\s+order\\s+to|so\\s+that\\s+(?:i|we|it)\\s+can)\\s+' +
    `((?:${PURPOSE_START})\\b.*)$`,
  'i',
);

/**
 * A place said before the verb, where the sentence's own grammar reads it: "In the Actions menu, click
 * Duplicate" as "click Duplicate in the Actions menu". A page only says where the sentence happens,
 * except that a list page is where "add" puts things; a menu path starts where its first item is.
 */
function placeAfter(place: Place, rest: string): string {
  if (place.page) {
    const list = /^(.*\blist)\s+(?:page|screen|view)$/i.exec(place.text);
    const add = frameOf(rest, 'add');
    return list && add && !/\s(?:to|into|in|onto)\s/i.test(add.object) ? `${rest} to ${list[1]}` : rest;
  }
  if (MENU_PATH.test(rest)) return rest;
  // The place is where the first action happens: "In Trash, click 'Empty trash' but cancel the
  // confirmation" cancels in the dialog the click opened, not in Trash.
  const parts = actionParts(rest);
  // "In the tree, expand A and then B": an action that took the first one's verb happens there too.
  const shared = parts.findIndex((part, i) => i > 0 && rest.includes(part));
  if (shared !== 1 && parts.length > 1) {
    const here = (shared < 0 ? parts : parts.slice(0, shared)).map(
      (part) => `${part} ${place.preposition} ${place.text}`,
    );
    return [...here, ...(shared < 0 ? [] : [rest.slice(rest.indexOf(parts[shared]!))])].join(', then ');
  }
  const next = parts.length > 1 ? rest.indexOf(parts[1]!, parts[0]!.length) : -1;
  if (next > 0) {
    const head = rest.slice(0, next).replace(/(?:\s*,)?\s*(?:(?:and|but)\s+)?(?:then\s+)?$/i, '');
    return `${head} ${place.preposition} ${place.text}${rest.slice(head.length)}`;
  }
  return `${rest} ${place.preposition} ${place.text}`;
}

function parseOne(part: string, values: string[]): Intent[] | string | null {
  // "... and check that 'Saved' is shown": a check, never a checkbox named "that ...".
  const assertion = ASSERTION.exec(part);
  if (assertion && !/^confirms?\b/i.test(part)) {
    const parsed = parseExpectedResult(restore(assertion[1]!, values));
    if (parsed.ok) return parsed.expectations.map((expectation) => ({ kind: 'assert', expectation }));
    return parsed.why ?? `say what the page must show, e.g. "Check that 'Welcome' is shown".`;
  }
  // The purpose starts with a verb in lower case: "next to Buy milk" names a thing.
  const purpose = PURPOSE.exec(part);
  if (purpose && /^[a-z]/.test(purpose[2]!)) return parseOne(purpose[1]!, values);
  if (MANNER.test(part)) return parseOne(part.replace(MANNER, ''), values);
  const repeat = REPEAT.exec(part);
  if (repeat) {
    const word = (repeat[1] ?? repeat[2])!.toLowerCase();
    const times = NUMBERS[word] ?? Number(word);
    if (times > MAX_REPEAT)
      return `Goalie repeats an action at most ${MAX_REPEAT} times; split the goal or set the value directly.`;
    const once = parseRule(part.slice(0, repeat.index), values);
    if (!Array.isArray(once)) return once;
    return Array.from({ length: times }, () => once).flat();
  }
  const path = MENU_PATH.exec(part);
  if (path) {
    const steps = path[2]!.split(/\s+(?:>|→|->|»|›)\s+/).map((item) => target(item, values));
    const last: 'check' | 'uncheck' | null = !path[1]
      ? null
      : new RegExp(`^(?:${UNTICK_VERBS})$`, 'i').test(path[1])
        ? 'uncheck'
        : new RegExp(`^(?:${TICK_VERBS})$`, 'i').test(path[1])
          ? 'check'
          : null;
    if (steps.every((t): t is TargetPhrase => t !== null))
      return steps.map((t, i): Intent =>
        last && i === steps.length - 1
          ? { kind: last, target: t }
          : { kind: 'click', target: t, double: false, purpose: 'click' },
      );
  }
  const menuItem = MENU_ITEM.exec(part);
  if (menuItem && /^(?:\uE000|\p{Lu})/u.test(menuItem[2]!)) {
    const open = parseRule(`open the ${menuItem[2]!} menu`, values);
    const item = target(menuItem[1]!, values);
    if (Array.isArray(open) && item) return [...open, { kind: 'click', target: item, double: false, purpose: 'click' }];
  }
  return parseRule(part, values);
}

/**
 * One action of a compound sentence. A pronoun that reads no other way stands for what the action
 * before acted on: the selection's own control, each item named, or the control its verb names.
 */
/**
 * The action without what is left undone; its words may still be one name on the page ("Click
 * Continue without saving"), a reading kept for grounding, which refuses when both are shown.
 */
function leftUndone(part: string, done: Intent[] | string | null, values: string[]): Intent[] | string | null {
  if (!Array.isArray(done) || done.length !== 1) return done;
  const literal = readingsOf(part, values);
  const whole = Array.isArray(literal) ? literal.filter((reading) => reading.length === 1).map(([one]) => one!) : [];
  const others = distinct([done[0]!, ...(READINGS.get(done[0]!) ?? []), ...whole]).slice(1);
  if (others.length) READINGS.set(done[0]!, others);
  return done;
}

/** The part's intents, a target read as one name ("Northwind under Brand") also read as a control under a title. */
function parsePart(part: string, antecedent: Antecedent | null, values: string[]): Intent[] | string | null {
  const parsed = partIntents(part, antecedent, values);
  const [intent] = Array.isArray(parsed) && parsed.length === 1 ? parsed : [];
  // "assign it to Priya Shah": no button of that name may be there, but a dropdown that offers her.
  const given = intent?.kind === 'click' ? givenValue(part, values) : null;
  if (intent && given)
    READINGS.set(intent, [...(READINGS.get(intent) ?? []), { kind: 'fillForm', entries: [given], whole: null }]);
  const t = intent && 'target' in intent ? intent.target : null;
  const under = t?.name && !t.near && t.nth === undefined && !values.includes(t.name) ? underTitle(t.name) : null;
  if (intent && t && under) {
    const placed = {
      ...intent,
      target: { name: under.name, noun: t.noun, near: { text: under.anchor, relation: 'in the row of' } },
    };
    READINGS.set(intent, distinct([intent, ...(READINGS.get(intent) ?? []), placed as Intent]).slice(1));
  }
  return parsed;
}

/** "switch it to Podcast", "(and) back to Other": a field set before, set to another value. */
const VALUE_AGAIN =
  /^(?:(?:switch|change|set|turn|put|flip|pick|choose|select)\s+)?(?:it\s+(?:back\s+)?|back\s+)(?:to|into)\s+(.+)$/i;

/**
 * "Click New folder and name it Marketing", "..., calling the new folder Q4": what the action before
 * made is named in the field it opened (the focused one, else the one that appeared), then entered.
 */
const NAME_IT =
  /^(?:name|call|title|naming|calling|titling)\s+(?:it|this|the\s+(?:new\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:as\s+)?(\uE000\d+\uE001|[\p{Lu}\d].*)$/u;

function nameIt(part: string, before: Intent[], values: string[]): Intent[] | null {
  const m = NAME_IT.exec(part.trim());
  const made = before.at(-1);
  if (!m || !made || made.kind !== 'click') return null;
  const name = unmask(m[1]!, values).trim();
  return name ? typeAndEnter(LIST_FIELD, name) : null;
}

/** "confirm it as Turing#1921", "repeat it": the confirmation field of the field just set. */
const CONFIRM_IT = /^(?:confirm|repeat|re-?enter|re-?type)\s+it(?:\s+(?:as|with|by\s+typing)\s+(.+))?$/i;

function confirmAgain(part: string, before: Intent[], values: string[]): Intent[] | null {
  const m = CONFIRM_IT.exec(part.trim());
  const last = before.at(-1);
  const set =
    last?.kind === 'fill' && last.target.name !== null
      ? { field: last.target.name, value: last.value }
      : last?.kind === 'fillForm'
        ? last.entries.at(-1)
        : undefined;
  // "Enter 100 and confirm it" presses Confirm: only a secret or an address is typed twice unsaid.
  if (!m || !set?.field || (!m[1] && !/pass|pin\b|e-?mail/i.test(set.field))) return null;
  const value = m[1] ? unmask(m[1], values).trim() : set.value;
  const field = set.field;
  return [
    {
      kind: 'fill',
      target: {
        name: `Confirm ${field}`,
        noun: null,
        near: null,
        alternatives: [`Repeat ${field}`, `Re-enter ${field}`, `Retype ${field}`, `${field} again`, `Confirm`],
      },
      value,
    },
  ];
}

/** The field of "it": the last one set that the sentence named ("type X" into the field that appeared names none). */
function valueAgain(part: string, before: Intent[], values: string[]): Intent[] | null {
  const m = VALUE_AGAIN.exec(part.trim());
  const named = before.findLast(
    (intent): intent is Extract<Intent, { kind: 'select' | 'fill' }> =>
      (intent.kind === 'select' || intent.kind === 'fill') && intent.target.name !== null,
  );
  return m && named ? [{ ...named, value: unmask(m[1]!, values).trim() }] : null;
}

/** "... again", "... by mistake": how, not what. */
const MANNER =
  /\s+(?:again|by\s+(?:mistake|accident)|on\s+purpose|deliberately|accidentally|once|at\s+once|straight\s+away|right\s+away|immediately|for\s+now)$/i;

/** " from Urgent", " from 'Open'": the value a field had, said before the new one. */
const OLD_VALUE = /\s+from\s+(?:\uE000\d+\uE001|[\p{Lu}\d][\p{L}\d-]*(?:\s+[\p{Lu}\d][\p{L}\d-]*){0,2})$/u;

const RENAME_IT = /^(?:rename|change|edit)\s+it\s+((?:to\s+say|to|into)\s+.+)$/i;

function partIntents(part: string, antecedent: Antecedent | null, values: string[]): Intent[] | string | null {
  // "on the plans page switch billing to monthly" after other actions: where it happens, said first.
  const onStep = stepPlace(part);
  if (onStep) {
    const there = partIntents(onStep.rest, antecedent, values);
    const go = parseOne(`go to the ${onStep.step} step`, values);
    return Array.isArray(there) && Array.isArray(go) ? [...go, ...there] : there;
  }
  const placed = placeFirst(part);
  if (placed) return partIntents(placeAfter(placed.place, placed.rest), antecedent, values);
  const plain = withoutInstrument(part);
  if (plain !== part) return partIntents(plain, antecedent, values);
  const said = antecedent && withDemonstrative(part, antecedent, values);
  if (said) return partIntents(said, antecedent, values);
  // "... and set its quantity to 40": the quantity of what the action before acted on; read
  // without the owner too, for a page that shows the field alone (a product's own page).
  const owned = antecedent && withPossessive(part, antecedent, values)?.map((each) => parseOne(each, values));
  if (owned?.every(Array.isArray)) {
    const intents = owned.flat();
    const plain = parseOne(withoutPossessive(part), values);
    if (intents.length === 1 && Array.isArray(plain) && plain.length === 1) {
      FALLBACKS.add(plain[0]!);
      READINGS.set(intents[0], distinct([intents[0]!, ...plain]).slice(1));
    }
    return intents;
  }
  // "merchant = Staples": that field filled with that value.
  const assigned = ASSIGNED.test(part) ? /^(.+?)\s*=\s*(.+)$/.exec(part.trim()) : null;
  if (assigned)
    return [
      {
        kind: 'fill',
        target: { name: unmask(assigned[1]!, values).trim(), noun: null, near: null },
        value: unmask(assigned[2]!, values).trim(),
      },
    ];
  // "..., but when it asks for a reason just cancel": the answer, done on the dialog that asks.
  const answer = answerToQuestion(part, startsAction);
  if (answer !== null) return answer ? partIntents(answer, antecedent, values) : [];
  // "..., but leave the country unselected": nothing to do.
  if (LEFT_ALONE.test(part.trim())) return [];
  const undone = LEFT_UNDONE.exec(part);
  if (undone && undone.index > 0)
    return leftUndone(part, partIntents(part.slice(0, undone.index), antecedent, values), values);
  // "Open 'Update dependencies', rename it to 'X'": the one item the action before acted on is
  // renamed (its editor may be open already), not whichever field has the focus.
  const renamed = antecedent?.items.length === 1 ? RENAME_IT.exec(part.trim()) : null;
  const named = renamed && withAntecedent(`rename it ${renamed[1]}`, antecedent!, values)?.[0];
  const rename = named ? parseOne(named, values) : null;
  if (Array.isArray(rename) && rename.length === 1 && rename[0]!.kind === 'rename') return rename;
  const parsed = formFill(part, values) ?? parseOne(part, values) ?? unknownVerb(part.replace(MANNER, ''), values);
  if (!antecedent && !parsed) return guessed(pronounVerbControl(part));
  if (Array.isArray(parsed) || !antecedent) return parsed;
  const control = verbControl(part);
  // What acts on a selection is a button before a link of its name (the "Archive" folder beside the toolbar's Archive).
  if (control && antecedent.selection) return control.map(selectionControl);
  const each = withAntecedent(part, antecedent, values)?.map((item) => parseOne(item, values));
  if (each?.every(Array.isArray)) return each.flat();
  return control ?? parsed;
}

const asButton = (intent: Intent): Intent =>
  intent.kind === 'click' && !intent.target.noun ? { ...intent, target: { ...intent.target, noun: 'button' } } : intent;

/**
 * "Select A and B and delete them": the control that acts on the selection, a button named for it
 * first ("Delete selected"), then by the verb alone ("Delete"); a name of several words ("Mark as
 * read") is the control's own.
 */
function selectionControl(intent: Intent): Intent {
  const button = asButton(intent);
  if (button.kind !== 'click' || !/^\p{L}+$/u.test(button.target.name ?? '') || button.target.alternatives)
    return button;
  const name = button.target.name!;
  return { ...button, target: { ...button.target, name: `${name} selected`, alternatives: [name] } };
}

/** Intents read from an unknown verb, marked as guesses (the burn-in may hand them to the model). */
function guessed(intents: Intent[] | null): Intent[] | null {
  for (const intent of intents ?? []) GUESSED.add(intent);
  return intents;
}

/** A verb the lexicon does not know: its control, the other readings kept for grounding (verb-controls.ts). */
function unknownVerb(part: string, values: string[]): Intent[] | null {
  const [first, ...others] = verbControlReadings(part, values) ?? [];
  if (!first) return null;
  guessed(first);
  if (first.length === 1 && others.length) READINGS.set(first[0]!, others.flat());
  return first;
}

/**
 * The sentence in its preferred reading, with every other one-action reading the rules allow
 * attached as its alternatives (READINGS), so that grounding decides against the live page.
 */
function parseRule(skeleton: string, values: string[]): Intent[] | string | null {
  const all = readingsOf(skeleton, values);
  if (!Array.isArray(all)) return all;
  const [first, ...others] = all;
  if (first!.length === 1) {
    const [intent] = first!;
    const alternatives = distinct(
      [intent!, ...others.filter((reading) => reading.length === 1).map(([other]) => other!)].flatMap((one) => [
        one,
        ...(READINGS.get(one) ?? []),
      ]),
    ).slice(1);
    if (alternatives.length) READINGS.set(intent!, alternatives);
  }
  return first!;
}

/**
 * Every reading the words allow, in the rules' order (so the first is the one read before readings
 * were kept): the reading of each family whose verb the words allow, and of each pattern of no
 * family. Within a family the first rule that reads the words wins: a later rule of the same verb
 * reads its object with less structure ("Type 'Ada' into 'Name'" is not a request to type "Ada
 * into Name"), which is a fallback, not another meaning. A family's message ("Check the page": look,
 * do not tick) is its reading: the answer when it comes first, else no reading of that family.
 */
function readingsOf(skeleton: string, values: string[]): Intent[][] | string | null {
  const found: Intent[][] = [];
  const read = new Set<Family>();
  for (const rule of RULES) {
    const families = 'pattern' in rule ? [rule.family] : typeof rule.family === 'string' ? [rule.family] : rule.family;
    for (const family of families) {
      if (family && (read.has(family) || (found.length && verbExtended(skeleton, family)))) continue;
      const result =
        'pattern' in rule
          ? byPattern(rule.pattern, rule.build, skeleton, values)
          : byFrame({ ...rule, family: family! }, skeleton, values);
      if (result === null) continue;
      if (family) read.add(family);
      if (typeof result === 'string') {
        if (!found.length) return result;
      } else if (!found.some((reading) => sameIntents(reading, result))) found.push(result);
    }
  }
  return found.length ? found : null;
}

/** "Check out" is the verb "check out", not "check" with the object "out": another family's longer verb extends this one's. */
function verbExtended(skeleton: string, family: Family): boolean {
  const verb = frameOf(skeleton, family)?.verb.toLowerCase();
  return !!verb && frames(skeleton).some((other) => other.verb.toLowerCase().startsWith(`${verb} `));
}

/** Intents in their first order, each once. */
function distinct(intents: Intent[]): Intent[] {
  const keys = intents.map(intentKey);
  return intents.filter((_intent, i) => keys.indexOf(keys[i]!) === i);
}

/** Two rules that build the same intents give one reading. */
function sameIntents(a: Intent[], b: Intent[]): boolean {
  return a.length === b.length && a.every((intent, i) => intentKey(intent) === intentKey(b[i]!));
}

function byPattern(pattern: RegExp, build: Build, skeleton: string, values: string[]): Intent[] | string | null {
  const m = pattern.exec(skeleton);
  return m ? build([...m], values, '') : null;
}

function byFrame(rule: FrameRule, skeleton: string, values: string[]): Intent[] | string | null {
  const frame = frameOf(skeleton, rule.family);
  if (!frame) return null;
  const parts = rule.split ? splitAt(frame.object, rule.split) : null;
  if (rule.split && !parts) return null;
  const m = rule.slot ? rule.slot.exec(frame.object) : parts ? [frame.object, ...parts] : [frame.object];
  if (!m) return null;
  if (rule.build) return rule.build([...m], values, frame.verb);
  const action = entryOf(frame.family).act;
  return action ? act(action, frame.object, values) : null;
}

/** The skeleton with its quoted values put back, quoted, for the expected-result parser. */
function restore(skeleton: string, values: string[]): string {
  return skeleton.replace(/\uE000(\d+)\uE001/g, (_whole, i: string) => quote(values[Number(i)]!));
}

/** A figure, an amount, a date or a remark in lower case of five words or more (no address, no list). */
function asideInBrackets(inside: string): boolean {
  const text = inside.trim();
  if (/^[€$£¥]?\s*\d[\d.,]*\s*(?:€|[A-Z]{3}|%)?$/.test(text)) return true;
  if (readDayMonth(text) || readDate(text).kind === 'date') return true;
  // A remark is long; "(high to low)" is short and may be part of an option's name.
  return /^[a-z][a-z'’]*(?:\s+[a-z'’-]+){4,}$/.test(text);
}

/** A scene set before a dash or colon, and the actions after it; null when the part before is no scene. */
function sceneLead(skeleton: string, values: string[]): (Scene & { rest: string }) | null {
  const lead = /^(.+?)(?:\s+[-–—]|:)\s+(.+)$/.exec(skeleton);
  const scene = lead && startsAction(lead[2]!) && !startsAction(lead[1]!) ? sceneOf(lead[1]!, values) : null;
  return scene && { ...scene, rest: lead![2]! };
}

/**
 * A reason or a concession, to the next comma or the end of the sentence: "even though ...", "so
 * (that) I can ...", "while we wait ...", ", he's travelling". "so that the oldest is at the top" is
 * a sort's direction, kept.
 */
const CONCESSION =
  /,?\s+(?:even\s+though|even\s+if|although|in\s+order\s+to|while\s+(?:we|i|you|they)\s+wait|so\s+(?:that\s+)?(?:i|we|you|they|he|she)\s+(?:can|could|will|may)\b)[^,]*(?=,|$)|,\s+(?:he|she|they|we|i)(?:['’](?:s|re|m|ll)|\s+(?:is|are|was|were|has|have|had|will))\s[^,]*$/gi;

/**
 * One sentence's actions. `before`: what the goal's sentence before it did, for a later part that
 * refers back to it ("Pick Other. Then switch it to Podcast").
 */
export function parseSentence(sentence: string, before: Intent[] = [], about: string | null = null): SentenceParse {
  const { skeleton: raw, values } = maskQuotes(sentence.trim());
  // "... with password SuperSecretPassword!": the "!" ends the password, not the sentence.
  const ends = /\b(?:password|pwd|passcode)\s+\S*[^\s.!;,]!+$/i.test(raw.trim()) ? /[\s.;,]+$/ : /[\s.!;,]+$/;
  let skeleton = raw.replace(/\s+/g, ' ').replace(ends, '').trim();
  // "I need a reminder ...: add an event ...": a scene read before its "I" is taken for a filler.
  const sceneFirst = sceneLead(skeleton, values);
  if (sceneFirst) skeleton = sceneFirst.rest;
  // "..., even though it clashes with another meeting": why, not what.
  skeleton = skeleton.replace(CONCESSION, '');
  for (let previous = ''; previous !== skeleton;) {
    previous = skeleton;
    skeleton = skeleton.replace(FILLER, '').replace(SUBJECT, '');
  }
  if (!skeleton) return { ok: false, error: notUnderstood(sentence) };

  // "The user should see 'Thank you'" is a check, as in an expected result.
  const assertion = ASSERTION.exec(skeleton)?.[1] ?? (/^(?:see|sees)\s/i.test(skeleton) ? `I ${skeleton}` : null);
  if (assertion) {
    const parsed = parseExpectedResult(restore(assertion, values));
    if (parsed.ok && parsed.expectations.length)
      return actions(
        sentence,
        parsed.expectations.map((expectation) => ({ kind: 'assert', expectation })),
      );
    // "Confirm the deletion" is an action, not a check: the rules below may read it.
    if (!/^confirms?\b/i.test(skeleton))
      return { ok: false, error: notUnderstood(sentence, parsed.ok ? undefined : parsed.why) };
  }

  // "delete them (confirm)", "save it (and close the dialog)": an action in brackets is one more action.
  skeleton = skeleton.replace(/\s*\((?:and\s+)?([a-z][^()]*)\)/g, (whole, inside: string) =>
    startsAction(inside) ? `, ${inside}` : whole,
  );
  // "the Deutsche Bahn claim (€129.90)", "on Friday (4 Dec)", "(the date as written on her letter)":
  // a figure, a date or a remark in brackets only describes; values for a form ("(DOB 02/11/1990)",
  // "(ana@example.com, S3cret!)") stay.
  skeleton = skeleton.replace(/\s*\(([^()]*)\)/g, (whole, inside: string) => (asideInBrackets(inside) ? '' : whole));
  // "On Review open the rules": the wizard's step first, then what happens there.
  const onStep = stepPlace(skeleton);
  const placed = onStep ? null : leadingPlace(skeleton);
  if (onStep) skeleton = `go to the ${onStep.step} step, ${onStep.rest}`;
  else if (placed) skeleton = placeAfter(placed.place, placed.rest);
  // "Select Express and continue": a last step named by one word, unless it may end a button's name ("Click Save and continue").
  const then = FINAL_STEP.exec(skeleton);
  if (then && !/^(?:click|clicks|tap|taps|press|presses|hit|hits|push|pushes)\b/i.test(skeleton))
    skeleton = `${then[1]}, click ${then[2]![0]!.toUpperCase()}${then[2]!.slice(1)}`;
  const intents: Intent[] = [];
  // "The lithium grease P-1038 is bought by weight – edit the part ...": the scene first, then the actions.
  const scene = sceneLead(skeleton, values) ?? sceneFirst;
  if (scene) skeleton = scene.rest;
  const told = scene?.about ?? about;
  if (told) skeleton = toldOf(skeleton, told, values);
  let antecedent: Antecedent | null = told ? { selection: false, items: [told] } : null;
  for (const part of sentenceParts(skeleton, values)) {
    // A part that refers back to what this sentence, or the one before it, did.
    const earlier = [...before, ...intents];
    const parsed: Intent[] | string | null =
      typeof part !== 'string'
        ? part
        : (valueAgain(part, earlier, values) ??
          confirmAgain(part, earlier, values) ??
          nameIt(part, earlier, values) ??
          parsePart(part, antecedent, values));
    if (Array.isArray(parsed)) antecedent = antecedentOf(parsed) ?? antecedent;
    if (typeof parsed === 'string') return { ok: false, error: `Could not use "${sentence}": ${parsed}` };
    if (!parsed) return { ok: false, error: notUnderstood(sentence) };
    for (const intent of parsed) {
      // "Type 'x' into 'Search' and press Enter": the key goes to the field just typed into.
      const previous = intents.at(-1);
      if (intent.kind === 'press' && !intent.target && previous?.kind === 'fill')
        intents.push({ ...intent, target: previous.target });
      else intents.push(intent);
    }
  }
  // "Sign up as ..., continue": the sign-up's own click is the one the sentence says next.
  const said = intents.filter((intent, i) => {
    const next = intents[i + 1];
    // "Reply ... with 'Thanks', send it": the answer's own Send is the one the sentence says.
    const names = intent.kind === 'click' ? [intent.target.name, ...(intent.target.alternatives ?? [])] : [];
    const previous = intents[i - 1];
    if (previous && IMPLIED_SEND.has(previous) && names.some((name) => /^send\b/i.test(name ?? ''))) return false;
    return !(next && impliedSaidLater(intents, i));
  });
  return actions(sentence, said);
}

/**
 * The goal's sentence `i`, read knowing its neighbours: what the one before did (see parseSentence),
 * and without the click it implies at its end when the next says that click itself ("Create a
 * product called X with SKU Y, then click Save"), so a form is submitted once.
 */
export function parseGoalSentence(sentences: string[], i: number): SentenceParse {
  // A sentence that sets the scene asks for nothing; what it is about is what "it" means next.
  if (sceneSentence(sentences, i)) return { ok: true, actions: [] };
  const scene = i > 0 ? sceneSentence(sentences, i - 1) : null;
  const previous = i > 0 ? parseSentence(sentences[i - 1]!) : null;
  const parsed = parseSentence(
    sentences[i]!,
    previous?.ok ? previous.actions.map((a) => a.intent) : [],
    scene?.about ?? null,
  );
  const nextSentence = sentences[i + 1];
  if (!parsed.ok || parsed.actions.length < 2 || nextSentence === undefined) return parsed;
  const next = parseSentence(nextSentence);
  const said = next.ok ? next.actions[0]?.intent : undefined;
  const intents = parsed.actions.map((a) => a.intent);
  // "Add a new expense: ... . Tick that I have a receipt and save it": the form goes on in the next
  // sentence, which presses its own button; the new record's implied one is left out.
  const last = intents.at(-1)!;
  if (isRecordSubmit(last) && said && isFormEdit(said)) return { ...parsed, actions: parsed.actions.slice(0, -1) };
  // The click implied last, or before only changes to fields, that the next sentence says itself.
  const implied = intents.findIndex((intent, at) => at > 0 && impliedSaidLater(intents, at, said));
  return implied > 0 && intents.slice(implied + 1).every(isFormEdit)
    ? { ...parsed, actions: parsed.actions.filter((_, at) => at !== implied) }
    : parsed;
}

/**
 * "Delete it", "open his ticket" after a scene about 'Spam offer' or Noah Kim: the first pronoun is
 * what the scene was about, put in as a quoted value so it reads as a name.
 */
function toldOf(skeleton: string, about: string, values: string[]): string {
  const object = /(?<=^[\w-]+(?:\s+[\w-]+)?\s+)(?:it|him|her|them)\b/i;
  if (object.test(skeleton)) {
    values.push(about);
    return skeleton.replace(object, `\uE000${values.length - 1}\uE001`);
  }
  return withPossessive(skeleton, { selection: false, items: [about] }, values)?.[0] ?? skeleton;
}

/**
 * The scene sentence `i` sets ("Noah Kim is asking about his shipping address."), or null: a
 * statement that no rule reads as an action (an unknown verb's guess at most) nor as a check, with
 * more of the goal after it.
 */
function sceneSentence(sentences: string[], i: number): Scene | null {
  if (i >= sentences.length - 1) return null;
  const sentence = sentences[i]!;
  const parsed = parseSentence(sentence);
  if (parsed.ok && !parsed.actions.every((action) => GUESSED.has(action.intent))) return null;
  if (parseExpectedResult(sentence).ok) return null;
  const { skeleton, values } = maskQuotes(sentence.trim());
  const plain = skeleton.replace(/[\s.!;,]+$/, '');
  // The goal's first sentence may name the test: "Negative test - amount validation."
  return sceneOf(plain, values) ?? (i === 0 && isTestTitle(plain) ? { about: null } : null);
}

function actions(sentence: string, intents: Intent[]): SentenceParse {
  const withReadings = (plain: ParsedAction): ParsedAction => {
    const action = GUESSED.has(plain.intent) ? { ...plain, guessed: true } : plain;
    const readings = READINGS.get(action.intent);
    return readings
      ? {
          ...action,
          alternatives: readings.map((intent) => ({
            intent,
            sentence: formatIntent(intent),
            ...(FALLBACKS.has(intent) ? { fallback: true } : {}),
          })),
        }
      : action;
  };
  if (intents.length === 1)
    return { ok: true, actions: [withReadings({ intent: intents[0]!, sentence: sentence.trim() })] };
  const parsed: ParsedAction[] = intents.map((intent) => withReadings({ intent, sentence: formatIntent(intent) }));
  return { ok: true, actions: parsed };
}

/**
 * `why`: what the sentence lacks, when that is known. One line: the burn-in adds what the page offers
 * closest to the sentence and a pointer to the phrasings (agent/failure-message.ts).
 */
export function notUnderstood(sentence: string, why?: string): string {
  return why
    ? `Could not understand "${sentence.trim()}": ${why}.`
    : `Could not understand "${sentence.trim()}". Each sentence asks for one concrete action on the page, naming the element as the page shows it ("Click 'Add to cart' next to 'Blue mug'").`;
}
