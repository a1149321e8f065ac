// Secret config values never leave in clear: every output (run results, evidence, API answers,
// prompts) replaces each value by its `{{config.key}}` placeholder, the same placeholder a recorded
// step keeps, so a reader still sees which secret was there. A value is recognised in every
// encoding a browser, a URL parser or a serializer may give it (secret-encodings.ts), also one
// encoding inside another (decode-outer-encoding.ts), and in base64. Pure.
import { decodeOuterEncoding } from './decode-outer-encoding.js';
import { base64Cores, base64Run, encodedPattern } from './secret-encodings.js';

export interface SecretValue {
  value: string;
  /** What the value becomes, e.g. `{{config.password}}`. */
  placeholder: string;
}

/** Values this short are replaced only as whole words, so a PIN "42" does not eat every "420". */
export const WHOLE_WORD_BELOW = 4;

interface Patterns {
  /** Each value in every encoding, one capturing group per value, longest value first. */
  encoded: RegExp;
  /** The parts of each value's base64 (values of WHOLE_WORD_BELOW characters or more), a group per value. */
  base64: RegExp | null;
  placeholders: string[];
}

/** A stretch of the text that holds a value, and the placeholder it becomes. */
interface Found {
  start: number;
  end: number;
  placeholder: string;
}

/** One pattern for all values, longest first, so a value that contains another goes whole. */
function patterns(secrets: readonly SecretValue[]): Patterns | null {
  const byValue = new Map<string, string>();
  for (const { value, placeholder } of secrets) if (value && !byValue.has(value)) byValue.set(value, placeholder);
  if (!byValue.size) return null;
  const values = [...byValue.keys()].sort((a, b) => b.length - a.length);
  const short = (value: string) => value.length < WHOLE_WORD_BELOW;
  const encoded = values.map((value) =>
    short(value) ? `((?<![\\p{L}\\p{N}])${encodedPattern(value)}(?![\\p{L}\\p{N}]))` : `(${encodedPattern(value)})`,
  );
  // A short value's group never matches, so group numbers stay those of `placeholders`.
  const base64 = values.map((value) => (short(value) ? '(?!)' : `(${base64Cores(value).join('|')})`));
  return {
    encoded: new RegExp(encoded.join('|'), 'gu'),
    base64: values.some((value) => !short(value)) ? new RegExp(base64.join('|'), 'g') : null,
    placeholders: values.map((value) => byValue.get(value)!),
  };
}

/** Every match of `regex` in `text`, at `extend(start, end)`'s bounds (the match's own by default). */
function find(
  text: string,
  regex: RegExp,
  placeholders: string[],
  extend: (start: number, end: number) => [number, number] = (start, end) => [start, end],
): Found[] {
  const found: Found[] = [];
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    const [start, end] = extend(match.index, match.index + match[0].length);
    const group = match.findIndex((value, i) => i > 0 && value !== undefined);
    found.push({ start, end, placeholder: placeholders[group - 1]! });
    regex.lastIndex = Math.max(end, match.index + 1);
  }
  return found;
}

/** `text` with each stretch found replaced; overlapping stretches become one, named after the longest. */
function replace(text: string, found: Found[]): string {
  if (!found.length) return text;
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let copied = 0;
  for (let i = 0; i < found.length;) {
    const first = found[i]!;
    let { end, placeholder } = first;
    let longest = end - first.start;
    for (i++; i < found.length && found[i]!.start < end; i++) {
      const next = found[i]!;
      if (next.end - next.start > longest) {
        longest = next.end - next.start;
        placeholder = next.placeholder;
      }
      end = Math.max(end, next.end);
    }
    out += text.slice(copied, first.start) + placeholder;
    copied = end;
  }
  return out + text.slice(copied);
}

/** A masker for many texts with the same secrets (the patterns are built once). */
export function secretMasker(secrets: readonly SecretValue[]): (text: string) => string {
  const built = patterns(secrets);
  if (!built) return (text) => text;
  const { encoded, base64, placeholders } = built;
  return (text) => {
    const found = find(text, encoded, placeholders);
    // An encoding inside another: the same pattern over the text with the outer one taken off.
    const decoded = decodeOuterEncoding(text);
    if (decoded) {
      for (const { start, end, placeholder } of find(decoded.text, encoded, placeholders))
        found.push({ start: decoded.origin(start), end: decoded.origin(end), placeholder });
    }
    if (base64) found.push(...find(text, base64, placeholders, (start, end) => base64Run(text, start, end)));
    return replace(text, found);
  };
}

/** Every secret value in `text` (in any of its forms) replaced by its placeholder. */
export function maskSecrets(text: string, secrets: readonly SecretValue[]): string {
  return secretMasker(secrets)(text);
}

/** The same for every string inside a JSON-like value (keys stay). */
export function maskDeep<T>(value: T, secrets: readonly SecretValue[]): T {
  const mask = secretMasker(secrets);
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return mask(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object' && !(item instanceof Date))
      return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}
