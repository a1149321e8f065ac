// The regular-expression pieces that name verbs, built from the lexicon so that a verb is listed once:
// which words start an action after "and", which may carry a purpose clause, lead along a menu path.
import { LEXICON, PURPOSE_VERBS, SEQUENCE_WORDS, verbForms, type LexiconEntry } from './lexicon.js';
import { NOUNS } from './roles.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');

/** An alternation of phrases, longest first so that "double click" is tried before "double". */
export function alternation(phrases: Iterable<string>): string {
  return [...new Set(phrases)]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|');
}

/** The verbs of an entry that are not also ordinary words in names. */
function plainVerbs(entry: LexiconEntry): string[] {
  return entry.verbs.filter((verb) => !entry.alsoNames?.includes(verb));
}

/** Every written form of the entries' verbs, each followed by one of its particles where it needs one. */
export function verbPhrases(entries: LexiconEntry[], plain = false): string[] {
  return entries.flatMap((entry) => {
    const forms = (plain ? plainVerbs(entry) : entry.verbs).flatMap(verbForms);
    if (!entry.particleRequired) return forms;
    return forms.flatMap((form) => entry.particles!.map((particle) => `${form} ${particle}`));
  });
}

/** Words that start an action: a new action begins at one after "and" or a comma. */
// "... and continue to the review": a wizard's own verb with where it goes, read as its button
// (verb-controls.ts), or said again at the end; "Click Save and continue" keeps its name.
export const ACTION_START = `${alternation([...verbPhrases(LEXICON, true).map((p) => p.split(' ')[0]!), 'then'])}|(?:continue|proceed)(?:\\s+(?:back\\s+|on\\s+)?to|\\s+again$)`;

/** Words that order the story before a verb ("Next, click Save"). */
export const SEQUENCE = alternation(SEQUENCE_WORDS);

/** Verbs whose object may be followed by what it is for ("Click Save to save the changes"). */
export const PURPOSE_CLAUSE_VERBS = alternation(
  verbPhrases(LEXICON.filter((entry) => entry.purposeClause)).filter((p) => !/\s/.test(p)),
);

/** Verbs a purpose clause starts with, in the base form "to" takes. */
export const PURPOSE_START = alternation([
  ...LEXICON.flatMap((entry) => plainVerbs(entry).map((verb) => verb.split(' ')[0]!)),
  ...PURPOSE_VERBS,
]);

/** "Choose File > Export > PDF", "Go to A > B": the verbs (with their particle) a menu path may follow. */
export const MENU_PATH_VERBS = alternation(
  LEXICON.filter((entry) => entry.menuPath).flatMap((entry) =>
    entry.verbs.flatMap(verbForms).flatMap((form) => [form, ...(entry.particles ?? []).map((p) => `${form} ${p}`)]),
  ),
);

/**
 * "Click Duplicate in the Actions menu": verbs that pick a menu's item. Not a verb that is also a
 * control's noun ("Select ... from the ... menu" as often names a select box).
 */
export const MENU_ITEM_VERBS = alternation(
  LEXICON.filter((entry) => entry.family === 'click' || entry.family === 'choose')
    .flatMap((entry) => entry.verbs)
    .filter((verb) => !NOUNS.includes(verb))
    .flatMap(verbForms),
);
