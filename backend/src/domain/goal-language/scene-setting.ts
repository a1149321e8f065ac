// Sentences that set the scene instead of asking for an action, as people write tickets: "Noah Kim is
// asking about his shipping address.", "The 'Spam offer' ticket is spam.", "We just counted 75 gear
// motors." Read by their shape: a subject, then a finite verb (is, was, has, a past tense), never a
// verb first as an instruction starts. What the subject names is what a later "it" or "his" means.
import { unmask } from './quotes.js';

/** Finite verbs that make a statement of what comes before them. */
const FINITE = new Set([
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'had',
  'keeps',
  'needs',
  'wants',
  'need',
  'want',
  'says',
  'said',
  'got',
  'gets',
  'cannot',
  "can't",
  "isn't",
  "aren't",
  "wasn't",
  "doesn't",
  "didn't",
  "won't",
]);
/** Words that may open a subject. */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'my', 'our', 'your', 'his', 'her', 'their', 'its']);
const PERSONS = new Set(['i', 'we', 'he', 'she', 'they', 'someone', 'somebody', 'everyone', 'nobody']);
const ADVERBS = new Set(['just', 'really', 'already', 'also', 'still', 'now', 'actually', 'recently', 'finally']);
const GREETINGS = /^(?:hi|hello|hey|so|ok|okay|context|background)\b[\s,:;!-]*/i;
/** How many words a subject may have before its verb. */
const MAX_SUBJECT = 7;

/** Words that name a test rather than ask for an action: "Negative test - amount validation", "Smoke check". */
const TITLE_WORDS = new Set([
  'test',
  'tests',
  'testing',
  'check',
  'case',
  'scenario',
  'flow',
  'path',
  'validation',
  'regression',
  'smoke',
  'qa',
  'negative',
  'positive',
  'edge',
]);

/**
 * A goal's first sentence that names the test ("Negative test - amount validation.", "QA check of the
 * booking form."): a few words, one of them a title word, none a verb the sentence starts with (the
 * caller knows no rule reads it as an action).
 */
export function isTestTitle(skeleton: string): boolean {
  const words = skeleton
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  return words.length > 0 && words.length <= 8 && words.some((word) => TITLE_WORDS.has(word));
}

export interface Scene {
  /** What the sentence is about, for a pronoun after it ("Noah Kim"); null for a person ("We"). */
  about: string | null;
}

/** The scene a masked sentence sets, or null when it does not read as a statement. */
export function sceneOf(skeleton: string, values: string[]): Scene | null {
  const tokens = skeleton.replace(GREETINGS, '').trim().split(/\s+/);
  // A past tense is a verb unless a determiner makes it an adjective ("the archived items").
  const verbAt = tokens.findIndex(
    (token, i) =>
      i > 0 &&
      i <= MAX_SUBJECT &&
      (FINITE.has(token.toLowerCase()) ||
        (/^[a-z]{2,}ed$/.test(token) && !DETERMINERS.has(tokens[i - 1]!.toLowerCase()))),
  );
  if (verbAt < 0) return null;
  const subject = tokens.slice(0, verbAt).filter((token) => !ADVERBS.has(token.toLowerCase()));
  const first = subject[0];
  // A subject: a determiner, a person, a quoted name or a capitalized word; never a clause of its own.
  if (!first || subject.some((token) => /[,;:]$/.test(token))) return null;
  const lower = first.toLowerCase();
  const opens =
    DETERMINERS.has(lower) || PERSONS.has(lower) || first.startsWith('\uE000') || /^[\p{Lu}\d#]/u.test(first);
  if (!opens) return null;
  if (PERSONS.has(lower)) return { about: null };
  const quoted = subject.find((token) => token.startsWith('\uE000'));
  if (quoted) return { about: unmask(quoted, values) };
  const named = subject.filter((token, i) => !(i === 0 && DETERMINERS.has(token.toLowerCase())));
  return { about: named.length ? unmask(named.join(' ').replace(/['’]s$/, ''), values) : null };
}
