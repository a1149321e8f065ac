// "The Stripe invoice", "the email from Marco Rossi": an item of a list named by what it is, not by
// its text. The phrase's content words must all be in the item's text; kind nouns ("email",
// "invoice", "card") count only where an item shows them, since pages rarely write them.
import { GENRE_NOUNS } from './lexicon.js';

/** Nouns people call items by: they pick between items that show them, never rule one out. */
export const ITEM_KIND_NOUNS = [
  ...GENRE_NOUNS.listItem,
  'email',
  'e-mail',
  'mail',
  'message',
  'conversation',
  'thread',
  'card',
  'row',
  'line',
  'invoice',
  'receipt',
  'order',
  'product',
  'contact',
  'record',
  'file',
  'note',
  'post',
  'comment',
  'ticket',
  'issue',
  'event',
  'booking',
  'question',
  'photo',
  'image',
  'picture',
  'video',
  'document',
  'spreadsheet',
  'folder',
  'user',
  'customer',
  'project',
  'deal',
  'claim',
  'expense',
  'appointment',
  'reservation',
  'request',
  'application',
  'report',
  'payment',
  'transaction',
  'subscription',
  'lead',
  'candidate',
  'employee',
  'patient',
  'member',
  'shipment',
  'refund',
  'meeting',
  'session',
  'article',
  'one',
];

/** The kinds that name a thing ("claim", "ticket"), not "one" ("the first one"). */
export const THING_KINDS = ITEM_KIND_NOUNS.filter((noun) => noun !== 'one');

/** Words that only join a description ("the email from X about Y"). */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'from',
  'about',
  'of',
  'by',
  'with',
  'for',
  'to',
  'in',
  'on',
  'at',
  'this',
  'that',
  'my',
  'our',
  'your',
  'its',
  'called',
  'named',
  'titled',
  'regarding',
  're',
  'and',
]);

const singular = (word: string) => word.replace(/(?<=[^s])s$/, '');
const KINDS = new Set(ITEM_KIND_NOUNS.map(singular));

/** Lower-case words of a text; a possessive "'s" is not part of its word ("Sam Lee's" -> sam, lee). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? []
  );
}

export interface Description {
  /** Every one must be in the item's text. */
  required: string[];
  /** Kind nouns: an item that shows them is the better reading. */
  kinds: string[];
}

/** The content words of an object phrase; null when it has none ("the email"), which names no item. */
export function describe(phrase: string): Description | null {
  const required: string[] = [];
  const kinds: string[] = [];
  for (const word of wordsOf(phrase)) {
    if (FILLER.has(word)) continue;
    (KINDS.has(singular(word)) ? kinds : required).push(word);
  }
  return required.length ? { required, kinds } : null;
}

/** Whether `word` is one of `words`, singular or plural alike ("invoices" holds "invoice"). */
const holds = (words: Set<string>, word: string) =>
  words.has(word) || words.has(singular(word)) || words.has(`${word}s`);

/** How well `text` fits the description: null when a content word is missing, else the kind nouns it shows. */
export function fit(description: Description, text: string): number | null {
  const words = new Set(wordsOf(text));
  if (!description.required.every((word) => holds(words, word))) return null;
  return description.kinds.filter((word) => holds(words, word)).length;
}

export type ItemPick = { item: number } | { tied: number[] } | null;

/**
 * Of the items' texts, the one the description names; tied when several fit it as well.
 * `inside[i]`: the items item i holds (a card inside a column): an item that holds a fitting one is
 * only its container.
 */
export function pickDescribed(description: Description, texts: string[], inside: number[][] = []): ItemPick {
  const fits = texts.map((text) => fit(description, text));
  const innermost = fits.map((f, i) => (f !== null && !(inside[i] ?? []).some((j) => fits[j] !== null) ? f : null));
  const best = Math.max(-1, ...innermost.map((f) => f ?? -1));
  if (best < 0) return null;
  const top = innermost.flatMap((f, i) => (f === best ? [i] : []));
  return top.length === 1 ? { item: top[0]! } : { tied: top };
}

/**
 * The text to find the item by again: the shortest of its parts (sender, subject) that no other item
 * shows, holding every content word, else any word of the description; null when no part will do.
 */
export function namingPart(description: Description, parts: string[], others: string[]): string | null {
  const lowerOthers = others.map((text) => text.toLowerCase());
  const unique = parts
    .filter((part) => !lowerOthers.some((other) => other.includes(part.toLowerCase())))
    .sort((a, b) => a.length - b.length);
  const words = [...description.required, ...description.kinds];
  return (
    unique.find((part) => fit({ required: description.required, kinds: [] }, part) !== null) ??
    unique.find((part) => words.some((word) => fit({ required: [word], kinds: [] }, part) !== null)) ??
    null
  );
}
