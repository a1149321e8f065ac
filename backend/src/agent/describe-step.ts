// Targets as people read them, for healing notes.
import type { Target } from '../domain/steps.js';

export function describeTarget(target: Target | undefined): string {
  if (!target) return '';
  const first = target.locators[0];
  return first ? `${target.description} (${JSON.stringify(first)})` : target.description;
}
