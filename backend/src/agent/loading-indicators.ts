// A page that draws its data after a delay says so: a "Loading parts…" text, a progress bar, a region
// marked aria-busy. Before a sentence is grounded, the burn-in waits (bounded) until the page shows
// none, so that "sort by unit cost" does not look for a column header the page has yet to draw.
import type { Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

/** How long a burn-in waits for a page that still says it is loading. */
export const LOADING_WAIT_MS = 10_000;
const POLL_MS = 100;

const stillLoading = pageFunction<() => boolean>(`() => {
  const seen = (el) => { const r = el.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true, opacityProperty: true })); };
  for (const el of document.querySelectorAll('[aria-busy="true"], [role=progressbar]:not([aria-valuenow])')) if (seen(el)) return true;
  for (const el of document.querySelectorAll('body *')) {
    if (el.children.length > 2) continue;
    const text = (el.textContent || '').replace(/\\s+/g, ' ').trim();
    if (text.length <= 40 && /^(?:loading|fetching)\\b[^.!?]*(?:…|\\.\\.\\.)?$/i.test(text) && seen(el)) return true;
  }
  return false;
}`);

/** Waits until the page shows no loading indicator, at most `timeoutMs`; answers whether it stopped. */
export async function waitWhileLoading(page: Page, timeoutMs = LOADING_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!(await page.evaluate(stillLoading).catch(() => false))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
