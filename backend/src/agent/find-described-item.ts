// "Archive the Stripe invoice": when no element shows the anchor's text, the repeated item (list
// item, row, card, article) whose text holds every content word of it (domain/item-description.ts).
import type { ElementHandle, Page } from 'playwright-core';
import { describe, pickDescribed, namingPart } from '../domain/goal-language/item-description.js';
import { TargetUnresolved } from './errors.js';
import { Probe } from './probe.js';
import { pageFunction, SIGHT } from './visibility-script.js';

interface ItemTexts {
  text: string;
  /** Texts of its parts (sender, subject), to record the shortest that still names it. */
  parts: string[];
  /** Indexes of the items inside it. */
  inside: number[];
}

/**
 * The visible repeated items of the page: list items, rows, options, articles, and elements whose
 * parent holds others of the same tag and class (cards). Header rows are not items.
 */
const repeatedItems = pageFunction<() => Element[]>(`() => {
  const sight = (${SIGHT})();
  const ITEM = 'li, tr, [role=row], [role=listitem], [role=option], [role=treeitem], [role=article], article';
  const header = (el) => el.matches('tr, [role=row]') && el.querySelector('td, [role=cell], [role=gridcell]') === null;
  const sameKind = (a, b) => a.tagName === b.tagName && a.className === b.className;
  const repeated = (el) => {
    if (!el.parentElement || typeof el.className !== 'string' || !el.className.trim()) return false;
    return Array.from(el.parentElement.children).some((other) => other !== el && sameKind(other, el));
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!(el.matches(ITEM) || repeated(el)) || header(el)) continue;
    if (!(el.innerText || '').trim() || !sight.boxSeen(el)) continue;
    out.push(el);
  }
  return out;
}`);

const textsOf = pageFunction<(items: Element[]) => ItemTexts[]>(`(items) => {
  const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  return items.map((el) => ({
    text: clean(el.innerText),
    parts: Array.from(el.querySelectorAll('*')).map((p) => clean(p.innerText)).filter((t) => t && t.length <= 120),
    inside: items.flatMap((other, j) => (other !== el && el.contains(other) ? [j] : [])),
  }));
}`);

export interface DescribedItem {
  handle: ElementHandle<Element>;
  /** The text that names it on the page, for the recorded locators. */
  text: string;
}

/** The item `phrase` describes; null when none fits; throws, naming them, when several fit as well. */
export async function findDescribedItem(probe: Probe, phrase: string): Promise<DescribedItem | null> {
  const description = describe(phrase);
  if (!description) return null;
  const list = await probe.page.evaluateHandle(repeatedItems);
  probe.defer(() => list.dispose());
  const texts = await probe.page.evaluate(textsOf, list as never);
  const pick = pickDescribed(
    description,
    texts.map((t) => t.text),
    texts.map((t) => t.inside),
  );
  if (!pick) return null;
  if ('tied' in pick) {
    const named = pick.tied.slice(0, 3).map((i) => JSON.stringify(texts[i]!.text.slice(0, 60)));
    throw new TargetUnresolved(
      `${pick.tied.length} items fit "${phrase}" (${named.join(', ')}), so it is not clear which one is meant; quote more of its text`,
      [],
    );
  }
  const handle = (await list.evaluateHandle((items, i) => items[i]!, pick.item)).asElement();
  probe.track(handle);
  // Not the lists around it (the grid, its row group) nor its own cells: they show its text as parts of it.
  const own = texts[pick.item]!;
  const others = texts
    .filter((t, i) => i !== pick.item && !t.inside.includes(pick.item) && !own.inside.includes(i))
    .map((t) => t.text);
  // A part of it before its whole text: a row's accessible name is not its text ("⋮" is "Row actions").
  const text = namingPart(description, own.parts, others) ?? namingPart(description, [own.text], others) ?? own.text;
  return { handle, text };
}

/** The text that names the item `phrase` describes, or null when none (or several) fit. */
export async function describedItemText(page: Page, phrase: string): Promise<string | null> {
  const probe = new Probe(page);
  try {
    return (await findDescribedItem(probe, phrase))?.text ?? null;
  } catch (error) {
    if (error instanceof TargetUnresolved) return null;
    throw error;
  } finally {
    await probe.dispose();
  }
}
