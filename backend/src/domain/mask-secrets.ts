// Secret config values never leave in clear: every output (run results, evidence, API answers,
// prompts) replaces each value by its `{{config.key}}` placeholder, the same placeholder a recorded
// step keeps, so a reader still sees which secret was there. Pure.

export interface SecretValue {
  value: string;
  /** What the value becomes, e.g. `{{config.password}}`. */
  placeholder: string;
}

/** Values this short are replaced only as whole words, so a PIN "42" does not eat every "420". */
export const WHOLE_WORD_BELOW = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The value as written, and as a JSON string, a URL, a form body and HTML show it. */
export function secretForms(value: string): string[] {
  const uri = encodeURIComponent(value);
  return [
    ...new Set([
      value,
      JSON.stringify(value).slice(1, -1),
      uri,
      uri.replace(/%20/g, '+'),
      encodeURI(value),
      escapeHtml(value),
    ]),
  ];
}

/** One pattern for all values and forms, longest first, so a value that contains another goes whole. */
function pattern(secrets: readonly SecretValue[]): { regex: RegExp; placeholders: Map<string, string> } | null {
  const placeholders = new Map<string, string>();
  for (const { value, placeholder } of secrets) {
    if (!value) continue;
    for (const form of secretForms(value)) if (!placeholders.has(form)) placeholders.set(form, placeholder);
  }
  if (!placeholders.size) return null;
  const alternatives = [...placeholders.keys()]
    .sort((a, b) => b.length - a.length)
    .map((form) =>
      form.length < WHOLE_WORD_BELOW
        ? `(?<![\\p{L}\\p{N}])${escapeRegExp(form)}(?![\\p{L}\\p{N}])`
        : escapeRegExp(form),
    );
  return { regex: new RegExp(alternatives.join('|'), 'gu'), placeholders };
}

/** A masker for many texts with the same secrets (the pattern is built once). */
export function secretMasker(secrets: readonly SecretValue[]): (text: string) => string {
  const built = pattern(secrets);
  if (!built) return (text) => text;
  return (text) => text.replace(built.regex, (found) => built.placeholders.get(found) ?? found);
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
