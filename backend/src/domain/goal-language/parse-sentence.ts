// One sentence of a goal -> the actions it asks for. Works on the skeleton of the sentence (quoted
// values masked), so nothing inside quotes can change how a sentence reads.
import { formatIntent } from './format.js';
import type { Intent, ParsedAction, SentenceParse, TargetPhrase } from './intents.js';
import { keyName } from './keys.js';
import { parseExpectedResult } from './parse-expected-result.js';
import { goalPhrasings } from './phrasings.js';
import { isQuoted, maskQuotes, quote, unmask } from './quotes.js';
import { parseTargetPhrase } from './target-phrase.js';

type Rule = [RegExp, (m: RegExpExecArray, values: string[]) => Intent[] | string | null];

const ASSERTION = /^(?:(?:verify|verifies|assert|asserts|ensure|ensures|confirm|confirms|make\s+sure|expect|expects)(?:\s+(?:that|whether|if))?|checks?\s+(?:that|whether|if))\s+(.+)$/i;
const VERB = [
  'press', 'presses', 'hit', 'hits', 'click', 'clicks', 'tap', 'taps', 'double[\\s-]?click', 'type', 'types', 'fill', 'fills', 'enter', 'enters',
  'select', 'selects', 'choose', 'chooses', 'pick', 'check', 'checks', 'uncheck', 'unchecks', 'tick', 'untick', 'hover', 'hovers', 'wait', 'waits',
  'go', 'goes', 'navigate', 'open', 'opens', 'visit', 'visits', 'clear', 'clears', 'verify', 'log', 'sign', 'mark', 'set',
  'search', 'add', 'adds', 'delete', 'deletes', 'remove', 'removes', 'expand', 'expands', 'collapse', 'collapses', 'dismiss', 'dismisses',
  'close', 'closes', 'confirm', 'submit', 'submits', 'use', 'toggle', 'toggles', 'switch', 'accept', 'then',
].join('|');
const COMPOUND = new RegExp(`\\s*,\\s*(?:and\\s+)?(?=(?:${VERB})\\b)|\\s+and\\s+(?=(?:${VERB})\\b)`, 'i');
const SUBJECT = /^(?:please\s+|now\s+|(?:i|we|you|the\s+user|user)\s+(?:will\s+|should\s+|must\s+|can\s+)?)+/i;
const URL_LIKE = /^(?:https?:\/\/\S+|\/\S*|\.{1,2}\/\S*|[?#]\S*|\{\{[^}]+\}\}\S*|localhost(?::\d+)?(?:\/\S*)?|(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:\/\S*)?)$/i;
const HOME = /^(?:the\s+)?(?:home\s*page|start\s+page|front\s+page|landing\s+page|home)$/i;

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
  if (saidKey) return `${quote(raw)} is not a key Goalie knows (Enter, Escape, Tab, Space, Backspace, Delete, arrows, Home, End, PageUp, PageDown, F1-F12, combinations like Control+A).`;
  const t = target(slot, values);
  return t ? [{ kind: 'click', target: t, double: false, purpose: 'click' }] : null;
}

function withTarget(slot: string, values: string[], build: (t: TargetPhrase) => Intent): Intent[] | string {
  const t = target(slot, values);
  return t ? [build(t)] : 'name the element, e.g. "Click the \'Save\' button" or "Check the checkbox next to \'Buy milk\'".';
}

/** "the 'Pro' option" as a value of a select -> "Pro". */
function optionValue(slot: string, values: string[]): string {
  const m = /^(?:the\s+)?(.+?)(?:\s+(?:option|value|entry|item|country|plan))?$/i.exec(slot.trim())!;
  return unmask(isQuoted(m[1]!) ? m[1]! : slot.replace(/^the\s+/i, ''), values);
}

const LOGIN_VERB = '(?:log\\s*in|login|logs\\s+in|sign\\s*in|signs\\s+in|sign\\s+on)(?:\\s+to\\s+the\\s+(?:app|site|application|page|account))?';
const CART = '(?:cart|basket|bag|shopping\\s+cart|trolley)';
const GENERIC_POPUP = /^(?:the\s+|this\s+)?(?:dialog|dialog\s+box|modal|popup|pop-up|overlay|banner|window|notification|toast|alert|message|lightbox|drawer|sheet)$/i;
const CONFIRM_NAMES = ['OK', 'Yes', 'Continue', 'Submit', 'Save', 'Delete', 'Done'];
const SUBMIT_NAMES = ['Send', 'Save', 'Continue', 'Sign in', 'Log in', 'Sign up', 'Register', 'Create', 'Search', 'OK', 'Next'];
const ACCEPT_NAMES = ['Accept all', 'Accept cookies', 'Allow all', 'Allow cookies', 'Agree', 'I agree', 'Got it', 'OK'];

/** Other readings of an intent a rule produced, attached to its ParsedAction. */
const READINGS = new WeakMap<Intent, Intent[]>();

/** "Delete 'Buy milk'": the Delete (or Remove) control of the row of Buy milk; else one named "Delete Buy milk". */
function deleteRow(verb: string, slot: string, values: string[]): Intent[] | null {
  const cleaned = slot.replace(/\s+from\s+(?:the\s+|my\s+)?(?:cart|basket|bag|list|table|todos?|wishlist|favou?rites)$/i, '');
  const item = /^(?:the\s+)?(.+?)(?:\s+(?:todo|item|entry|row|task|product|line|card|file|note|message|comment))?$/i.exec(cleaned)!;
  const text = unmask(item[1]!, values).trim();
  if (!text) return null;
  const name = /remove/i.test(verb) ? 'Remove' : 'Delete';
  const intent: Intent = { kind: 'click', target: { name, noun: null, near: { text, relation: 'in the row of' }, alternatives: [name === 'Delete' ? 'Remove' : 'Delete'] }, double: false, purpose: 'click' };
  // Unquoted, "Delete account" may also be the name of a button.
  if (!isQuoted(slot.trim())) {
    const whole = target(`${verb.split(/\s+/)[0]} ${slot}`, values);
    if (whole) READINGS.set(intent, [{ kind: 'click', target: whole, double: false, purpose: 'click' }]);
  }
  return [intent];
}

const RULES: Rule[] = [
  [new RegExp(`^${LOGIN_VERB}\\s+(?:as|with\\s+(?:the\\s+)?(?:e-?mail(?:\\s+address)?|user\\s*name|user|login|account))\\s+(.+?)\\s*(?:,\\s*|\\s+)(?:and\\s+|with\\s+|using\\s+)?(?:the\\s+|a\\s+)?(?:password|pass|pwd|passcode)\\s+(.+)$`, 'i'), (m, v) => {
    const user = unmask(m[1]!, v).trim();
    const password = unmask(m[2]!, v).trim();
    return user && password ? [{ kind: 'loginAs', user, password }] : null;
  }],
  [new RegExp(`^${LOGIN_VERB}$`, 'i'), () => [{ kind: 'login', config: '' }]],
  [/^(?:search|searches)\s+(?:for\s+)?(.+)$/i, (m, v) => {
    const value = unmask(m[1]!.replace(/^(?:the\s+)?(?:term|text|word)\s+/i, ''), v);
    const field: TargetPhrase = { name: 'Search', noun: 'search box', near: null };
    return value ? [{ kind: 'fill', target: field, value }, { kind: 'press', key: 'Enter', target: field }] : null;
  }],
  [new RegExp(`^(?:add|adds|put|puts)\\s+(.+?)\\s+(?:to|into|in)\\s+(?:the\\s+|my\\s+|your\\s+)?(${CART})$`, 'i'), (m, v) => {
    const item = unmask(m[1]!.replace(/^(?:the|a|an|one|1)\s+/i, ''), v).trim();
    const name = `Add to ${m[2]!.toLowerCase().replace(/\s+/g, ' ')}`;
    return item ? [{ kind: 'click', target: { name, noun: null, near: { text: item, relation: 'in the row of' }, alternatives: ['Add to cart', 'Add to basket', 'Add to bag', 'Add'] }, double: false, purpose: 'click' }] : null;
  }],
  [/^(?:delete|deletes|remove|removes|trash|trashes)\s+(.+)$/i, (m, v) => deleteRow(m[0]!, m[1]!, v)],
  [/^(?:expand|expands|unfold|unfolds)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'expand', target: t }))],
  [/^(?:collapse|collapses|fold|folds)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'collapse', target: t }))],
  [/^(?:dismiss|dismisses|close|closes)(?:\s+(.+))?$/i, (m, v) => {
    if (!m[1] || GENERIC_POPUP.test(m[1].trim())) return [{ kind: 'dismiss', target: null }];
    const t = target(m[1], v);
    return t ? [{ kind: 'dismiss', target: t }] : null;
  }],
  [/^(?:accept|accepts|allow|agree\s+to)\s+(?:all\s+)?(?:the\s+)?cookies$/i, () => [{ kind: 'click', target: { name: 'Accept', noun: null, near: null, alternatives: ACCEPT_NAMES }, double: false, purpose: 'click' }]],
  [/^(?:confirm|confirms)(?:\s+(?:the\s+)?(.+))?$/i, () => [{ kind: 'click', target: { name: 'Confirm', noun: null, near: null, alternatives: CONFIRM_NAMES }, double: false, purpose: 'click' }]],
  [/^(?:submit|submits|send|sends)\s+(?:the\s+|this\s+)?(?:(.+?)\s+)?form$/i, () => [{ kind: 'click', target: { name: 'Submit', noun: 'button', near: null, alternatives: SUBMIT_NAMES }, double: false, purpose: 'click' }]],
  [/^(?:use|uses)\s+(.+?)\s+(?:as|for)\s+(.+)$/i, (m, v) => withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[1]!, v) }))],
  [/^(?:toggle|toggles|flip|flips)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'click', target: t, double: false, purpose: 'toggle' }))],
  [/^(?:switch|switches)\s+to\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'click', target: t, double: false, purpose: 'open' }))],
  [/^(?:log\s*in|login|logs\s+in|sign\s*in|signs\s+in|sign\s+on)(?:\s+to\s+the\s+(?:app|site|application|page))?\s+(?:with|using|as)\s+(?:the\s+)?(.+?)$/i, (m, v) => {
    const slot = m[1]!.replace(/^config(?:uration)?\s+(.+)$/i, '$1').replace(/^(.+?)\s+config(?:uration)?$/i, '$1');
    const config = unmask(slot, v);
    return config ? [{ kind: 'login', config }] : null;
  }],
  [/^wait(?:s)?\s+(?:for\s+)?\d+(?:[.,]\d+)?\s*(?:s|secs?|seconds?|ms|milliseconds?|minutes?|mins?)$/i, () =>
    "Goalie does not wait for a fixed time; say what to wait for, e.g. \"Wait for 'Saved'\"."],
  [/^wait(?:s)?\s+(?:for|until)\s+(.+?)(?:\s+(?:to\s+(?:appear|show(?:\s+up)?|be\s+(?:shown|visible|displayed))|appears|shows\s+up|is\s+(?:shown|visible|displayed)))?$/i,
    (m, v) => {
      // "the text 'Saved'", "the 'Saved' message" -> Saved
      const slot = m[1]!.replace(/^the\s+/i, '').replace(/^(?:text|message)\s+(.+)$/i, '$1');
      const text = unmask(slot.replace(/^(.+?)\s+(?:text|message)$/i, (whole, inner: string) => (isQuoted(inner) ? inner : whole)), v);
      return text ? [{ kind: 'wait', text }] : null;
    }],
  [/^(?:go|goes|navigate|navigates|browse|browses|head|heads)\s+(?:back\s+)?to\s+(.+)$/i, (m, v) => navigation(m[1]!, v)],
  [/^(?:visit|visits|open|opens|load|loads)\s+(.+)$/i, (m, v) => navigation(m[1]!, v)],
  [/^(?:double[\s-]?click|double[\s-]?clicks|dblclick)\s+(?:on\s+)?(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'click', target: t, double: true, purpose: 'click' }))],
  [/^(?:click|clicks|tap|taps)\s+(?:on\s+)?(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'click', target: t, double: false, purpose: 'click' }))],
  [/^(?:press|presses|hit|hits|push|pushes)\s+(?:on\s+)?(.+)$/i, (m, v) => press(m[1]!, v)],
  [/^(?:fill|fills)(?:\s+(?:in|out))?\s+(.+?)\s+with\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[2]!, v) }))],
  [/^(?:type|types|enter|enters|input|inputs|write|writes|put|puts)\s+(.+?)\s+(?:into|in|inside|on|to)\s+(.+)$/i, (m, v) => withTarget(m[2]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[1]!, v) }))],
  [/^(?:set|sets|change|changes)\s+(.+?)\s+to\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'fill', target: t, value: unmask(m[2]!, v) }))],
  [/^(?:clear|clears|empty|empties)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'fill', target: t, value: '' }))],
  [/^(?:select|selects|choose|chooses|pick|picks)\s+(.+?)\s+(?:from|in|on)\s+(.+)$/i, (m, v) => withTarget(m[2]!, v, (t) => ({ kind: 'select', target: t, value: optionValue(m[1]!, v) }))],
  [/^(?:select|selects|choose|chooses|pick|picks)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'click', target: t, double: false, purpose: 'choose' }))],
  [/^(?:mark|marks)\s+(.+?)\s+as\s+(?:not\s+done|undone|not\s+completed?|incomplete|active|unchecked|open)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'uncheck', target: t }))],
  [/^(?:mark|marks)\s+(.+?)\s+as\s+(?:done|completed?|finished|checked)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'check', target: t }))],
  [/^(?:uncheck|unchecks|untick|unticks|deselect|deselects|disable|disables|turn\s+off|turns\s+off|switch\s+off)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'uncheck', target: t }))],
  [/^(?:check|checks|tick|ticks|enable|enables|turn\s+on|turns\s+on|switch\s+on)\s+(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'check', target: t }))],
  [/^(?:hover|hovers|mouse\s*over|mouses\s+over|move\s+the\s+mouse\s+(?:over|to|onto))\s+(?:over\s+|on\s+|onto\s+)?(.+)$/i, (m, v) => withTarget(m[1]!, v, (t) => ({ kind: 'hover', target: t }))],
];

