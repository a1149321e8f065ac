// Checks an expected result about one row, list item or card (domain/goal-language/item-clauses.ts):
// found by a text it shows, as whole words. Strict where a person would be: the row of "Ada" shows
// "Admin" only when every row showing "Ada" shows it (two such rows that disagree fail, naming both).
import type { Page } from 'playwright-core';
import { formatItemClaim } from '../domain/goal-language/format.js';
import { ordinalWord } from '../domain/goal-language/target-phrase.js';
import { resolvePlaceholders, type ConfigValues, type Expectation } from '../domain/steps.js';
import { itemsShowing, type ItemFound } from './item-scripts.js';
import { placesOnPage, type PagePlaces } from './item-place-scripts.js';
import { groupNameFits, judgeField, judgeGroup, judgeGroupCount } from '../domain/goal-language/item-places.js';
import { judgeInPlace, placeOf } from '../domain/goal-language/expected-places.js';
import { placesNamed, type PlacesFound } from './check-place.js';
import { formatGroupCount } from '../domain/goal-language/format.js';
import { itemPhrase } from '../domain/goal-language/item-place-clauses.js';
import { readMark } from '../domain/goal-language/item-marks.js';
import { pollUntil } from './poll-until.js';

type ItemExpectation = Extract<Expectation, { kind: 'item' }>;

export interface ItemResult {
  passed: boolean;
  title: string;
  line: string;
}

