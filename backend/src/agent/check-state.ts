// Checks the state or value of a control ("The 'Remember me' checkbox is checked", "The Country
// field contains Sweden"), read the way assistive technology reads it: checked / aria-checked /
// aria-pressed, aria-selected, aria-expanded / <details open>, disabled / aria-disabled, and a
// field's value, a select's chosen option or a slider's aria-valuetext / aria-valuenow. Waits up
// to the timeout for the state to come true, and says what it found either way.
import type { Locator as PwLocator, Page } from 'playwright-core';
import { describeOffer } from '../domain/goal-language/closest-offers.js';
import type { Purpose } from '../domain/goal-language/intents.js';
import { PURPOSE_ROLES, rolesForNoun } from '../domain/goal-language/roles.js';
import { isPopupNoun } from '../domain/goal-language/state-clauses.js';
import {
  resolvePlaceholders,
  type ConfigValues,
  type ControlState,
  type Expectation,
  type ExpectedTarget,
} from '../domain/steps.js';
import type { ExpectationResult } from './check-expectation.js';
import { checklistMark } from './checklist-mark.js';
import { TargetUnresolved } from './errors.js';
import { asWords } from './find-by-name.js';
import { toPlaywright } from './playwright-locator.js';
import { labelledFigures } from './labelled-figures.js';
import { resolveTarget } from './resolve-target.js';

type StateExpectation = Extract<Expectation, { kind: 'state' | 'value' }>;
type AriaRole = Parameters<Page['getByRole']>[0];

const POLL_MS = 100;

interface Reading {
  role: string;
  checked: boolean | 'mixed' | null;
  selected: boolean | null;
  expanded: boolean | null;
  disabled: boolean;
  /** Every way the value reads: a select's option label and value, a slider's valuetext and valuenow. */
  values: string[];
}

