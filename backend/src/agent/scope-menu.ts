// A row's control that sits in the row's closed menu ("⋯", "More", "Actions", "Done column actions",
// a button with aria-haspopup): the name of the one menu button of the smallest container around the row's text, so
// the agent opens that menu and looks for the control again. Null when there is none or several.
import type { Page } from 'playwright-core';
import { describedItemText } from './find-described-item.js';
import { pageFunction } from './visibility-script.js';

/** How far up from the text the row's container may be: a card's title, its header, the card. */
const LEVELS = 4;

// Page source, not a TypeScript function: see page-scripts.ts on `__name`.
const CLOSED_MENU_NEAR = pageFunction<
  (args: { anchor: string; levels: number }) => string | null
>(`({ anchor, levels }) => {
  const words = (text) => text.replace(/\\s+/g, ' ').trim().toLowerCase();
  const wanted = words(anchor);
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const nameOf = (el) => words(el.getAttribute('aria-label') || el.getAttribute('title') || el.innerText || '');
  // A menu button: says it opens a menu, or shows a "more" glyph or word and nothing else.
  const isMenuButton = (el) => {
    if (!visible(el) || el.getAttribute('aria-expanded') === 'true') return false;
    const popup = el.getAttribute('aria-haspopup');
    if (popup && popup !== 'false') return true;
    // ... or is named as one: "Done column actions", "Card options", "More actions for Invoice 7".
    const name = nameOf(el);
    return /^(?:⋯|…|⋮|\\.\\.\\.|•••|more|more actions|actions|options)$/.test(name) || /^more (?:actions|options)\\b|\\s(?:actions|options|menu)$/.test(name);
  };
  // The elements that show the text, deepest first; the text must name one place.
  const holders = Array.from(document.querySelectorAll('body *')).filter(
    (el) => visible(el) && words(el.innerText || '').includes(wanted),
  );
  const deepest = holders.filter((el) => !holders.some((other) => other !== el && el.contains(other)));
  if (deepest.length !== 1) return null;
  let scope = deepest[0];
  for (let level = 0; scope && level <= levels; level++, scope = scope.parentElement) {
    const menus = Array.from(scope.querySelectorAll('button, [role=button], summary')).filter(isMenuButton);
    // A scope with several menu buttons holds other rows too: which one is meant is not known.
    if (menus.length > 1) return null;
    if (menus.length === 1) return (menus[0].getAttribute('aria-label') || menus[0].innerText.trim()) || null;
  }
  return null;
}`);

export async function closedMenuNear(page: Page, anchor: string): Promise<string | null> {
  return page.evaluate(CLOSED_MENU_NEAR, { anchor, levels: LEVELS }).catch(() => null);
}

/**
 * The closed menu of the row `anchor` names, with the text that names the row: the anchor itself, or
 * for a row named by what it is ("the Team offsite 2026 photo") the text of the one item it describes.
 */
export async function rowMenu(page: Page, anchor: string): Promise<{ row: string; menu: string } | null> {
  const menu = await closedMenuNear(page, anchor);
  if (menu) return { row: anchor, menu };
  const row = await describedItemText(page, anchor);
  const described = row && (await closedMenuNear(page, row));
  return row && described ? { row, menu: described } : null;
}
