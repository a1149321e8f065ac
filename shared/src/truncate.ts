// Cutting text to fit a line or a message, visibly: the cut is marked with "…".

/** `text` when it has at most `max` characters, else its first `max - 1` and "…" (never splitting a character). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}
