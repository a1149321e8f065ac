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
].join('|');
const COMPOUND = new RegExp(`\\s*,\\s*(?:and\\s+)?(?=(?:${VERB})\\b)|\\s+and\\s+(?=(?:${VERB})\\b)`, 'i');
const SUBJECT = /^(?:please\s+|now\s+|(?:i|we|you|the\s+user|user)\s+(?:will\s+|should\s+|must\s+|can\s+)?)+/i;
const URL_LIKE = /^(?:https?:\/\/\S+|\/\S*|\.{1,2}\/\S*|[?#]\S*|\{\{[^}]+\}\}\S*|localhost(?::\d+)?(?:\/\S*)?|(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?(?:\/\S*)?)$/i;
const HOME = /^(?:the\s+)?(?:home\s*page|start\s+page|front\s+page|landing\s+page|home)$/i;

function target(slot: string, values: string[]): TargetPhrase | null {
  return parseTargetPhrase(slot, values);
}

/** "Go to X", "Open X", "Visit X": a URL or path, the home page, or a link to follow. */
function navigation(slot: string, values: string[]): Intent[] | string {
  const stripped = slot.replace(/^(?:the\s+)?(?:url|address|page\s+at)\s+/i, '');
  const value = unmask(stripped, values);
  if (URL_LIKE.test(value)) return [{ kind: 'goto', url: value }];
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

const RULES: Rule[] = [
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

function parseOne(skeleton: string, values: string[]): Intent[] | string | null {
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
    if (!parsed.ok || !parsed.expectations.length) return { ok: false, error: notUnderstood(sentence) };
    return actions(sentence, parsed.expectations.map((expectation) => ({ kind: 'assert', expectation })));
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
  if (intents.length === 1) return { ok: true, actions: [{ intent: intents[0]!, sentence: sentence.trim() }] };
  const parsed: ParsedAction[] = intents.map((intent) => ({ intent, sentence: formatIntent(intent) }));
  return { ok: true, actions: parsed };
}

export function notUnderstood(sentence: string): string {
  return `Could not understand "${sentence.trim()}". Understood phrasings (quotes optional where unambiguous):\n${goalPhrasings()}`;
}
