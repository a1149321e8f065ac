// Where an expected result says to look: "Milk is no longer in the list", "'Saved' is shown in the
// dialog", "The cart contains Blue mug", "Admin is shown in the row of Ada", "Y is not in the sidebar",
// "'Order 7' is listed under Recent orders". The place is told by its last noun (a word list, not
// patterns) and grounded on the page by the agent (agent/check-place.ts); the claim is judged there
// only. A place that is not found fails either way, naming it: the whole page is never looked at
// instead (a text elsewhere would make "in the list" pass, or "no longer in the list" fail wrongly).
import type { Expectation } from '../steps.js';
import { wordsOf } from './item-description.js';
import { itemPhrase } from './item-place-clauses.js';
import { itemFits, listed, showsWords, type Judgement } from './item-places.js';
import { unmask } from './quotes.js';
import { NUMBER_WORDS } from './number-words.js';

/** What kind of place a phrase names. `named`: a region, section or heading of that name. */
export type PlaceKind =
  'page' | 'list' | 'table' | 'cart' | 'dialog' | 'sidebar' | 'header' | 'footer' | 'navigation' | 'field' | 'named';

export interface PlaceSpec {
  kind: PlaceKind;
  /**
   * The words that say which one, lower case: "ticket" of "the ticket list", "delete" of "the Delete
   * dialog", "email" of "the Email field", "recent orders" of "under Recent orders".
   */
  words: string[];
}

/** The last noun of a place phrase, and the kind of place it names. */
const KIND_NOUNS: Record<string, PlaceKind> = {
  page: 'page',
  board: 'page',
  screen: 'page',
  site: 'page',
  list: 'list',
  queue: 'list',
  results: 'list',
  feed: 'list',
  todos: 'list',
  table: 'table',
  grid: 'table',
  cart: 'cart',
  basket: 'cart',
  bag: 'cart',
  trolley: 'cart',
  dialog: 'dialog',
  modal: 'dialog',
  popup: 'dialog',
  'pop-up': 'dialog',
  sidebar: 'sidebar',
  'side-bar': 'sidebar',
  header: 'header',
  footer: 'footer',
  navigation: 'navigation',
  nav: 'navigation',
  navbar: 'navigation',
  field: 'field',
  input: 'field',
  textbox: 'field',
  textarea: 'field',
  box: 'field',
};

/** Words before the noun that say nothing of which one: "my shopping cart", "the main list". */
const FILLER = new Set(['the', 'my', 'your', 'our', 'this', 'that', 'shopping', 'main', 'open', 'current']);

const tokensOf = (text: string) => text.trim().split(/\s+/);

/** Nouns that say a named place is a part of the page, not which: "the Billing section". */
const PARTS = new Set(['section', 'part', 'area', 'panel', 'region', 'column', 'group', 'tab', 'block', 'heading']);

/** The place a phrase names ("the list", "the Delete dialog", "Recent orders", "the Billing section"). */
export function placeOf(phrase: string): PlaceSpec {
  const said = tokensOf(phrase);
  const noun = said.at(-1)?.toLowerCase() ?? '';
  const kind = KIND_NOUNS[noun];
  const before = said.slice(0, -1).filter((word) => !FILLER.has(word.toLowerCase()));
  if (!kind) return { kind: 'named', words: wordsOf(phrase).filter((word) => !FILLER.has(word) && !PARTS.has(word)) };
  // "the Done list" is a group's name (a capital or quotes); "the ticket list" the page's list of tickets.
  const named = before.some((word) => word[0] !== word[0]!.toLowerCase());
  if ((kind === 'list' || kind === 'table') && named) return { kind: 'named', words: wordsOf(before.join(' ')) };
  return { kind, words: wordsOf(before.join(' ')) };
}

/** Nouns of one item a place may be ("the row of Ada", "Ada's card"). */
const ITEM_PLACES = new Set(['row', 'card', 'entry', 'line', 'record', 'item', 'tile']);

/**
 * The item a place is ("the row of Ada", "the card for Fix login", "Ada's row"), or null. Said of an
 * item, "Admin is shown in the row of Ada" is "The row of Ada shows Admin" (item-clauses.ts).
 */
export function itemOfPlace(phrase: string): string | null {
  const said = tokensOf(phrase);
  const start = said[0] && FILLER.has(said[0].toLowerCase()) ? 1 : 0;
  const noun = said[start]?.toLowerCase() ?? '';
  const of = said[start + 1]?.toLowerCase();
  if (ITEM_PLACES.has(noun) && (of === 'of' || of === 'for') && said.length > start + 2)
    return said.slice(start + 2).join(' ');
  // "Ada's row", "Grace Hopper's card".
  const last = said.at(-1)?.toLowerCase() ?? '';
  const owner = said.at(-2) ?? '';
  if (ITEM_PLACES.has(last) && (owner.endsWith("'s") || owner.endsWith('’s')))
    return [...said.slice(start, -2), owner.slice(0, -2)].join(' ');
  return null;
}

/** The item claim a clause about a place reads as: a row's "shows", else the group claim as it was. */
export function placeClaim(expectation: Expectation): Expectation {
  if (expectation.kind !== 'item' || !('group' in expectation.claim)) return expectation;
  const row = itemOfPlace(expectation.claim.group);
  return row
    ? { kind: 'item', item: row, claim: { shows: expectation.item, negated: expectation.claim.negated } }
    : expectation;
}

