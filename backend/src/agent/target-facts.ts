// A recorded Target, and an element found now, as the facts the heal rule compares
// (domain/heal-acceptance.ts): role, name and the row or card it sits in.
import type { RecordedTargetFacts, TargetFacts } from '../domain/heal-acceptance.js';
import type { Locator, Target } from '../domain/steps.js';
import type { ElementFacts } from './element-facts.js';

/** The role a locator can only find, when it finds by role. */
function roleOf(locator: Locator): string | null {
  if (locator.kind === 'role') return locator.role;
  if (locator.kind === 'within') return roleOf(locator.inner);
  return null;
}

/** Whether the locator finds by role, so that what it finds has that role. */
export function findsByRole(locator: Locator): boolean {
  return roleOf(locator) !== null;
}

/** The recorded role: kept with the target, else read from its role locator; undefined when unknown. */
export function recordedRole(target: Target): string | null | undefined {
  if (target.role !== undefined) return target.role;
  for (const locator of target.locators) {
    const role = roleOf(locator);
    if (role) return role;
  }
  return undefined;
}

function nameOf(locator: Locator): string | null {
  switch (locator.kind) {
    case 'role':
      return locator.name || null;
    case 'label':
    case 'placeholder':
    case 'text':
      return locator.text;
    case 'within':
      return nameOf(locator.inner);
    default:
      return null;
  }
}

/** The anchor text a target was recorded beside ("in the row of 'Buy milk'"), from its container locator. */
export function anchorOf(target: Target): string | null {
  for (const locator of target.locators) {
    if (locator.kind !== 'within') continue;
    const container = locator.container;
    if (container.kind === 'role' && container.role === 'row') return container.name;
    if (container.kind !== 'css') continue;
    const anchor = /:(?:text-is|has-text)\(("(?:[^"\\]|\\.)*")\)/.exec(container.selector);
    if (anchor) return JSON.parse(anchor[1]!) as string;
  }
  return null;
}

/**
 * The row or card a target was recorded in: `the row of "Buy milk"`. A landmark container (the nav
 * holding one of two same links) is no scope: it only made the locator unique. Whether an element
 * found now is still in that row is for the page to say (sameRow).
 */
export function scopeOf(target: Target): string | null {
  const anchor = anchorOf(target);
  return anchor === null ? null : `the row of ${JSON.stringify(anchor)}`;
}

/**
 * Whether `el` is in the same list item or table row as the text `anchor`: a container found by
 * walking up from the anchor may have widened to the whole list (the toolbar's "Delete all").
 */
export const sameRow = new Function(`return ((el, anchor) => {
  let box = el;
  while (box && !(box.innerText || box.textContent || '').includes(anchor)) box = box.parentElement;
  if (!box) return false;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.textContent || '').includes(anchor)) continue;
    const item = node.parentElement && node.parentElement.closest('li, tr, [role=row], [role=listitem], [role=option], [role=treeitem], article');
    if (!item || item.contains(box) || item.contains(el)) return true;
  }
  return false;
})`)() as (el: Element, anchor: string) => boolean;

/** The name its locators say; '' for a control without one (an icon found by its class). */
function nameFrom(target: Target): string {
  return target.locators.map(nameOf).find((n) => n !== null) ?? '';
}

export function recordedFacts(target: Target, byText: boolean): RecordedTargetFacts {
  return {
    role: recordedRole(target) ?? null,
    name: nameFrom(target),
    scope: scopeOf(target),
    byText: target.byText ?? byText,
  };
}

/** `inRow`: whether the element is in the same row as its anchor text (sameRow); false: it left it. */
export function foundFacts(target: Target, facts: ElementFacts, inRow: boolean): TargetFacts {
  const scope = scopeOf(target);
  return {
    role: facts.role,
    name: facts.name ?? nameFrom(target),
    scope: scope && !inRow ? `the page around ${JSON.stringify(anchorOf(target))}` : scope,
  };
}
