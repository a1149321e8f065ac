// "The subtotal is $12.00", "The Inbox count is 4": a value the page shows beside a label, not in a
// field. The label is an element whose whole text is the name ("Subtotal", "Total:"), and the value
// the text of the element right after it (<span>Subtotal</span><span>$12.00</span>, <dt>/<dd>,
// <th>/<td>); or one element reads "Total: €402". Every such pair on the page is returned, so the
// caller can refuse a name shown twice with different values rather than pick one.
import type { Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

// Page source, not a TypeScript function: see page-scripts.ts on `__name`.
const LABELLED_FIGURES = pageFunction<(name: string) => string[]>(`(name) => {
  const norm = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const wanted = norm(name).toLowerCase();
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const textOf = (el) => norm(el.innerText);
  const isLabel = (text) => text.toLowerCase().replace(/\\s*:$/, '') === wanted;
  // A control, a heading or a form label that reads the name is not a label of a shown value: a
  // field's value is read from the field, and a heading titles what follows, it does not value it.
  const NOT_LABELS = 'a, button, label, h1, h2, h3, h4, h5, h6, [role=button], [role=link], [role=menuitem], [role=tab], [role=option], [role=heading]';
  const FIELDS = ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'];
  const SKIP = ['SCRIPT', 'STYLE', 'TEMPLATE', 'OPTION', 'SELECT', 'TEXTAREA', 'INPUT'];
  const figures = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (SKIP.includes(el.tagName) || !shown(el)) continue;
    const text = textOf(el);
    if (!text || text.length > wanted.length + 62) continue;
    const children = Array.from(el.children).filter(shown);
    // The innermost element that holds the label answers for it.
    if (children.some((child) => textOf(child).toLowerCase().startsWith(wanted))) continue;
    if (isLabel(text)) {
      if (el.matches(NOT_LABELS)) continue;
      let next = el.nextElementSibling;
      while (next && (!shown(next) || !textOf(next)) && !FIELDS.includes(next.tagName)) next = next.nextElementSibling;
      if (next && !FIELDS.includes(next.tagName) && textOf(next).length <= 60) figures.push(textOf(next));
      continue;
    }
    // "Total: €402", "Inbox <span>4</span>": the label as text, the value after a colon or in a child.
    const after = text.slice(wanted.length);
    if (!text.toLowerCase().startsWith(wanted) || !/^[\\s:]/.test(after)) continue;
    const rest = norm(after.replace(/^\\s*:/, ''));
    const colon = /^\\s*:/.test(after);
    if (rest && rest.length <= 60 && (colon || children.some((child) => textOf(child) === rest))) figures.push(rest);
  }
  return figures;
}`);

/** The values the page shows beside a label whose whole text is `name` (case, spacing and ":" aside). */
export function labelledFigures(page: Page, name: string): Promise<string[]> {
  return page.evaluate(LABELLED_FIGURES, name);
}
