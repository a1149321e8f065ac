// "An error asks you to choose the dates", "A message tells you to confirm your email", "A message
// confirms that 2 items were exported": a message the page shows, said in the sentence's own words
// rather than quoted (a quoted text after "says" is that text, shown anywhere). It holds when an alert,
// status or error text on the page says every content word of it, in any order and form
// (word-cover.ts): "Please choose your check-in and check-out dates." says "choose the dates". A
// place may say it of itself: "The Trash says it is empty" is the words "Trash is empty".
import type { Expectation } from '../steps.js';
import { contentWords } from './closest-offers.js';
import { unmask } from './quotes.js';

const SUBJECT =
  '(?:an?|the)\\s+(?:(?:error|validation|warning|success|confirmation)\\s+)?(?:message|error|warning|alert|notice|notification|hint|banner|toast)';
/** What the message asks for; "says" is left to the text shown (a quoted or exact text). */
const ASKS =
  '(?:(?:is\\s+shown\\s+|appears\\s+)?asking|(?:(?:should|must|will)\\s+)?(?:ask|tell|remind|prompt)s?)\\s+(?:you\\s+|the\\s+user\\s+|me\\s+)?(?:to|for)';
/** What it says in other words: "confirms that 2 items were exported", "says the passwords do not match". */
const SAYS =
  '(?:says|confirms|reports|explains|states|tells\\s+(?:you|the\\s+user|me))(?:\\s+that)?(?=\\s+(?!\\uE000\\d+\\uE001$))';
/** Where it is shown, which any message on the page may be: "under the email field". */
const PLACE =
  '(?:\\s+(?:under|below|beneath|above|next\\s+to|beside|near|by)\\s+(?:the\\s+)?[\\w-]+(?:\\s+[\\w-]+){0,3}?)?';
const MESSAGE = new RegExp(`^${SUBJECT}${PLACE}\\s+(?:${ASKS}|${SAYS})\\s+(.+)$`, 'i');

/**
 * A place that says something of itself: "The Trash says it is empty", "The cart says that it is
 * empty". Its words are the subject's with the pronoun's predicate: "Trash is empty".
 */
const PLACE_SAYS =
  /^(?:the\s+)?((?:[\w'’.-]+|\uE000\d+\uE001)(?:\s+(?:[\w'’.-]+|\uE000\d+\uE001)){0,3}?)\s+(?:says|reads|tells\s+you)(?:\s+that)?\s+(?:it|they)\s+((?:is|are|was|were|has|have)\s+.+)$/i;

/** The message expectation a clause states, or null when it is about something else. */
export function messageClause(clause: string, values: string[]): Expectation | null {
  const m = MESSAGE.exec(clause.trim());
  const itself = m ? null : PLACE_SAYS.exec(clause.trim());
  if (!m && !itself) return null;
  const words = (m ? unmask(m[1]!, values) : `${unmask(itself![1]!, values)} ${unmask(itself![2]!, values)}`).trim();
  return contentWords(words).length ? { kind: 'message', words } : null;
}
