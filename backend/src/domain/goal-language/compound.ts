// Several actions in one sentence: where a sentence splits into actions, and what a pronoun in a later
// action ("archive them", "apply it") stands for. Works on the skeleton (quoted values masked).
import { afterColon, newRecord, type ListPart } from './field-list.js';
import { recordRequest } from './record-request.js';
import { placeFirst } from './frames.js';
import type { Intent } from './intents.js';
import { LEXICON, verbForms } from './lexicon.js';
import { typedForm } from './typed-values.js';
import { ACTION_START, alternation } from './verb-patterns.js';

const PRONOUN = '(?:it|them|this|that|these|those|the\\s+same)';
/** A joint: a comma (with or without "and" or "but"), "and", "but" or a dash, and a "then" after it. */
const JOINT = /(?:\s*,\s*(?:and\s+|but\s+)?|\s+(?:and|but|[-–—])\s+)(?:then\s+)?/g;
/**
 * A sentence whose verb a later part may leave out: "Pick A as X and B as Y", "Set X to 1 and Y to 2".
 * A place said first ("In 'Source' pick ...") is no verb.
 */
const GAPPED =
  /^(?!(?:in|on|at|from|under|inside|within|for|with|via|using|under)\s)([a-z]+)\s(?:(?!\s(?:as|to|with)\s).)+?\s(as|to|with)\s/i;
/** A verb that starts an action anywhere. */
const PLAIN_START = new RegExp(`^(?:${ACTION_START})\\b`, 'i');
/** A verb that is also a word in names ("Archive", "Edit") starts an action only when a pronoun is its object. */
const ANY_VERB = alternation(LEXICON.flatMap((entry) => entry.verbs.flatMap(verbForms)));
const VERB_ON_PRONOUN = new RegExp(`^(?:${ANY_VERB})\\s+${PRONOUN}\\b`, 'i');
/** After a quoted value: a known verb, or a lower-case word alone or on its object ("and cancel", "and undo it"). */
const LOWER_VERB = new RegExp(
  `^(?:(?:${ANY_VERB})\\b|[a-z][a-z-]+(?=$|\\s*,|\\s+(?:and|then|it|them|the|without)\\b))`,
);
/**
 * A verb the lexicon does not know, in lower case, on a pronoun or an article ("assign it to ...",
 * "and assign the owner Jordan"): a name would be capitalised. Words that only join, and a word in
 * "-ing" ("leaving the email empty"), are no verbs.
 */
const WORD_ON_PRONOUN = new RegExp(
  `^(?!(?:also|then|only|just|not|all|both|either|neither|so|too|on|in|at|to|for|from|with|by|of|into|onto|under|over|after|before|as|via|once|when|if)\\s|[a-z]+ing\\s)[a-z][a-z-]+\\s+(?:${PRONOUN.replace('the', '[Tt]he')}|the|a|an|my|your|our|their|its)(?:\\s|$)`,
);

/** A verb that is also a word in names, in lower case before an article: "and create the account". */
const VERB_ON_ARTICLE = new RegExp(`^(?:${ANY_VERB})\\s+(?:the|a|an|my|your|our|this|all)\\s`);

/** "-ing" forms of the lexicon's one-word verbs, to the verb: "confirming" -> "confirm", "saving" -> "save". */
const GERUNDS = new Map(
  LEXICON.flatMap((entry) => entry.verbs)
    .filter((verb) => /^[a-z]+$/.test(verb))
    .flatMap((verb) =>
      [`${verb}ing`, `${verb.replace(/e$/, '')}ing`, `${verb}${verb.at(-1)}ing`].map((form) => [form, verb]),
    ),
);
/** ", confirming the prompt": after a comma, a lexicon verb in "-ing" is the next action's verb. */
function gerundAction(rest: string): { verb: string; said: number } | null {
  const ing = /^[a-z]+ing\b/.exec(rest)?.[0];
  const verb = ing && GERUNDS.get(ing);
  return verb ? { verb, said: ing.length } : null;
}

/** The lexicon's verb (with its particle) that a part starts with: "Go to" of "Go to Settings". */
function saidVerb(part: string): string | null {
  return VERB_SAID.exec(part)?.[1] ?? null;
}
const VERB_SAID = new RegExp(
  `^(${alternation(
    LEXICON.flatMap((entry) =>
      entry.verbs.flatMap(verbForms).flatMap((form) => [form, ...(entry.particles ?? []).map((p) => `${form} ${p}`)]),
    ),
  )})\\s`,
  'i',
);

