// Expected results about a field of one item ("Alan Turing's phone is 555-0199", "Dennis's
// newsletter column says No", "the price of the Blue mug is $12") and about the group it is in ("'Fix
// login' is in the Done column", "'Budget' is listed in Sent", "The Stripe email is no longer in the
// inbox"). Read by words, not patterns: a possessive or "the F of X" names the item and its field; a
// copula plus "in/on/under" names the group. One clause of the skeleton (quotes masked, modals
// normalized), tried after the other families, so theirs keep their readings.
import type { Expectation } from '../steps.js';
import { ITEM_KIND_NOUNS } from './item-description.js';
import { endsWithGroupNoun } from './item-places.js';

/** Verbs that say a group holds something, in their plain form. */
const PLAIN_VERBS = new Set(['contain', 'list', 'hold', 'include', 'show', 'have']);
import { unmask } from './quotes.js';

/** Verbs that state a field's value: "is", "says"... ("does not say" is read as negated). */
const STATES = new Set(['is', 'are', 'says', 'shows', 'reads', 'displays', 'say', 'show', 'read', 'display']);
/** Words after the field that only say it is a field: "the newsletter column says No". */
const FIELD_WORDS = new Set(['column', 'field', 'cell', 'value', 'entry']);
/** Verbs of being somewhere: "is in", "appears in", "is listed under". */
const BEING = new Set(['is', 'are', 'appears', 'appear', 'sits', 'stays', 'remains']);
const SHOWN = new Set(['listed', 'shown', 'visible', 'displayed', 'filed', 'kept', 'placed', 'moved']);
const PLACES = new Set(['in', 'on', 'under', 'inside']);
/** "X is removed from G": X is no longer in G. */
const REMOVED = new Set(['removed', 'deleted', 'cleared', 'missing', 'absent', 'dropped', 'gone']);
/** Words that only time the claim: "is still 4", "is now in Done". */
const TIMING = new Set(['still', 'now', 'already']);
/** Whose "the F of X" is about the page itself, not an item: left to the title and URL families. */
const NOT_ITEMS = new Set(['page', 'document', 'window', 'tab', 'site', 'browser', 'url', 'address']);
const KIND_WORDS = new Set(ITEM_KIND_NOUNS.flatMap((noun) => [noun, `${noun}s`]));
/** "a card titled X", "the message called X": the kind noun and its naming word name no text. */
const NAMING = new Set(['titled', 'named', 'called', 'labelled', 'labeled', 'saying']);
const ARTICLES = new Set(['the', 'a', 'an']);

const POSSESSIVE = /^(.+)['’]s$/;

function words(clause: string): string[] {
  return clause.trim().split(/\s+/);
}

/** "the X" -> "X", "a card titled X" -> "X", "the X card" -> "X" (an item named with its kind). */
export function itemPhrase(tokens: string[]): string[] {
  let out = tokens[0] && ARTICLES.has(tokens[0].toLowerCase()) ? tokens.slice(1) : tokens;
  const naming = out.findIndex((t) => NAMING.has(t.toLowerCase()));
  if (naming > 0 && out.slice(0, naming).every((t) => KIND_WORDS.has(t.toLowerCase()))) out = out.slice(naming + 1);
  else if (out.length > 1 && KIND_WORDS.has(out.at(-1)!.toLowerCase())) out = out.slice(0, -1);
  return out;
}

/** Negation and timing words at the start of a predicate; `negated` when one of them says "not". */
function predicate(tokens: string[]): { rest: string[]; negated: boolean } {
  let negated = false;
  let i = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i]!.toLowerCase();
    if (t === 'not' || t === 'never') negated = true;
    else if (t === 'no' && tokens[i + 1]?.toLowerCase() === 'longer') {
      negated = true;
      i++;
    } else if (!TIMING.has(t)) break;
  }
  return { rest: tokens.slice(i), negated };
}

