// Numbers written as words, one list for the goal language: "three rows", "Add 2 children", "the
// number of guests is four". Each reader takes the range it reads ("two" to "ten" for a count of
// items to act on), so a wider list here reads nothing new.

/** "zero" to "twenty"; a word's index is its value. */
export const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

/** The words from `from` to `to` with their values, for a lookup: { two: 2, three: 3 }. */
export function numberWordsFrom(from: number, to: number): Record<string, number> {
  return Object.fromEntries(NUMBER_WORDS.slice(from, to + 1).map((word, i) => [word, from + i]));
}
