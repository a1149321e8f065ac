// "Add the blue mug to the cart" on a home page that lists no products: a person opens the
// catalogue first; "Check out" on a product page: the cart first; "Empty trash" in the inbox: the
// Trash first. These are the links that lead there, by the names shops usually give them, or by
// a word of the control's name.
import type { Locator, Page } from 'playwright-core';
import type { Intent } from '../domain/goal-language/intents.js';

const CATALOGUE =
  /^\s*(?:(?:all|our|browse(?:\s+all)?|shop(?:\s+all)?|view\s+all)\s+)?(?:products?|shop|store|catalogu?e|collections?|items|inventory|menu)\s*$/i;

const CART = /^\s*(?:(?:my|your|view|shopping)\s+)?(?:cart|basket|bag|trolley)\b/i;
const CHECKOUT = /^check\s*out$/i;

/** The text a relative target is anchored on ("in the row of 'Blue mug'"), if any. */
function anchorText(intent: Intent): string | null {
  return 'target' in intent && intent.target && intent.target.near ? intent.target.near.text : null;
}

/**
 * Whether the row an anchor names is on this page: its text, else its code ("gear motor P-1042",
 * "P-1050 (drive chain)": a word of letters and figures names one row where the rest describes it).
 */
async function anchorOnPage(page: Page, anchor: string): Promise<boolean> {
  if (await textShown(page, anchor)) return true;
  const code = anchor.split(/[\s()]+/).find((word) => /\p{L}/u.test(word) && /\d/.test(word) && word.length >= 3);
  return code !== undefined && code !== anchor && textShown(page, code);
}

/** Whether a person sees the text anywhere on the page (any case, as part of a longer text too). */
async function textShown(page: Page, text: string): Promise<boolean> {
  const matches = page.getByText(text);
  const count = await matches.count().catch(() => 0);
  for (let i = 0; i < Math.min(count, 10); i++)
    if (
      await matches
        .nth(i)
        .isVisible()
        .catch(() => false)
    )
      return true;
  return false;
}

/**
 * The link a person would open first when the action's target is not on this page: the catalogue
 * for an item that is not shown, the cart for a checkout. Null when neither applies or is there.
 */
export async function wayToTarget(
  page: Page,
  intent: Intent,
): Promise<{ name: string; noun: 'link' | 'button' } | null> {
  const link = (name: string | null) => (name ? { name, noun: 'link' as const } : null);
  const anchor = anchorText(intent);
  if (anchor) return (await textShown(page, anchor)) ? null : link(await firstLink(page, CATALOGUE));
  if (intent.kind === 'click' && intent.target.name && CHECKOUT.test(intent.target.name))
    return link(await firstLink(page, CART));
  if (
    intent.kind === 'fill' &&
    [intent.target.name, ...(intent.target.alternatives ?? [])].some((n) => n && IN_CART.test(n))
  )
    return cartControl(page);
  if (intent.kind === 'fill' || intent.kind === 'select') return formOpener(page);
  if (intent.kind === 'click' && intent.target.name) return link(await placeNamedIn(page, intent.target.name));
  return null;
}

/** The button that opens a new record's form: "Add item", "+ New product", "Create user". */
const OPENER = /^\s*(?:[+＋]\s*)?(?:add|new|create)\b/i;

/**
 * A form kept behind its opener (an admin table's "Add item" dialog): the page's one visible,
 * enabled button whose name starts with add, new or create; null when there is none or several.
 */
async function formOpener(page: Page): Promise<{ name: string; noun: 'button' } | null> {
  const controls = page.getByRole('button', { name: OPENER });
  const found: string[] = [];
  for (let i = 0, n = Math.min(await controls.count().catch(() => 0), 6); i < n; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible().catch(() => false)) || !(await control.isEnabled().catch(() => false))) continue;
    const name = await controlName(control);
    if (name && OPENER.test(name)) found.push(name);
  }
  return found.length === 1 ? { name: found[0]!, noun: 'button' } : null;
}

/** Fields a shop keeps in its cart: a promotion code, a line's quantity. */
const IN_CART = /\b(?:code|coupon|voucher|quantity|qty)\b/i;

/**
 * The one visible link or button that opens the cart, by its accessible name ("Cart, 1 item", a bag
 * icon's label), which a count may follow; null when there is none or several.
 */
