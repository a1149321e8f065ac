// The target part of a sentence: "the 'Add to cart' button", "Sign in", "the checkbox next to 'Buy
// milk'", "'Delete' in the row of 'Buy milk'", "the second row", "Edit in the Invoice 7 row".
// Works on the skeleton (quoted values masked).
import type { Relation, TargetPhrase } from './intents.js';
import { isQuoted, unmask } from './quotes.js';
import { ITEM_KIND_NOUNS, THING_KINDS } from './item-description.js';
import { numberWordsFrom } from './number-words.js';
import { NOUNS } from './roles.js';

const NOUN = NOUNS.map((noun) => noun.replace(/ /g, '\\s+')).join('|');
const ARTICLE = /^(?:the|a|an|my|your|our|his|her|their)\s+/i;
// "the number of guests" is a description: the page may say "Number of guests" or only "Guests".
// "the quantity of Blue mug" names a row instead: the Quantity field of the row of Blue mug.
const DESCRIPTION = /^(number|count|amount|quantity|total|price)\s+(?:of|for)\s+(.+)$/i;
const OWNED_FIELD = /^([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\s+(?:of|for)\s+([\p{Lu}\d\uE000].*)$/u;
// "the user's email": the page may say "User email" or only "Email".
const POSSESSIVE = /^([a-z]+)['’]s\s+(.+)$/;
const CONTAINER =
  '(?:row|line|item|list\\s+item|entry|card|section|box|panel|form|dialog|modal|popup|tile|group|area|column|menu|tab|list|table|toolbar)';
const RELATIVE = new RegExp(
  '^(.*?)\\s+(?:that\\s+is\\s+|which\\s+is\\s+)?(' +
    [
      'next\\s+to',
      'beside',
      'besides',
      'near',
      'close\\s+to',
      'by',
      'for',
      'on',
      'under',
      'below',
      'underneath',
      `(?:in|on|within|inside)\\s+the\\s+(?:same\\s+)?${CONTAINER}(?:\\s+(?:of|for|with|containing|that\\s+contains|as))?`,
    ].join('|') +
    ')\\s+(?:the\\s+)?(.+)$',
  'i',
);
// "Save in the Billing section", "Edit in the Invoice 7 row": the container named by its text.
const NAMED_CONTAINER = new RegExp(`^(.*?)\\s+(?:in|on|within|inside)\\s+(?:the\\s+)?(.+?)\\s+(${CONTAINER})$`, 'i');
// Containers whose name is a title on the page only when written like one ("the Actions menu"); "the
// todo list" only describes where the element is.
const TITLED_CONTAINER = new Set(
  'menu tab list table toolbar section panel form dialog modal popup group area column'.split(' '),
);
// "for", "by", "on", "under" are ordinary words in names ("Search for products"): relative only before
// a quoted anchor, or after a target that already says what it is ("the Edit button for Invoice 7").
const WEAK_RELATIONS = new Set(['for', 'by', 'near', 'on', 'under', 'below', 'underneath']);
// "Northwind under Brand": both written like names, a control under its group's title.
const UNDER_TITLE = /^([\p{Lu}\d].*?)\s+(?:under|below|underneath|beneath)\s+(?:the\s+)?([\p{Lu}\d].*)$/u;
const NOUN_SUFFIX = new RegExp(`^(.+?)\\s+(${NOUN})$`, 'i');
const NOUN_PREFIX = new RegExp(`^(${NOUN})\\s+(.+)$`, 'i');
const NOUN_ONLY = new RegExp(`^(${NOUN})$`, 'i');
// Nouns for which "the <noun>" names one element well enough: a page usually has one search box.
const ONLY_NOUNS =
  /^(?:check ?box|tick ?box|switch|toggle|input field|text ?field|text ?box|text ?area|field|input|dropdown|drop-down|select box|select|list ?box|combo ?box|picker)$/i;
// "in the header", "at the top right": where on the screen, which finding the element does not need.
const PLACE =
  /\s+(?:(?:in|on|at|inside|within|from)\s+the\s+(?:(?:top|bottom|main|page|site|table|column)\s+)?(?:header|footer|sidebar|side\s*bar|nav(?:igation)?(?:\s+bar)?|navbar|top\s*bar|menu\s*bar|toolbar|(?:folder\s+|file\s+|navigation\s+)?tree(?:\s+view)?|page|screen|top|bottom|left|right|top\s+right|top\s+left|bottom\s+right|bottom\s+left|corner|top\s+right\s+corner|top\s+left\s+corner|bottom\s+of\s+the\s+(?:page|form|list)|top\s+of\s+the\s+(?:page|form|list))|(?:at|on)\s+the\s+(?:top|bottom)(?:\s+right|\s+left)?|(?:on|at)\s+(?:the\s+)?(?:top|bottom)\s+(?:right|left)|in\s+a\s+new\s+(?:tab|window))$/i;
const NAMED_NOUNS = new Set(['menu', 'logo']);
// "the link that says Forgot password", "the button labelled Continue": a noun, then its name.
const SAYING = new RegExp(
  `^(?:the\\s+|a\\s+)?(${NOUN})\\s+(?:that\\s+says|which\\s+says|saying|labell?ed|called|named|titled|with\\s+the\\s+(?:text|label))\\s+(.+)$`,
  'i',
);
// "Blue mug's Add to cart button": the thing named by its owner's row.
const OWNER = /^(\p{Lu}[^'’]*?|\uE000\d+\uE001)['’]s\s+(.+)$/u;
// "the red Delete button": how it looks is not its name.
const LOOKS =
  /^(?:(?:red|green|blue|yellow|orange|purple|pink|grey|gray|black|white|big|small|large|little|tiny|primary|secondary|main)\s+)+(?=[\p{Lu}\d\uE000])/u;
const SEARCH_NOUN = /^search\s+(box|field|bar|input)$/i;
const ALTERNATIVES = /^\uE000\d+\uE001(?:\s*,\s*\uE000\d+\uE001)*\s+or\s+\uE000\d+\uE001$/;

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  seventh: 7,
  '7th': 7,
  eighth: 8,
  '8th': 8,
  ninth: 9,
  '9th': 9,
  tenth: 10,
  '10th': 10,
  last: -1,
  'second last': -2,
  'second to last': -2,
};
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

// Words that name nothing on a page: "Click around", "Check everything", "Select something".
const VAGUE =
  /^(?:everything|something|anything|stuff|things|around|it|them|this|that|whatever|all\s+(?:the\s+)?(?:things|stuff|buttons|links|fields|items|options|boxes|checkboxes))$/i;

/** "first" -> 1, "3rd" -> 3, "last" -> -1; undefined for a word that is no ordinal. */
export function ordinalOf(word: string): number | undefined {
  return ORDINALS[word.toLowerCase().replace(/\s+/g, ' ')];
}

/** The ordinals as a regular-expression alternation, longest first. */
export const ORDINAL_ALTERNATION = Object.keys(ORDINALS)
  .sort((a, b) => b.length - a.length)
  .map((k) => k.replace(/ /g, '\\s+'))
  .join('|');

const ORDINAL = new RegExp(`^(${ORDINAL_ALTERNATION})\\s+(.+)$`, 'i');

export function ordinalWord(nth: number): string {
  if (nth === -1) return 'last';
  if (nth === -2) return 'second to last';
  return ORDINAL_WORDS[nth - 1] ?? `${nth}th`;
}

function relationOf(words: string): Relation {
  return new RegExp(CONTAINER, 'i').test(words) ? 'in the row of' : 'next to';
}

/** Why a slot names no element ("everything"), or null when it may name one. */
export function vagueTarget(slot: string, values: string[]): string | null {
  const text = unmask(slot.trim().replace(ARTICLE, ''), values);
  if (!isQuoted(slot.trim()) && VAGUE.test(text))
    return `${JSON.stringify(text)} does not say which element; name it as it reads on the page`;
  return null;
}

const COUNTS = numberWordsFrom(2, 10);
const ITEM_KIND_WORDS = new Set([...ITEM_KIND_NOUNS, 'row', 'tile', 'result', 'option', 'entry']);
/** "Edit in the second row": a target, then the item it is in, by position. */
const IN_POSITION = new RegExp(
  `^(.+?)\\s+(?:in|on|of|for|from)\\s+(the\\s+(?:${ORDINAL_ALTERNATION})\\s+[a-z][a-z-]*(?:\\s+(?:in|under)\\s+\\S.*)?)$`,
  'i',
);
/**
 * "... in Review", "... in the 'To do' column": the group the items are counted in, named as a page
 * names it (a capital, a figure or a quote), with its kind after it or not.
 */
const WITHIN_GROUP =
  /^(.+?)\s+(?:in|under)\s+(?:the\s+)?(\uE000\d+\uE001|[\p{Lu}\d]\S*(?:\s+\S+)*?)(?:\s+(?:column|list|lane|stage|group|section|folder|tab|board))?$/u;
/** "the first three rows", "the second product", "the last card", "the first 2 entries". */
const BY_POSITION = new RegExp(
  `^(?:the\\s+)?(${ORDINAL_ALTERNATION})(?:\\s+(\\d+|${Object.keys(COUNTS).join('|')}))?\\s+([a-z][a-z-]*)$`,
  'i',
);

/**
 * Items named by their position among items of a kind: "the first three rows" -> rows 1, 2, 3, "the
 * last two cards" -> cards -2, -1. Null when the phrase is no such thing (a kind the page shows as
 * items, after an ordinal; "the first name" is a field).
 */
export function itemsByPosition(
  phrase: string,
  values: string[] = [],
): { kind: string; nth: number; within?: string }[] | null {
  const group = WITHIN_GROUP.exec(phrase.trim());
  const within = group && BY_POSITION.test(group[1]!) ? unmask(group[2]!, values).trim() : undefined;
  const m = BY_POSITION.exec(within === undefined ? phrase.trim() : group![1]!);
  if (!m) return null;
  const nth = ORDINALS[m[1]!.toLowerCase().replace(/\s+/g, ' ')]!;
  const count = m[2] ? (COUNTS[m[2].toLowerCase()] ?? Number(m[2])) : 1;
  const word = m[3]!.toLowerCase();
  const singular = word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('s') && !word.endsWith('ss')
      ? word.slice(0, -1)
      : word;
  if (!ITEM_KIND_WORDS.has(singular) || count < 1 || count > 10 || (count > 1 && Math.abs(nth) !== 1)) return null;
  const from = nth > 0 ? nth : nth - count + 1;
  return Array.from({ length: count }, (_, i) => ({
    kind: singular,
    nth: from + i,
    ...(within === undefined ? {} : { within }),
  }));
}

/** "'Delete' or 'Remove'": a name and the others to try. */
function names(text: string, values: string[]): { name: string; alternatives?: string[] } | null {
  if (!ALTERNATIVES.test(text)) return null;
  const all = text.split(/\s*,\s*|\s+or\s+/).map((token) => unmask(token, values));
  return { name: all[0]!, alternatives: all.slice(1) };
}

/** "page 2 of the results", "the third page of the stock list": a pagination control. */
const PAGE_NUMBER = new RegExp(
  `^(?:the\\s+)?(?:page\\s+(\\d+)|(${ORDINAL_ALTERNATION})\\s+page)(?:\\s+of\\s+(?:the\\s+|my\\s+)?[\\w-]+(?:\\s+[\\w-]+){0,3})?$`,
  'i',
);
const ITEM_KINDS = `(?:${ITEM_KIND_NOUNS.map((noun) => noun.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
const ITEM_AROUND = new RegExp(`^${ITEM_KINDS}\\s+(\uE000\\d+\uE001)$|^(\uE000\\d+\uE001)\\s+${ITEM_KINDS}$`, 'i');
// "the Search API pagination card": a name, then its kind, which the page rarely shows.
const KIND_AFTER = new RegExp(`^([\\p{Lu}\\d].*?)\\s+${ITEM_KINDS}$`, 'u');

/** "X on the Deutsche Bahn claim": a control, then an item written like a name, then its kind in lower case ("of" is a field's owner). */
const ON_ITEM = /^(.+?)\s+(?:on|for)\s+(?:the\s+)?([\p{Lu}\d\uE000][^]*?)\s+([a-z]+)$/u;
const ITEM_KINDS_SET = new Set(THING_KINDS);

/** Null when the slot is empty or names nothing ("the button" without a name or an anchor). */
export function parseTargetPhrase(slot: string, values: string[]): TargetPhrase | null {
  if (vagueTarget(slot, values)) return null;
  // "page 2 of the results": a pagination control, named "Page 2" or shown as "2".
  const numbered = PAGE_NUMBER.exec(slot.trim());
  const page = numbered && (numbered[1] ? Number(numbered[1]) : ordinalOf(numbered[2]!)!);
  if (page && page > 0)
    return { name: `Page ${page}`, noun: null, near: null, alternatives: [`${page}`, `Go to page ${page}`] };
  // "in the folder tree on the left": every place said, the last first.
  let text = slot.trim();
  for (let was = ''; was !== text;) [was, text] = [text, text.replace(PLACE, '')];
  let near: TargetPhrase['near'] = null;
  // "Edit in the second row", "the checkbox of the first row": the nth item of that kind.
  const positioned = IN_POSITION.exec(text);
  const [item, ...more] = (positioned && itemsByPosition(positioned[2]!, values)) ?? [];
  const relative = item ? null : relativeParts(text);
  if (item && !more.length) {
    near = {
      text: item.kind,
      relation: 'in the row of',
      nth: item.nth,
      ...(item.within ? { within: item.within } : {}),
    };
    text = positioned![1]!;
  } else if (relative) {
    near = { text: unmask(relative.anchor, values), relation: relationOf(relative.relation) };
    text = relative.target;
  } else {
    const container = NAMED_CONTAINER.exec(text);
    if (container && container[1]!.trim() && !/^(?:the|a|an|this|that|another|new|same)\b/i.test(container[2]!)) {
      const titled = /^[\p{Lu}\d\uE000]/u.test(container[2]!);
      if (titled || !TITLED_CONTAINER.has(container[3]!.toLowerCase()))
        near = { text: unmask(container[2]!, values), relation: 'in the row of' };
      text = container[1]!.trim();
    } else {
      // "Withdraw on the Deutsche Bahn claim": a control on an item named, then said by its kind.
      const item = ON_ITEM.exec(text);
      if (item && ITEM_KINDS_SET.has(item[3]!)) {
        near = { text: unmask(item[2]!, values), relation: 'in the row of' };
        text = item[1]!;
      }
    }
  }
  const saying = SAYING.exec(text);
  if (saying) return { name: unmask(saying[2]!, values), noun: normalizeNoun(saying[1]!), near };
  const hadArticle = ARTICLE.test(text);
  text = text.replace(ARTICLE, '');
  const owner = near ? null : OWNER.exec(text);
  if (owner) {
    const owned = parseTargetPhrase(`the ${owner[2]!}`, values);
    return owned && { ...owned, near: { text: unmask(owner[1]!, values), relation: 'in the row of' } };
  }
  text = text.replace(LOOKS, '');
  let nth: number | undefined;
  // "the first name" is a field, not an ordinal.
  const ordinal = hadArticle && !/^(?:first|last)\s+names?\b/i.test(text) ? ORDINAL.exec(text) : null;
  if (ordinal) {
    nth = ORDINALS[ordinal[1]!.toLowerCase().replace(/\s+/g, ' ')]!;
    text = ordinal[2]!;
  }
  const withNth = (phrase: TargetPhrase): TargetPhrase => (nth === undefined ? phrase : { ...phrase, nth });
  const search = SEARCH_NOUN.exec(text);
  if (search)
    return withNth({
      name: 'Search',
      noun: search[1]!.toLowerCase() === 'bar' ? 'box' : search[1]!.toLowerCase(),
      near,
    });
  const only = NOUN_ONLY.exec(text);
  // "Click Menu", "File > Export": without "the", a noun is the element's name.
  if (only && !hadArticle && !near && nth === undefined) return { name: only[1]!, noun: null, near };
  // "Open the menu", "Click the logo": the control is usually named after the noun.
  if (only && NAMED_NOUNS.has(only[1]!.toLowerCase()) && !near && nth === undefined)
    return { name: only[1]!, noun: null, near };
  if (only)
    return near || nth !== undefined || ONLY_NOUNS.test(only[1]!)
      ? withNth({ name: null, noun: normalizeNoun(only[1]!), near })
      : null;
  // A noun around an unquoted name is only taken as one after "the" ("Click Add item" is a name).
  // "the due date of Dark mode toggle": the noun ends the owner's name, not the field's kind.
  const suffix = near || !OWNED_FIELD.test(text) ? NOUN_SUFFIX.exec(text) : null;
  if (suffix && (isQuoted(suffix[1]!) || ALTERNATIVES.test(suffix[1]!) || hadArticle)) {
    return withNth({
      ...(names(suffix[1]!, values) ?? { name: unmask(suffix[1]!, values) }),
      noun: normalizeNoun(suffix[2]!),
      near,
    });
  }
  const prefix = NOUN_PREFIX.exec(text);
  if (prefix && isQuoted(prefix[2]!))
    return withNth({ name: unmask(prefix[2]!, values), noun: normalizeNoun(prefix[1]!), near });
  // "the message 'Lunch on Friday?'", "the 'Fix login' card": a kind of item around a quoted name is
  // no role and no part of the name.
  const kind = ITEM_AROUND.exec(text);
  if (kind) return withNth({ name: unmask((kind[1] ?? kind[2])!, values), noun: null, near });
  const several = names(text, values);
  if (several) return withNth({ name: several.name, noun: null, near, alternatives: several.alternatives });
  // "the first product", "the last result": after an ordinal, a word in lower case is a kind of thing.
  if (nth !== undefined && /^[a-z][a-z -]*$/.test(text))
    return { name: null, noun: text.replace(/\s+/g, ' '), near, nth };
  const name = unmask(text, values);
  if (!name) return null;
  if (isQuoted(text)) return withNth({ name, noun: null, near });
  // "the quantity of Blue mug", "the stock of Wrench" (a field in lower case, then a name: capitalized,
  // quoted or a figure): the field in that row.
  const owned = near ? null : OWNED_FIELD.exec(text);
  if (owned)
    return withNth({
      name: owned[1]!,
      noun: null,
      near: { text: unmask(owned[2]!, values), relation: 'in the row of' },
    });
  const described = DESCRIPTION.exec(name);
  if (described && !near) return withNth({ name, noun: null, near, alternatives: [described[2]!] });
  const possessive = POSSESSIVE.exec(name);
  if (possessive)
    return withNth({ name: `${possessive[1]} ${possessive[2]}`, noun: null, near, alternatives: [possessive[2]!] });
  const kindAfter = hadArticle ? KIND_AFTER.exec(text) : null;
  // Pages show an item's name, rarely its kind: the name is looked for first (as text too: a card's
  // title), the whole phrase after it.
  if (kindAfter) return withNth({ name: unmask(kindAfter[1]!, values), noun: null, near, alternatives: [name] });
  // "month view", "the grid layout": the view's control, named so or by its first words alone ("Month").
  const view = /^(.+?)\s+(?:view|layout)$/i.exec(name);
  if (view) return withNth({ name, noun: null, near, alternatives: [view[1]!] });
  return withNth({ name, noun: null, near });
}

/** The first relation that reads as one: "Search for products next to 'X'" skips the "for" of the name. */
function relativeParts(text: string): { target: string; relation: string; anchor: string } | null {
  for (let from = 0; from < text.length;) {
    const m = RELATIVE.exec(text.slice(from));
    if (!m) return null;
    const target = text.slice(0, from) + m[1]!;
    // "on the Blue mug card" names a container by its title: NAMED_CONTAINER reads it.
    const container = WEAK_RELATIONS.has(m[2]!.toLowerCase()) && new RegExp(`\\s${CONTAINER}$`, 'i').test(m[3]!);
    const strong = !WEAK_RELATIONS.has(m[2]!.toLowerCase()) || isQuoted(m[3]!) || saysWhatItIs(target);
    if (target.trim() && strong && !container) return { target: target.trim(), relation: m[2]!, anchor: m[3]! };
    from += m[1]!.length + 1;
  }
  return null;
}

/** "the Edit button", "'Edit'": a target that says what it is, so a weak relation after it is one. */
function saysWhatItIs(text: string): boolean {
  const t = text.trim();
  const bare = t.replace(ARTICLE, '');
  return isQuoted(t) || (ARTICLE.test(t) && (NOUN_SUFFIX.test(bare) || NOUN_ONLY.test(bare)));
}

function normalizeNoun(noun: string): string {
  return noun.toLowerCase().replace(/\s+/g, ' ');
}

/**
 * An unquoted name that reads as a control under a title ("Northwind under Brand"): the control's
 * name and the title, for a second reading of the target, which the page decides; else null.
 */
export function underTitle(name: string): { name: string; anchor: string } | null {
  const m = UNDER_TITLE.exec(name.trim());
  return m ? { name: m[1]!, anchor: m[2]! } : null;
}

/** The item a row action's object names: "the first card in Review" by its place, else its text. */
export function rowAnchor(text: string, values: string[]): NonNullable<TargetPhrase['near']> {
  const [item, ...more] = itemsByPosition(text, values) ?? [];
  if (item && !more.length)
    return {
      text: item.kind,
      relation: 'in the row of',
      nth: item.nth,
      ...(item.within ? { within: item.within } : {}),
    };
  return { text: unmask(text, values), relation: 'in the row of' };
}
