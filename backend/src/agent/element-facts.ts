// What we read from one element to describe it and to write locators for it.
import type { ElementHandle, Locator as PwLocator } from 'playwright-core';
import { parseAriaSnapshot } from '../domain/aria-snapshot.js';
import { readFacts, relationsTo, type RawFacts } from './page-scripts.js';

export interface ElementFacts extends RawFacts {
  /** The accessible name as Playwright computes it (from the element's own aria snapshot line). */
  name: string | null;
}

/** Read within 2 s: a locator whose element went away (the page drew itself again) must not wait 30 s. */
export async function factsOf(element: PwLocator): Promise<ElementFacts> {
  const raw = await element.evaluate(readFacts, undefined, { timeout: 2000 });
  let name: string | null = null;
  if (raw.role) {
    const snapshot = await element.ariaSnapshot({ timeout: 2000 }).catch(() => '');
    name = parseAriaSnapshot(snapshot).find((node) => node.depth === 0 && node.role === raw.role)?.name ?? null;
  }
  return { ...raw, name };
}

/** For each element `candidates` matches: the target itself, inside it, or another element. */
export async function relationsOf(
  candidates: PwLocator,
  target: ElementHandle,
): Promise<('same' | 'inside' | 'other')[]> {
  return candidates.evaluateAll(relationsTo, target as ElementHandle<Element>);
}
