// "Add the blue mug to the cart" on a home page that lists no products: a person opens the
// catalogue first. These are the links that lead to one, by the names shops usually give them.
import type { Page } from 'playwright-core';
import type { Intent } from '../domain/goal-language/intents.js';

const CATALOGUE = /^\s*(?:(?:all|our|browse(?:\s+all)?|shop(?:\s+all)?|view\s+all)\s+)?(?:products?|shop|store|catalogu?e|collections?|items|inventory|menu)\s*$/i;

/** The text a relative target is anchored on ("in the row of 'Blue mug'"), if any. */
export function anchorText(intent: Intent): string | null {
  return 'target' in intent && intent.target && intent.target.near ? intent.target.near.text : null;
}

/** Whether a person sees the text anywhere on the page (any case, as part of a longer text too). */
export async function textShown(page: Page, text: string): Promise<boolean> {
  const matches = page.getByText(text);
  const count = await matches.count().catch(() => 0);
  for (let i = 0; i < Math.min(count, 10); i++) if (await matches.nth(i).isVisible().catch(() => false)) return true;
  return false;
}

/** The name of the first visible link to a catalogue ("Products", "Shop all"), or null. */
export async function catalogueLink(page: Page): Promise<string | null> {
  const links = page.getByRole('link', { name: CATALOGUE });
  const count = await links.count().catch(() => 0);
  for (let i = 0; i < Math.min(count, 10); i++) {
    const link = links.nth(i);
    if (!(await link.isVisible().catch(() => false))) continue;
    const name = (await link.textContent().catch(() => null))?.trim();
    if (name && CATALOGUE.test(name)) return name;
  }
  return null;
}
