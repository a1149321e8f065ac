// The target part of a sentence: "the 'Add to cart' button", "Sign in", "the checkbox next to 'Buy
// milk'", "'Delete' in the row of 'Buy milk'". Works on the skeleton (quoted values masked).
import type { Relation, TargetPhrase } from './intents.js';
import { isQuoted, unmask } from './quotes.js';
import { NOUNS } from './roles.js';

const NOUN = NOUNS.map((noun) => noun.replace(/ /g, '\\s+')).join('|');
const ARTICLE = /^(?:the|a|an|my|your|our|his|her|their)\s+/i;
// "the number of guests" is a description: the page may say "Number of guests" or only "Guests".
const DESCRIPTION = /^(?:number|count|amount|quantity|total)\s+of\s+(.+)$/i;
const RELATIVE = new RegExp(
  '^(.*?)\\s+(?:that\\s+is\\s+|which\\s+is\\s+)?(' +
    [
      'next\\s+to', 'beside', 'besides', 'near', 'close\\s+to', 'by', 'for',
      '(?:in|on|within|inside)\\s+the\\s+(?:same\\s+)?(?:row|line|item|list\\s+item|entry|card|section|box)(?:\\s+(?:of|for|with|containing|that\\s+contains|as))?',
    ].join('|') +
    ')\\s+(?:the\\s+)?(.+)$',
  'i',
);
// "for", "by" and "near" are ordinary words in names ("Search for products"): relative only before a quoted anchor.
const WEAK_RELATIONS = /^(?:for|by|near)$/i;
const NOUN_SUFFIX = new RegExp(`^(.+?)\\s+(${NOUN})$`, 'i');
const NOUN_PREFIX = new RegExp(`^(${NOUN})\\s+(.+)$`, 'i');
const NOUN_ONLY = new RegExp(`^(${NOUN})$`, 'i');

function relationOf(words: string): Relation {
  return /row|line|item|entry|card|section|box/i.test(words) ? 'in the row of' : 'next to';
}

/** Null when the slot is empty or names nothing ("the button" without a name or an anchor). */
export function parseTargetPhrase(slot: string, values: string[]): TargetPhrase | null {
  let text = slot.trim();
  let near: TargetPhrase['near'] = null;
  const relative = RELATIVE.exec(text);
  if (relative && relative[1]!.trim() && (!WEAK_RELATIONS.test(relative[2]!) || isQuoted(relative[3]!))) {
    near = { text: unmask(relative[3]!, values), relation: relationOf(relative[2]!) };
    text = relative[1]!.trim();
  }
  const hadArticle = ARTICLE.test(text);
  text = text.replace(ARTICLE, '');
  const only = NOUN_ONLY.exec(text);
  if (only) return near ? { name: null, noun: normalizeNoun(only[1]!), near } : null;
  // A noun around an unquoted name is only taken as one after "the" ("Click Add item" is a name).
  const suffix = NOUN_SUFFIX.exec(text);
  if (suffix && (isQuoted(suffix[1]!) || hadArticle)) return { name: unmask(suffix[1]!, values), noun: normalizeNoun(suffix[2]!), near };
  const prefix = NOUN_PREFIX.exec(text);
  if (prefix && isQuoted(prefix[2]!)) return { name: unmask(prefix[2]!, values), noun: normalizeNoun(prefix[1]!), near };
  const name = unmask(text, values);
  if (!name) return null;
  const described = isQuoted(text) ? null : DESCRIPTION.exec(name);
  return described ? { name, noun: null, near, alternatives: [described[1]!] } : { name, noun: null, near };
}

function normalizeNoun(noun: string): string {
  return noun.toLowerCase().replace(/\s+/g, ' ');
}
