// Expected results about one row, list item or card, found by a text it shows: what else it shows
// ("The row of Ada shows Admin", "Ada's card does not say Overdue"), where it stands in its list
// ("Ada is in the first row", "The last result is Ada", "Ada is listed first") and whether it is
// alone there ("Only Ada is listed", "Ada is the only contact left"). One clause of the skeleton
// (quoted values masked, modals normalized), like state-clauses.ts.
import type { Expectation, ItemClaim } from '../steps.js';
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

type Build = (m: RegExpExecArray, values: string[]) => ItemClaim & { item: string };

const CLAUSES: [RegExp, Build][] = [
  // "The row of Ada (does not) show(s) Admin", "Ada's card says Overdue", "the entry for Ada has Admin".
  [
    new RegExp(
      `^(?:the\\s+)?(?:${ROW}\\s+(?:of|for|with)\\s+(.+?)|(.+?)['’]s\\s+${ROW})\\s+(?:(${NOT_SHOWS})|${SHOWS})\\s+(.+)$`,
      'i',
    ),
    (m, v) => ({ item: unmask(m[1] ?? m[2]!, v), shows: unmask(m[4]!, v), negated: m[3] !== undefined }),
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
    const { item, ...claim } = build(m, values);
    const cleaned = item.replace(/^(?:the|a|an)\s+/i, '').trim();
    if (!cleaned || ('shows' in claim && !claim.shows.trim())) continue;
    return { kind: 'item', item: cleaned, claim };
  }
  return null;
}
