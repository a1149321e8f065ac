// "Expand Projects" on a tree item or a disclosure: done when its aria-expanded says so, whatever the
// widget wants for it. A tree item whose row opens the folder expands with its arrow key or its
// twisty, not with a click on its name (the WAI-ARIA tree pattern), so those come first for tree items.
import type { Locator as PwLocator } from 'playwright-core';
import { pollUntil } from './poll-until.js';
import { pageFunction } from './visibility-script.js';

export type Expansion = 'expanded' | 'collapsed';

/** 'expanded' or 'collapsed' as aria-expanded (or an enclosing <details>) says; null when it says nothing. */
async function expandedState(element: PwLocator, timeoutMs: number): Promise<Expansion | null> {
  return element.evaluate(readExpanded, undefined, { timeout: timeoutMs }).catch(() => null);
}

const readExpanded = pageFunction<(el: Element) => Expansion | null>(`(el) => {
  const holder = el.closest('[aria-expanded]') || el.querySelector('[aria-expanded]');
  if (holder) return holder.getAttribute('aria-expanded') === 'true' ? 'expanded' : 'collapsed';
  const details = el.closest('details');
  if (details) return details.open ? 'expanded' : 'collapsed';
  return null;
}`);

/** Marks a tree item's own twisty: a small element in its row, outside its nested group, whose class says so. */
const markTwisty = pageFunction<(el: Element, mark: string) => boolean>(`(el, mark) => {
  if ((el.getAttribute('role') || '') !== 'treeitem') return false;
  const group = el.querySelector(':scope > [role=group], :scope > ul, :scope > ol');
  const says = /(^|[^a-z])(toggle|twisty|caret|chevron|expander|arrow|disclosure)([^a-z]|$)/i;
  for (const child of el.querySelectorAll('*')) {
    if (group && group.contains(child)) continue;
    const r = child.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.width > 48) continue;
    if (says.test(child.getAttribute('class') || '')) { child.setAttribute(mark, ''); return true; }
  }
  return false;
}`);

const TWISTY = 'data-goalie-twisty';
/** A key or a twisty answers at once; a click may start a request first. */
const ANSWER_MS = 300;
const SETTLE_MS = 1000;

/**
 * Brings `element` to `wanted`: nothing when it already is; a tree item by its arrow key, then its
 * twisty; anything else (and a tree item that answers to neither) by a click. `click` is the plain
 * click the step would do. Throws when the element says it is still not `wanted` afterwards.
 */
export async function expandTo(
  element: PwLocator,
  wanted: Expansion,
  click: () => Promise<void>,
  actionMs: number,
): Promise<void> {
  const state = await expandedState(element, actionMs);
  if (state === null) return click();
  if (state === wanted) return;
  // The element itself, not its locator: a name that says its state ("Details +") changes with it...
  const handle = await element.elementHandle({ timeout: actionMs });
  try {
    // ...unless the page drew it again (a tree re-rendered): then the locator finds the new one.
    const now = async () =>
      (await handle.evaluate((el) => el.isConnected).catch(() => false))
        ? handle.evaluate(readExpanded).catch(() => null)
        : expandedState(element, ANSWER_MS);
    const reached = (ms = ANSWER_MS) => pollUntil(async () => (await now()) === wanted, ms);
    if (await handle.evaluate((el) => el.getAttribute('role') === 'treeitem')) {
      await handle.focus();
      await handle.press(wanted === 'expanded' ? 'ArrowRight' : 'ArrowLeft', { timeout: actionMs });
      if (await reached()) return;
      if (await handle.evaluate(markTwisty, TWISTY).catch(() => false)) {
        const twisty = await handle.$(`[${TWISTY}]`);
        await twisty?.evaluate((el, mark) => el.removeAttribute(mark), TWISTY);
        await twisty?.click({ timeout: actionMs });
        await twisty?.dispose();
        if (await reached()) return;
      }
    }
    await click();
    if (!(await reached(SETTLE_MS)))
      throw new Error(
        `it is still ${wanted === 'expanded' ? 'collapsed' : 'expanded'} (aria-expanded) after it was clicked`,
      );
  } finally {
    await handle.dispose();
  }
}
