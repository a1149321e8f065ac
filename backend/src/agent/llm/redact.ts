// Secret config values never reach a language model: every config value in a prompt becomes its
// `{{config.key}}` placeholder, the same placeholder a recorded step keeps. Pure.
import { placeholderFor } from '../../domain/goal-language/login-keys.js';
import type { ConfigValues } from '../../domain/steps.js';

/** Values this short are replaced only as whole words, so "en" does not eat every "open". */
const WHOLE_WORD_BELOW = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Each value, as written and as a quoted snapshot or JSON shows it, with its placeholder; longest first. */
function replacements(configs: ConfigValues): { value: string; placeholder: string }[] {
  const out: { value: string; placeholder: string }[] = [];
  for (const [name, values] of Object.entries(configs)) {
    for (const [key, value] of Object.entries(values)) {
      if (!value) continue;
      const placeholder = placeholderFor(configs, name, key);
      for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) out.push({ value: form, placeholder });
    }
  }
  return out.sort((a, b) => b.value.length - a.value.length);
}

export function redactSecrets(text: string, configs: ConfigValues): string {
  let out = text;
  for (const { value, placeholder } of replacements(configs)) {
    const pattern = value.length < WHOLE_WORD_BELOW ? new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, 'gu') : new RegExp(escapeRegExp(value), 'g');
    out = out.replace(pattern, () => placeholder);
  }
  return out;
}
