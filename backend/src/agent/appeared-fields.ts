// "Pick Other and type Hacker News", "click Add a card and type Write docs": the field meant is the
// one the previous action made appear, when the page did not move the focus to it. Before each action
// of a burn-in the page's visible fields are remembered (two generations, kept on `window`, so a
// navigation forgets them); a field not among those seen before the previous action is new.
import type { ElementHandle, Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

const FIELDS =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]), textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]';

/** Remembers the visible fields now; those remembered before become the previous generation. */
const remember = pageFunction<(selector: string) => void>(`(selector) => {
  const seen = new WeakSet();
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    if (r.width >= 1 && r.height >= 1) seen.add(el);
  }
  window.__goalieFieldsBefore = window.__goalieFieldsNow || null;
  window.__goalieFieldsNow = seen;
}`);

/** Indexes of the elements not seen before the previous action; null when nothing was remembered. */
const unseen = pageFunction<(els: Element[]) => number[] | null>(`(els) => {
  const before = window.__goalieFieldsBefore;
  if (!before) return null;
  return els.flatMap((el, i) => (before.has(el) ? [] : [i]));
}`);

/** Call before each action of a burn-in. */
export async function rememberFields(page: Page): Promise<void> {
  await page.evaluate(remember, FIELDS).catch(() => undefined);
}

/** Of several fields, the one the previous action made appear; -1 when none or more than one did. */
export async function appearedIndex(page: Page, fields: ElementHandle<Element>[]): Promise<number> {
  const fresh = await page.evaluate(unseen, fields).catch(() => null);
  return fresh?.length === 1 ? fresh[0]! : -1;
}