/** Verbs of a place holding or saying a text: "the dialog says Y", "the cart contains Milk". */
const SAYS = new Set([
  'says',
  'shows',
  'reads',
  'displays',
  'contains',
  'lists',
  'includes',
  'holds',
  'has',
  'say',
  'show',
  'read',
  'display',
  'contain',
  'list',
  'include',
  'hold',
  'have',
]);
const PLAIN = new Set(['say', 'show', 'read', 'display', 'contain', 'list', 'include', 'hold', 'have']);
/** Between the place and its verb: "no longer", "does not", "still". */
const BEFORE_VERB = new Set(['no', 'longer', 'does', 'do', 'not', "doesn't", 'doesn’t', 'still', 'now']);
const AFTER_VERB = new Set(['still', 'now', 'only', 'also']);
/** Places a clause may begin with: the kinds a text is said in (not a field: its value has clauses of its own). */
const SAYING_PLACES = new Set<PlaceKind>([
  'list',
  'table',
  'cart',
  'dialog',
  'sidebar',
  'header',
  'footer',
  'navigation',
]);
const COUNTS = new Set(['no', 'exactly', ...NUMBER_WORDS]);

/**
 * "The dialog says 'Are you sure?'", "The cart contains Blue mug", "The sidebar does not show
 * Reports": the text is (not) in that place. Null for other subjects ("The heading says Welcome") and
 * for counts ("The cart shows 2 items", read before this).
 */
export function placeSaysClause(clause: string, values: string[]): Expectation | null {
  const tokens = tokensOf(clause);
  const verbAt = tokens.findIndex((t, i) => i > 0 && i < 7 && SAYS.has(t.toLowerCase()));
  if (verbAt < 0) return null;
  let end = verbAt;
  while (end > 0 && BEFORE_VERB.has(tokens[end - 1]!.toLowerCase())) end--;
  const between = tokens.slice(end, verbAt).map((t) => t.toLowerCase());
  const negated = between.includes('not') || between.includes('longer') || between.some((t) => t.startsWith('doesn'));
  if (PLAIN.has(tokens[verbAt]!.toLowerCase()) !== (negated && !between.includes('longer'))) return null;
  const subject = tokens.slice(0, end);
  if (!subject.length || !SAYING_PLACES.has(placeOf(unmask(subject.join(' '), values)).kind)) return null;
  let rest = tokens.slice(verbAt + 1);
  while (rest.length && AFTER_VERB.has(rest[0]!.toLowerCase())) rest = rest.slice(1);
  if (!rest.length || COUNTS.has(rest[0]!.toLowerCase()) || !Number.isNaN(Number(rest[0]))) return null;
  const item = unmask(itemPhrase(rest).join(' '), values).trim();
  // "The cart shows '1 item'": its indicator's text, a count written out, is shown anywhere.
  const first = wordsOf(item)[0];
  if (!first || COUNTS.has(first) || !Number.isNaN(Number(first))) return null;
  const group = subject.filter((t, i) => i > 0 || !FILLER.has(t.toLowerCase())).join(' ');
  return { kind: 'item', item, claim: { group: unmask(group, values), negated } };
}

/** What the agent found of a place: how it reads in a message, its items' texts, all its seen text. */
export interface PlaceSeen {
  label: string;
  items: string[];
  text: string;
}

const q = (text: string) => JSON.stringify(text);

/** How a place reads in a message: "the list", "the cart", "the "Delete" dialog", "the section "Recent orders"". */
export function placeName(group: string): string {
  const { kind, words } = placeOf(group);
  if (kind === 'named') return q(group);
  return `the ${words.length ? `${q(words.join(' '))} ` : ''}${tokensOf(group).at(-1)!.toLowerCase()}`;
}

/**
 * Whether the item is (not) in the one place found. None found, or several that could be meant,
 * fails either way and says so; `others` names what the page shows instead (its lists in the
 * navigation, its dialogs of other names).
 */
export function judgeInPlace(
  item: string,
  group: string,
  negated: boolean,
  found: PlaceSeen[],
  others: string[] = [],
): Judgement {
  const where = placeName(group);
  if (!found.length)
    return {
      holds: false,
      why: `${where} was not found on the page${others.length ? ` (it shows ${others.slice(0, 6).join(', ')})` : ''}, and it is the only place looked at`,
    };
  if (found.length > 1)
    return {
      holds: false,
      why: `${found.length} places could be ${where}: ${found
        .slice(0, 4)
        .map((f) => f.label)
        .join('; ')}; name the one meant (its heading or label)`,
    };
  const place = found[0]!;
  const holding = place.items.filter((text) => itemFits(item, text));
  const shows = holding.length > 0 || showsWords(place.text, item);
  const seen = place.items.length
    ? `${place.label} shows ${listed(place.items)}`
    : `${place.label} reads ${q(place.text.length > 120 ? `${place.text.slice(0, 117)}...` : place.text)}`;
  if (negated)
    return shows ? { holds: false, why: `${place.label} still shows ${q(item)}: ${seen}` } : { holds: true, why: seen };
  return shows
    ? { holds: true, why: holding.length ? `${place.label} shows ${listed(holding)}` : seen }
    : { holds: false, why: seen };
}