// Page code as source text: tsx would wrap named inner functions in a helper the page lacks.
const readControl = new Function(`return (el) => {
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || '').toLowerCase();
  const implicit = tag === 'select' ? 'combobox' : tag === 'textarea' ? 'textbox' : tag === 'button' ? 'button' : tag === 'summary' ? 'summary'
    : tag === 'option' ? 'option' : tag === 'details' ? 'group'
    : tag === 'input' ? ({ checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', button: 'button', submit: 'button' }[type] || 'textbox') : tag;
  const role = el.getAttribute('role') || implicit;
  // A label or wrapper named like the control: read the control inside it.
  let control = el;
  if (tag === 'label' && el.control) control = el.control;
  else if (!['input', 'select', 'textarea', 'button', 'summary', 'details', 'option'].includes(tag) && !el.hasAttribute('role')) {
    control = el.querySelector('input, select, textarea, [role=checkbox], [role=switch], [role=slider], [role=spinbutton], [aria-expanded]') || el;
  }
  const ctag = control.tagName.toLowerCase();
  const ctype = (control.getAttribute('type') || '').toLowerCase();
  const aria = (name) => { const v = control.getAttribute(name); return v === null ? null : v.toLowerCase(); };
  let checked = null;
  if (ctag === 'input' && (ctype === 'checkbox' || ctype === 'radio')) checked = control.indeterminate ? 'mixed' : control.checked;
  else if (aria('aria-checked') !== null) checked = aria('aria-checked') === 'mixed' ? 'mixed' : aria('aria-checked') === 'true';
  else if (aria('aria-pressed') !== null) checked = aria('aria-pressed') === 'mixed' ? 'mixed' : aria('aria-pressed') === 'true';
  let selected = null;
  if (aria('aria-selected') !== null) selected = aria('aria-selected') === 'true';
  else if (ctag === 'option') selected = control.selected;
  else if (aria('aria-current') !== null) selected = aria('aria-current') !== 'false';
  else if (['tab', 'option', 'treeitem', 'gridcell', 'row'].includes(control.getAttribute('role') || '')) selected = false;
  // One of a set marked current (a stepper's step, a pager's page): the others are not current.
  else if (control.parentElement && Array.from(control.parentElement.children).some((c) => c !== control && (c.getAttribute('aria-current') || 'false') !== 'false')) selected = false;
  let expanded = null;
  if (aria('aria-expanded') !== null) expanded = aria('aria-expanded') === 'true';
  else if (ctag === 'details') expanded = control.open;
  else if (ctag === 'summary' || control.closest('summary')) expanded = control.closest('details') ? control.closest('details').open : null;
  else if (ctag === 'dialog') expanded = control.open;
  const disabled = Boolean(control.matches(':disabled') || control.closest('[aria-disabled=true]'));
  const values = [];
  if (ctag === 'select') {
    const chosen = Array.from(control.selectedOptions);
    values.push(chosen.map((o) => o.label || o.text).join(', '), chosen.map((o) => o.value).join(', '));
  } else if (ctag === 'input' || ctag === 'textarea') values.push(control.value);
  else {
    if (control.getAttribute('aria-valuetext') !== null) values.push(control.getAttribute('aria-valuetext'));
    if (control.getAttribute('aria-valuenow') !== null) values.push(control.getAttribute('aria-valuenow'));
    // A button, a link or a heading holds no value: none is read, so "... is empty" is never true of it.
    if (!values.length && (control.isContentEditable || ['textbox', 'combobox', 'searchbox'].includes(control.getAttribute('role') || ''))) values.push(control.innerText);
    // A labelled box of figures ("Monthly total" over its lines and the total): its headline figure,
    // the one in the largest type (the last of those), as a person reads the box's value.
    const box = control === el && (['aside', 'section', 'fieldset', 'region', 'complementary', 'group', 'status'].includes(role) || el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label'));
    if (!values.length && box && !['button', 'link', 'heading'].includes(role)) {
      let best = null, size = 0;
      for (const leaf of el.querySelectorAll('*')) {
        const t = (leaf.textContent || '').trim();
        if (leaf.children.length || !/^[^\\d\\s]{0,3}\\s?[-−]?\\d[\\d.,\\s]*\\s?[^\\d\\s]{0,4}$/.test(t) || !leaf.getClientRects().length) continue;
        const px = parseFloat(getComputedStyle(leaf).fontSize) || 0;
        if (px >= size) { best = t; size = px; }
      }
      if (best !== null) values.push(best);
    }
  }
  return { role, checked, selected, expanded, disabled, values };
}`)() as (el: Element) => Reading;

/** The target as messages say it: `the "Remember me" checkbox`, `the checkbox next to "Buy milk"`. */
function targetWords(target: ExpectedTarget): string {
  let text =
    target.name === null
      ? `the ${target.noun ?? 'element'}`
      : target.noun
        ? `the ${JSON.stringify(target.name)} ${target.noun}`
        : JSON.stringify(target.name);
  if (target.near) text += ` ${target.near.relation} ${JSON.stringify(target.near.text)}`;
  return text;
}

function valueWords(text: string): string {
  return text === '' ? 'empty' : JSON.stringify(text);
}

export function stateTitle(expectation: StateExpectation): string {
  const what = expectation.kind === 'state' ? expectation.state : valueWords(expectation.text);
  return `Expected ${targetWords(expectation.target)} to be ${what}`;
}

