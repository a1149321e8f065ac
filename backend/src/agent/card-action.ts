// "Choose Team" on a page of plan cards: the text "Team" is the card's title, not a control, and
// clicking a heading does nothing. A card whose title the sentence names and that holds one action
// (its "Select plan" button) is chosen with that action, recorded as that button in the card of its
// title, so a replay presses the same button.
import type { ElementHandle } from 'playwright-core';
import type { TargetPhrase } from '../domain/goal-language/intents.js';
import { pageFunction, SIGHT } from './visibility-script.js';

const HEADING = 'h1, h2, h3, h4, h5, h6, [role=heading]';

/** `(el) => { title, action } | null`: el's heading, and the one enabled control of the smallest box around it that has any. */
const cardActionOf = pageFunction<(el: Element) => { title: string; action: string } | null>(`(el) => {
  const sight = (${SIGHT})();
  const heading = el.closest('${HEADING}');
  if (!heading) return null;
  const text = (n) => (n.getAttribute('aria-label') || n.innerText || n.textContent || '').replace(/\\s+/g, ' ').trim();
  const CONTROLS = 'button, a[href], [role=button], [role=link], input[type=radio], [role=radio]';
  for (let box = heading.parentElement, depth = 0; box && box !== document.body && depth < 4; box = box.parentElement, depth++) {
    const controls = Array.from(box.querySelectorAll(CONTROLS)).filter((c) => sight.boxSeen(c));
    if (!controls.length) continue;
    // Another card's title in the box: the box is the list, not the card.
    if (Array.from(box.querySelectorAll('${HEADING}')).some((h) => h !== heading && !heading.contains(h) && h.tagName === heading.tagName)) return null;
    const enabled = controls.filter((c) => !c.disabled && c.getAttribute('aria-disabled') !== 'true');
    return controls.length === 1 && enabled.length === 1 && text(enabled[0]) ? { title: text(heading), action: text(enabled[0]) } : null;
  }
  return null;
}`);

/** The phrase for the one action of the card whose title `element` is; null when it is no card's title or the card has several. */
export async function cardAction(element: ElementHandle<Element>): Promise<TargetPhrase | null> {
  const card = await element.evaluate(cardActionOf).catch(() => null);
  return card ? { name: card.action, noun: null, near: { text: card.title, relation: 'in the row of' } } : null;
}
