// Replays one recorded step as it is: no language, no guessing. The first of the target's locators
// that finds exactly one visible element wins (the first may wait a little for the page; the rest
// are checked at once, so a dead locator fails fast). `{{config.key}}` placeholders are resolved at
// the last moment. All locators failing throws TargetNotFound (heal it); anything else StepFailed.
import type { Locator as PwLocator, Page } from 'playwright-core';
import { roleStandsIn } from '../domain/heal-acceptance.js';
import { sortOptionFor } from '../domain/goal-language/sort-order.js';
import type { SecretValue } from '../domain/mask-secrets.js';
import { resolvePlaceholders, type ConfigValues, type Locator, type Step, type Target } from '../domain/steps.js';
import { matchingPattern } from '../domain/url-policy.js';
import { checkExpectation, isShown, statement } from './check-expectation.js';
import { StepFailed, TargetNotFound } from './errors.js';
import { describeLocator, toPlaywright } from './playwright-locator.js';
import { fillDate } from './date-field.js';
import { expandTo } from './expand-item.js';
import { fillAndCheck, readField } from './fill-field.js';
import { readFacts } from './page-scripts.js';
import { findsByRole, recordedRole } from './target-facts.js';
import { settle, watchNetwork } from './settle.js';
import { stepWithArrows } from './spinner-arrows.js';
import { pollUntil } from './poll-until.js';
import type { SortDirection } from '../domain/goal-language/intents.js';

export interface StepContext {
  /** Relative URLs of goto steps are resolved against it. */
  baseUrl: string;
  configs: ConfigValues;
  /** Where config values may go besides the base URL's origin: origins and host patterns. */
  configOrigins?: readonly string[];
  /** The secret values: never typed key by key, so no prefix of one is ever sent. */
  secrets?: readonly SecretValue[];
}

export interface StepTimings {
  /** How long the first locator may wait for its element. */
  firstLocatorMs: number;
  /** How long an action may wait for its element to be actionable (enabled, stable). */
  actionMs: number;
  /** How long `wait` and `assert` steps wait for their text or condition. */
  waitMs: number;
  /** How long a goto may take. */
  navigationMs: number;
}

export const DEFAULT_TIMINGS: StepTimings = {
  firstLocatorMs: 2000,
  actionMs: 5000,
  waitMs: 5000,
  navigationMs: 30_000,
};

/** The element of a step's target, or TargetNotFound listing what each locator found. */
export async function locate(page: Page, step: Step, target: Target, firstLocatorMs: number): Promise<PwLocator> {
  const tried: string[] = [];
  for (const [i, locator] of target.locators.entries()) {
    let element: PwLocator;
    try {
      element = toPlaywright(page, locator).visible();
      // (Playwright reads a timeout of 0 as "no limit": 0 here means do not wait at all.)
      if (i === 0 && firstLocatorMs > 0)
        await element
          .first()
          .waitFor({ state: 'visible', timeout: firstLocatorMs })
          .catch(() => undefined);
      const count = await element.count();
      if (count === 1) {
        const other = await anotherRole(element, locator, target);
        if (!other) return element;
        tried.push(`${describeLocator(locator)}: ${other}`);
        continue;
      }
      tried.push(`${describeLocator(locator)}: ${count} visible`);
    } catch (error) {
      tried.push(`${describeLocator(locator)}: ${firstLine(error)}`);
    }
  }
  throw new TargetNotFound(step, tried.length ? tried : ['no locators recorded']);
}

/**
 * A fallback locator (by text, label, CSS) may land on another kind of element that shows the old
 * text: a heading "Log in" where the button was. It counts only with the recorded role (a link for
 * a button when the step named it by its text); else the step's element is not found (issue 28).
 * Returns what it found instead, or null when it fits.
 */
async function anotherRole(element: PwLocator, locator: Locator, target: Target): Promise<string | null> {
  const expected = recordedRole(target);
  if (expected === undefined || findsByRole(locator)) return null;
  const role = await element.evaluate(readFacts).then(
    (facts) => facts.role,
    () => null,
  );
  if (roleStandsIn({ role: expected, byText: target.byText }, role)) return null;
  return `a ${role ?? 'text without a role'}, not a ${expected ?? 'text without a role'}`;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/^\w+\.\w+: /, '');
}

/**
 * Config values (secrets above all) go only to the project's own origins: the base URL's, its
 * environments' and its allowed preview origins. `destination` is the page typed into, or the URL opened.
 */
