// A sentence -> its frames: which verb family it starts with (as the lexicon lists them), the rest as
// the object, and a place said before the verb ("In the menubar, ...", "On the shopping list page,
// ..."). Every family whose verb the words allow is a reading; the parser decides between them.
import { LEXICON, entryOf, verbForms, type Family, type LexiconEntry } from './lexicon.js';

export interface Frame {
  family: Family;
  /** The verb as written, with its particle ("Click on", "goes back to"). */
  verb: string;
  /** The base form of the verb ("archive" for "archives"). */
  base: string;
  /** What follows the verb; '' when nothing does. */
  object: string;
}

export interface Place {
  /** "in", "on", "inside", "within", "under", "from" */
  preposition: string;
  /** "the menubar", "the shopping list page", "the row of Buy milk" */
  text: string;
  /** A page the sentence says it is on ("the shopping list page"), not a part of it. */
  page: boolean;
}

const words = (text: string) => text.split(' ');

/** The entry's verb (longest first) and particle at the start of `text`, as a frame. */
function frameFor(entry: LexiconEntry, text: string): Frame | null {
  const lower = text.toLowerCase();
  const forms = entry.verbs
    .flatMap((verb) => verbForms(verb).map((form) => ({ form, base: verb })))
    .sort((a, b) => b.form.length - a.form.length);
  const particles = [...(entry.particles ?? [])].sort((a, b) => b.length - a.length);
  for (const { form, base } of forms) {
    if (lower !== form && !lower.startsWith(`${form} `)) continue;
    let at = form.length;
    const rest = () => lower.slice(at).trimStart();
    const particle = particles.find((p) => rest() === p || rest().startsWith(`${p} `));
    if (particle) at = lower.indexOf(particle, at) + particle.length;
    else if (entry.particleRequired) continue;
    return { family: entry.family, verb: text.slice(0, at), base, object: text.slice(at).trim() };
  }
  // A phrasal verb around its object: "turn Notifications off".
  for (const verb of entry.verbs.filter((v) => words(v).length === 2)) {
    const [first, last] = words(verb) as [string, string];
    for (const form of verbForms(first)) {
      if (lower.startsWith(`${form} `) && lower.endsWith(` ${last}`) && lower.length > form.length + last.length + 2)
        return {
          family: entry.family,
          verb: `${text.slice(0, form.length)} ${last}`,
          base: verb,
          object: text.slice(form.length, -last.length).trim(),
        };
    }
  }
  return null;
}

/** The reading of `text` as a sentence of one of these families, or null when it does not start with their verb. */
export function frameOf(text: string, families: Family | Family[]): Frame | null {
  for (const family of typeof families === 'string' ? [families] : families) {
    const frame = frameFor(entryOf(family), text);
    if (frame) return frame;
  }
  return null;
}

/** Every reading of `text` the lexicon's verbs allow, in the lexicon's order. */
export function frames(text: string): Frame[] {
  return LEXICON.map((entry) => frameFor(entry, text)).filter((frame): frame is Frame => frame !== null);
}

/** Words that say a part of a page or a side, not a step of a wizard. */
const NOT_A_STEP =
  /\b(?:page|screen|view|dialog|panel|section|form|tab|menu|menubar|toolbar|sidebar|list|table|row|card|header|footer|modal|window|left|right|top|bottom|side)$/i;

const PLACE_WORDS = ['in', 'into', 'on', 'inside', 'within', 'under', 'from'];

/**
 * "In the menubar, go to A > B", "On the shopping list page, add Apples": a place before the verb, cut
 * off, with what follows. Only before a comma and a verb of the lexicon, so "On sale items, ..." is not
 * taken for one unless a verb follows.
 */
const BARE_PLACE =
  /^(in|on|under|within|inside)\s+(\uE000\d+\uE001|the\s+[\w-]+(?:\s+[\w-]+)?\s+(?:page|screen|view|step|dialog|panel|section|form|tab))\s+(?![,.])(.+)$/i;

/**
 * Without a comma, a place whose end is plain: a quoted name, or a page, step, dialog, ... ("In 'How
 * did you hear about us' pick Other", "On the review page click Edit"), whatever verb follows.
 */
export function placeFirst(text: string): { place: Place; rest: string } | null {
  const bare = BARE_PLACE.exec(text);
  if (!bare) return null;
  const place = bare[2]!;
  return {
    place: { preposition: bare[1]!.toLowerCase(), text: place, page: /\s(?:page|screen|view)$/i.test(place) },
    rest: bare[3]!,
  };
}

/**
 * "On Review open the club rules link", "on About you enter ...": a step of a wizard named as the
 * page shows it (capitalised, one to three words), then the action's verb in lower case.
 */
export function stepPlace(text: string): { step: string; rest: string } | null {
  // "From the review, use Edit ...": a step said by a word or two, no kind of place, then a comma.
  const named = /^(?:on|from)\s+the\s+([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s*,\s*(.+)$/i.exec(text);
  if (named && !NOT_A_STEP.test(named[1]!) && frames(named[2]!).length) return { step: named[1]!, rest: named[2]! };
  const said = words(text);
  if (said[0]?.toLowerCase() !== 'on' || !/^\p{Lu}/u.test(said[1] ?? '')) return null;
  for (let n = 1; n <= 3 && n + 1 < said.length; n++) {
    const step = said.slice(1, n + 1);
    const rest = said.slice(n + 1).join(' ');
    if (step.some((word) => /[,.;:]$/.test(word))) return null;
    if (/^[a-z]/.test(rest) && frames(rest).length) return { step: step.join(' '), rest };
  }
  return null;
}

export function leadingPlace(text: string): { place: Place; rest: string } | null {
  const bare = placeFirst(text);
  if (bare && frames(bare.rest).length) return bare;
  const comma = text.indexOf(',');
  if (comma < 0) return null;
  const [preposition, ...placeWords] = words(text.slice(0, comma).trim());
  if (!preposition || !PLACE_WORDS.includes(preposition.toLowerCase()) || !placeWords.length) return null;
  const rest = text.slice(comma + 1).trim();
  if (!frames(rest).length) return null;
  const place = placeWords.join(' ');
  return {
    place: { preposition: preposition.toLowerCase(), text: place, page: /\s(?:page|screen|view)$/i.test(place) },
    rest,
  };
}

/**
 * An object split at the first of these prepositions that has words on both sides: "Ada into Name" ->
 * ["Ada", "Name"]. How a frame finds its value and its target, in the order its family writes them.
 */
export function splitAt(object: string, prepositions: string[]): [string, string] | null {
  const lower = object.toLowerCase();
  let best: [number, string] | null = null;
  for (const preposition of prepositions) {
    const at = lower.indexOf(` ${preposition} `, 1);
    if (at > 0 && (best === null || at < best[0] || (at === best[0] && preposition.length > best[1].length)))
      best = [at, preposition];
  }
  if (!best) return null;
  const right = object.slice(best[0] + best[1].length + 2).trim();
  return right ? [object.slice(0, best[0]).trim(), right] : null;
}

/** The first word of a text, in lower case. */
export function firstWord(text: string): string {
  return text.trimStart().split(' ')[0]!.toLowerCase();
}
