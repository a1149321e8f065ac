// "Show only churned contacts", "Filter by Sam Lee": a value named without its list, where the page
// offers it as an option of a closed native list (<select>), which no search by name can see. The
// list is found by its option and the step recorded as choosing that option from that list by the
// list's name, so a replay needs no search; a value that two lists offer is refused.
import type { Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

export type ListOffering = { list: string; option: string };

// Page source, not a TypeScript function: see page-scripts.ts on `__name`.
const LISTS_OFFERING = pageFunction<(wanted: string) => ListOffering[]>(`(wanted) => {
  const norm = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const byIds = (ids) => ids.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  // The list's name as shown, first the one assistive technology reads.
  const nameOf = (select) =>
    norm(select.getAttribute('aria-label')) ||
    norm(byIds(select.getAttribute('aria-labelledby') || '')) ||
    norm(select.labels && select.labels[0] ? select.labels[0].textContent : '') ||
    norm(select.title);
  const found = [];
  for (const select of Array.from(document.querySelectorAll('select'))) {
    const box = select.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(select).visibility === 'hidden' || select.disabled) continue;
    const option = Array.from(select.options).find(
      (o) => !o.disabled && norm(o.label || o.text).toLowerCase() === norm(wanted).toLowerCase(),
    );
    const list = nameOf(select);
    if (option && list) found.push({ list, option: norm(option.label || option.text) });
  }
  return found;
}`);

/** The visible, named <select>s with an option named `value` (case and spacing aside). */
export function listsOffering(page: Page, value: string): Promise<ListOffering[]> {
  return page.evaluate(LISTS_OFFERING, value);
}
