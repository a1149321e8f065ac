// Whether an element's name says every content word of a phrase, in any order and in another form
// of the word: "the newsletter subscription" and the checkbox "Subscribed to the newsletter". Filler,
// kind nouns (closest-offers.ts) and kinds of item ("question", "card") do not count. Grounds a phrase no name matches, and only when
// one element of a fitting role says all its words (agent/resolve-target.ts).
import { contentWords } from './closest-offers.js';
import { ITEM_KIND_NOUNS } from './item-description.js';

/** Shortest shared beginning for two forms of one word ("subscri-ption", "subscri-bed"; not "prese-nt", "prese-t"). */
const MIN_STEM = 6;
/** ...and the share of the shorter word it must cover. */
const STEM_SHARE = 0.7;

/** Two words (folded: lower case, singular) that are forms of one word. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared >= MIN_STEM && shared >= STEM_SHARE * Math.min(a.length, b.length);
}

/** "don't" -> "do not": a negation is a word of its own, however it is written. */
const uncontracted = (text: string) => text.replace(/n['’]t\b/gi, ' not');

const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nothing', 'cannot', 'without']);

/** Whom a pronoun speaks of: filler in a name, until two names speak of different people. */
const PERSONS: Record<string, string> = Object.fromEntries(
  [
    ['me', 'i me my mine myself'],
    ['you', 'you your yours yourself'],
    ['us', 'we us our ours'],
    ['them', 'he him his she her hers they them their theirs'],
  ].flatMap(([person, words]) => words!.split(' ').map((word) => [word, person!])),
);

const personsOf = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .flatMap((word) => (PERSONS[word] ? [PERSONS[word]] : [])),
  );

/** Every content word of `phrase` is in `name` in some form; false for a phrase without content words. */
export function coversWords(phrase: string, name: string): boolean {
  // A kind of item ("the refund policy question") says what it is, not what it is called.
  const wanted = contentWords(uncontracted(phrase)).filter((w) => !ITEM_KIND_NOUNS.includes(w.key));
  const said = contentWords(uncontracted(name)).map((w) => w.key);
  // "the passwords match" is not what "Passwords don't match" says, nor the other way round.
  if (wanted.some((w) => NEGATIONS.has(w.key)) !== said.some((key) => NEGATIONS.has(key))) return false;
  // "Count you" is not the button "Count me": a pronoun left out is filler, another one is not.
  const [asked, named] = [personsOf(phrase), personsOf(name)];
  if (asked.size && named.size && ![...asked].some((person) => named.has(person))) return false;
  return wanted.length > 0 && wanted.every((w) => said.some((other) => sameWord(w.key, other)));
}
