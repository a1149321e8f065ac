// Writes the locators of a found element: several alternatives, best first (role + accessible name,
// label, placeholder, test id, text, CSS last), each kept only if it finds exactly this element
// among the visible ones now. A relative target is recorded inside its container ("within"), and
// only with locators that still name the anchor, so replay never acts on another row's button.
import type { ElementHandle, Page } from 'playwright-core';
import type { Locator } from '../domain/steps.js';
import { relationsOf, type ElementFacts } from './element-facts.js';
import { landmarkOf, readFacts } from './page-scripts.js';
import { toPlaywright } from './playwright-locator.js';

const UNSTABLE_ID = /\d{4,}|[0-9a-f]{8,}|^:|:|^(?:radix|headlessui|mui|react|ember|ext-gen|yui|__)/i;
const UNSTABLE_CLASS =
  /\d{3,}|^(?:css|sc|jsx|emotion|svelte|tw)-|__[a-z0-9]{5,}$|^_|^(?:active|selected|hover|focus|focused|open|hidden|disabled|completed|checked|editing|visible|show|shown|current)$|^(?:is|has)-/i;

function cssString(text: string): string {
  return JSON.stringify(text);
}

function stableClasses(facts: ElementFacts): string {
  return facts.classes
    .filter((c) => /^[A-Za-z][\w-]*$/.test(c) && !UNSTABLE_CLASS.test(c))
    .slice(0, 2)
    .map((c) => `.${c}`)
    .join('');
}

function cssCandidates(facts: ElementFacts): string[] {
  const out: string[] = [];
  if (facts.id && !UNSTABLE_ID.test(facts.id))
    out.push(/^[A-Za-z_][\w-]*$/.test(facts.id) ? `#${facts.id}` : `[id=${cssString(facts.id)}]`);
  if (facts.nameAttribute) out.push(`${facts.tag}[name=${cssString(facts.nameAttribute)}]`);
  if (facts.ariaLabel) out.push(`${facts.tag}[aria-label=${cssString(facts.ariaLabel)}]`);
  // An icon button named only by its title ("4 stars" on a ★ button).
  if (facts.title) out.push(`${facts.tag}[title=${cssString(facts.title)}]`);
  if (facts.tag === 'a' && facts.href) out.push(`a[href=${cssString(facts.href)}]`);
  if (facts.tag === 'input' && facts.type) out.push(`input[type=${cssString(facts.type)}]`);
  const classes = stableClasses(facts);
  if (classes) out.push(`${facts.tag}${classes}`);
  return out;
}

/** The element's own locators, best first, unverified. */
export function ownLocators(facts: ElementFacts): Locator[] {
  const out: Locator[] = [];
  if (facts.role && facts.name) out.push({ kind: 'role', role: facts.role, name: facts.name, exact: true });
  for (const text of new Set([...facts.labels, ...(facts.ariaLabel ? [facts.ariaLabel] : [])]))
    out.push({ kind: 'label', text, exact: true });
  if (facts.placeholder) out.push({ kind: 'placeholder', text: facts.placeholder, exact: true });
  if (facts.testId) out.push({ kind: 'testId', id: facts.testId });
  if (!facts.editable && facts.text && facts.text.length <= 80)
    out.push({ kind: 'text', text: facts.text, exact: true });
  for (const selector of cssCandidates(facts)) out.push({ kind: 'css', selector });
  return out;
}

/** Locators of the element inside its container; "the checkbox" may go without a name there. */
function innerLocators(facts: ElementFacts, named: boolean): Locator[] {
  const own = ownLocators(facts).filter(
    (l) => l.kind !== 'testId' && !(l.kind === 'css' && l.selector.startsWith('#')),
  );
  if (!named && facts.role) own.splice(facts.name ? 1 : 0, 0, { kind: 'role', role: facts.role, name: '' });
  if (!named) own.push({ kind: 'css', selector: facts.tag });
  return own;
}

function containerLocators(facts: ElementFacts, anchor: string, anchorExact: boolean): Locator[] {
  const q = cssString(anchor);
  const hasAnchor = anchorExact ? `:is(:text-is(${q}), :has(:text-is(${q})))` : `:has-text(${q})`;
  const out: Locator[] = [];
  if (facts.role === 'row') out.push({ kind: 'role', role: 'row', name: anchor, exact: false });
  const classes = stableClasses(facts);
  if (classes) out.push({ kind: 'css', selector: `${facts.tag}${classes}${hasAnchor}` });
  out.push({ kind: 'css', selector: `${facts.tag}${hasAnchor}` });
  // An anchor that is a field's aria-label, not a text shown ("the + next to the quantity").
  const labelled = `:has([aria-label=${q} i])`;
  if (classes) out.push({ kind: 'css', selector: `${facts.tag}${classes}${labelled}` });
  out.push({ kind: 'css', selector: `${facts.tag}${labelled}` });
  return out;
}

