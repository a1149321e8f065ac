// A number a person cannot type (a read-only quantity, a spinbutton deaf to arrow keys) changes
// only through the +/- buttons drawn beside it, often without a name. They are the buttons of the
// field's own group (the nearest ancestor holding no other field); which way each goes is read
// from its name or identifiers, else from where it sits (+ after or above the field), and every
// click is checked: an arrow that moves the value the other way is known to be the other arrow.
import type { ElementHandle, JSHandle, Locator as PwLocator } from 'playwright-core';
import { arrowDirection } from '../domain/control-words.js';

/** The most clicks toward a value: a spinner is for small numbers, and a stuck one must fail soon. */
const MAX_CLICKS = 100;

interface Arrow {
  texts: string[];
  x: number;
  y: number;
}

/** The buttons of the field's own group, at most four, nearest ancestor first. */
const findArrows = new Function(`return ((el) => {
  const FIELDS = 'input:not([type=hidden]):not([type=button]):not([type=submit]), textarea, select, [role=spinbutton], [role=textbox], [role=slider]';
  const BUTTONS = 'button, [role=button], input[type=button], a[href], [onclick]';
  const visible = (b) => { const r = b.getBoundingClientRect(); return r.width >= 1 && r.height >= 1; };
  let group = el.parentElement;
  for (let depth = 0; group && depth < 4; depth++, group = group.parentElement) {
    if (Array.from(group.querySelectorAll(FIELDS)).some((f) => f !== el && !el.contains(f) && visible(f))) return [];
    const buttons = Array.from(group.querySelectorAll(BUTTONS)).filter((b) => visible(b) && !b.parentElement.closest(BUTTONS));
    if (buttons.length > 4) return [];
    if (buttons.length) return buttons;
  }
  return [];
})`)() as (el: Element) => Element[];

const describeArrows = new Function(`return ((els) => els.map((b) => {
  const r = b.getBoundingClientRect();
  const texts = [b.getAttribute('aria-label'), b.getAttribute('title'), (b.textContent || '').trim(), b.getAttribute('value'),
    b.id, b.getAttribute('class'), b.getAttribute('data-action'), b.getAttribute('data-testid'),
    ...Array.from(b.querySelectorAll('*'), (c) => (c.getAttribute('class') || '') + ' ' + (c.children.length ? '' : (c.textContent || '').trim()))]
    .filter((t) => t && t.trim());
  return { texts, x: r.left + r.width / 2, y: r.top + r.height / 2 };
}))`)() as (els: Element[]) => Arrow[];

/** The number the field shows: its value, aria-valuenow or text; NaN when that is no number. */
const readNumber = new Function(`return (async (el) => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  const text = 'value' in el && el.tagName !== 'BUTTON' ? el.value : el.getAttribute('aria-valuenow') ?? el.textContent;
  return { text: String(text ?? '').trim(), number: /^-?\\d+(?:[.,]\\d+)?$/.test(String(text ?? '').trim()) ? Number(String(text).trim().replace(',', '.')) : NaN };
})`)() as (el: Element) => Promise<{ text: string; number: number }>;

/**
 * Clicks the field's arrows until it shows `value`. False when the field has no arrow buttons
 * beside it (nothing was clicked); throws when they do not bring it there.
 */
export async function stepWithArrows(element: PwLocator, value: number, timeoutMs: number): Promise<boolean> {
  const action = { timeout: timeoutMs };
  const list: JSHandle<Element[]> = await element.evaluateHandle(findArrows, undefined, action);
  const arrows = await list.evaluate(describeArrows);
  if (!arrows.length) return false;
  const field = await element.boundingBox(action);
  let { up, down } = directions(arrows, field);
  // Known by name or identifiers; a guess from the layout is confirmed (or swapped) by the first click.
  let confirmed = up !== undefined && down !== undefined && arrowDirection(arrows[up]!.texts) !== null;
  // Found again before every click: a page that draws itself again on each change replaces its buttons.
  const handle = async (index: number) => {
    const now: JSHandle<Element[]> = await element.evaluateHandle(findArrows, undefined, action);
    return (await now.getProperty(String(index))).asElement() as ElementHandle;
  };
  for (let clicks = 0; clicks <= MAX_CLICKS; clicks++) {
    const now = await element.evaluate(readNumber, undefined, action);
    if (Number.isNaN(now.number)) throw new Error(`it shows ${JSON.stringify(now.text)}, not a number`);
    if (now.number === value) return true;
    if (clicks === MAX_CLICKS) break;
    const way = now.number < value ? 'up' : 'down';
    const index = way === 'up' ? up : down;
    if (index === undefined)
      throw new Error(`it shows ${now.text} and has no ${way === 'up' ? '+' : '-'} button beside it`);
    const arrow = await handle(index);
    if (
      await arrow.evaluate(
        (b) => (b as HTMLButtonElement).disabled || (b as Element).getAttribute('aria-disabled') === 'true',
      )
    )
      throw new Error(`it shows ${now.text} and its ${way === 'up' ? '+' : '-'} button is disabled`);
    await arrow.click(action);
    const after = await element.evaluate(readNumber, undefined, action);
    if (after.number === now.number)
      throw new Error(`it stays at ${now.text} when its ${way === 'up' ? '+' : '-'} button is clicked`);
    if (after.number < now.number === (way === 'up')) {
      if (confirmed || up === undefined || down === undefined)
        throw new Error(`its ${way === 'up' ? '+' : '-'} button moved it from ${now.text} to ${after.text}`);
      [up, down] = [down, up];
    }
    confirmed = true;
  }
  throw new Error(`it did not reach ${value} within ${MAX_CLICKS} clicks of its arrows`);
}

/** The indexes of the up and down arrows: by what they say, else two unnamed ones by where they sit. */
function directions(
  arrows: Arrow[],
  field: { x: number; y: number; width: number; height: number } | null,
): { up?: number; down?: number } {
  const ways = arrows.map((arrow) => arrowDirection(arrow.texts));
  const only = (way: 'up' | 'down') => (ways.filter((w) => w === way).length === 1 ? ways.indexOf(way) : undefined);
  const up = only('up');
  const down = only('down');
  if (up !== undefined || down !== undefined || arrows.length !== 2 || !field) return { up, down };
  // [-] [3] [+] in a row, or ▲ over ▼ in a column: the later (right, lower) one is + in a row, - in a column.
  const [a, b] = arrows as [Arrow, Arrow];
  const row = Math.abs(a.y - b.y) < Math.abs(a.x - b.x);
  const first = row ? (a.x < b.x ? 0 : 1) : a.y < b.y ? 0 : 1;
  return row ? { down: first, up: 1 - first } : { up: first, down: 1 - first };
}
