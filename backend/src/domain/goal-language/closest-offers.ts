// What the page offers that comes closest to a sentence Goalie cannot use: the elements whose names
// share the most content words with it. Filler, word order, case and plural/singular do not count,
// so "Save the settings" finds the button "Save settings". Only ever used to explain a failure:
// Goalie never acts on such a guess.
import { normalizeName } from '../similarity.js';
import { formatIntent } from './format.js';
import type { Intent } from './intents.js';
import { PURPOSE_ROLES, rolesForNoun } from './roles.js';

/** An element of the page as its accessibility tree names it. */
export interface PageElement {
  role: string;
  name: string;
}

/** A close element, and the sentence's content words its name lacks (as the sentence wrote them). */
export interface Offer extends PageElement {
  missing: string[];
}

// Words that say nothing about which element is meant: articles, pronouns, conjunctions, the
// prepositions of phrasing ("to", "of"), politeness and the generic verbs of pointing at something.
const FILLER = new Set(
  (
    'a an the this that these those it its my your our their his her me us them i you we he she they ' +
    'and or but then also please now just again there here ' +
    'to of for with from at by into onto as is are be was were will should can could would must ' +
    'click clicks clicking tap taps press presses hit push pushes'
  ).split(' '),
);

// Nouns that say what kind of element is meant rather than what it is called: they favour elements
// of that role instead of counting as words of the name.
const KIND_NOUNS = new Set(
  'button link field checkbox tickbox radio switch toggle tab dropdown combobox textbox textfield listbox input heading option'.split(
    ' ',
  ),
);

/** A word in the form names are compared in: lower case, plural folded to singular. */
export function foldWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes|zes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

interface Word {
  written: string;
  key: string;
}

/** The words of `text` that can name an element, each once. */
export function contentWords(text: string): Word[] {
  const out: Word[] = [];
  for (const written of normalizeName(text).split(' ')) {
    const key = foldWord(written);
    if (!written || FILLER.has(written) || KIND_NOUNS.has(key)) continue;
    if (!out.some((w) => w.key === key)) out.push({ written, key });
  }
  return out;
}

/** Roles the kind nouns of `text` ask for ("the settings link": link). */
function hintedRoles(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .map(foldWord)
    .filter((w) => KIND_NOUNS.has(w))
    .flatMap((w) => rolesForNoun(w) ?? []);
}

/**
 * The `limit` elements closest to `text`, best first: most content words shared, then a role that
 * fits (`fitting`, or the roles the text's own kind nouns ask for), then fewest words of their own,
 * then page order. Elements sharing no word are not offered, unless `orFitting` and none shares
 * any: then those whose role fits, in page order (what the page has of the kind that was wanted).
 */
export function closestOffers(
  text: string,
  elements: PageElement[],
  fitting: string[],
  { limit = 3, orFitting = false }: { limit?: number; orFitting?: boolean } = {},
): Offer[] {
  const wanted = contentWords(text);
  const hinted = hintedRoles(text);
  const roles = hinted.length ? hinted : fitting;
  const offers = wanted.length ? ranked(wanted, elements, roles, limit) : [];
  if (offers.length || !orFitting) return offers;
  const missing = wanted.map((w) => w.written);
  return unique(
    elements.filter((e) => roles.includes(e.role)).map((e) => ({ role: e.role, name: e.name, missing })),
    limit,
  );
}

function ranked(wanted: Word[], elements: PageElement[], roles: string[], limit: number): Offer[] {
  const scored = elements.flatMap((element, index) => {
    const own = contentWords(element.name);
    const keys = new Set(own.map((w) => w.key));
    const shared = wanted.filter((w) => keys.has(w.key)).length;
    if (!shared) return [];
    const wantedKeys = new Set(wanted.map((w) => w.key));
    return [
      {
        element,
        index,
        shared,
        fits: roles.includes(element.role) ? 1 : 0,
        extra: own.filter((w) => !wantedKeys.has(w.key)).length,
        missing: wanted.filter((w) => !keys.has(w.key)).map((w) => w.written),
      },
    ];
  });
  scored.sort((a, b) => b.shared - a.shared || b.fits - a.fits || a.extra - b.extra || a.index - b.index);
  return unique(
    scored.map((s) => ({ role: s.element.role, name: s.element.name, missing: s.missing })),
    limit,
  );
}

/** The first `limit` offers, each role and name once. */
function unique(offers: Offer[], limit: number): Offer[] {
  const out: Offer[] = [];
  for (const offer of offers) {
    if (out.length === limit) break;
    if (!out.some((o) => o.role === offer.role && o.name === offer.name)) out.push(offer);
  }
  return out;
}

/** `button "Sign in"`, with what it lacks: `link "Settings" (missing "save")`. */
export function describeOffer(offer: Offer): string {
  return describeNoting(offer, null);
}

/** An offer described with a note after what it lacks: `link "Settings" (missing "save"; note)`. */
export function describeNoting(offer: Offer, note: string | null): string {
  const notes = offer.missing.length ? [`missing ${offer.missing.map((w) => JSON.stringify(w)).join(', ')}`] : [];
  if (note) notes.push(note);
  const text = `${offer.role} ${JSON.stringify(offer.name)}`;
  return notes.length ? `${text} (${notes.join('; ')})` : text;
}

const TYPED = ['textbox', 'searchbox', 'spinbutton'];
const PICKED = ['combobox', 'listbox'];
const CHECKED = ['checkbox', 'switch', 'menuitemcheckbox'];

/** A sentence Goalie understands that would act on the offered element, or null for plain text. */
export function phrasingFor(offer: PageElement): string | null {
  const target = { name: offer.name, noun: null, near: null };
  let intent: Intent | null = null;
  if (TYPED.includes(offer.role)) intent = { kind: 'fill', target, value: '...' };
  else if (PICKED.includes(offer.role)) intent = { kind: 'select', target, value: '...' };
  else if (CHECKED.includes(offer.role)) intent = { kind: 'check', target };
  else if (PURPOSE_ROLES.click.includes(offer.role))
    intent = { kind: 'click', target, double: false, purpose: 'click' };
  return intent && formatIntent(intent);
}
