// An element a language model named (role + accessible name, or a text) -> the one visible element
// on the page -> a recorded Target, its locators written and verified by record-locators.ts like
// any other. A name that finds nothing, or more than one element, is refused: nothing is recorded.
import type { Page } from 'playwright-core';
import type { Purpose } from '../../domain/goal-language/intents.js';
import { resolvePlaceholders, type ConfigValues, type Locator } from '../../domain/steps.js';
import { describeElement } from '../describe-element.js';
import { TargetUnresolved } from '../errors.js';
import { offersOnPage } from '../page-reading.js';
import { describeLocator, toPlaywright } from '../playwright-locator.js';
import { Probe } from '../probe.js';
import { recordLocators } from '../record-locators.js';
import type { Resolved } from '../resolve-target.js';
import type { ModelTarget } from './questions.js';

const CLICK_LIKE: Purpose[] = ['click', 'open', 'choose', 'hover', 'expand'];

/** The model's target as a sentence names it: a name, without a noun, so it reads back the same. */
export function modelTargetName(target: ModelTarget): string {
  return (target.role && target.name !== null ? target.name : target.text) ?? '';
}

export function modelLocator(target: ModelTarget, configs: ConfigValues): Locator {
  // The model saw placeholders where the page shows config values.
  return target.role && target.name !== null
    ? { kind: 'role', role: target.role.toLowerCase(), name: resolvePlaceholders(target.name, configs), exact: true }
    : { kind: 'text', text: resolvePlaceholders(target.text ?? '', configs), exact: true };
}

export async function locateModelTarget(
  page: Page,
  target: ModelTarget,
  purpose: Purpose,
  configs: ConfigValues,
): Promise<Resolved> {
  const locator = modelLocator(target, configs);
  const probe = new Probe(page);
  try {
    const found = await probe
      .candidates([{ via: describeLocator(locator), locator: toPlaywright(page, locator) }])
      .catch(() => []);
    if (found.length !== 1) {
      const what = target.role
        ? `${target.role} ${JSON.stringify(target.name)}`
        : `the text ${JSON.stringify(target.text)}`;
      const closest = await offersOnPage(page, modelTargetName(target), target.role ? [target.role] : []);
      throw new TargetUnresolved(
        found.length
          ? `${what} matches ${found.length} visible elements on ${page.url()}`
          : `there is no visible ${what} on ${page.url()}`,
        closest,
      );
    }
    const facts = await probe.factsOf(found[0]!);
    const locators = await recordLocators(page, {
      facts,
      handle: found[0]!.handle,
      allowInside: CLICK_LIKE.includes(purpose),
      near: null,
    });
    const description = describeElement(facts, { name: modelTargetName(target), noun: null, near: null });
    if (!locators.length)
      throw new TargetUnresolved(`found ${description}, but no locator finds it alone among the visible elements`, []);
    return { target: { locators, description }, facts };
  } finally {
    await probe.dispose();
  }
}
