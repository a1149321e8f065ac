// A verb the lexicon does not know ("Archive X", "Move X to Done", "Publish the post", "Cancel the
// confirmation"): read as the page's control named by the verb, in the scope of the object, and, with
// a destination, the destination chosen in what that control opened. Only ever a control whose name
// is the verb: grounding refuses when the page has none, so an unknown verb never clicks another thing.
import type { FormEntry, Intent } from './intents.js';
import { withoutInstrument } from './instruments.js';
import { ITEM_KIND_NOUNS } from './item-description.js';
import { LEXICON, NOT_CONTROL_VERBS, verbForms } from './lexicon.js';
import { unmask } from './quotes.js';
import { rowAnchor, vagueTarget } from './target-phrase.js';

const KNOWN = new Set([
  ...LEXICON.flatMap((entry) => entry.verbs.flatMap(verbForms)).filter((v) => !v.includes(' ')),
  ...NOT_CONTROL_VERBS.flatMap(verbForms),
]);
/** Particles that belong to the verb, not to its object ("move back", "pin up"). */
const PARTICLES = ['back', 'up', 'out', 'over', 'away', 'down', 'off'];
/** A destination after the object, with the preposition the control is named with ("Move to", "Label as"). */
const DESTINATION =
  /^(.+?)\s+(?:(?:back|over)\s+)?(to|into|as|under)\s+(?:the\s+)?(.+?)(?:\s+(?:column|list|folder|lane|label|tag))?$/i;
const PRONOUN_OBJECT = new Set(['it', 'them', 'this', 'that', 'these', 'those']);
/** The open dialog's own buttons: "Cancel the confirmation", "Confirm the dialog". */
const DIALOG =
  /^(?:the\s+|this\s+|that\s+)?(?:confirmation|confirm|dialog|modal|pop-?up|prompt|alert)(?:\s+(?:dialog|box|window))?$/i;
/** An object with an indefinite article names no item ("Compose an email"): the verb's own control. */
const INDEFINITE = /^(?:an?|new|another)\s/i;
const ARTICLE = /^(?:the|this|that|my|our|your|its)\s+/i;
const KIND = new RegExp(`\\s+(?:${ITEM_KIND_NOUNS.join('|')})s?$`, 'i');
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1).toLowerCase();

const click = (name: string, alternatives: string[], near: string | null = null): Intent => ({
  kind: 'click',
  target: {
    name,
    noun: null,
    near: near ? rowAnchor(near, []) : null,
    ...(alternatives.length ? { alternatives } : {}),
  },
  double: false,
  purpose: 'click',
});

/**
 * "Undo it", "Approve it from the notification": an unknown verb on a pronoun with nothing before it
 * in the sentence to stand for. The pronoun is what an earlier sentence did or acted on, so the
 * reading is the page's one control named by the verb; several such controls (one per row) are
 * refused by grounding, never picked from.
 */
export function pronounVerbControl(part: string): Intent[] | null {
  const m = /^([A-Za-z][a-z]+(?:-[a-z]+)?)\s+(.+)$/.exec(part.trim());
  if (!m || KNOWN.has(m[1]!.toLowerCase())) return null;
  const rest = withoutInstrument(m[2]!, true).trim();
  return PRONOUN_OBJECT.has(rest.toLowerCase()) ? [click(capitalized(m[1]!), [])] : null;
}

/**
 * The readings of `part` (a skeleton: quoted values masked) as an unknown verb's control, best first,
 * or null when its first word is no verb of this shape (a known verb, a value with a field list after
 * it, which this does not read).
 */
export function verbControlReadings(part: string, values: string[]): Intent[][] | null {
  const m = /^([A-Za-z][a-z]+(?:-[a-z]+)?)(?:\s+(.+))?$/.exec(part.trim());
  if (!m || KNOWN.has(m[1]!.toLowerCase())) return null;
  const verb = capitalized(m[1]!);
  let rest = withoutInstrument(m[2] ?? '', true).trim();
  const particle = PARTICLES.find((p) => rest.toLowerCase() === p || rest.toLowerCase().startsWith(`${p} `));
  if (particle) rest = rest.slice(particle.length).trim();
  // "Reply to X", "Comment on X": the preposition joins the verb to its object; the control is "Reply".
  rest = rest.replace(/^(?:to|on|for)\s+/i, '');
  const named = particle ? `${verb} ${particle}` : verb;
  if (!rest || DIALOG.test(rest)) return [[click(named, [])]];
  if (vagueTarget(rest, values)) return null;
  // Values for fields ("with subject S", "to ada@example.com") are a form's, not a control's.
  if (/\swith\s|@/i.test(rest) || /^(?:it|them|this|that|these|those)\b/i.test(rest)) return null;
  if (INDEFINITE.test(rest)) return /\s(?:to|and)\s/i.test(rest) ? null : [[click(named, [])]];
  const destination = DESTINATION.exec(rest);
  if (destination) {
    const item = itemText(destination[1]!, values);
    const to = unmask(destination[3]!.trim(), values).trim();
    if (!item || !to) return null;
    // "Move X to Done": the item's "Move to" control (else "Move"), then Done in what it opened.
    const name = `${named} ${destination[2]!.toLowerCase()}`;
    return [
      [
        click(name, [`${verb}s`, named], item),
        // A click, not a choice: what opened is often a menu, and choosing looks at options, not menu items.
        { kind: 'click', target: { name: to, noun: null, near: null }, double: false, purpose: 'click' },
      ],
    ];
  }
  const item = itemText(rest, values);
  if (!item) return null;
  // "Continue to the plans": a wizard's steps up to that one (builtin-agent.ts continueToStep), else
  // the page's one Continue.
  if (/^(?:continue|proceed)$/i.test(verb) && /^(?:(?:back|on)\s+)?to\s/i.test(m[2] ?? ''))
    return [[click(`${verb} ${item}`, [verb, 'Next'])]];
  // "Empty the trash", "Publish the post": a control named by the verb and its object ("Empty trash"),
  // else the verb's control in the row of the item the object names.
  return [[click(`${named} ${item}`, [])], [click(named, [], item)]];
}

/** The item an object names: articles and a trailing kind noun dropped ("the HR email" -> "HR"). */
function itemText(object: string, values: string[]): string | null {
  const text = object.trim().replace(ARTICLE, '');
  const bare = text.replace(KIND, '').trim() || text;
  return unmask(bare, values).trim() || null;
}

/**
 * "assign it to Priya Shah", "assign the owner Jordan": a value the verb gives, which a page may take
 * in a dropdown or a choice (the card's Assignee) rather than in a button named for it. Null when the
 * part gives no value written like a name.
 */
export function givenValue(part: string, values: string[]): FormEntry | null {
  const m = GIVES.exec(part.trim());
  if (!m || KNOWN.has(m[1]!.toLowerCase())) return null;
  const value = unmask(m[3]!, values).trim();
  return value ? { field: m[2] ?? null, value } : null;
}
const GIVES =
  /^([A-Za-z][\w-]*)\s+(?:(?:it|them|this|that)\s+to|(?:the|its|their)\s+([a-z][\w-]*)(?:\s+to)?)\s+(\uE000\d+\uE001|\p{Lu}[\p{L}\d.'’-]*(?:\s+\p{Lu}[\p{L}\d.'’-]*){0,3})$/u;
