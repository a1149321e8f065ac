// A burn-in that fails says why and what would work: the sentence, what it was understood as, what
// the page has instead (roles and names), and the closest phrasing that would find something.
import { formatIntent } from '../domain/goal-language/format.js';
import type { Intent, Purpose } from '../domain/goal-language/intents.js';
import { PURPOSE_ROLES } from '../domain/goal-language/roles.js';
import { goalPhrasings } from '../domain/goal-language/phrasings.js';

/** `button "Sign in"` -> { role: 'button', name: 'Sign in' }. */
function parseCandidate(text: string): { role: string; name: string } | null {
  const m = /^(\S+) "(.*)"$/.exec(text);
  if (!m) return null;
  try {
    return { role: m[1]!, name: JSON.parse(`"${m[2]!}"`) as string };
  } catch {
    return { role: m[1]!, name: m[2]! };
  }
}

/** The same intent aimed at the closest candidate instead: "Click 'Sign in'". */
export function closestPhrasing(intent: Intent, closest: string[]): string | null {
  if (!('target' in intent) || !intent.target) return null;
  const target = intent.target;
  const purpose = (
    intent.kind === 'click' ? intent.purpose : intent.kind === 'uncheck' ? 'check' : intent.kind
  ) as Purpose;
  const fitting = PURPOSE_ROLES[purpose] ?? [];
  for (const text of closest) {
    const candidate = parseCandidate(text);
    if (!candidate || !fitting.includes(candidate.role)) continue;
    if (target.name === null) continue;
    // The candidate's own name only: no other names to try, no position.
    const renamed = { ...intent, target: { name: candidate.name, noun: null, near: target.near } } as Intent;
    return formatIntent(renamed);
  }
  return null;
}

export function unresolvedMessage(
  sentence: string,
  where: string,
  intent: Intent,
  reason: string,
  closest: string[],
): string {
  const lines = [`Could not do "${sentence}"${where}: ${reason}.`];
  const understood = formatIntent(intent);
  if (understood !== sentence.trim()) lines.push(`Understood as: ${understood}`);
  if (closest.length) lines.push(`Closest on the page: ${closest.join(', ')}.`);
  const suggestion = closestPhrasing(intent, closest);
  if (suggestion && suggestion !== understood) lines.push(`Closest phrasing that would find something: ${suggestion}`);
  lines.push(`Understood phrasings (quotes optional where unambiguous):\n${goalPhrasings()}`);
  return lines.join('\n');
}
