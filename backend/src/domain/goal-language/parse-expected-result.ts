// Expected results ("'Welcome, Ada' is shown and 'Error' is not shown") -> expectations. Also used
// for the checks inside a goal ("Verify that ...").
import type { ControlState, Expectation } from '../steps.js';
import { expectationPhrasings } from './phrasings.js';
import { isQuoted, maskQuotes, unmask } from './quotes.js';
import { splitGoal } from './split-goal.js';
import { itemClause, itemWithField } from './item-clauses.js';
import { itemPlaceClause } from './item-place-clauses.js';
import { emptyGroupClause, groupCountClause } from './group-count-clauses.js';
import { placeClaim, placeOf, placeSaysClause } from './expected-places.js';
import { looseTextClause, stateClause, vagueResult } from './state-clauses.js';
import { ITEM_KIND_NOUNS } from './item-description.js';

const INDEFINITE = new Set(['a', 'an']);
import { numberWordsFrom } from './number-words.js';
import { messageClause } from './message-clauses.js';

/** `why`: what a result that was understood but is too vague to check lacks, and how to say it. */
export type ExpectedResultParse =
  { ok: true; expectations: Expectation[] } | { ok: false; error: string; why?: string };

const NUMBER_WORDS: Record<string, number> = { no: 0, zero: 0, a: 1, an: 1, ...numberWordsFrom(1, 20) };
const N = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;
const SHOWN = '(?:shown|visible|displayed|present|showing|listed|there|on\\s+the\\s+page|on\\s+screen)';
/** A label of up to four words, or a quoted one; "X's price" and "the price of X" are item claims. */
const NAME_WORDS = '\\uE000\\d+\\uE001|(?:(?!of\\s)[\\w-]+\\s+){0,3}?[\\w-]+';
/** A shown figure: a number with its currency or unit ("$12.00", "€402", "7", "15 %"), or a quoted value. */
const FIGURE = '\\uE000\\d+\\uE001|[-+−]?(?:[$€£¥]\\s?)?\\d[\\d,.]*(?:\\s?(?:%|[$€£¥]|kr|SEK|NOK|DKK|EUR|USD|GBP))?';
const TEXT_NOUN = '(?:text|message|heading|label|title|notification|banner|button|link|error|toast|alert|page)';

/** "Grace as the first name": a field's value said after it ("Profile as the current step" is a state). */
const AS_FIELD = /^(.+?)\s+as\s+(?:the|its|my|your)\s+(?!(?:current|selected|active|chosen)\b)(.+)$/i;
const fieldHolds = (value: string, field: string, values: string[]): Expectation => ({
  kind: 'value',
  target: { name: unmask(field, values), noun: 'field', near: null },
  text: unmask(value, values),
});