function wholeWords(text: string, wanted: string): boolean {
  const escaped = wanted
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** The nth item (1-based; -1 the last) of a list of `count`, as a 1-based index. */
function indexOf(position: number, count: number): number {
  return position < 0 ? count + 1 + position : position;
}

/** Whether the claim holds of the items that show the item's text, and if not, why (one clause). */
function judge(expectation: ItemExpectation, item: string, found: ItemFound[]): { holds: boolean; why: string } {
  const { claim } = expectation;
  const q = JSON.stringify(item);
  if (!found.length) return { holds: false, why: `no row, list item or card shows ${q}` };
  const list = (f: ItemFound) => f.items.map((text) => JSON.stringify(text)).join(', ');
  if ('mark' in claim) {
    // Every item showing the text must agree, and say so: one that shows nothing of the mark fails.
    const readings = found.map((f) => ({ f, reading: readMark(claim.mark, f.toggles, f.text) }));
    const wrong = readings.find(({ reading }) => reading.on === null || reading.on === claim.negated);
    const which = (f: ItemFound) =>
      found.length > 1 ? `the item reading ${JSON.stringify(f.text)}` : `the item showing ${q}`;
    if (!wrong) return { holds: true, why: `${which(found[0]!)}: ${readings[0]!.reading.by}` };
    return { holds: false, why: `${which(wrong.f)}: ${wrong.reading.by}` };
  }
  if ('field' in claim) {
    // Every item showing the text must agree, as for "shows": two rows that differ fail, naming both.
    const verdicts = found.map((f) => judgeField(claim.field, claim.value, claim.negated, f.fields, f.text));
    const wrong = verdicts.find((v) => !v.holds);
    if (!wrong) return { holds: true, why: `the item showing ${q}: ${verdicts[0]!.why}` };
    return {
      holds: false,
      why: `${found.length > 1 ? `${found.length} items show ${q}; one of them` : `the item showing ${q}`}: ${wrong.why}`,
    };
  }
  if ('shows' in claim) {
    const showing = found.filter((f) => wholeWords(f.text, claim.shows) || wholeWords(f.words, claim.shows));
    if (claim.negated)
      return showing.length
        ? { holds: false, why: `the item showing ${q} reads ${JSON.stringify(showing[0]!.text)}` }
        : { holds: true, why: `the item showing ${q} reads ${JSON.stringify(found[0]!.text)}` };
    if (showing.length === found.length)
      return { holds: true, why: `the item showing ${q} reads ${JSON.stringify(found[0]!.text)}` };
    return {
      holds: false,
      why:
        found.length > 1
          ? `${found.length} items show ${q}, and not all of them show ${JSON.stringify(claim.shows)}: ${found.map((f) => JSON.stringify(f.text)).join(', ')}; name the item by a text only it shows`
          : `the item showing ${q} reads ${JSON.stringify(found[0]!.text)}`,
    };
  }
  if ('position' in claim) {
    const at = found.find((f) => f.position === indexOf(claim.position, f.count));
    return at
      ? { holds: true, why: `it is item ${at.position} of ${at.count}` }
      : {
          holds: false,
          why: `${q} is item ${found.map((f) => `${f.position} of ${f.count}`).join(', item ')}, not the ${ordinalWord(claim.position)}; the list reads ${list(found[0]!)}`,
        };
  }
  if ('every' in claim) {
    // One list whose every item shows the text: a list holding some that do not fails, naming them.
    const whole = found.find((f) => !f.others.length);
    if (whole) return { holds: true, why: `all ${whole.count} items of its list show ${q}` };
    const others = found[0]!.others.map((text) => JSON.stringify(text)).join(', ');
    return { holds: false, why: `its list shows ${found[0]!.count} items, and ${others} do not show ${q}` };
  }
  const alone = found.find((f) => f.count === 1);
  return alone
    ? { holds: true, why: 'it is the only item of its list' }
    : { holds: false, why: `its list shows ${found[0]!.count} items: ${list(found[0]!)}` };
}

/**
 * "Only Ada and Grace are listed": one list of exactly that many items in which each name is shown by
 * an item of its own (`found[i]`: the items showing `names[i]`; a list is known by its items' texts).
 */
function judgeOnlyThese(names: string[], found: ItemFound[][]): { holds: boolean; why: string } {
  const quoted = names.map((name) => JSON.stringify(name)).join(', ');
  const missing = names.findIndex((_name, i) => !found[i]!.length);
  if (missing >= 0) return { holds: false, why: `no row, list item or card shows ${JSON.stringify(names[missing])}` };
  const listOf = (f: ItemFound) => f.items.join('\n');
  for (const first of found[0]!) {
    if (first.count !== names.length) continue;
    const positions = new Set<number>();
    for (const each of found) {
      const inList = each.filter((f) => listOf(f) === listOf(first));
      // A name shown by two items of the list is not one of "exactly these" by itself: any will do.
      for (const f of inList)
        if (!positions.has(f.position)) {
          positions.add(f.position);
          break;
        }
    }
    if (positions.size === names.length) return { holds: true, why: `its list shows only ${quoted}` };
  }
  const first = found[0]![0]!;
  return {
    holds: false,
    why: `its list shows ${first.count} items: ${first.items.map((text) => JSON.stringify(text)).join(', ')}`,
  };
}

function resolveClaim(claim: ItemExpectation['claim'], configs: ConfigValues): ItemExpectation['claim'] {
  if ('shows' in claim) return { ...claim, shows: resolvePlaceholders(claim.shows, configs) };
  if ('field' in claim) return { ...claim, value: resolvePlaceholders(claim.value, configs) };
  if ('group' in claim) return { ...claim, group: resolvePlaceholders(claim.group, configs) };
  if ('only' in claim && claim.others)
    return { ...claim, others: claim.others.map((other) => resolvePlaceholders(other, configs)) };
  return claim;
}

/** "Priya Shah's Q4 roadmap review": an owner, then what of theirs. */
const POSSESSIVE = /^(.+?)['’]s\s+(.+)$/u;
/**
 * "Basin Tap Chrome at $42.00", "LED Bulb E27 9W, with 210 units", "'How do I export my data?' from
 * Hannah Schmidt": the item, then a detail of its row.
 */
const DETAIL = /^(.+?)(?:\s*,\s*|\s+)(?:at|with|for|from|by|costing|priced\s+at)\s+(.+?)[,.;]*$/i;

/**
 * The items that show `item` as whole words; when none does, the phrase read as a description:
 * said as whose ("Priya Shah's Q4 roadmap review"), the items that show the owner and the rest
 * apart, as a list of mails shows a sender beside a subject; a kind noun after a name ("Sam Lee's
 * email", "the Trip email") asks nothing more than the name.
 */
async function itemsNamed(page: Page, item: string): Promise<ItemFound[]> {
  const shown = (text: string) => page.evaluate(itemsShowing, text).catch((): ItemFound[] => []);
  const found = await shown(item);
  if (found.length) return found;
  const words = item.split(/\s+/);
  const phrase = itemPhrase(words);
  const named = phrase.length < words.length ? phrase.join(' ').replace(/['’]s$/u, '') : item;
  const possessive = POSSESSIVE.exec(named);
  const detailed = possessive ? null : DETAIL.exec(named);
  if (detailed) {
    // "Basin Tap at $42.00", "LED Bulb, with 210 units": the item, and in its row the detail's
    // figures (a unit word beside a figure need not be shown), else all the detail's words.
    const detail = detailed[2]!.replace(/[,.;]+$/, '');
    const figures = detail.split(/\s+/).filter((word) => /\d/.test(word));
    const holds = (f: ItemFound) =>
      figures.length
        ? figures.every((figure) => wholeWords(f.text, figure) || wholeWords(f.words, figure))
        : wholeWords(f.text, detail) || wholeWords(f.words, detail);
    return (await shown(detailed[1]!)).filter(holds);
  }
  if (!possessive) return named === item ? found : shown(named);
  const owners = await shown(possessive[1]!);
  return owners.filter((f) => wholeWords(f.text, possessive[2]!) || wholeWords(f.words, possessive[2]!));
}

async function judgeNow(
  page: Page,
  expectation: ItemExpectation,
  item: string,
): Promise<{ holds: boolean; why: string }> {
  const { claim } = expectation;
  if ('group' in claim) {
    const places = await readPlaces(page);
    // A column, folder or section named so on the page; else the place the words say (the page's
    // list, the cart, the dialog, the part under a heading), and only there (expected-places.ts).
    const spec = placeOf(claim.group);
    const named = places.regions.some((r) => r.names.some((n) => groupNameFits(claim.group, n)));
    if (spec.kind === 'page' || (named && spec.kind !== 'named'))
      return judgeGroup(item, claim.group, claim.negated, places.regions, places.items);
    const found = await placesNamed(page, spec);
    if (named)
      return bothReadings(
        judgeGroup(item, claim.group, claim.negated, places.regions, places.items),
        found,
        item,
        claim,
      );
    if (spec.kind === 'named' && !found.places.length)
      return judgeGroup(item, claim.group, claim.negated, places.regions, places.items);
    return judgeInPlace(item, claim.group, claim.negated, found.places, found.others);
  }
  const found = await itemsNamed(page, item);
  if ('others' in claim && claim.others?.length) {
    const others = await Promise.all(claim.others.map((other) => itemsNamed(page, other)));
    return judgeOnlyThese([item, ...claim.others], [found, ...others]);
  }
  return judge(expectation, item, found);
}

/**
 * A section named so holds items, and text besides them ("Status: Paid" under "Billing"): the text
 * in the part under its heading counts too, for "is in" as for "is not in", when that part is one.
 */
function bothReadings(
  byItems: { holds: boolean; why: string },
  found: PlacesFound,
  item: string,
  claim: { group: string; negated: boolean },
): { holds: boolean; why: string } {
  if (found.places.length !== 1) return byItems;
  const byText = judgeInPlace(item, claim.group, claim.negated, found.places);
  if (byItems.holds === byText.holds) return byItems;
  return claim.negated ? (byItems.holds ? byText : byItems) : byItems.holds ? byItems : byText;
}

/** Judges until the claim holds or the time is up, saying what was found either way. */
async function pollJudgement(
  said: string,
  timeoutMs: number,
  judgeNow: () => Promise<{ holds: boolean; why: string }>,
): Promise<ItemResult> {
  const title = `Expected ${said}`;
  let verdict = { holds: false, why: '' };
  if (await pollUntil(async () => (verdict = await judgeNow()).holds, timeoutMs))
    return { passed: true, title, line: `✓ ${said} (${verdict.why}).` };
  return {
    passed: false,
    title,
    line: `✗ ${said} is not true within ${Math.round(timeoutMs / 100) / 10} s: ${verdict.why}.`,
  };
}

const readPlaces = (page: Page) => page.evaluate(placesOnPage).catch((): PagePlaces => ({ regions: [], items: [] }));

export async function checkItem(
  page: Page,
  expectation: ItemExpectation,
  configs: ConfigValues,
  timeoutMs: number,
): Promise<ItemResult> {
  const item = resolvePlaceholders(expectation.item, configs);
  const resolved = { ...expectation, item, claim: resolveClaim(expectation.claim, configs) };
  return pollJudgement(formatItemClaim(expectation), timeoutMs, () => judgeNow(page, resolved, item));
}

/** "The To do column has 4 cards": the items of the group of that name, counted as a person would. */
export async function checkGroupCount(
  page: Page,
  expectation: Extract<Expectation, { kind: 'groupCount' }>,
  configs: ConfigValues,
  timeoutMs: number,
): Promise<ItemResult> {
  const group = resolvePlaceholders(expectation.group, configs);
  return pollJudgement(formatGroupCount(expectation), timeoutMs, async () =>
    judgeGroupCount(group, expectation.count, (await readPlaces(page)).regions),
  );
}
