// "name Ada", "Ada as the first name": a field and its value, as a list of fields writes them.
import { unmask } from './quotes.js';

/** "name Ada", "email: ada@example.com": the field's words, then the value (where a name, a number or an address starts). */
export function fieldValue(chunk: string, values: string[]): [string, string] | null {
  const explicit = /^(.+?)\s*[:=]\s*(.+)$/.exec(chunk);
  if (explicit) return [explicit[1]!, explicit[2]!];
  // "Ada as the first name": the value first.
  const as = /^(.+?)\s+as\s+(?:the|my|your|our|its)\s+(.+)$/i.exec(chunk.trim());
  if (as) return [as[2]!, as[1]!];
  const words = chunk.trim().split(/\s+/);
  if (words.length < 2) return null;
  let at = words.findIndex(
    (word, i) => i > 0 && (/^\uE000/.test(word) || /^[\p{Lu}\d{]/u.test(word) || /[@./\d]/.test(word)),
  );
  if (at < 0) at = words.length - 1;
  const field = words.slice(0, at).join(' ');
  return unmask(field, values) ? [field, words.slice(at).join(' ')] : null;
}