/** Matchers, tried in order on one clause; `m` is the match on the skeleton. */
const CLAUSES: [RegExp, (m: RegExpExecArray, values: string[]) => Expectation | null][] = [
  // "The profile step still shows Grace as the first name": the field named holds the value.
  [
    /^(?:(?:the|this|that)\s+(?:[\w-]+\s+){0,3}?(?:page|step|form|dialog|section|screen|panel|card|modal)\s+)?(?:still\s+|now\s+)?(?:shows|has|lists|displays)\s+(.+?\s+as\s+(?:the|its|my|your)\s+.+)$/i,
    (m, v) => {
      const pair = AS_FIELD.exec(m[1]!);
      return pair ? fieldHolds(pair[1]!, pair[2]!, v) : null;
    },
  ],
  // "Refund not received shows Priya Nair as its assignee": the field of the item named first.
  [
    /^(?!(?:the|this|that)\s+(?:[\w-]+\s+){0,3}?(?:page|step|form|dialog|section|screen|panel|modal)\s)(?:the\s+)?(.+?)\s+(?:still\s+|now\s+)?(?:shows|has|lists|displays)\s+(.+?)\s+as\s+(?:its|their)\s+(.+)$/i,
    (m, v) => ({
      kind: 'item',
      item: unmask(m[1]!, v),
      claim: { field: unmask(m[3]!, v), value: unmask(m[2]!, v), negated: false },
    }),
  ],
  // "Ben Carter's ticket has Low priority", "The ticket 'Login fails' has status Pending": a field of
  // the item, its value a name (capitalised or quoted), said before or after the field.
  [
    // No i flag: the value's capital is what tells it from the field ("[Tt]he" written out).
    /^(?![Tt](?:he|his|hat)\s+(?:[\w-]+\s+){0,3}?(?:page|step|form|dialog|section|screen|panel|modal|cart|basket|list|table)\s)(?:[Tt]he\s+)?(.+?)\s+(?:still\s+|now\s+)?has\s+(?:(?:an?\s+)?(\uE000\d+\uE001|\p{Lu}[\p{L}\d-]*)\s+([a-z]+)|(?:the\s+|a\s+|an\s+)?([a-z]+)\s+(\uE000\d+\uE001|\p{Lu}[\p{L}\d-]*))$/u,
    (m, v) => {
      // "the ticket 'Login fails'": the item by its quoted name.
      const item = /^[a-z]+\s+(\uE000\d+\uE001)$/.exec(m[1]!)?.[1] ?? m[1]!;
      return {
        kind: 'item',
        item: unmask(item, v),
        claim: { field: m[3] ?? m[4]!, value: unmask(m[2] ?? m[5]!, v), negated: false },
      };
    },
  ],
  // "The cart shows 1 item": checked against the cart's indicator ("Cart (1)"), else its list.
  [
    new RegExp(
      `^(?:the\\s+|my\\s+)?(?:shopping\\s+)?(cart|basket|bag|trolley)\\s+(?:now\\s+)?(?:has|contains|shows|holds|lists|displays|says|includes)\\s+(?:exactly\\s+|only\\s+)?${N}\\s+(.+)$`,
      'i',
    ),
    (m, v) => count(m[2]!, `${unmask(m[3]!, v)} in the ${m[1]!.toLowerCase()}`),
  ],
  [
    new RegExp(
      `^(?:the\\s+)?(cart|basket|bag|trolley)(?:'s)?\\s+(?:count|counter|badge|icon|number|total)\\s+(?:is|shows|says|reads)\\s+${N}$`,
      'i',
    ),
    (m) => count(m[2]!, `items in the ${m[1]!.toLowerCase()}`),
  ],
  [
    new RegExp(`^there\\s+(?:is|are)\\s+(?:exactly\\s+|only\\s+)?${N}\\s+(.+)$`, 'i'),
    (m, v) => countOrText(m[1]!, m[2]!, v),
  ],
  [
    new RegExp(
      `^(?:the\\s+)?(list|table|grid)\\s+(?:now\\s+)?(?:has|contains|shows|lists|displays)\\s+(?:exactly\\s+|only\\s+)?${N}\\s+(.+)$`,
      'i',
    ),
    (m, v) => count(m[2]!, `${unmask(m[3]!, v)} in the ${m[1]!.toLowerCase()}`),
  ],
  [
    // "4 products are shown", "All 10 contacts are still listed", "1 item is listed", "Two rows are shown"
    // (not "A row named X is listed": an article is no count here).
    new RegExp(
      `^(?:all\\s+(?:the\\s+)?)?(?!an?\\s)${N}\\s+(.+?)\\s+(?:is|are)\\s+(?:still\\s+|now\\s+)?(?:shown|listed|visible|displayed)(\\s+in\\s+the\\s+(?:list|table|grid))?$`,
      'i',
    ),
    // "1 item left is shown" is a counter's text, shown as written.
    (m, v) =>
      /\b(?:left|remaining)$/i.test(m[2]!)
        ? null
        : count(m[1]!, `${unmask(m[2]!, v)}${m[3] ? m[3].toLowerCase().replace(/\s+/g, ' ') : ''}`),
  ],
  [
    /^(?:the\s+)?(?:current\s+|page\s+|browser\s+|page's\s+)?(?:url|address|location|path)\s+(?:now\s+)?(?:contains|includes|has|ends\s+with|starts\s+with|is|equals|matches)\s+(.+)$/i,
    (m, v) => ({ kind: 'urlContains', text: unmask(m[1]!, v) }),
  ],
  [
    /^(?:i\s+am|i'm|we\s+are|we're|the\s+user\s+is|you\s+are)\s+(?:now\s+)?(?:on|at)\s+(?:the\s+)?(\/\S*|https?:\/\/\S+|\uE000\d+\uE001)(?:\s+page)?$/i,
    (m, v) => ({ kind: 'urlContains', text: unmask(m[1]!, v) }),
  ],
  [
    /^(?:the\s+)?(?:page\s+|document\s+|window\s+|tab\s+|page's\s+)?title\s+(?:is|equals|reads)\s+(.+)$/i,
    (m, v) => ({ kind: 'titleIs', text: unmask(m[1]!, v) }),
  ],
  [
    new RegExp(
      `^(.+?)\\s+(?:is|are)\\s+(?:not|no\\s+longer|never)\\s+${SHOWN}(?:\\s+on\\s+the\\s+page|\\s+any\\s*more)?$`,
      'i',
    ),
    (m, v) => text('notVisible', m[1]!, v),
  ],
  [
    new RegExp(`^(.+?)\\s+(?:isn['’]t|aren['’]t)\\s+${SHOWN}(?:\\s+on\\s+the\\s+page|\\s+any\\s*more)?$`, 'i'),
    (m, v) => text('notVisible', m[1]!, v),
  ],
  [/^(.+?)\s+(?:is|are)\s+(?:hidden|gone|absent|missing)$/i, (m, v) => text('notVisible', m[1]!, v)],
  [
    /^(.+?)\s+(?:does\s+not|doesn['’]t|do\s+not|don['’]t|did\s+not)\s+(?:appear|show(?:\s+up)?|exist)(?:\s+any\s*more)?$/i,
    (m, v) => text('notVisible', m[1]!, v),
  ],
  [/^(.+?)\s+(?:disappears|disappeared|vanishes|vanished)$/i, (m, v) => text('notVisible', m[1]!, v)],
  [
    /^(?:the\s+)?(?:page|screen)\s+(?:does\s+not|doesn['’]t|no\s+longer)\s+(?:show|contain|display|say|include)s?\s+(.+)$/i,
    (m, v) => text('notVisible', m[1]!, v),
  ],
  [new RegExp(`^no\\s+(.+?)\\s+(?:is|are)\\s+${SHOWN}$`, 'i'), (m, v) => text('notVisible', m[1]!, v)],
  [
    new RegExp(
      `^(.+?)\\s+(?:is|are)\\s+(?:now\\s+|still\\s+)?${SHOWN}(?:\\s+on\\s+the\\s+page|\\s+on\\s+screen)?$`,
      'i',
    ),
    (m, v) => text('visible', m[1]!, v),
  ],
  [/^(.+?)\s+(?:appears|appear|shows\s+up|show\s+up)(?:\s+on\s+the\s+page)?$/i, (m, v) => text('visible', m[1]!, v)],
  [
    /^(?:the\s+)?(?:page|screen)\s+(?:now\s+)?(?:shows|displays|contains|says|reads|includes)\s+(.+)$/i,
    (m, v) => text('visible', m[1]!, v),
  ],
  [/^(?:(?:i|we|you|the\s+user)\s+(?:can\s+)?)?(?:see|sees)\s+(.+)$/i, (m, v) => text('visible', m[1]!, v)],
  // A value beside its label: "The subtotal is $12.00", "The Inbox unread count is still 4", "The
  // total on the review is €402", "a total of €270". After the cart, URL and title clauses, which
  // know those names better.
  [
    new RegExp(
      `^(?:the\\s+|my\\s+)?(${NAME_WORDS})(?:\\s+(?:on|in)\\s+the\\s+[\\w-]+(?:\\s+(?:page|step|screen|drawer|dialog|panel))?)?\\s+(?:is|equals)\\s+(?:now\\s+|still\\s+)?(${FIGURE})$`,
      'i',
    ),
    (m, v) => figure(m[1]!, m[2]!, v),
  ],
  // "The Inbox unread count shows 3": the count beside the name.
  [
    new RegExp(
      `^(?:the\\s+)?(?!(?:the|a|an)\\s)(${NAME_WORDS})\\s+(?:unread\\s+)?(?:count|counter)\\s+(?:shows|displays|reads|says)\\s+(?:now\\s+|still\\s+)?(${FIGURE})$`,
      'i',
    ),
    (m, v) => figure(m[1]!, m[2]!, v),
  ],
  // "Drafts shows 1 in the sidebar": a name as the page writes it (a capital, no article), a number.
  [
    new RegExp(
      `^(?!(?:The|A|An|My|This|That|Your|Our|It)\\b)(\\p{Lu}[\\w-]*(?:\\s+[\\w-]+){0,2}?)\\s+(?:shows|displays|reads|says)\\s+(?:now\\s+|still\\s+)?(${FIGURE})(?:\\s+(?:in|on)\\s+the\\s+[\\w-]+)?$`,
      'u',
    ),
    (m, v) => figure(m[1]!, m[2]!, v),
  ],
  // "The review shows a total of €270", "a balance of $5": a label of one or two words.
  [
    new RegExp(
      `^(?:(?:the\\s+)?[\\w-]+(?:\\s+(?:page|step|screen|drawer|dialog|panel))?\\s+(?:shows|displays|has|lists)\\s+)?(?:an?|the)\\s+(\\uE000\\d+\\uE001|(?:[\\w-]+\\s+)?[\\w-]+)\\s+of\\s+(${FIGURE})$`,
      'i',
    ),
    (m, v) => figure(m[1]!, m[2]!, v),
  ],
];

/** The value beside a label; "the Inbox unread count" is the figure beside "Inbox". */
function figure(name: string, value: string, values: string[]): Expectation | null {
  const label = unmask(name, values)
    .replace(/(\S)\s+(?:(?:view|queue|folder|tab|list)\s+)?(?:unread\s+)?(?:count|counter|badge)$/i, '$1')
    .trim();
  return label ? { kind: 'value', target: { name: label, noun: null, near: null }, text: unmask(value, values) } : null;
}

function numberOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()]!;
}

function count(n: string, noun: string): Expectation | null {
  const cleaned = noun.trim().replace(/\s+/g, ' ');
  // "The cart has a subtotal of $12": a figure (read by the clause for values), not one "subtotal".
  if (INDEFINITE.has(n.toLowerCase()) && new RegExp(`^[\\w-]+\\s+of\\s+(?:${FIGURE})\\b`, 'i').test(cleaned))
    return null;
  return cleaned ? { kind: 'count', count: numberOf(n), noun: cleaned } : null;
}

/** "There is a 'Welcome' message" is about text, "There are 2 items in the list" about a count. */
function countOrText(n: string, rest: string, values: string[]): Expectation | null {
  const quoted = /\uE000\d+\uE001/.exec(rest);
  if (quoted) return text(numberOf(n) === 0 ? 'notVisible' : 'visible', rest, values);
  if (INDEFINITE.has(n.toLowerCase())) return null;
  return count(n, unmask(rest, values));
}

/** The text of "the 'Saved' message", "the text Welcome", "'Welcome'". */
/** A name, then the kind of thing it names ("Linen Shirt item", "Welcome to the club screen"). */
const KIND_AFTER_NAME = new RegExp(
  `^(\\p{Lu}\\S*(?:\\s+\\p{Lu}\\S*)*)\\s+(?:${[...ITEM_KIND_NOUNS, 'plan', 'option'].join('|')})$|^(\\p{Lu}.*?)\\s+(?:screen|page|view)$`,
  'u',
);

function text(kind: 'visible' | 'notVisible', slot: string, values: string[]): Expectation | null {
  // "A row named 'Claw Hammer (copy)'", "a file called Budget.xlsx": the name is the text.
  let s = slot
    .trim()
    .replace(/^(?:the|a|an)\s+/i, '')
    .replace(/^(?:[a-z]+\s+){1,2}(?:named|called|titled|labell?ed)\s+(?=\S)/, '');
  // "The Linen Shirt item", "the Welcome to the club screen": the words the page shows.
  s = s.replace(KIND_AFTER_NAME, '$1$2');
  const around = new RegExp(`^(?:${TEXT_NOUN}\\s+)?(\\uE000\\d+\\uE001)(?:\\s+${TEXT_NOUN})?$`, 'i').exec(s);
  if (around) s = around[1]!;
  else if (!isQuoted(s)) s = s.replace(/^(?:text|message)\s+/i, '');
  const value = unmask(s, values);
  return value ? { kind, text: value } : null;
}

/** "should be shown" -> "is shown", "should contain" -> "contains", ... */
function normalizeModals(skeleton: string): string {
  return (
    skeleton
      .replace(/\b(?:should|must|will|shall)\s+not\s+be\b/gi, 'is not')
      .replace(/\b(?:should|must|will|shall)\s+be\b/gi, 'is')
      .replace(/\b(?:should|must|will|shall)\s+not\s+(appear|show|contain|display|exist|include)\b/gi, 'does not $1')
      .replace(/\b(?:should|must|will|shall)\s+have\b/gi, 'has')
      .replace(/\b(?:should|must|will|shall)\s+(contain|include|show|display|appear|equal|read|match|say)\b/gi, '$1s')
      .replace(/\b(?:should|must|will|shall)\s+(start|end)\s+with\b/gi, '$1s with')
      // "X no longer appears in the queue", "X is gone from Monday": not in that place; alone, not shown.
      .replace(
        /\b(?:no\s+longer\s+(?:appears|shows(?:\s+up)?|is\s+(?:shown|listed|visible|displayed))|is\s+gone)\s+(in|on|under|from)\b/gi,
        (_, at: string) => `is no longer ${at.toLowerCase() === 'from' ? 'in' : at}`,
      )
      .replace(
        /\b(?:no\s+longer\s+(?:appears|shows(?:\s+up)?|is\s+(?:shown|listed|visible|displayed))|is\s+gone)$/i,
        'is not shown',
      )
      // "The Welcome screen appears with a membership number": two claims.
      .replace(/^(.+?\s+(?:appears|is\s+shown|opens))\s+with\s+(an?\s+[a-z][\w\s-]*)$/i, '$1 and $2 is shown')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** "The cart says it is empty": said of itself. */
const SAYS_EMPTY = /^(.+?)\s+(?:says|shows|reports)\s+(?:that\s+)?(?:it|they)\s+(is|are)\s+(?:now\s+)?empty$/i;

/** Where on the page a subject is, which only says where to look: "the total at the bottom". */
const LOCATIVE =
  /\s+(?:at|on|in|near)\s+the\s+(?:very\s+)?(?:bottom|top|foot|end|left|right|side|footer|header|sidebar|corner)(?:\s+of\s+(?:the\s+)?(?:page|list|table|grid|screen|form|card|panel))?(?=\s)/i;

/** A clause's reading; else its reading without a place that only says where ("at the bottom"). */
function parseClause(clause: string, values: string[]): Expectation | null {
  return (
    readClause(clause, values) ?? (LOCATIVE.test(clause) ? readClause(clause.replace(LOCATIVE, ''), values) : null)
  );
}

function readClause(clause: string, values: string[]): Expectation | null {
  // "The cart says it is empty": its items are none, when it is a group of items; else the words
  // shown ("The Trash says it is empty": a message reads "Trash is empty").
  const ofItself = SAYS_EMPTY.exec(clause.trim());
  const none = ofItself ? parseClause(`${ofItself[1]} ${ofItself[2]} empty`, values) : null;
  if (none?.kind === 'count' || none?.kind === 'groupCount') return none;
  // "The Done column is empty" is about the items of a group, not the value of a field.
  const emptyGroup = emptyGroupClause(clause, values);
  if (emptyGroup) return emptyGroup;
  const aboutControl = messageClause(clause, values) ?? stateClause(clause, values) ?? itemClause(clause, values);
  if (aboutControl) return aboutControl;
  for (const [pattern, build] of CLAUSES) {
    const m = pattern.exec(clause);
    if (m) {
      const expectation = build(m, values);
      if (expectation) return expectation;
    }
  }
  // "Milk is on the page" keeps its reading as a text shown; a place ("the list", "the cart", "the Done
  // column", "the row of Ada") is where the text is looked for, and only there (expected-places.ts).
  const place = itemPlaceClause(clause, values) ?? groupCountClause(clause, values);
  if (place?.kind === 'item' && 'group' in place.claim && placeOf(place.claim.group).kind === 'page')
    return looseTextClause(clause, values) ?? place;
  return (place && placeClaim(place)) ?? placeSaysClause(clause, values) ?? looseTextClause(clause, values);
}

/** "(4 cards,) one of them 'Write docs'", "including Write docs": one of the items just counted. */
const ONE_OF_THEM = /^(?:one\s+of\s+(?:them|which)\s+(?:is\s+|being\s+|called\s+|named\s+)?|including\s+)(.+)$/i;

/** "... and 'B' is not", "but B isn't": a subject and a bare negation. */
const ELIDED_NOT = /^(.+?)\s+(?:(?:is|are|was|were)\s+not|isn['’]t|aren['’]t)$/i;

/** "Neither A nor B is listed": each is not shown. */
const NEITHER = new RegExp(`^neither\\s+(.+?)\\s+nor\\s+(.+?)\\s+(?:is|are)\\s+(?:still\\s+)?${SHOWN}$`, 'i');

const OPPOSITE: Record<ControlState, ControlState> = {
  checked: 'unchecked',
  unchecked: 'checked',
  selected: 'unselected',
  unselected: 'selected',
  expanded: 'collapsed',
  collapsed: 'expanded',
  disabled: 'enabled',
  enabled: 'disabled',
  open: 'closed',
  closed: 'open',
};

/**
 * "A is shown and B is not", "A is in My Drive and B is not", "'One number' is ticked but
 * 'At least 8 characters' is not": `subject` with the predicate of the clause before, negated. Null
 * where the clause before is not one to borrow from (a value, a count). After a negated state ("A is
 * not checked and B is not"), B is in A's state: not checked either.
 */
function elidedNegation(before: Expectation, said: string, subject: string, values: string[]): Expectation | null {
  if (before.kind === 'visible' || before.kind === 'notVisible') return text('notVisible', subject, values);
  const item = unmask(subject.trim().replace(/^the\s+/i, ''), values);
  if (before.kind === 'item' && ('group' in before.claim || 'mark' in before.claim))
    return item ? { kind: 'item', item, claim: { ...before.claim, negated: true } } : null;
  if (before.kind !== 'state') return null;
  const negatedBefore = /\b(?:not|no longer|never)\b|n['’]t\b/i.test(said);
  const borrowed = parseClause(`${subject} is ${negatedBefore ? before.state : OPPOSITE[before.state]}`, values);
  return borrowed?.kind === 'state' ? borrowed : null;
}

/** A clause that is only quoted texts ("'A', 'B'") borrows the predicate of the next ("and 'C' are shown"). */
const BARE_TOKENS = /^\uE000\d+\uE001(?:\s*,\s*\uE000\d+\uE001)*$/;

/** The name a claim is about, for a pronoun after it; null when it is about no one thing. */
function subjectOf(expectation: Expectation): string | null {
  if (expectation.kind === 'groupCount') return expectation.group;
  if (expectation.kind === 'item') return expectation.item;
  if (expectation.kind === 'value' || expectation.kind === 'state') return expectation.target.name;
  return null;
}

function parseSentenceSkeleton(skeleton: string, values: string[]): Expectation[] | null {
  const parts = skeleton
    .split(
      /\s*,?\s+(?:and|but)\s+|\s*,\s+(?=(?:the|there|\uE000|one\s+of\s+(?:them|which)|including|with\b(?=[^,]*$))\b)/i,
    )
    .filter((part) => part.trim());
  const out: Expectation[] = [];
  let pending: string[] = [];
  for (let i = 0; i < parts.length;) {
    const last = out.at(-1);
    // "'A' is shown and 'B' is not": the clause borrows the predicate before it, negated.
    const elided = ELIDED_NOT.exec(parts[i]!.trim());
    const negated = elided && last && !pending.length ? elidedNegation(last, parts[i - 1]!, elided[1]!, values) : null;
    if (negated) {
      out.push(negated);
      i++;
      continue;
    }
    // "The Unassigned view is empty and its count is 0": "its" is the thing the clause before was about.
    const subject = last && !pending.length ? subjectOf(last) : null;
    if (subject && /^(?:its|their)\s/i.test(parts[i]!.trim())) {
      parts[i] = parts[i]!.trim().replace(/^(?:its|their)\s/i, `${subject} `);
      continue;
    }
    // "P-1048 is the first row, with a unit cost of $389.00": a field of the item just named.
    const owner = last?.kind === 'item' && !pending.length ? last.item : null;
    const field = owner ? itemWithField(owner, parts[i]!, values) : null;
    if (field) {
      out.push(field);
      i++;
      continue;
    }
    // "The To do column has 4 cards, one of them 'Write docs'": that one is among the items counted.
    const member = ONE_OF_THEM.exec(parts[i]!.trim());
    if (member && !pending.length && (last?.kind === 'groupCount' || last?.kind === 'count')) {
      const name = unmask(member[1]!, values).trim();
      out.push(
        last.kind === 'groupCount'
          ? { kind: 'item', item: name, claim: { group: last.group, negated: false } }
          : { kind: 'visible', text: name },
      );
      i++;
      continue;
    }
    // "Starred lists A and B": B is in the group too.
    const inGroup = last?.kind === 'item' && 'group' in last.claim ? last.claim : null;
    if (
      inGroup &&
      !pending.length &&
      /^(?:[\p{Lu}\d]|\uE000)/u.test(parts[i]!.trim()) &&
      !parseClause(parts[i]!, values)
    ) {
      out.push({ kind: 'item', item: unmask(parts[i]!.trim(), values), claim: inGroup });
      i++;
      continue;
    }
    if (BARE_TOKENS.test(parts[i]!.trim())) {
      pending.push(...parts[i]!.split(',').map((token) => unmask(token, values)));
      i++;
      continue;
    }
    // "... shows Grace as the first name and Canada as the country": the second pair borrows the verb.
    const pair = last?.kind === 'value' && !pending.length ? AS_FIELD.exec(parts[i]!.trim()) : null;
    if (pair) {
      out.push(fieldHolds(pair[1]!, pair[2]!, values));
      i++;
      continue;
    }
    const neither = NEITHER.exec(parts[i]!.trim());
    const each = neither ? [text('notVisible', neither[1]!, values), text('notVisible', neither[2]!, values)] : [];
    if (each.length && !pending.length && each.every((e): e is Expectation => e !== null)) {
      out.push(...each);
      i++;
      continue;
    }
    // Shortest run of parts that parses, so an unquoted "Terms and conditions is shown" still works.
    let parsed: Expectation | null = null;
    let j = i + 1;
    for (; j <= parts.length && !parsed; j++) parsed = parseClause(parts.slice(i, j).join(' and '), values);
    if (!parsed) return null;
    if (pending.length) {
      if (parsed.kind !== 'visible' && parsed.kind !== 'notVisible') return null;
      for (const t of pending) out.push({ kind: parsed.kind, text: t });
      pending = [];
    }
    out.push(parsed);
    i = j - 1;
  }
  return pending.length ? null : out;
}

export function parseExpectedResult(text: string): ExpectedResultParse {
  const sentences = splitGoal(text);
  if (!sentences.length) return { ok: true, expectations: [] };
  const expectations: Expectation[] = [];
  for (const sentence of sentences) {
    const { skeleton, values } = maskQuotes(sentence);
    const vague = vagueResult(normalizeModals(skeleton)) ?? pronounSubject(normalizeModals(skeleton));
    if (vague) return { ok: false, error: expectationNotUnderstood(sentence, vague), why: vague };
    const parsed = parseSentenceSkeleton(normalizeModals(skeleton), values);
    if (!parsed) return { ok: false, error: expectationNotUnderstood(sentence) };
    expectations.push(...parsed);
  }
  return { ok: true, expectations };
}

/**
 * "It no longer appears in the queue": a claim about "it" would be checked on a text "It" (and a
 * negated one would pass on any page), so it is refused, saying to name the thing.
 */
const BARE_PRONOUN =
  /(?:^|\s(?:and|but)\s)(it|they|he|she|this|that|these|those)\s+(?:is|are|was|were|no\s+longer|does|do|did|has|have|had|appears?|shows?|disappears?|gets?|goes)\b/i;
function pronounSubject(skeleton: string): string | null {
  const m = BARE_PRONOUN.exec(skeleton);
  return m
    ? `"${m[1]}" does not say what it is (the expected result is checked on the page alone); name it, e.g. "'Spam offer' no longer appears in the queue"`
    : null;
}

/** `why`: what is missing from a result that is understood but too vague to check, and how to say it. */
export function expectationNotUnderstood(sentence: string, why?: string): string {
  return `Could not understand the expected result "${sentence}"${why ? `: ${why}` : ''}. Understood phrasings (quotes optional where unambiguous):\n${expectationPhrasings()}`;
}