const NUMBERS: Record<string, number> = { once: 1, twice: 2, thrice: 3, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const REPEAT = /\s+(?:(once|twice|thrice)|(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten)\s+times)$/i;
const MAX_REPEAT = 50;
const MENU_PATH = /^(?:click|clicks|choose|chooses|select|selects|pick|picks|open|opens|go\s+to|navigate\s+to)\s+(?:on\s+)?(.+?\s+(?:>|→|->|»)\s+.+)$/i;

/** One part of a sentence, with "three times" repeating it and "File > Export > PDF" clicking along a menu path. */
function parseOne(part: string, values: string[]): Intent[] | string | null {
  const repeat = REPEAT.exec(part);
  if (repeat) {
    const word = (repeat[1] ?? repeat[2])!.toLowerCase();
    const times = NUMBERS[word] ?? Number(word);
    if (times > MAX_REPEAT) return `Goalie repeats an action at most ${MAX_REPEAT} times; split the goal or set the value directly.`;
    const once = parseRule(part.slice(0, repeat.index), values);
    if (!Array.isArray(once)) return once;
    return Array.from({ length: times }, () => once).flat();
  }
  const path = MENU_PATH.exec(part);
  if (path) {
    const steps = path[1]!.split(/\s+(?:>|→|->|»)\s+/).map((item) => target(item, values));
    if (steps.every((t): t is TargetPhrase => t !== null)) return steps.map((t) => ({ kind: 'click', target: t, double: false, purpose: 'click' }) as Intent);
  }
  return parseRule(part, values);
}

function parseRule(skeleton: string, values: string[]): Intent[] | string | null {
  for (const [pattern, build] of RULES) {
    const m = pattern.exec(skeleton);
    if (!m) continue;
    const result = build(m, values);
    if (result !== null) return result;
  }
  return null;
}

/** The skeleton with its quoted values put back, quoted, for the expected-result parser. */
function restore(skeleton: string, values: string[]): string {
  return skeleton.replace(/\uE000(\d+)\uE001/g, (_whole, i: string) => quote(values[Number(i)]!));
}

export function parseSentence(sentence: string): SentenceParse {
  const { skeleton: raw, values } = maskQuotes(sentence.trim());
  const skeleton = raw.replace(/\s+/g, ' ').replace(SUBJECT, '').replace(/[\s.!;,]+$/, '').trim();
  if (!skeleton) return { ok: false, error: notUnderstood(sentence) };

  const assertion = ASSERTION.exec(skeleton);
  if (assertion) {
    const parsed = parseExpectedResult(restore(assertion[1]!, values));
    if (parsed.ok && parsed.expectations.length) return actions(sentence, parsed.expectations.map((expectation) => ({ kind: 'assert', expectation })));
    // "Confirm the deletion" is an action, not a check: the rules below may read it.
    if (!/^confirms?\b/i.test(skeleton)) return { ok: false, error: notUnderstood(sentence) };
  }

  const intents: Intent[] = [];
  for (const part of skeleton.split(COMPOUND)) {
    const parsed = parseOne(part.trim(), values);
    if (typeof parsed === 'string') return { ok: false, error: `Could not use "${sentence}": ${parsed}` };
    if (!parsed) return { ok: false, error: notUnderstood(sentence) };
    for (const intent of parsed) {
      // "Type 'x' into 'Search' and press Enter": the key goes to the field just typed into.
      const previous = intents.at(-1);
      if (intent.kind === 'press' && !intent.target && previous?.kind === 'fill') intents.push({ ...intent, target: previous.target });
      else intents.push(intent);
    }
  }
  return actions(sentence, intents);
}

function actions(sentence: string, intents: Intent[]): SentenceParse {
  const withReadings = (action: ParsedAction): ParsedAction => {
    const readings = READINGS.get(action.intent);
    return readings ? { ...action, alternatives: readings.map((intent) => ({ intent, sentence: formatIntent(intent) })) } : action;
  };
  if (intents.length === 1) return { ok: true, actions: [withReadings({ intent: intents[0]!, sentence: sentence.trim() })] };
  const parsed: ParsedAction[] = intents.map((intent) => withReadings({ intent, sentence: formatIntent(intent) }));
  return { ok: true, actions: parsed };
}

export function notUnderstood(sentence: string): string {
  return `Could not understand "${sentence.trim()}". Understood phrasings (quotes optional where unambiguous):\n${goalPhrasings()}`;
}
