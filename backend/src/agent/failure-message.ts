// A burn-in that fails says why and what would work: the sentence, what it was understood as, what
// the page has instead (roles, names and the words they lack), and the closest phrasing that would
// find something. Goalie never acts on these guesses: they only explain.
import { describeOffer, type Offer } from '../domain/goal-language/closest-offers.js';
import { formatIntent } from '../domain/goal-language/format.js';
import type { Intent, Purpose } from '../domain/goal-language/intents.js';
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