export function stateStatement(expectation: StateExpectation): string {
  const what = expectation.kind === 'state' ? expectation.state : valueWords(expectation.text);
  return `${targetWords(expectation.target)} is ${what}`;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** A shown value as compared: spaces collapsed, lower case. */
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function sameValue(found: string, wanted: string): boolean {
  if (norm(found) === norm(wanted)) return true;
  // "50" is "50.0"; an empty string is not 0.
  return norm(found) !== '' && norm(wanted) !== '' && !Number.isNaN(Number(found)) && Number(found) === Number(wanted);
}

/** "Raj Shah, 7700 900888" beside "Emergency contact" says "Raj Shah": the value, then a separator. */
function leadsWith(shown: string, wanted: string): boolean {
  const text = norm(shown);
  return !!norm(wanted) && text.startsWith(norm(wanted)) && /^\s*[,(·—–-]/.test(text.slice(norm(wanted).length));
}

/** Roles a nameless target ("the slider", "the search box") may have, best first. */
function rolesOfNoun(noun: string | null, purpose: Purpose): string[] {
  if (noun && /slider|range/.test(noun)) return ['slider'];
  if (noun && /spin ?button|number|stepper/.test(noun)) return ['spinbutton'];
  if (noun && /search/.test(noun)) return ['searchbox', 'textbox', 'combobox'];
  if (noun && /accordion|panel|disclosure|details|section/.test(noun)) return ['button'];
  const fromNoun = noun ? rolesForNoun(noun) : null;
  if (fromNoun?.length) return fromNoun;
  return (
    {
      fill: ['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider'],
      check: ['checkbox', 'switch', 'radio'],
      click: ['button', 'tab', 'checkbox', 'switch'],
    }[purpose as 'fill' | 'check' | 'click'] ?? []
  );
}

/** "the slider": the only visible element of the first role that has any; several is ambiguous. */
async function findOnly(
  page: Page,
  noun: string | null,
  purpose: Purpose,
  timeoutMs: number,
): Promise<{ locator: PwLocator; description: string }> {
  const roles = rolesOfNoun(noun, purpose);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const role of roles) {
      const found = page.getByRole(role as AriaRole).visible();
      const n = await found.count();
      if (n === 1) return { locator: found, description: `the ${noun ?? role}` };
      if (n > 1)
        throw new TargetUnresolved(
          `${n} visible elements of role ${role} could be "the ${noun ?? role}"; name it ("the 'Volume' ${noun ?? role}")`,
          [],
        );
    }
    if (Date.now() >= deadline) throw new TargetUnresolved(`found no ${noun ?? 'control'} on ${page.url()}`, []);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function purposeOf(expectation: StateExpectation): Purpose {
  if (expectation.kind === 'value') return 'fill';
  return expectation.state === 'checked' || expectation.state === 'unchecked' ? 'check' : 'click';
}

/** Whether the reading shows the state; null when the control has no such state at all. */
function holds(state: ControlState, r: Reading): boolean | null {
  switch (state) {
    case 'checked':
    case 'unchecked':
      return r.checked === null ? null : (r.checked === true) === (state === 'checked');
    case 'selected':
    case 'unselected': {
      // A checkbox or radio button is "selected" when it is checked.
      const on = r.selected ?? (r.checked === null ? null : r.checked === true);
      return on === null ? null : on === (state === 'selected');
    }
    case 'expanded':
    case 'collapsed':
    case 'open':
    case 'closed':
      return r.expanded === null ? null : r.expanded === (state === 'expanded' || state === 'open');
    case 'disabled':
    case 'enabled':
      return r.disabled === (state === 'disabled');
  }
}

const OPPOSITE: Record<ControlState, string> = {
  checked: 'not checked',
  unchecked: 'checked',
  selected: 'not selected',
  unselected: 'selected',
  expanded: 'collapsed',
  collapsed: 'expanded',
  open: 'closed',
  closed: 'open',
  disabled: 'enabled',
  enabled: 'disabled',
};
const HAS_NO: Record<ControlState, string> = {
  checked: 'checked state',
  unchecked: 'checked state',
  selected: 'selected state',
  unselected: 'selected state',
  expanded: 'expanded state',
  collapsed: 'expanded state',
  open: 'expanded state',
  closed: 'expanded state',
  disabled: 'disabled state',
  enabled: 'disabled state',
};

/** Elements marked as the current or selected one of their group. */
const MARKED = '[aria-current]:not([aria-current="false"]), [aria-selected="true"]';

async function pollReading(
  locator: PwLocator,
  done: (r: Reading) => boolean,
  deadline: number,
): Promise<Reading | null> {
  let last: Reading | null = null;
  for (;;) {
    last = await locator.evaluate(readControl, undefined, { timeout: 1000 }).catch(() => last);
    if (last && done(last)) return last;
    if (Date.now() >= deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function checkState(
  page: Page,
  expectation: StateExpectation,
  configs: ConfigValues,
  timeoutMs: number,
): Promise<ExpectationResult> {
  const title = stateTitle(expectation);
  if (
    expectation.kind === 'state' &&
    isPopupNoun(expectation.target.noun) &&
    (expectation.state === 'open' || expectation.state === 'closed')
  ) {
    return checkPopup(page, expectation.target, expectation.state === 'open', title, timeoutMs);
  }
  const deadline = Date.now() + timeoutMs;
  const purpose = purposeOf(expectation);
  const { target } = expectation;
  // "The review shows Raj Shah as the emergency contact": a field of that name, else the text beside it.
  if (expectation.kind === 'value' && target.name !== null && (target.noun ?? 'field') === 'field' && !target.near)
    return checkValueOrFigure(page, expectation, configs, title, deadline);
  let locator: PwLocator;
  let description: string;
  // A noun whose roles the purpose does not cover ("the 'Brightness' slider"): look for those first.
  const uncovered =
    expectation.target.noun !== null &&
    !rolesOfNoun(expectation.target.noun, purpose).some((role) => PURPOSE_ROLES[purpose].includes(role));
  const byNoun = uncovered ? await findByNoun(page, expectation.target, purpose) : null;
  if (byNoun) return checkFound(page, expectation, configs, byNoun.locator, byNoun.description, title, deadline);
  // "Profile is the current step": the one element marked current or selected that says the name
  // (a step indicator's item also shows its number; the name is on the page elsewhere too).
  if (expectation.kind === 'state' && expectation.state === 'selected' && target.name && !target.near) {
    const marked = page
      .locator(MARKED)
      .filter({ hasText: asWords(target.name) })
      .visible();
    if ((await marked.count().catch(() => 0)) === 1)
      return checkFound(page, expectation, configs, marked, JSON.stringify(target.name), title, deadline);
  }
  // A checklist item drawn without a checkbox, when no checkable control has the name.
  const ticked =
    tickClaim(expectation) && !(await checkableNamed(page, expectation))
      ? await checklistItem(page, expectation, deadline)
      : null;
  if (ticked) return { ...ticked, title };
  try {
    if (expectation.target.name === null && !expectation.target.near)
      ({ locator, description } = await findOnly(page, expectation.target.noun, purpose, timeoutMs));
    else {
      const resolved = await resolveTarget(page, expectation.target, purpose, { fuzzy: false, timeoutMs });
      locator = toPlaywright(page, resolved.target.locators[0]!).visible().first();
      description = resolved.target.description;
    }
  } catch (error) {
    if (!(error instanceof TargetUnresolved)) throw error;
    const ticked = await checklistItem(page, expectation, Date.now());
    if (ticked) return { ...ticked, title };
    return {
      passed: false,
      title,
      line: `✗ ${error.reason}${error.closest.length ? `; closest: ${error.closest.map(describeOffer).join(', ')}` : ''}.`,
    };
  }
  return checkFound(page, expectation, configs, locator, description, title, deadline);
}

/**
 * "The subtotal is $12.00": the value of a field of that name, else the value the page shows beside
 * that label (agent/labelled-figures.ts). A label shown with two different values is refused, not
 * read either way. The field is looked for now and then; the shown values at every poll.
 */
async function checkValueOrFigure(
  page: Page,
  expectation: Extract<Expectation, { kind: 'value' }>,
  configs: ConfigValues,
  title: string,
  deadline: number,
): Promise<ExpectationResult> {
  const name = expectation.target.name!;
  // No field "Unassigned count": the figure shown beside "Unassigned" is its count.
  const label = name.replace(/(\S)\s+(?:count|counter|badge)$/i, '$1');
  const wanted = resolvePlaceholders(expectation.text, configs);
  let unresolved: TargetUnresolved | null = null;
  let figures: string[];
  for (let poll = 0; ; poll++) {
    const last = Date.now() >= deadline;
    if (poll % 10 === 0 || last) {
      try {
        const resolved = await resolveTarget(page, expectation.target, 'fill', { fuzzy: false, timeoutMs: 0 });
        const locator = toPlaywright(page, resolved.target.locators[0]!).visible().first();
        return await checkFound(page, expectation, configs, locator, resolved.target.description, title, deadline);
      } catch (error) {
        if (!(error instanceof TargetUnresolved)) throw error;
        unresolved = error;
      }
    }
    figures = [...new Set(await labelledFigures(page, label))];
    if (figures.length === 1 && (sameValue(figures[0]!, wanted) || leadsWith(figures[0]!, wanted)))
      return { passed: true, title, line: `✓ ${JSON.stringify(name)} shows ${valueWords(figures[0]!)}.` };
    if (last) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (figures.length > 1)
    return {
      passed: false,
      title,
      line: `✗ ${JSON.stringify(name)} is shown ${figures.length} times with different values (${figures.map(valueWords).join(', ')}), so which one is meant is not clear; name the place ("The row of 'X' shows ...").`,
    };
  if (figures.length === 1)
    return {
      passed: false,
      title,
      line: `✗ ${JSON.stringify(name)} shows ${valueWords(figures[0]!)}, not ${valueWords(expectation.text)}.`,
    };
  const closest = unresolved?.closest.length ? `; closest: ${unresolved.closest.map(describeOffer).join(', ')}` : '';
  return {
    passed: false,
    title,
    line: `✗ found no field named ${JSON.stringify(name)} and no value shown beside a label ${JSON.stringify(name)}${closest}.`,
  };
}

/**
 * The roles of a purpose leave out some a noun asks for (an ARIA slider is not typed into): the one
 * visible element of the noun's roles with that name.
 */
async function findByNoun(
  page: Page,
  target: ExpectedTarget,
  purpose: Purpose,
): Promise<{ locator: PwLocator; description: string } | null> {
  if (target.name === null || target.near || !target.noun) return null;
  for (const role of rolesOfNoun(target.noun, purpose)) {
    const found = page.getByRole(role as AriaRole, { name: target.name }).visible();
    if ((await found.count()) === 1)
      return { locator: found, description: `the ${JSON.stringify(target.name)} ${target.noun}` };
  }
  return null;
}

async function checkFound(
  page: Page,
  expectation: StateExpectation,
  configs: ConfigValues,
  locator: PwLocator,
  description: string,
  title: string,
  deadline: number,
): Promise<ExpectationResult> {
  if (expectation.kind === 'value') {
    const wanted = resolvePlaceholders(expectation.text, configs);
    const reading = await pollReading(locator, (r) => r.values.some((v) => sameValue(v, wanted)), deadline);
    const found = reading?.values[0] ?? '';
    if (reading && reading.values.some((v) => sameValue(v, wanted)))
      return { passed: true, title, line: `✓ ${description} is ${valueWords(found)}.` };
    if (reading && !reading.values.length)
      return {
        passed: false,
        title,
        line: `✗ ${description} holds no value (it is a ${reading.role}), so it cannot be ${valueWords(expectation.text)}.`,
      };
    return {
      passed: false,
      title,
      line: `✗ ${description} is ${valueWords(found)}, not ${valueWords(expectation.text)}.`,
    };
  }
  const wanted = expectation.state;
  const reading = await pollReading(locator, (r) => holds(wanted, r) === true, deadline);
  const verdict = reading ? holds(wanted, reading) : null;
  if (verdict) return { passed: true, title, line: `✓ ${description} is ${wanted}.` };
  if (verdict === null)
    return {
      passed: false,
      title,
      line: `✗ ${description} has no ${HAS_NO[wanted]}${reading ? ` (it is a ${reading.role})` : ''}, so it cannot be ${wanted}.`,
    };
  return { passed: false, title, line: `✗ ${description} is ${OPPOSITE[wanted]}.` };
}

/** "X is ticked" / "X is not ticked" of a named element with no anchor: a claim a checklist item may answer. */
function tickClaim(expectation: StateExpectation): boolean {
  return (
    expectation.kind === 'state' &&
    (expectation.state === 'checked' || expectation.state === 'unchecked') &&
    expectation.target.name !== null &&
    !expectation.target.near
  );
}

/** Whether a checkbox, radio button, switch or checkable menu item of the expectation's name is shown now. */
async function checkableNamed(page: Page, expectation: StateExpectation): Promise<boolean> {
  const { name } = expectation.target;
  if (!name) return true;
  for (const role of ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'] as const)
    if (
      (await page
        .getByRole(role, { name: asWords(name) })
        .visible()
        .count()
        .catch(() => 0)) > 0
    )
      return true;
  return (
    (await page
      .getByLabel(asWords(name))
      .visible()
      .count()
      .catch(() => 0)) > 0
  );
}

/** "The 'One number' rule is ticked" where no checkbox has the name: the checklist item's mark; null when none tells. */
async function checklistItem(
  page: Page,
  expectation: StateExpectation,
  deadline: number,
): Promise<{ passed: boolean; line: string } | null> {
  const { name } = expectation.target;
  if (!tickClaim(expectation) || expectation.kind !== 'state' || !name) return null;
  const wanted = expectation.state === 'checked';
  let mark = await checklistMark(page, name);
  while (mark && mark.on !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    mark = (await checklistMark(page, name)) ?? mark;
  }
  if (!mark) return null;
  const said = `the item ${JSON.stringify(name)} ${mark.on ? 'is' : 'is not'} ticked (${mark.by})`;
  return { passed: mark.on === wanted, line: `${mark.on === wanted ? '✓' : '✗'} ${said}.` };
}

/** Dialogs and menus: open = one is visible (or, for a named menu, its button is expanded). */
async function checkPopup(
  page: Page,
  target: ExpectedTarget,
  open: boolean,
  title: string,
  timeoutMs: number,
): Promise<ExpectationResult> {
  const menu = /menu/.test(target.noun!);
  const roles = menu ? ['menu'] : ['dialog', 'alertdialog'];
  const noun = menu ? 'menu' : 'dialog';
  const named = target.name;
  const visibleNames = async (): Promise<string[]> => {
    const names: string[] = [];
    for (const role of roles) {
      const all = page.getByRole(role as AriaRole).visible();
      const found =
        named === null
          ? all
          : page
              .getByRole(role as AriaRole, { name: named })
              .visible()
              .or(all.filter({ hasText: named }));
      for (const el of await found.all())
        names.push(
          (await el.getAttribute('aria-label').catch(() => null)) ??
            (await el.innerText({ timeout: 500 }).catch(() => '')).split('\n')[0]!.slice(0, 60),
        );
    }
    // A menu button that says its menu is open (the menu itself may have no name).
    if (menu && named !== null) {
      const byName = page
        .getByRole('button', { name: named, expanded: true })
        .visible()
        .or(page.getByRole('menuitem', { name: named, expanded: true }).visible());
      if ((await byName.count()) > 0) names.push(named);
    }
    return names;
  };
  const what = named === null ? `a ${noun}` : `the ${JSON.stringify(named)} ${noun}`;
  const deadline = Date.now() + timeoutMs;
  let names: string[];
  for (;;) {
    names = await visibleNames();
    if (names.length > 0 === open) break;
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const shown = names.map((n) => JSON.stringify(n.trim())).join(', ');
  if (names.length > 0 === open)
    return {
      passed: true,
      title,
      line: open ? `✓ ${what} is open (${shown}).` : named === null ? `✓ no ${noun} is open.` : `✓ ${what} is closed.`,
    };
  return open
    ? {
        passed: false,
        title,
        line: `✗ ${named === null ? `no ${noun}` : what} was open within ${seconds(timeoutMs)} on ${page.url()}.`.replace(
          /^✗ (the .*) was open/,
          '✗ $1 was not open',
        ),
      }
    : { passed: false, title, line: `✗ ${what} was still open after ${seconds(timeoutMs)} (${shown}).` };
}
