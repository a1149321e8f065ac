// Expected results about one row, list item or card, found by a text it shows: what else it shows
// ("The row of Ada shows Admin", "Ada's card does not say Overdue"), where it stands in its list
// ("Ada is in the first row", "The last result is Ada", "Ada is listed first") and whether it is
// alone there ("Only Ada is listed", "Ada is the only contact left"). One clause of the skeleton
// (quoted values masked, modals normalized), like state-clauses.ts.
import type { Expectation, ItemClaim } from '../steps.js';
import { THING_KINDS } from './item-description.js';
import { ITEM_MARKS } from './item-marks.js';
import { NUMBER_WORDS } from './number-words.js';
import { unmask } from './quotes.js';
import { ORDINAL_ALTERNATION, ordinalOf } from './target-phrase.js';

/** The words that name an item of a list: a row, a card, an entry... (not the list itself). */
const ROW_WORDS = 'row|line|card|entry|item|record|listing|result|tile';
const ROW = `(?:${ROW_WORDS})`;
/** Also what an item is about, where no field of it can be meant ("Ada is the only contact left"). */
const ITEM = `(?:${ROW_WORDS}|message|email|contact|product|user|task|order|one)`;
const SHOWS = '(?:shows|says|reads|contains|has|lists|displays|includes|mentions)';
const NOT_SHOWS = `(?:does\\s+not|doesn['’]t|no\\s+longer)\\s+(?:show|say|read|contain|have|list|display|include|mention)s?`;
const IN_LIST = '(?:in|on)\\s+the\\s+(?:list|table|results|page|board)';
const LISTED = `(?:(?:shown|listed|visible|displayed|left|remaining|there)(?:\\s+${IN_LIST})?|${IN_LIST})`;
/** A noun phrase of up to four words, before an item word ("the only active contact"). */
const WORDS = "(?:[\\w'’-]+\\s+){0,3}?";

type Build = (m: RegExpExecArray, values: string[]) => (ItemClaim & { item: string }) | null;

/** "the Admin tag" is what the item shows: "Admin". */
function tagText(shown: string): string {
  return /^(?:the|a|an)\s+(.+?)\s+(?:label|tag|badge|chip)$/i.exec(shown)?.[1] ?? shown;
}

