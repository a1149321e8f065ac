// Intents compared by what they say, not by how a rule wrote them: two rules that build the same
// intent give one reading, and two readings that act on one element in the same way are one.
import type { Intent } from './intents.js';

/** The intent as text, its keys sorted, so that the order a rule wrote them in does not matter. */
export function intentKey(intent: Intent): string {
  return canonical(intent);
}

/**
 * What the intent does to the element it finds: its kind and what it types, chooses or presses,
 * without the target and without the purpose, which only says which roles fit.
 */
export function actionKey(intent: Intent): string {
  const { target: _target, purpose: _purpose, ...action } = intent as Intent & { target?: unknown; purpose?: unknown };
  return canonical(action);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}