function landmarkLocators(facts: ElementFacts): Locator[] {
  const out: Locator[] = [];
  if (facts.id && !UNSTABLE_ID.test(facts.id) && /^[A-Za-z_][\w-]*$/.test(facts.id))
    out.push({ kind: 'css', selector: `#${facts.id}` });
  if (facts.ariaLabel) out.push({ kind: 'css', selector: `${facts.tag}[aria-label=${cssString(facts.ariaLabel)}]` });
  const classes = stableClasses(facts);
  if (classes) out.push({ kind: 'css', selector: `${facts.tag}${classes}` });
  out.push({ kind: 'css', selector: facts.tag });
  return out;
}

function mentions(locator: Locator, text: string): boolean {
  const lower = text.toLowerCase();
  const said =
    locator.kind === 'role'
      ? locator.name
      : locator.kind === 'label' || locator.kind === 'placeholder' || locator.kind === 'text'
        ? locator.text
        : '';
  return said.toLowerCase().includes(lower);
}

async function verified(
  page: Page,
  locator: Locator,
  target: ElementHandle<Element>,
  allowInside: boolean,
): Promise<boolean> {
  try {
    const relations = await relationsOf(toPlaywright(page, locator).visible(), target);
    return relations.length === 1 && (relations[0] === 'same' || (allowInside && relations[0] === 'inside'));
  } catch {
    return false; // e.g. a selector this engine cannot parse
  }
}

export interface RecordInput {
  facts: ElementFacts;
  handle: ElementHandle<Element>;
  /** Clicking or hovering a text inside the element is as good as the element itself. */
  allowInside: boolean;
  near: { text: string; container: ElementHandle<Element> | null; anchorExact: boolean; named: boolean } | null;
  /**
   * Containers already recorded for a target it stands in for (the label.switch a person clicks
   * instead of the hidden input of the row of X): tried when nothing finds it alone on the page.
   */
  containers?: Locator[];
}

const MAX_LOCATORS = 6;

export async function recordLocators(page: Page, input: RecordInput): Promise<Locator[]> {
  const { facts, handle, allowInside, near } = input;
  const out: Locator[] = [];
  const keep = async (locator: Locator) => {
    if (out.length < MAX_LOCATORS && (await verified(page, locator, handle, allowInside))) out.push(locator);
  };
  if (near?.container) {
    const containerFacts = { ...(await near.container.evaluate(readFacts)), name: null };
    const inners = innerLocators(facts, near.named);
    for (const container of containerLocators(containerFacts, near.text, near.anchorExact)) {
      // At most two per container, so the alternatives differ in more than the inner locator.
      let kept = 0;
      for (const inner of inners) {
        if (kept === 2) break;
        const before = out.length;
        await keep({ kind: 'within', container, inner });
        kept += out.length - before;
      }
    }
  }
  // A row's menu drawn once for the page (opened from the row by the step before): its item is
  // outside the row, and is the only one of its name while that menu is open.
  const poppedUp =
    near !== null &&
    (await handle
      .evaluate(
        (el, row) => !row?.contains(el) && el.closest('[role=menu], [role=listbox], dialog, [role=dialog]') !== null,
        near.container,
      )
      .catch(() => false));
  for (const locator of ownLocators(facts)) if (!near || poppedUp || mentions(locator, near.text)) await keep(locator);
  if (!out.length && input.containers) {
    for (const container of input.containers)
      for (const inner of innerLocators(facts, false)) await keep({ kind: 'within', container, inner });
  }
  // Its text is shown elsewhere too (a <summary> under a heading with its words): its tag with that text.
  if (!out.length && !near && facts.text && facts.text.length <= 80)
    await keep({ kind: 'css', selector: `${facts.tag}:text-is(${cssString(facts.text)})` });
  if (!out.length && !near) {
    // Not unique on the page (the same link in header and footer): unique inside its landmark?
    const landmark = (await page.evaluateHandle(landmarkOf, handle)).asElement();
    if (landmark) {
      const landmarkFacts = { ...(await landmark.evaluate(readFacts)), name: null };
      const inners = ownLocators(facts).filter((l) => l.kind !== 'css' || !l.selector.startsWith('#'));
      for (const container of landmarkLocators(landmarkFacts))
        for (const inner of inners) await keep({ kind: 'within', container, inner });
      await landmark.dispose();
    }
  }
  return out;
}