export function startsAction(text: string): boolean {
  if (PLAIN_START.test(text) || VERB_ON_PRONOUN.test(text) || WORD_ON_PRONOUN.test(text) || VERB_ON_ARTICLE.test(text))
    return true;
  // "..., and on the plans page switch billing to monthly": a place, then the action's verb.
  const placed = placeFirst(text);
  return placed !== null && (startsAction(placed.rest) || LOWER_VERB.test(placed.rest));
}

/**
 * "Open X, assign it to Priya and save" -> its actions: cut at each comma or "and" that a new action
 * follows, or a "then" a lower-case word follows. "Click Terms and conditions" stays whole: no verb
 * follows its "and".
 */
/** "merchant = Staples", "amount = 0": a field, "=", its value. */
export const ASSIGNED = /^\s*[\p{L}][\p{L}\d '-]{0,30}?\s*=\s*\S/u;

export function actionParts(skeleton: string): string[] {
  const parts: string[] = [];
  let from = 0;
  let prefix = '';
  const gapped = GAPPED.exec(skeleton);
  for (const joint of skeleton.matchAll(JOINT)) {
    const after = joint.index + joint[0].length;
    const rest = skeleton.slice(after);
    // "..., then cancel the confirmation", "... but cancel it": after "then" or "but" a word in lower
    // case is the next action's verb, known or not ("Click Save, then Continue" keeps a name).
    const then = /\b(?:then|but)\s+$/i.test(joint[0]) && /^(?!not\b)[a-z]/.test(rest);
    // "Rename it to 'X' and cancel": after a quoted value, a verb in lower case is the next action,
    // also one that is a word in names ("Cancel"): a name would be quoted or capitalised.
    const afterValue = skeleton.slice(0, joint.index).endsWith('\uE001') && LOWER_VERB.test(rest);
    // "Pick 30 December as check-in and 2 January as check-out": the verb said once (gapping), when
    // what follows has the same preposition and no verb of its own.
    // Both the part before and the part after say the preposition with words around it.
    const said = (text: string) => new RegExp(`^[^,]+?\\s${gapped![2]}\\s\\S`, 'i').test(text);
    const gap =
      gapped !== null && !startsAction(rest) && said(skeleton.slice(from, joint.index)) && said(rest.split(JOINT)[0]!);
    // "Expand Projects and then 2026": after "then", an object with no verb of its own takes the
    // verb said before it (a name after a bare "and" stays part of the name: "Terms and conditions").
    const verb =
      !then && /\bthen\s+$/i.test(joint[0]) && !startsAction(rest) ? saidVerb(prefix + skeleton.slice(from)) : null;
    const gerund = /^\s*,/.test(joint[0]) ? gerundAction(rest) : null;
    // "Open New expense, merchant = Staples, amount = 0": a field given its value is a part of its own.
    const assigned = ASSIGNED.test(rest);
    if (joint.index === 0 || !(then || afterValue || gap || verb || gerund || assigned || startsAction(rest))) continue;
    parts.push(prefix + skeleton.slice(from, joint.index));
    from = after;
    prefix = verb ? `${verb} ` : gap && !then ? `${gapped[1]} ` : '';
    // The verb for its "-ing" form; the rest of the part follows it.
    if (gerund) [from, prefix] = [after + gerund.said, gerund.verb];
  }
  parts.push(prefix + skeleton.slice(from));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * The parts of a sentence, each one action or a few already read: a new record with its fields, the
 * head of a colon and what follows it, or the actions at the sentence's joints.
 */
export function sentenceParts(skeleton: string, values: string[]): ListPart[] {
  const record = newRecord(skeleton, values) ?? recordRequest(skeleton, values);
  if (record) return [record];
  const listed = afterColon(skeleton, values, startsAction);
  if (!listed) return actionParts(skeleton).map((part) => typedForm(part) ?? part);
  return listed.flatMap((part): ListPart[] => (typeof part === 'string' ? actionParts(part) : [part]));
}

/** "archive them", "mark them as read", "apply it": the verb, the pronoun and what follows it. */
const ON_PRONOUN = new RegExp(`^([\\w-]+)\\s+${PRONOUN}(?:\\s+(.+))?$`, 'i');

/** What an earlier action acted on, for a pronoun in a later one. */
export interface Antecedent {
  /** The earlier action ticked or chose items: "them" is what is selected now. */
  selection: boolean;
  /** The names of what it acted on, one per item ("Ada Lovelace and Alan Turing": two). */
  items: string[];
}

/** The antecedent of a pronoun in the next action: what these intents acted on, or null when they name nothing. */
export function antecedentOf(intents: Intent[]): Antecedent | null {
  const items: string[] = [];
  let placed = 0;
  for (const intent of intents) {
    // A key pressed in a field acts on nothing of its own ("Search for X" ends with Enter); a row
    // by its position has no text to name it by (but "them" may still be the selection).
    if (intent.kind === 'press') continue;
    if ('target' in intent && intent.target?.near?.nth !== undefined) {
      placed++;
      continue;
    }
    const target = 'target' in intent ? intent.target : null;
    // An option chosen is the item; a row's control stands for its row; a text found or searched for is.
    const searched = intent.kind === 'fill' && /search/i.test(`${intent.target.name} ${intent.target.noun}`);
    const name =
      intent.kind === 'select' || searched
        ? intent.value
        : intent.kind === 'wait'
          ? intent.text
          : target && (target.near?.text ?? target.name);
    if (name) items.push(name);
  }
  if (!items.length && !placed) return null;
  const selection = intents.every(
    (intent) =>
      intent.kind === 'check' || intent.kind === 'select' || (intent.kind === 'click' && intent.purpose === 'choose'),
  );
  return { selection, items };
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1).toLowerCase();

/**
 * "Select the rows and archive them", "Set the max price to 30 and apply it": a verb on a pronoun that
 * reads no other way is the page's control for it, named by the verb and what follows the pronoun
 * ("Mark as read": never "Mark" alone, which may do the opposite). After a selection it is the selection's own control, so this comes
 * before the pronoun is read as the items selected. Null when the part is not a verb on a pronoun, or
 * a value follows the pronoun ("rename it to 'X'" names no control).
 */
export function verbControl(part: string): Intent[] | null {
  const m = ON_PRONOUN.exec(part.trim());
  if (!m || m[2]?.includes('\uE000')) return null;
  const verb = capitalized(m[1]!);
  const rest = m[2]?.trim();
  return [
    {
      kind: 'click',
      target: { name: rest ? `${verb} ${rest}` : verb, noun: null, near: null },
      double: false,
      purpose: 'click',
    },
  ];
}

/**
 * "Open the Linen Shirt and add it to the bag" when "it" alone does not read: the pronoun replaced by
 * what the earlier action acted on, one part per item ("Select A and B, star them": star A, star B).
 * The names go in as quoted values, so they read as names. Null when the part has no pronoun.
 */
export function withAntecedent(part: string, antecedent: Antecedent, values: string[]): string[] | null {
  const pronoun = new RegExp(`(?<=^[\\w-]+(?:\\s+[\\w-]+)?\\s+)${PRONOUN}\\b`, 'i');
  if (!pronoun.test(part) || !antecedent.items.length) return null;
  return antecedent.items.map((item) => {
    values.push(item);
    return part.replace(pronoun, `\uE000${values.length - 1}\uE001`);
  });
}

/** "that folder", "this page", "the same card": a place or item said before, never a name. */
const THAT_KIND =
  /\b(?:that|this|the\s+same)\s+(?:folder|page|tab|list|card|item|message|email|view|section|row|column|board|file|one)\b/i;

/**
 * "Move the invoice to Receipts and open that folder": "that folder" is what the earlier action
 * acted on last (Receipts), put in as a quoted value. Null when the part says no such thing.
 */
export function withDemonstrative(part: string, antecedent: Antecedent, values: string[]): string | null {
  // "Click Save on that page": where the action happens, which is where the last one left off.
  const there = /\s+(?:on|in|at)\s+(?:that|this|the\s+same)\s+(?:page|view|tab|screen)$/i;
  if (there.test(part)) return part.replace(there, '');
  if (!THAT_KIND.test(part) || !antecedent.items.length) return null;
  values.push(antecedent.items.at(-1)!);
  return part.replace(THAT_KIND, `\uE000${values.length - 1}\uE001`);
}

/** "its quantity", "her email", "their status": a possessive before a word in lower case. */
const POSSESSIVE = /\b(?:its|their|his|her)\s+(?=[a-z])/i;

/**
 * "Search for red widget, double-click its quantity": the possessive replaced by what the earlier
 * action acted on, as an owner ("'red widget''s quantity", the field in that row), one part per
 * item. Null when the part has no possessive.
 */
export function withPossessive(part: string, antecedent: Antecedent, values: string[]): string[] | null {
  if (!POSSESSIVE.test(part) || !antecedent.items.length) return null;
  return antecedent.items.map((item) => {
    values.push(item);
    return part.replace(POSSESSIVE, `\uE000${values.length - 1}\uE001's `);
  });
}

/** The part without its possessive: "set its quantity to 40" -> "set quantity to 40". */
export function withoutPossessive(part: string): string {
  return part.replace(POSSESSIVE, '');
}
