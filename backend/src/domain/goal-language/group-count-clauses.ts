// Expected results counting the items of one named group: "The To do column has 4 cards", "The
// Review lane shows 2 tasks", "The Sent folder contains 3 messages". Read by words: a group noun
// (column, folder, section...) ends the group's name, a verb of holding and a number follow.
// Tried after the other families ("The cart has 2 items", "The list has 3 items" keep theirs).
import type { Expectation } from '../steps.js';
import { unmask } from './quotes.js';

/** Nouns that end a group's name: "the Done column", "the Sent folder". */
const GROUP_NOUNS = new Set([
  'column',
  'lane',
  'folder',
  'section',
  'tab',
  'panel',
  'group',
  'category',
  'stage',
  'view',
  'queue',
]);
const HOLDS = new Set(['has', 'holds', 'shows', 'contains', 'lists', 'displays', 'includes']);
const LIMITS = new Set(['exactly', 'only', 'now', 'still']);
const ARTICLES = new Set(['the', 'a', 'an']);
const DIGITS = /^\d+$/;

/** "The G column has N things" as a group count, or null. */
export function groupCountClause(clause: string, values: string[]): Expectation | null {
  const tokens = clause.trim().split(/\s+/);
  const verbAt = tokens.findIndex((t, i) => i > 1 && HOLDS.has(t.toLowerCase()));
  if (verbAt < 0 || !GROUP_NOUNS.has(tokens[verbAt - 1]!.toLowerCase())) return null;
  let at = verbAt + 1;
  while (tokens[at] && LIMITS.has(tokens[at]!.toLowerCase())) at++;
  if (!tokens[at] || !DIGITS.test(tokens[at]!)) return null;
  const noun = tokens.slice(at + 1);
  const group = tokens.slice(ARTICLES.has(tokens[0]!.toLowerCase()) ? 1 : 0, verbAt - 1);
  if (!noun.length || !group.length) return null;
  return {
    kind: 'groupCount',
    group: unmask(group.join(' '), values),
    count: Number(tokens[at]),
    noun: unmask(noun.join(' '), values),
  };
}

/** "The Done column is empty", "the Sent folder is now empty": the group holds no item, or null. */
export function emptyGroupClause(clause: string, values: string[]): Expectation | null {
  const tokens = clause.trim().split(/\s+/);
  const last = tokens.length - 1;
  if (tokens[last]?.toLowerCase() !== 'empty') return null;
  let isAt = last - 1;
  while (isAt > 0 && LIMITS.has(tokens[isAt]!.toLowerCase())) isAt--;
  if (
    !['is', 'are'].includes(tokens[isAt]?.toLowerCase() ?? '') ||
    !GROUP_NOUNS.has(tokens[isAt - 1]?.toLowerCase() ?? '')
  )
    return null;
  const group = tokens.slice(ARTICLES.has(tokens[0]!.toLowerCase()) ? 1 : 0, isAt - 1);
  return group.length ? { kind: 'groupCount', group: unmask(group.join(' '), values), count: 0, noun: 'items' } : null;
}
