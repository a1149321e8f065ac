// "..., but when it asks for confirmation click Cancel", "if a dialog pops up, press OK", "when asked
// for a reason, just cancel": the action that answers a question the page asks. The question is the
// dialog the action before opens; the action is done on it, and a dialog that never comes leaves
// the action nothing to act on, so the burn-in fails rather than passing unasked.

/** Who asks: "it", "the app", "a dialog", "a confirmation"; or "asked" alone. */
const ASKER = String.raw`(?:it|they|the\s+[\w-]+|an?\s+[\w-]+(?:\s+[\w-]+)?)`;
const ASKS = String.raw`(?:asks?|prompts?|pops?\s+up|appears?|shows?\s+up|comes?\s+up|opens?|wants?)`;
// The asker may have been read away already ("it" of "when it asks" stands for the action before).
const CONDITION = new RegExp(
  String.raw`^(?:when|if|once|whenever)\s+(?:(?:${ASKER}\s+)?${ASKS}|asked|prompted)\b`,
  'i',
);
/** Words before an answer that are no part of it: "just cancel", "then click OK". */
const FILLER = /^(?:(?:just|simply|only|then|please),?\s+)+/i;

/**
 * The action said after a question's condition ("click Cancel" of "when it asks for confirmation
 * click Cancel"), or null when the part starts with no such condition or no action follows it.
 * `startsAction` tells where the answer starts: at its verb, or after a comma.
 */
export function answerToQuestion(part: string, startsAction: (text: string) => boolean): string | null {
  const condition = CONDITION.exec(part.trim());
  if (!condition) return null;
  // "If a dialog pops up, press OK" cut at its comma: the condition alone asks for nothing.
  if (!/,|\b(?:click|press|tap|choose|select|confirm|cancel|type|enter)\b/i.test(part)) return '';
  const words = part.trim().slice(condition[0].length).split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const rest = words.slice(i).join(' ');
    const answer = rest.replace(FILLER, '');
    // "just cancel": a verb alone after a filler word.
    const lone = answer !== rest && /^[a-z]+$/.test(answer);
    if (answer && (startsAction(answer) || lone || (i > 0 && words[i - 1]!.endsWith(',')))) return answer;
  }
  return null;
}
