// "Sort by price, lowest first" against options like "Price: Low to High": an option is read by what it
// sorts by (its content words) and which way (a small table of direction words), not by its exact text.

export type Direction = 'ascending' | 'descending';

/** Words that put the small end (or A) first when they come first ("low to high", "lowest first"). */
const LOW = new Set([
  'low',
  'lowest',
  'lower',
  'cheap',
  'cheapest',
  'least',
  'small',
  'smallest',
  'min',
  'minimum',
  // Time: the earliest end is the small one.
  'oldest',
  'older',
  'earliest',
  'earlier',
]);
const HIGH = new Set([
  'high',
  'highest',
  'higher',
  'expensive',
  'most',
  'large',
  'largest',
  'big',
  'biggest',
  'max',
  'newest',
  'newer',
  'latest',
  'recent',
]);
const UP = new Set(['ascending', 'asc', 'increasing', 'up']);
const DOWN = new Set(['descending', 'desc', 'decreasing', 'down']);
/** Words that say where the named end goes: "lowest first", "cheapest on top", "highest last". */
const FIRST = new Set(['first', 'top']);
const LAST = new Set(['last', 'bottom']);
/** Words that only join the others: "price, from high to low", "sorted by the price in ascending order". */
const FILLER = new Set([
  'by',
  'the',
  'from',
  'to',
  'in',
  'on',
  'order',
  'sort',
  'sorted',
  'with',
  'at',
  'a',
  'an',
  'one',
]);

const tokens = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** "prices" and "price" are one content word. */
const stem = (word: string) =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

export interface SortReading {
  /** What the list is sorted by: the content words, in any order. */
  words: string[];
  /** Which way, when the text says it. */
  direction: Direction | null;
}

/** What a sort phrase or option says: "Price: High to Low" → price, descending. */
export function readSort(text: string): SortReading {
  const all = tokens(text);
  let direction: Direction | null = null;
  const polar = all.find((w) => LOW.has(w) || HIGH.has(w));
  const smallFirst = polar !== undefined && LOW.has(polar);
  const alphabet = all.indexOf('a') >= 0 && all.indexOf('z') >= 0 ? all.indexOf('a') < all.indexOf('z') : null;
  if (all.some((w) => UP.has(w))) direction = 'ascending';
  else if (all.some((w) => DOWN.has(w))) direction = 'descending';
  else if (alphabet !== null) direction = alphabet ? 'ascending' : 'descending';
  else if (polar !== undefined) {
    // "lowest last" puts the high end first; "low to high" and "lowest first" the low end.
    const last = all.some((w) => LAST.has(w)) && !all.some((w) => FIRST.has(w));
    direction = smallFirst !== last ? 'ascending' : 'descending';
  }
  const named = (w: string) =>
    !LOW.has(w) && !HIGH.has(w) && !UP.has(w) && !DOWN.has(w) && !FIRST.has(w) && !LAST.has(w) && !FILLER.has(w);
  const words = [...new Set(all.filter((w) => named(w) && !(alphabet !== null && w === 'z')).map(stem))];
  return { words, direction };
}

const sameWords = (a: string[], b: string[]) => a.length === b.length && a.every((w) => b.includes(w));

/**
 * The option a sort phrase means: the same content words, and the same direction when both say one.
 * Null when none fits; `tied` when several do (a wrong sort is worse than none).
 */
export function sortOptionFor(phrase: string, options: string[]): { option: string } | { tied: string[] } | null {
  const wanted = readSort(phrase);
  const fits = options.filter((option) => {
    const offered = readSort(option);
    if (!sameWords(wanted.words, offered.words)) return false;
    return wanted.direction === null || offered.direction === null || wanted.direction === offered.direction;
  });
  // "price" alone, with both directions offered: the one that says no direction, else refuse.
  const plain = fits.length > 1 ? fits.filter((option) => readSort(option).direction === wanted.direction) : fits;
  if (plain.length === 1) return { option: plain[0]! };
  if (fits.length === 0) return null;
  return { tied: fits };
}

const COLUMN_WORDS = [['column', 'header'], ['column', 'heading'], ['column']];

/** "the Last contacted column" → "Last contacted": a sort named by a table's column is a click on its header. */
export function columnNamed(phrase: string): string | null {
  const words = phrase.trim().split(/\s+/);
  if (words[0]?.toLowerCase() === 'the') words.shift();
  const lower = words.map((w) => w.toLowerCase());
  for (const ending of COLUMN_WORDS) {
    const tail = lower.slice(-ending.length);
    if (words.length > ending.length && tail.every((w, i) => w === ending[i]))
      return words.slice(0, -ending.length).join(' ');
  }
  return null;
}