function checkConfigDestination(step: Step, text: string, destination: string, context: StepContext): void {
  if (!/\{\{\s*config\./.test(text)) return;
  let origin: string;
  try {
    origin = new URL(destination).origin;
  } catch {
    origin = 'null';
  }
  if (
    origin !== 'null' &&
    (origin === new URL(context.baseUrl).origin || matchingPattern(context.configOrigins ?? [], destination))
  )
    return;
  throw new StepFailed(
    step,
    `"${step.sentence}": refused to send a config value to ${origin === 'null' ? destination : origin}, which is not one of the project's own origins (${[...new Set([new URL(context.baseUrl).origin, ...(context.configOrigins ?? [])])].join(', ')}). Config values are only typed into the project's environments and its allowed preview origins: add the origin as an environment of the project, or to repository.reviews.previewOrigins in the project YAML.`,
  );
}

function resolve(step: Step, text: string, configs: ConfigValues): string {
  try {
    return resolvePlaceholders(text, configs);
  } catch (error) {
    throw new StepFailed(step, `"${step.sentence}": ${firstLine(error)}`);
  }
}

export async function performStep(
  page: Page,
  step: Step,
  context: StepContext,
  timings: StepTimings = DEFAULT_TIMINGS,
): Promise<void> {
  const target = 'target' in step && step.target ? step.target : null;
  // The first locator finds by role, or the target predates kept roles: it goes straight in.
  const direct =
    target && target.locators.length && (findsByRole(target.locators[0]!) || recordedRole(target) === undefined);
  if (target && target.locators.length && !direct)
    return act(page, step, await locate(page, step, target, timings.firstLocatorMs), context, timings);
  if (target && target.locators.length) {
    // The usual case costs one short wait: the first locator is waited for, strictly (a locator
    // that matches two is a miss), and then acted on. The wait covers only the finding: an action
    // that has begun (a click whose page loads slowly) is never taken for a miss and tried again,
    // which would send a form twice or heal a step that worked. Only when the first locator
    // misses are the locators compared one by one (and a miss of all of them is TargetNotFound).
    const first = toPlaywright(page, target.locators[0]!).visible();
    const found = await first.waitFor({ state: 'visible', timeout: timings.firstLocatorMs }).then(
      () => true,
      (error: unknown) => {
        if (isMiss(error)) return false;
        throw error;
      },
    );
    return act(page, step, found ? first : await locate(page, step, target, 0), context, timings);
  }
  return act(page, step, null, context, timings);
}

/** The locator found nothing (in time), or more than one element. */
function isMiss(error: unknown): boolean {
  const e = error as { name?: string; message?: string };
  return e?.name === 'TimeoutError' || /strict mode violation/i.test(e?.message ?? '');
}

async function act(
  page: Page,
  step: Step,
  element: PwLocator | null,
  context: StepContext,
  timings: StepTimings,
): Promise<void> {
  const since = watchNetwork(page);
  const fail = (what: string, error: unknown) =>
    new StepFailed(step, `"${step.sentence}": could not ${what}: ${firstLine(error)}`);
  const description = 'target' in step && step.target ? step.target.description : '';
  const action = { timeout: timings.actionMs };
  switch (step.action) {
    case 'goto': {
      const url = new URL(resolve(step, step.url, context.configs), context.baseUrl).href;
      checkConfigDestination(step, step.url, url, context);
      // Only the web: file: and other schemes would read this machine's files.
      if (!/^https?:$/.test(new URL(url).protocol))
        throw new StepFailed(step, `"${step.sentence}": only http(s) pages can be opened, not ${url}.`);
      try {
        await page.goto(url, { waitUntil: 'load', timeout: timings.navigationMs });
      } catch (error) {
        throw fail(`open ${url}`, error);
      }
      break;
    }
    case 'click':
      if (step.when === 'ascending' || step.when === 'descending') {
        await sortColumn(element!, step.when, timings).catch((error) => {
          throw fail(`sort by ${description}, ${step.when}`, error);
        });
        break;
      }
      {
        // An expanded tree item's box holds its children: a person clicks its own row, not the middle.
        // (Read without waiting: a locator that misses must fail as fast as the click alone would.)
        const click = async () => {
          const position = (await element!.evaluateAll(ownRowPoint).catch(() => null)) ?? undefined;
          const options = position ? { ...action, position } : action;
          await (step.double ? element!.dblclick(options) : element!.click(options)).catch((error) => {
            throw fail(`${step.double ? 'double-click' : 'click'} ${description}`, error);
          });
        };
        // `when` is the state it is clicked in: "Expand" clicks a collapsed one.
        const wanted = step.when && (step.when === 'collapsed' ? 'expanded' : 'collapsed');
        if (wanted)
          await expandTo(element!, wanted, click, timings.actionMs).catch((error) => {
            throw error instanceof StepFailed
              ? error
              : fail(wanted === 'expanded' ? `expand ${description}` : `collapse ${description}`, error);
          });
        else await click();
      }
      break;
    case 'fill': {
      checkConfigDestination(step, step.value, page.url(), context);
      const value = resolve(step, step.value, context.configs);
      // "status Lead" in a list of fields: a native select takes the option of that name.
      if (await element!.evaluate((el) => el.tagName === 'SELECT', undefined, action).catch(() => false)) {
        await selectOption(page, element!, value, timings).catch((error) => {
          throw fail(`select ${JSON.stringify(step.value)} in ${description}`, error);
        });
        break;
      }
      // An ARIA spinbutton or slider drawn without an input: step it with the arrow keys.
      const stepped = await element!.evaluate(readStepper, undefined, action).catch(() => null);
      const number = /^-?\d+(?:\.\d+)?$/.test(value.trim());
      if (stepped !== null && number) {
        // Deaf to the arrow keys, it may still have +/- buttons beside it.
        await stepTo(element!, Number(value), timings)
          .catch(async (error) => {
            if (!(await stepWithArrows(element!, Number(value), timings.actionMs))) throw error;
          })
          .catch((error) => {
            throw fail(`set ${description} to ${value}`, error);
          });
        break;
      }
      const field = await element!.evaluate(readField, undefined, action).catch((error) => {
        throw fail(`fill ${description}`, error);
      });
      // A number shown by no field (an <output>, a span) changes only through the +/- beside it too.
      const shown = field.held === null && !['input', 'textarea'].includes(field.tag);
      if ((field.readonly || shown) && number) {
        // A read-only number changes only through the +/- buttons beside it.
        await stepWithArrows(element!, Number(value), timings.actionMs)
          .then((stepped) => {
            if (!stepped) throw new Error('it is read-only and has no +/- buttons beside it');
          })
          .catch((error) => {
            throw fail(`set ${description} to ${value}`, error);
          });
        break;
      }
      // A date field takes the date in its own format, or a click on the day in its calendar.
      const dated = await fillDate(element!, value, field, timings.actionMs).catch((error) => {
        throw fail(`set ${description} to ${value}`, error);
      });
      if (dated) break;
      // A control that listens to keys (a combobox filtering as you type) gets the keys, like from a
      // person; elsewhere the value is set at once, which is much faster. A secret is never typed:
      // each key would send a prefix of it (a suggestion request per keystroke), which no masking
      // recognises. It is filled at once, then the control gets the events its listeners wait for.
      const listens = value && (await element!.evaluate(listensToKeys, undefined, action).catch(() => false));
      const secret = context.secrets?.some((s) => s.value && value.includes(s.value)) ?? false;
      if (listens && secret) {
        await element!
          .fill(value, action)
          .then(() => element!.evaluate(announceFilled, undefined, action))
          .catch((error) => {
            throw fail(`fill ${description}`, error);
          });
        break; // suggestions may load: let the page settle
      }
      if (listens) {
        await element!
          .fill('', action)
          .then(() => element!.pressSequentially(value, { timeout: timings.actionMs + 20 * value.length }))
          .catch((error) => {
            throw fail(`type into ${description}`, error);
          });
        break; // suggestions may load: let the page settle
      }
      await fillAndCheck(element!, value, { timeoutMs: timings.actionMs, secret }).catch((error) => {
        throw fail(`fill ${description}`, error);
      });
      return; // typing does not navigate; what it loads (suggestions) the next step's locator waits for
    }
    case 'select':
      checkConfigDestination(step, step.value, page.url(), context);
      await selectOption(page, element!, resolve(step, step.value, context.configs), timings).catch((error) => {
        throw fail(`select ${JSON.stringify(step.value)} in ${description}`, error);
      });
      break;
    case 'check':
    case 'uncheck':
      // A menu's checkbox item closes its menu when clicked, so its new state cannot be read back:
      // clicked only when not yet as the sentence wants it; else the menu is closed, as a person would.
      if ((await element!.getAttribute('role', action).catch(() => null)) === 'menuitemcheckbox') {
        const checked = (await element!.getAttribute('aria-checked', action).catch(() => null)) === 'true';
        if (checked === (step.action === 'check')) await page.keyboard.press('Escape');
        else
          await element!.click(action).catch((error) => {
            throw fail(`${step.action} ${description}`, error);
          });
        break;
      }
      await (step.action === 'check' ? element!.check(action) : element!.uncheck(action)).catch((error) => {
        throw fail(`${step.action} ${description}`, error);
      });
      break;
    case 'press':
      await (element ? element.press(step.key, action) : page.keyboard.press(step.key)).catch((error) => {
        throw fail(`press ${step.key}${element ? ` in ${description}` : ''}`, error);
      });
      break;
    case 'hover':
      await element!.hover(action).catch((error) => {
        throw fail(`hover over ${description}`, error);
      });
      return; // hovering loads nothing worth waiting for, and settling could move the mouse-driven state
    case 'wait': {
      const text = resolve(step, step.text, context.configs);
      const deadline = Date.now() + timings.waitMs;
      while (!(await isShown(page, text))) {
        if (Date.now() >= deadline)
          throw new StepFailed(
            step,
            `"${step.sentence}": ${JSON.stringify(step.text)} did not appear within ${timings.waitMs / 1000} s on ${page.url()}.`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
      return;
    }
    case 'assert': {
      const result = await checkExpectation(page, step.expectation, context.configs, timings.waitMs);
      if (!result.passed)
        throw new StepFailed(
          step,
          `"${step.sentence}": ${statement(step.expectation)} is not true: ${result.line.replace(/^✗ /, '')}`,
        );
      return;
    }
  }
  // Clicks, key presses and navigations may start requests a moment later; typing and toggling
  // rarely do, so those wait only when a request has already begun.
  await settle(page, since, { graceMs: MAY_NAVIGATE.has(step.action) ? 30 : 0 });
}

const MAY_NAVIGATE = new Set<Step['action']>(['goto', 'click', 'press', 'fill']);

/** The current value of a spinbutton or slider that is not an input (aria-valuenow), else null. */
const readStepper = new Function(`return ((el) => {
  const role = el.getAttribute('role');
  if (!['spinbutton', 'slider'].includes(role) || ['INPUT', 'TEXTAREA'].includes(el.tagName) || el.isContentEditable) return null;
  const now = Number(el.getAttribute('aria-valuenow'));
  return Number.isFinite(now) ? now : null;
})`)() as (el: Element) => number | null;

/** Presses ArrowUp or ArrowDown until aria-valuenow is the value (at most 200 presses). */
async function stepTo(element: PwLocator, value: number, timings: StepTimings): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const now = await element.evaluate(readStepper, undefined, { timeout: timings.actionMs });
    if (now === null) throw new Error('it has no aria-valuenow');
    if (now === value) return;
    await element.press(now < value ? 'ArrowUp' : 'ArrowDown', { timeout: timings.actionMs });
    if ((await element.evaluate(readStepper)) === now)
      throw new Error(`it stays at ${now} when the arrow keys are pressed`);
  }
  throw new Error(`it did not reach ${value} within 200 key presses`);
}

/**
 * "Sort by price, highest first": the column header clicked until it says it sorts that way (at most
 * three clicks: ascending, descending, unsorted is the usual cycle). A header that never says how it
 * sorts fails: which way the list went cannot be told.
 */
async function sortColumn(element: PwLocator, wanted: SortDirection, timings: StepTimings): Promise<void> {
  const state = () => element.evaluate(readSorted, undefined, { timeout: timings.actionMs }).catch(() => null);
  let now = await state();
  for (let clicks = 0; now !== wanted && clicks < 3; clicks++) {
    const before = now;
    await element.click({ timeout: timings.actionMs });
    await pollUntil(async () => (now = await state()) !== before, 2000);
    // A header that says nothing about its order after a click will not say it after more.
    if (now === null) break;
  }
  if (now !== wanted) throw new Error(`its header says ${now ?? 'nothing about its order (no aria-sort or arrow)'}`);
}

const readSorted = new Function(`return ((el) => {
  const header = el.closest('th, [role=columnheader]') || el;
  const aria = header.getAttribute('aria-sort');
  if (aria === 'ascending' || aria === 'descending') return aria;
  if (aria) return 'unsorted';
  const text = header.textContent || '';
  if (/[▲↑⬆△▴]/.test(text)) return 'ascending';
  if (/[▼↓⬇▽▾]/.test(text)) return 'descending';
  return null;
})`)() as (el: Element) => SortDirection | 'unsorted' | null;

/**
 * For an item whose box holds its own open sub-list (an expanded tree item, a nested menu item): the
 * middle of its own row, relative to the element; null for any other element.
 */
const ownRowPoint = new Function(`return ((els) => {
  if (els.length !== 1) return null;
  const el = els[0];
  const group = el.querySelector(':scope > [role=group], :scope > ul, :scope > ol');
  if (!group || group.getBoundingClientRect().height < 1) return null;
  const box = el.getBoundingClientRect();
  for (const child of el.childNodes) {
    if (child === group) continue;
    let r = null;
    if (child.nodeType === 1) r = child.getBoundingClientRect();
    else if (child.nodeType === 3 && child.textContent.trim()) { const range = document.createRange(); range.selectNodeContents(child); r = range.getBoundingClientRect(); }
    if (r && r.width >= 1 && r.height >= 1) return { x: r.left - box.left + r.width / 2, y: r.top - box.top + r.height / 2 };
  }
  return null;
})`)() as (els: Element[]) => { x: number; y: number } | null;

/**
 * The events a person's last key would have left on a control whose value was set at once (fill
 * already fired `input`): a keydown and keyup naming no key, and `change`.
 */
const announceFilled = new Function(`return ((el) => {
  for (const type of ['keydown', 'keyup']) el.dispatchEvent(new KeyboardEvent(type, { bubbles: true, cancelable: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
})`)() as (el: Element) => void;

/** Comboboxes, autocompletes and search boxes react to key events, not to a value set at once. */
const listensToKeys = new Function(`return ((el) => {
  const role = (el.getAttribute('role') || '').toLowerCase();
  if (role === 'combobox' || role === 'searchbox') return true;
  if (el.tagName === 'INPUT' && (el.type === 'search' || el.hasAttribute('list'))) return true;
  return ['aria-autocomplete', 'aria-controls', 'aria-owns', 'aria-haspopup', 'aria-activedescendant'].some((a) => el.hasAttribute(a));
})`)() as (el: Element) => boolean;

const quotedList = (texts: string[]) => texts.map((text) => JSON.stringify(text)).join(', ');

/** A <select> by option label or value; a custom dropdown by opening it and clicking the option. */
async function selectOption(page: Page, element: PwLocator, value: string, timings: StepTimings): Promise<void> {
  const wait = { timeout: timings.actionMs };
  const isSelect = await element.evaluate((el) => el.tagName === 'SELECT', undefined, wait);
  if (isSelect) {
    const labels = await element.evaluate(
      (el) => Array.from((el as HTMLSelectElement).options, (o) => o.label.trim()),
      undefined,
      wait,
    );
    // As written, else in any case, else without punctuation ("price low to high" for "Price (low to high)").
    const loose = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
    const byLabel =
      labels.find((label) => label === value) ??
      labels.find((label) => label.toLowerCase() === value.toLowerCase()) ??
      labels.find((label) => loose(label) === loose(value) && loose(value) !== '');
    const values =
      byLabel === undefined
        ? await element.evaluate((el) => Array.from((el as HTMLSelectElement).options, (o) => o.value), undefined, wait)
        : [];
    // Else by meaning: "price, lowest first" for "Price: Low to High".
    const meant = byLabel === undefined && !values.includes(value) ? sortOptionFor(value, labels) : null;
    if (meant && 'tied' in meant)
      throw new Error(`${JSON.stringify(value)} could be any of the options ${quotedList(meant.tied)}`);
    const label = byLabel ?? meant?.option;
    if (label === undefined && !values.includes(value))
      throw new Error(`it has no option ${JSON.stringify(value)}; its options are ${quotedList(labels)}`);
    await element.selectOption(label !== undefined ? { label } : value, { timeout: timings.actionMs });
    return;
  }
  // An editable combobox filters its options by what it holds: a person types the option's name.
  const editable = await element.evaluate(
    (el) => el.tagName === 'INPUT' || (el as HTMLElement).isContentEditable,
    undefined,
    wait,
  );
  if (editable) {
    await element.fill('', wait);
    await element.pressSequentially(value, { timeout: timings.actionMs + 20 * value.length });
    const exact = page.getByRole('option', { name: value, exact: true }).visible();
    const option = (await exact
      .first()
      .waitFor({ state: 'visible', timeout: Math.min(1000, timings.actionMs) })
      .then(
        () => true,
        () => false,
      ))
      ? exact.first()
      : page.getByRole('option', { name: value }).visible().first();
    await option.click({ timeout: timings.actionMs });
    return;
  }
  await element.click({ timeout: timings.actionMs });
  // The options of a custom dropdown: ARIA options, else the visible text (a div-drawn list).
  const option = page.getByRole('option', { name: value }).visible().first();
  const found = await option.waitFor({ state: 'visible', timeout: Math.min(1000, timings.actionMs) }).then(
    () => true,
    () => false,
  );
  await (found ? option : page.getByText(value, { exact: true }).visible().last()).click({ timeout: timings.actionMs });
}
