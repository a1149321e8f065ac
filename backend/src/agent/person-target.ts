// A person clicks what they see. When the element a sentence resolved to is visually hidden (the
// opacity-0 input of a custom checkbox), or clicking it did nothing, the burn-in acts on what a person
// would click instead (its visible label, the styled box beside it, the clickable ancestor) and
// records that, so replays keep the target that worked.
import type { Locator as PwLocator, Page } from 'playwright-core';
import type { Target } from '../domain/steps.js';
import { describeElement } from './describe-element.js';
import { factsOf } from './element-facts.js';
import { isVisuallyHidden, personTargets } from './effects.js';
import { toPlaywright } from './playwright-locator.js';
import { recordLocators } from './record-locators.js';

const MARK = 'data-goalie-person-target';
let tokens = 0;

/** The element a recorded target finds now (its first working locator). */
export async function elementOf(page: Page, target: Target): Promise<PwLocator | null> {
  for (const locator of target.locators) {
    const element = toPlaywright(page, locator).visible();
    if ((await element.count().catch(() => 0)) === 1) return element;
  }
  return null;
}

export async function visuallyHidden(element: PwLocator): Promise<boolean> {
  return element.evaluate(isVisuallyHidden, undefined, { timeout: 1000 }).catch(() => false);
}

/**
 * What a person would click instead of `element`, best first, each with recorded locators (inside
 * the containers of `instead`, the target it stands in for, when nothing finds it alone).
 */
export async function personTargetsOf(
  page: Page,
  element: PwLocator,
  name: string | null,
  instead?: Target,
): Promise<Target[]> {
  const containers = (instead?.locators ?? []).flatMap((l) => (l.kind === 'within' ? [l.container] : []));
  const handle = await element.elementHandle({ timeout: 1000 }).catch(() => null);
  if (!handle) return [];
  const token = `p${process.pid}-${++tokens}`;
  const count = await page
    .evaluate(
      ({ el, fn, mark, token }) => {
        const found = (new Function(`return (${fn});`)() as (e: Element) => Element[])(el);
        found.forEach((e, i) => e.setAttribute(mark, `${token}-${i}`));
        return found.length;
      },
      { el: handle, fn: personTargets.toString(), mark: MARK, token },
    )
    .catch(() => 0);
  const targets: Target[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const locator = page.locator(`[${MARK}="${token}-${i}"]`);
      const own = await locator.elementHandle({ timeout: 500 }).catch(() => null);
      if (!own) continue;
      const facts = await factsOf(locator);
      const locators = await recordLocators(page, { facts, handle: own, allowInside: true, near: null, containers });
      if (locators.length)
        targets.push({ locators, description: describeElement(facts, { name, noun: null, near: null }) });
    }
  } finally {
    await page
      .evaluate(
        ({ mark, token }) => {
          Array.from(document.querySelectorAll(`[${mark}^="${token}-"]`)).forEach((e) => e.removeAttribute(mark));
        },
        { mark: MARK, token },
      )
      .catch(() => undefined);
    await handle.dispose().catch(() => undefined);
  }
  return targets;
}
