// Judging a field or group claim (item-place-clauses.ts) on what the page shows, without I/O: which
// of an item's fields the sentence names, and which of the page's columns, lists, folders or
// sections it means. Words, not spellings: "the Done column" is the section headed "Done", "inbox"
// the folder "Inbox 4" (its count is not part of its name).
import { describe, fit, wordsOf } from './item-description.js';

/** Nouns that say what a group is, not which: "the Done column", "the Sent folder". */
const GROUP_NOUNS = new Set([
  'column',
  'columns',
  'list',
  'lane',
  'folder',
  'section',
  'tab',
  'panel',
  'group',
  'category',
  'box',
  'board',
  'page',
  'table',
  'view',
  'screen',
]);
/** Whether the words end with a noun that says what a group is ("the Done column", "the Sent folder"). */
export function endsWithGroupNoun(words: string[]): boolean {
  return words.length > 1 && GROUP_NOUNS.has(words.at(-1)!.toLowerCase());
}

/** Groups that are the whole page: "X is no longer on the board". */
const WHOLE_PAGE = new Set(['board', 'page', 'screen', 'list', 'table', 'results', 'site', 'queue', 'grid']);

export interface Region {
  /** What names it: its label, heading, caption; a current folder's link text. */
  names: string[];
  /** The texts of the items it holds. */
  items: string[];
}

export interface Field {
  name: string;
  value: string;
}

const letters = (text: string) => wordsOf(text).filter((word) => /\p{L}/u.test(word));

/** Whether a region's name is the group the sentence names: the same words, less kind nouns and counts. */
export function groupNameFits(group: string, name: string): boolean {
  const wanted = letters(group).filter((word) => !GROUP_NOUNS.has(word));
  const has = letters(name);
  if (!wanted.length || !has.length) return false;
  return (
    wanted.join(' ') === has.join(' ') || (wanted.every((w) => has.includes(w)) && has.every((w) => wanted.includes(w)))
  );
}

/** The group means the whole page ("on the board", "in the list"), not one part of it. */
export function isWholePage(group: string): boolean {
  const words = letters(group);
  if (words.length > 0 && words.every((word) => WHOLE_PAGE.has(word))) return true;
  // "the ticket list", "the product table": the page's list, the kind of its items said first in
  // lower case ("the Done list" is a group's name).
  const said = group
    .trim()
    .replace(/^(?:the|my|our)\s+/i, '')
    .split(/\s+/);
  return said.length === 2 && /^[a-z][a-z-]*$/.test(said[0]!) && WHOLE_PAGE.has(said[1]!.toLowerCase());
}

/** Whether an item's text is the item: the exact text as whole words, else every content word of it. */
export function itemFits(item: string, text: string): boolean {
  const wanted = wordsOf(item).join(' ');
  if (wanted && ` ${wordsOf(text).join(' ')} `.includes(` ${wanted} `)) return true;
  const description = describe(item);
  return description !== null && fit(description, text) !== null;
}

export type Judgement = { holds: boolean; why: string };

const q = (text: string) => JSON.stringify(text);
/** Up to 8 texts, quoted and shortened, for a message. */
export const listed = (texts: string[]) =>
  texts
    .slice(0, 8)
    .map((t) => q(t.length > 50 ? `${t.slice(0, 47)}...` : t))
    .join(', ') || 'nothing';

/**
 * Whether the item is (not) in the group. A group not shown on the page fails either way: that the
 * item is not seen says nothing about a folder nobody opened.
 */
export function judgeGroup(
  item: string,
  group: string,
  negated: boolean,
  regions: Region[],
  page: string[],
): Judgement {
  const named =
    isWholePage(group) && !regions.some((r) => r.names.some((n) => groupNameFits(group, n)))
      ? [{ names: [group], items: page }]
      : regions.filter((r) => r.names.some((n) => groupNameFits(group, n)));
  if (!named.length) {
    const shown = [...new Set(regions.flatMap((r) => r.names))];
    return {
      holds: false,
      why: `no column, list, folder or section named ${q(group)} is shown (the page shows ${listed(shown)}); open it first`,
    };
  }
  const holding = named.flatMap((r) => r.items.filter((text) => itemFits(item, text)));
  const where = `${q(group)} shows ${listed(named.flatMap((r) => r.items))}`;
  if (negated)
    return holding.length
      ? { holds: false, why: `${q(group)} still shows ${listed(holding)}` }
      : { holds: true, why: where };
  if (holding.length) return { holds: true, why: `${q(group)} shows ${listed(holding)}` };
  const elsewhere = regions.filter((r) => !named.includes(r) && r.items.some((text) => itemFits(item, text)));
  const other = elsewhere.length ? `; ${q(item)} is in ${listed(elsewhere.map((r) => r.names[0] ?? ''))}` : '';
  return { holds: false, why: `${where}${other}` };
}

/** Whether `value` is in `text` as whole words. */
export function showsWords(text: string, value: string): boolean {
  const wanted = wordsOf(value).join(' ');
  return wanted !== '' && ` ${wordsOf(text).join(' ')} `.includes(` ${wanted} `);
}

/**
 * Whether one item's field shows the value: the field whose name is the sentence's (a column header,
 * a label); where the item has no field of that name, its whole text.
 */
export function judgeField(field: string, value: string, negated: boolean, fields: Field[], text: string): Judgement {
  const named = fields.filter(
    (f) => groupNameFits(field, f.name) || wordsOf(f.name).join(' ') === wordsOf(field).join(' '),
  );
  const where = named.length ? named : [{ name: '', value: text }];
  const about = named.length
    ? `its ${q(named[0]!.name)} is ${q(named[0]!.value)}`
    : `it has no ${q(field)} field and reads ${q(text)}`;
  const shows = where.some((f) => showsWords(f.value, value));
  return { holds: shows !== negated, why: about };
}

/**
 * Whether the group named so shows `count` items. Two groups of that name that disagree fail; a
 * group not shown fails, naming those shown.
 */
export function judgeGroupCount(group: string, count: number, regions: Region[]): Judgement {
  const named = regions.filter((r) => r.names.some((n) => groupNameFits(group, n)));
  if (!named.length)
    return {
      holds: false,
      why: `no column, list, folder or section named ${q(group)} is shown (the page shows ${listed([...new Set(regions.flatMap((r) => r.names))])})`,
    };
  const counts = [...new Set(named.map((r) => r.items.length))];
  const why = `${q(named[0]!.names[0]!)} shows ${counts.join(' or ')}: ${listed(named[0]!.items)}`;
  return { holds: counts.length === 1 && counts[0] === count, why };
}