/** The verb of a field claim at `i` ("is", "isn't", "does not say"): how many tokens it takes and whether it negates. */
function stateVerb(tokens: string[], i: number): { length: number; negated: boolean } | null {
  const t = tokens[i]!.toLowerCase().replace(/['’]/g, '');
  if (STATES.has(t)) return { length: 1, negated: false };
  if (t === 'isnt' || t === 'arent') return { length: 1, negated: true };
  const next = tokens[i + 1]?.toLowerCase();
  if ((t === 'does' || t === 'do') && next === 'not' && STATES.has(tokens[i + 2]?.toLowerCase() ?? ''))
    return { length: 3, negated: true };
  if ((t === 'doesnt' || t === 'dont') && STATES.has(next ?? '')) return { length: 2, negated: true };
  return null;
}

/** "X's F is V", "X's F column says V", "the F of X is (no longer) V", "the F column for X now shows V". */
function fieldClause(tokens: string[], values: string[]): Expectation | null {
  const verbAt = tokens.findIndex((_, i) => i > 0 && stateVerb(tokens, i) !== null);
  if (verbAt < 0) return null;
  const subject = tokens.slice(0, verbAt);
  let item: string[];
  let field: string[];
  const owner = subject.findIndex((t) => POSSESSIVE.test(t));
  // "the F of X", "the F column for X".
  const of = subject.findIndex((t) => t.toLowerCase() === 'of' || t.toLowerCase() === 'for');
  if (owner >= 0) {
    item = [...subject.slice(0, owner), POSSESSIVE.exec(subject[owner]!)![1]!];
    field = subject.slice(owner + 1);
  } else if (of > 1 && ARTICLES.has(subject[0]!.toLowerCase())) {
    field = subject.slice(1, of);
    item = subject.slice(of + 1);
  } else return null;
  while (field.length > 1 && FIELD_WORDS.has(field.at(-1)!.toLowerCase())) field = field.slice(0, -1);
  // "... for P-1033 now shows 1": "now" and "still" say when, not which item.
  while (item.length > 1 && /^(?:now|still)$/i.test(item.at(-1)!)) item = item.slice(0, -1);
  item = itemPhrase(item);
  // "Ada's row shows X", "Marco's message is starred", "George's Saturday appointment is Cancelled":
  // about the item itself (its last word says its kind), not a field.
  if (
    !field.length ||
    field.every((t) => KIND_WORDS.has(t.toLowerCase()) || FIELD_WORDS.has(t.toLowerCase())) ||
    (owner >= 0 && KIND_WORDS.has(field.at(-1)!.toLowerCase()))
  )
    return null;
  if (!item.length || (item.length === 1 && NOT_ITEMS.has(item[0]!.toLowerCase()))) return null;
  const verb = stateVerb(tokens, verbAt)!;
  const { rest, negated } = predicate(tokens.slice(verbAt + verb.length));
  if (!rest.length) return null;
  return {
    kind: 'item',
    item: unmask(item.join(' '), values),
    claim: {
      field: unmask(field.join(' '), values),
      value: unmask(rest.join(' '), values),
      negated: negated !== verb.negated,
    },
  };
}

/** "X is in the G column", "X is listed in G", "X is no longer on the board", "X appears under G". */
function groupClause(tokens: string[], values: string[]): Expectation | null {
  const verbAt = tokens.findIndex((t, i) => i > 0 && BEING.has(t.toLowerCase()));
  if (verbAt < 0) return null;
  const predicated = predicate(tokens.slice(verbAt + 1));
  const { rest } = predicated;
  let at = 0;
  // "X is removed from the list", "deleted from the cart": no longer in it.
  const removed =
    rest[at] !== undefined && REMOVED.has(rest[at]!.toLowerCase()) && rest[at + 1]?.toLowerCase() === 'from';
  if (removed) at++;
  else if (rest[at] && SHOWN.has(rest[at]!.toLowerCase())) at++;
  if (!rest[at] || !(removed || PLACES.has(rest[at]!.toLowerCase()))) return null;
  const negated = predicated.negated !== removed;
  const group = rest.slice(at + 1);
  if (group[0] && ARTICLES.has(group[0].toLowerCase())) group.shift();
  const item = itemPhrase(tokens.slice(0, verbAt));
  if (!group.length || !item.length) return null;
  return {
    kind: 'item',
    item: unmask(item.join(' '), values),
    claim: { group: unmask(group.join(' '), values), negated },
  };
}

/** Verbs of a group holding an item: "the Done column contains X", "Starred lists X". */
const HOLDS = new Set([
  'contains',
  'lists',
  'holds',
  'includes',
  'shows',
  'has',
  'contain',
  'list',
  'hold',
  'include',
  'show',
  'have',
]);
const COUNT_START =
  /^(?:\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten|exactly|only|at|more|fewer|less)$/i;
/** Said between the group and its verb: "Sent no longer contains X", "Review does not list X". */
const BEFORE_HOLDS = new Set(['no', 'longer', 'does', 'do', 'not', "doesn't", 'doesn’t', 'still', 'now']);

/**
 * "The Done column contains X", "Starred lists X", "Review contains 'Y'": X is in that group. The
 * group is said with a group's noun, or is a name (capitalised or quoted); "the heading says X" is no
 * group.
 */
function holdsClause(tokens: string[], values: string[]): Expectation | null {
  const verbAt = tokens.findIndex((t, i) => i > 0 && HOLDS.has(t.toLowerCase()));
  if (verbAt < 0 || verbAt > 7) return null;
  let end = verbAt;
  while (end > 0 && BEFORE_HOLDS.has(tokens[end - 1]!.toLowerCase())) end--;
  const said = tokens.slice(end, verbAt).map((t) => t.toLowerCase());
  const negatedBefore = said.includes('not') || said.includes('longer') || said.some((t) => t.startsWith('doesn'));
  // "Review does not list X" but "Review lists X": the base form only after "do(es) not".
  if (PLAIN_VERBS.has(tokens[verbAt]!.toLowerCase()) && !negatedBefore) return null;
  const start = tokens[0] && ARTICLES.has(tokens[0].toLowerCase()) ? 1 : 0;
  const group = tokens.slice(start, end);
  const named = group.length > 0 && group.every((t) => /^(?:[\p{Lu}\d]|\uE000)/u.test(t));
  if (!group.length || (!named && !endsWithGroupNoun(group))) return null;
  const { rest, negated } = predicate(tokens.slice(verbAt + 1));
  // "The Backlog column has 3 cards" is a count (group-count-clauses.ts).
  if (!rest.length || COUNT_START.test(rest[0]!)) return null;
  return {
    kind: 'item',
    item: unmask(rest.join(' '), values),
    claim: { group: unmask(group.join(' '), values), negated: negated !== negatedBefore },
  };
}

/** The field or group expectation a clause states, or null when it is about something else. */
export function itemPlaceClause(clause: string, values: string[]): Expectation | null {
  // "X now shows up in G", "X turns up in G": X appears in G.
  const tokens = words(
    clause
      .replace(/\s+(?:now\s+)?(?:shows?|turns?|pops?)\s+up(?=\s)/i, ' appears')
      .replace(/\s+now\s+(?=(?:appears?|is|are)\s)/i, ' '),
  );
  return fieldClause(tokens, values) ?? groupClause(tokens, values) ?? holdsClause(tokens, values);
}
