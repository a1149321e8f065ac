// Reads the page through its accessibility tree for messages: what came closest to a description.
import type { Page } from 'playwright-core';
import { describeNode, parseAriaSnapshot, type AriaNode } from '../domain/aria-snapshot.js';
import { closestOffers, type Offer } from '../domain/goal-language/closest-offers.js';
import { similarity } from '../domain/similarity.js';

export async function pageNodes(page: Page): Promise<AriaNode[]> {
  const snapshot = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5000 })
    .catch(() => '');
  return parseAriaSnapshot(snapshot);
}

/**
 * The `limit` named things on the page most like `name` (roles in `roles` count a little more),
 * as `button "Sign in"`. Without a name: the first things of those roles.
 */
// Containers whose names are their whole content: they repeat what their cells and items say.
const AGGREGATES = new Set([
  'row',
  'rowgroup',
  'list',
  'listitem',
  'table',
  'grid',
  'generic',
  'group',
  'region',
  'dialog',
  'navigation',
  'main',
  'banner',
  'contentinfo',
]);

/** The page's named things a message may point at: no long texts, no containers (unless wanted). */
async function namedNodes(page: Page, roles: string[]): Promise<AriaNode[]> {
  return (await pageNodes(page)).filter(
    (n) =>
      (n.name ?? n.text) && (n.name ?? n.text)!.length <= 120 && (!AGGREGATES.has(n.role) || roles.includes(n.role)),
  );
}

/** The page's named things (no long texts, no containers unless of `roles`), as role and name. */
export async function namedOnPage(page: Page, roles: string[]): Promise<{ role: string; name: string }[]> {
  return (await namedNodes(page, roles)).map((n) => ({ role: n.role, name: (n.name ?? n.text)! }));
}

/**
 * What the page offers closest to `text` (a sentence, or the name a target was written with), by the
 * content words they share (domain/goal-language/closest-offers.ts). Without a text, or with
 * `orFitting` when nothing shares a word: the first things of the roles in `roles`.
 */
export async function offersOnPage(
  page: Page,
  text: string | null,
  roles: string[],
  { limit = 3, orFitting = false }: { limit?: number; orFitting?: boolean } = {},
): Promise<Offer[]> {
  const elements = await namedOnPage(page, roles);
  return closestOffers(text ?? '', elements, roles, { limit, orFitting: orFitting || text === null });
}

export async function closestOnPage(
  page: Page,
  name: string | null,
  roles: string[],
  limit = 3,
  minScore = -1,
): Promise<string[]> {
  const nodes = await namedNodes(page, roles);
  const scored = nodes.map((node) => {
    const label = node.name ?? node.text!;
    const fits = roles.includes(node.role) ? 0.15 : 0;
    return { node, score: name === null ? fits : similarity(name, label) + fits };
  });
  scored.sort((a, b) => b.score - a.score);
  const out: string[] = [];
  for (const { node, score } of scored) {
    if (out.length === limit || score <= minScore) break;
    const text = describeNode(node);
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

export async function headlines(page: Page, limit = 5): Promise<string[]> {
  return (await pageNodes(page))
    .filter((n) => n.role === 'heading' && n.name)
    .slice(0, limit)
    .map(describeNode);
}
