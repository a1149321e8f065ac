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

/**
 * The row or card a target was recorded in, from its container locator ("in the row of 'Buy milk'":
 * `li "Buy milk"`). A landmark container (the nav holding one of two same links) is no scope: it
 * only made the locator unique.
 */
export function scopeOf(target: Target): string | null {
  for (const locator of target.locators) {
    if (locator.kind !== 'within') continue;
    const container = locator.container;
    if (container.kind === 'role' && container.role === 'row') return `row ${JSON.stringify(container.name)}`;
    if (container.kind !== 'css') continue;
    const anchor = /:(?:text-is|has-text)\(("(?:[^"\\]|\\.)*")\)/.exec(container.selector);
    if (!anchor) continue;
    const tag = /^[a-z][a-z0-9-]*/i.exec(container.selector)?.[0] ?? 'element';
    return `${tag} ${anchor[1]!}`;
  }
  return null;
}

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

export function foundFacts(target: Target, facts: ElementFacts): TargetFacts {
  return { role: facts.role, name: facts.name ?? nameFrom(target), scope: scopeOf(target) };
}