/** "Ada's row", "the Ada card": the item's own words. */
const ROW_SUFFIX = new RegExp(`(?:['’]s)?\\s+${ROW}$`, 'i');
const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * "Ada, Grace and Alan" as the only items of their list; with a count said before ("only two
 * cards"), the names must be that many (else the sentence's " and " split elsewhere: not this).
 */
function onlyThese(list: string, count: string | undefined, values: string[]): (ItemClaim & { item: string }) | null {
  const names = list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((name) => unmask(name, values).trim())
    .filter(Boolean);
  const said = count === undefined ? null : (COUNTS[count.toLowerCase()] ?? Number(count));
  if (names.length < (said === null ? 2 : 1) || (said !== null && said !== names.length)) return null;
  const [item, ...others] = names;
  return others.length ? { item: item!, only: true, others } : { item: item!, only: true };
}

/** "a quantity of 40", "the status of Lead": a field and its value. */
const FIELD_OF = /^(?:a|an|the)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+of\s+([\d$€£¥+\-−\p{Lu}\uE000].*)$/u;
/** Also "the status In stock", "status Customer": the field in lower case, its value written as one. */
const FIELD_VALUE =
  /^(?:(?:a|an|the|its)\s+)?([a-z][\w-]*(?:\s+(?!of\s)[a-z][\w-]*)?)\s+(?:of\s+)?([\d$€£¥+\-−\p{Lu}\uE000].*)$/u;

/** "(P-1048 is the first row), with a unit cost of $389.00": a field of an item already named. */
export function itemWithField(item: string, said: string, values: string[]): Expectation | null {
  const m = /^with\s+(.+)$/i.exec(said.trim());
  const claim = m && (withField(item, m[1]!, values, FIELD_OF) ?? withField(item, m[1]!, values));
  if (!claim) return null;
  const { item: named, ...rest } = claim;
  return { kind: 'item', item: named, claim: rest };
}

/** "Green Widget (is listed) with the status In stock": the item, one field of it and its value. */
function withField(
  item: string,
  said: string,
  values: string[],
  pattern = FIELD_VALUE,
): (ItemClaim & { item: string }) | null {
  const field = pattern.exec(said.trim());
  return field
    ? { item: unmask(item, values), field: field[1]!, value: unmask(field[2]!, values), negated: false }
    : null;
}

/** An item's kind said after a possessive: "George Miller's Saturday appointment", "Priya's claim". */
const KIND = `(?:${THING_KINDS.filter((noun) => /^[a-z-]+$/.test(noun)).join('|')})`;

const CLAUSES: [RegExp, Build][] = [
  // "The row of Ada (does not) show(s) Admin", "Ada's card says Overdue", "the entry for Ada has Admin".
  [
    new RegExp(
      `^(?:the\\s+)?(?:${ROW}\\s+(?:of|for|with)\\s+(.+?)|(.+?)['’]s\\s+${ROW})\\s+(?:(${NOT_SHOWS})|${SHOWS})\\s+(.+)$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1] ?? m[2]!, v), shows: tagText(unmask(m[4]!, v)), negated: m[3] !== undefined }),
  ],
  // "George Miller's Saturday appointment is shown as Cancelled", "Maria's 10 Dec appointment shows
  // Cancelled": the item (a person's, said by its kind) shows the value, written like a name.
  [
    new RegExp(
      `^((?:the\\s+)?(?:\\S+\\s+){0,3}?\\S+?['’]s\\s+(?:\\S+\\s+){0,3}?${KIND})\\s+(?:is\\s+(?:now\\s+)?(?:shown|marked|listed)\\s+as|is\\s+(?:now\\s+)?marked|now\\s+shows|shows|says|reads)\\s+(?:the\\s+status\\s+|status\\s+)?([\\p{Lu}\\d\\uE000][^]*?)(?:\\s+in\\s+the\\s+(?:list|table))?$`,
      'u',
    ),
    (m, v) => ({ item: unmask(m[1]!, v), shows: unmask(m[2]!, v), negated: false }),
  ],
  // "Ada is (in) the first row", "Ada is listed first", "Ada comes last", "Ada is at the top of the list".
  [
    new RegExp(
      `^(.+?)\\s+(?:is|comes|appears|shows)\\s+(?:now\\s+|still\\s+)?(?:(?:listed|shown|sorted)\\s+)?(?:(?:in|on|at)\\s+)?(?:the\\s+)?(?:(${ORDINAL_ALTERNATION})(?:\\s+${WORDS}${ITEM}s?)?(?:\\s+(?:in|of)\\s+the\\s+(?:list|table|results))?|(top|bottom)(?:\\s+of\\s+the\\s+(?:list|table|results))?)$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1]!, v), position: m[2] ? ordinalOf(m[2])! : m[3]!.toLowerCase() === 'top' ? 1 : -1 }),
  ],
  // "The first row is Ada", "The last result shows Ada".
  [
    new RegExp(`^the\\s+(${ORDINAL_ALTERNATION})\\s+${WORDS}${ITEM}\\s+(?:is|${SHOWS})\\s+(.+)$`, 'i'),
    (m, v) => ({ item: unmask(m[2]!, v), position: ordinalOf(m[1]!)! }),
  ],
  // "Only Ada and Grace are listed", "Only two cards are visible: Fix login and Crash on empty cart".
  [
    new RegExp(
      `^only\\s+(?:(\\d+|two|three|four|five|six)\\s+${WORDS}${ITEM}s?\\s+(?:is|are)\\s+(?:still\\s+)?${LISTED}\\s*:\\s*(.+)|(.+?)\\s+are\\s+(?:still\\s+)?${LISTED})$`,
      'i',
    ),
    (m, v) => onlyThese(m[2] ?? m[3]!, m[1], v),
  ],
  // "Ada's row has the Admin tag", "Write docs has the Design label": the item shows the tag's text.
  [
    new RegExp(
      `^(.+?)\\s+(?:has|shows|carries|is\\s+tagged\\s+with)\\s+(?:the|a|an)\\s+(.+?)\\s+(?:label|tag|badge|chip)$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1]!, v).replace(ROW_SUFFIX, ''), shows: unmask(m[2]!, v), negated: false }),
  ],
  // "The Dark mode card shows Dec 24", "the Ada row does not say Admin".
  [
    // (Not "has": "The Buy milk item has been removed" is about the item itself.)
    new RegExp(`^the\\s+(.+?)\\s+${ROW}\\s+(?:(${NOT_SHOWS})|${SHOWS.replace('has|', '')})\\s+(.+)$`, 'i'),
    (m, v) => ({ item: unmask(m[1]!, v), shows: unmask(m[3]!, v), negated: m[2] !== undefined }),
  ],
  // "Green Widget is listed with the status In stock", "Ada appears with role Admin".
  [
    new RegExp(`^(.+?)\\s+(?:is\\s+(?:now\\s+|still\\s+)?${LISTED}|appears|shows\\s+up)\\s+with\\s+(.+)$`, 'i'),
    (m, v) => withField(m[1]!, m[2]!, v),
  ],
  // "Garden Hose 30m now has a quantity of 23": a named item's field ("The cart has a total of $5" is
  // about a part of the page, read with the figures).
  [
    /^(?!(?:the|a|an|my|this|that|your|our|it)\b)(.+?)\s+(?:now\s+|still\s+)?has\s+(.+)$/i,
    (m, v) => withField(m[1]!, m[2]!, v, FIELD_OF),
  ],
  // "Marco Rossi's message is starred", "The Q4 roadmap review is no longer pinned".
  [
    new RegExp(
      `^(.+?)\\s+(?:is|are)\\s+(?:still\\s+|now\\s+)?(not\\s+|no\\s+longer\\s+)?(${Object.keys(ITEM_MARKS).join('|')})$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1]!, v), mark: m[3]!.toLowerCase(), negated: m[2] !== undefined }),
  ],
  // "Only Electrical products are listed", "Only 'In stock' items are shown": a name, then a plural kind
  // of item: what every item left shows (a category, a status), not an item's name.
  [
    new RegExp(
      // Case-sensitive: the name is written like one (capitalised, a figure, quoted), the rest in lower case.
      `^[Oo]nly\\s+((?:[\\p{Lu}\\d\uE000][^\\s,]*\\s+){1,3}?)(?:${ITEM}|file|folder|room|hotel|issue|ticket)s\\s+(?:are|remain)\\s+(?:still\\s+)?${LISTED}$`,
      'u',
    ),
    // Not a count ("Only 3 rows are shown"), nor several names ("Only Ada and Grace ...").
    (m, v) =>
      /\b(?:and|or)\b/i.test(m[1]!) || /^\d+$/.test(m[1]!.trim()) || NUMBER_WORDS.includes(m[1]!.trim().toLowerCase())
        ? null
        : { item: unmask(m[1]!.trim(), v), every: true },
  ],
  // "Only Ada is listed", "Ada is the only contact left", "Only Ada remains".
  [
    new RegExp(
      `^(?:only\\s+(.+?)\\s+(?:is|are)\\s+(?:still\\s+)?${LISTED}|only\\s+(.+?)\\s+remains?|(.+?)\\s+is\\s+(?:now\\s+)?the\\s+only\\s+${WORDS}(?:${ITEM}|${LISTED})(?:\\s+${WORDS}${LISTED})?)$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1] ?? m[2] ?? m[3]!, v), only: true }),
  ],
];

/** The item expectation a clause states, or null when it is about something else. */
export function itemClause(clause: string, values: string[]): Expectation | null {
  for (const [pattern, build] of CLAUSES) {
    const m = pattern.exec(clause.trim());
    if (!m) continue;
    const built = build(m, values);
    if (!built) continue;
    const { item, ...claim } = built;
    const cleaned = item.replace(/^(?:the|a|an)\s+/i, '').trim();
    if (!cleaned || ('shows' in claim && !claim.shows.trim())) continue;
    // "The Blue Widget row shows a quantity of 40": its quantity is 40.
    const field = 'shows' in claim ? FIELD_OF.exec(claim.shows.trim()) : null;
    if (field && 'shows' in claim)
      return { kind: 'item', item: cleaned, claim: { field: field[1]!, value: field[2]!, negated: claim.negated } };
    return { kind: 'item', item: cleaned, claim };
  }
  return null;
}