async function cartControl(page: Page): Promise<{ name: string; noun: 'link' | 'button' } | null> {
  const found: { name: string; noun: 'link' | 'button' }[] = [];
  for (const noun of ['link', 'button'] as const) {
    const controls = page.getByRole(noun, { name: CART });
    for (let i = 0, n = Math.min(await controls.count().catch(() => 0), 4); i < n; i++) {
      const control = controls.nth(i);
      if (!(await control.isVisible().catch(() => false))) continue;
      const name = await controlName(control);
      if (name) found.push({ name, noun });
    }
  }
  return found.length === 1 ? found[0]! : null;
}

/** A control's name as the page gives it: its aria-label, else its text, whitespace collapsed. */
async function controlName(control: Locator): Promise<string> {
  const label = (await control.getAttribute('aria-label').catch(() => null))?.trim();
  return label || ((await control.textContent().catch(() => '')) ?? '').trim().replace(/\s+/g, ' ');
}

/** A pager's way on: "Next", "Next page", "›", "»", "→" (by its name or aria-label). */
const NEXT_PAGE = /^\s*(?:next(?:\s+page)?|[›»→>]|next\s*[›»→>])\s*$/i;

/**
 * "Delete the Sink Plunger" on a table that shows 10 of 25 rows: the item is on a later page. The
 * name of the page's one visible, enabled "Next" control when the action's row is not shown; null
 * when the row is shown, the action names no row, or there is no such control (or several).
 */
export async function nextPageFor(page: Page, intent: Intent): Promise<string | null> {
  const anchor = anchorText(intent);
  if (!anchor || (await anchorOnPage(page, anchor))) return null;
  const found: string[] = [];
  for (const role of ['button', 'link'] as const) {
    const controls = page.getByRole(role, { name: NEXT_PAGE });
    for (let i = 0, n = Math.min(await controls.count().catch(() => 0), 4); i < n; i++) {
      const control = controls.nth(i);
      if (!(await control.isVisible().catch(() => false)) || !(await control.isEnabled().catch(() => false))) continue;
      if ((await control.getAttribute('aria-disabled').catch(() => null)) === 'true') continue;
      found.push(await controlName(control));
    }
  }
  return found.length === 1 && found[0] ? found[0] : null;
}

/** Whether the row the action is anchored on is shown now. */
export async function anchorShown(page: Page, intent: Intent): Promise<boolean> {
  const anchor = anchorText(intent);
  return anchor !== null && anchorOnPage(page, anchor);
}

/**
 * "Empty trash" where the page has no such button but a "Trash" link: the place one word of the
 * name names, where the control usually is. The one visible link or tab whose whole name (a count
 * after it aside: "Trash 3") is a word of the control's name other than its first; else null.
 */
async function placeNamedIn(page: Page, name: string): Promise<string | null> {
  const words = name
    .split(/\s+/)
    .slice(1)
    .filter((word) => /^[\p{L}][\p{L}-]{2,}$/u.test(word));
  const found = new Set<string>();
  for (const word of words) {
    const pattern = new RegExp(`^\\s*${word}(?:\\s*\\(?\\d+\\)?)?\\s*$`, 'i');
    for (const role of ['link', 'tab'] as const)
      for (const shown of await visibleNames(page, role, pattern, 5)) found.add(shown);
  }
  return found.size === 1 ? [...found][0]! : null;
}

/** The name of the first visible link whose name matches, or null. */
async function firstLink(page: Page, pattern: RegExp): Promise<string | null> {
  return (await visibleNames(page, 'link', pattern, 10, 1))[0] ?? null;
}

/**
 * The shown text of the visible elements of `role` whose name and text match, among the first
 * `scan` named so; at most `wanted` of them.
 */
async function visibleNames(
  page: Page,
  role: 'link' | 'tab',
  pattern: RegExp,
  scan: number,
  wanted = scan,
): Promise<string[]> {
  const elements = page.getByRole(role, { name: pattern });
  const count = await elements.count().catch(() => 0);
  const names: string[] = [];
  for (let i = 0; i < Math.min(count, scan) && names.length < wanted; i++) {
    const element = elements.nth(i);
    if (!(await element.isVisible().catch(() => false))) continue;
    const shown = (await element.textContent().catch(() => null))?.trim().replace(/\s+/g, ' ');
    if (shown && pattern.test(shown)) names.push(shown);
  }
  return names;
}
