// A burn-in that fails says why and what would work: the sentence, what it was understood as, what
// the page has instead (roles, names and the words they lack), and the closest phrasing that would
// find something. Goalie never acts on these guesses: they only explain.
import { describeNoting, describeOffer, phrasingFor, type Offer } from '../domain/goal-language/closest-offers.js';
import { formatIntent } from '../domain/goal-language/format.js';
import type { Intent, Purpose } from '../domain/goal-language/intents.js';
import { parseExpectedResult } from '../domain/goal-language/parse-expected-result.js';
import { parseGoalSentence } from '../domain/goal-language/parse-sentence.js';
import { PURPOSE_ROLES } from '../domain/goal-language/roles.js';
import { PHRASINGS_POINTER } from '../domain/goal-language/phrasings.js';

/** The same intent aimed at the closest candidate instead: "Click 'Sign in'". */
export function closestPhrasing(intent: Intent, closest: Offer[]): string | null {
  if (!('target' in intent) || !intent.target) return null;
  const target = intent.target;
  if (target.name === null) return null;
  const purpose = (
    intent.kind === 'click' ? intent.purpose : intent.kind === 'uncheck' ? 'check' : intent.kind
  ) as Purpose;
  const fitting = PURPOSE_ROLES[purpose] ?? [];
  const candidate = closest.find((offer) => fitting.includes(offer.role));
  if (!candidate) return null;
  // The candidate's own name only: no other names to try, no position.
  return formatIntent({ ...intent, target: { name: candidate.name, noun: null, near: target.near } });
}

/** `unresolved`: what the page lacks, and what it offers closest to the text it was searched for. */
export function unresolvedMessage(
  sentence: string,
  where: string,
  intent: Intent,
  unresolved: { reason: string; closest: Offer[]; searchedFor: string | null },
): string {
  const { reason, closest } = unresolved;
  const lines = [`Could not do "${sentence}"${where}: ${reason}.`];
  const understood = formatIntent(intent);
  if (understood !== sentence.trim()) lines.push(`Understood as: ${understood}`);
  if (closest.length) lines.push(`Closest on the page: ${closest.map(describeOffer).join(', ')}.`);
  else if (unresolved.searchedFor)
    lines.push(`Nothing on the page shares a word with ${JSON.stringify(unresolved.searchedFor)}.`);
  const suggestion = closestPhrasing(intent, closest);
  if (suggestion && suggestion !== understood) lines.push(`Closest phrasing that would find something: ${suggestion}`);
  lines.push(PHRASINGS_POINTER);
  return lines.join('\n');
}

/**
 * A sentence whose readings find different elements, so they would do different things: Goalie
 * does not pick one. Each reading with what it finds, and how to say which is meant.
 */
export function ambiguousReadings(
  sentence: string,
  where: string,
  readings: { reading: string; finds: string }[],
): string {
  const each = readings.map((r) => `"${r.reading}" finds ${r.finds}`);
  const last = each.pop()!;
  return `Could not do "${sentence}"${where}: it reads ${readings.length} ways that act on different elements of the page, so Goalie does not pick one: ${each.join(', ')} and ${last}. Write the one you mean: ${readings.map((r) => JSON.stringify(r.reading)).join(' or ')}.`;
}

/**
 * What the page offers for a sentence that could not be read: `Closest on the page: button "Save
 * settings" (say e.g. "Click 'Save settings'")`, the first element a phrasing can act on showing it.
 */
export function offeredLine(closest: Offer[], url: string): string {
  if (!closest.length) return `Nothing on ${url} shares a word with it.`;
  let said = false;
  const described = closest.map((offer) => {
    const phrasing = said ? null : phrasingFor(offer);
    if (!phrasing) return describeOffer(offer);
    said = true;
    return describeNoting(offer, `say e.g. ${JSON.stringify(phrasing)}`);
  });
  return `Closest on the page: ${described.join(', ')}.`;
}

/** The roles a sentence that could not be read may have meant to act on. */
export const INTERACTIVE_ROLES = [...PURPOSE_ROLES.press, 'listbox'];

/** A part of a test case that cannot be read: a sentence of the goal, or (null) the expected result. */
export interface UnreadablePart {
  sentence: string | null;
  error: string;
}

export interface Unreadable extends UnreadablePart {
  /** What the page offers closest to the sentence (offeredLine); null for the expected result. */
  offered: string | null;
}

/** Every sentence of the goal, and the expected result, that the rules cannot read, in order. */
export function unreadableParts(sentences: string[], expectedResult?: string): UnreadablePart[] {
  const parts: UnreadablePart[] = [];
  for (const [i, sentence] of sentences.entries()) {
    const parsed = parseGoalSentence(sentences, i);
    if (!parsed.ok) parts.push({ sentence, error: parsed.error });
  }
  const expected = expectedResult?.trim() ? parseExpectedResult(expectedResult) : null;
  // Its list of phrasings would bury the other problems: the pointer at the end stands for it.
  if (expected && !expected.ok)
    parts.push({ sentence: null, error: expected.error.replace(/ Understood phrasings[\s\S]*$/, '') });
  return parts;
}

/**
 * One message for every part that cannot be read, after the failure of a sentence performed before
 * them when there was one: a burn-in reports every problem it can know of at once.
 */
export function unreadableMessage(parts: Unreadable[], failure: string | null): string {
  const lines = parts.map((p) => (p.offered ? `${p.error}\n  ${p.offered}` : p.error));
  if (failure === null && lines.length === 1) return `${lines[0]!.replace('\n  ', '\n')}\n${PHRASINGS_POINTER}`;
  const names = parts.map((p) => (p.sentence === null ? 'the expected result' : JSON.stringify(p.sentence)));
  const head =
    failure === null
      ? `Could not understand ${parts.length} sentences: ${names.join(', ')}.`
      : `${failure.replace(`\n${PHRASINGS_POINTER}`, '')}\nNot understood either, so not tried: ${names.join(', ')}.`;
  return [head, ...lines.map((line) => `- ${line}`), PHRASINGS_POINTER].join('\n');
}
