// "Sign up as ada@example.com with password X, profile Ada Lovelace, United Kingdom": each value
// placed in the form on the page (place-values.ts) and done as its own recorded step (fill, select,
// choose), so a replay repeats exactly those steps. A wizard shows one step's fields at a time: when
// a value fits nothing on this step and values were placed here, its Continue (or Next) button is
// pressed, as a person would, and the value is placed on the next step.
import type { Page } from 'playwright-core';
import { quote } from '../domain/goal-language/quotes.js';
import type { FormEntry, Intent } from '../domain/goal-language/intents.js';
import { formControls, meantForHere, placeEntry, type FormControl, type Placement } from './place-values.js';
import { pollUntil } from './poll-until.js';

const ADVANCE = /^(?:continue|next|next step|proceed)\b/i;
const ADVANCE_ONLY = /^(?:continue|next|next step|proceed)\W*$/i;

interface FillFormIo {
  /** Performs one elementary intent as a recorded step. */
  run: (intent: Intent) => Promise<void>;
  /** The error for a value the page cannot take, with why. */
  fail: (why: string) => Error;
  timeoutMs: number;
}

const readControls = (page: Page) => page.evaluate(formControls).catch((): FormControl[] => []);

/** The elementary intent of one placement: a fill, a select, or a click on a choice. */
export function intentOfPlacement(placement: Placement): Intent {
  const target = { name: placement.field, noun: null, near: null };
  if (placement.kind === 'fill' || placement.kind === 'select')
    return { kind: placement.kind, target, value: placement.value };
  if (placement.kind === 'check') return { kind: 'check', target };
  return { kind: 'click', target, double: false, purpose: 'choose' };
}

/**
 * The page's button on to the next step: the one visible, enabled "Continue" or "Next" (a button
 * named only so before one that says more, like "Continue with Google"); null when none or several.
 */
export async function advanceButton(page: Page): Promise<string | null> {
  const names: string[] = [];
  const buttons = page.getByRole('button', { name: ADVANCE }).visible();
  for (let i = 0, n = Math.min(await buttons.count(), 8); i < n; i++) {
    const button = buttons.nth(i);
    if (await button.isEnabled()) names.push(((await button.textContent()) ?? '').replace(/\s+/g, ' ').trim());
  }
  const only = names.filter((name) => ADVANCE_ONLY.test(name));
  const pick = only.length ? only : names;
  return pick.length === 1 ? pick[0]! || null : null;
}

/** A click on the button of that name (a wizard's Continue or Back), as a recorded step does it. */
export function pressButton(name: string): Intent {
  return { kind: 'click', target: { name, noun: 'button', near: null }, double: false, purpose: 'click' };
}

/** The page's one visible, enabled "Back" (or "Previous") button, back to the step before; null when none or several. */
export async function backButton(page: Page): Promise<string | null> {
  const buttons = page.getByRole('button', { name: /^(?:back|previous|prev|go back)\W*$/i }).visible();
  if ((await buttons.count()) !== 1 || !(await buttons.first().isEnabled())) return null;
  return ((await buttons.first().textContent()) ?? '').replace(/\s+/g, ' ').trim() || null;
}

const described = (entry: FormEntry) => (entry.field ? `${entry.field} ${quote(entry.value)}` : quote(entry.value));
const offered = (controls: FormControl[]) =>
  controls.length
    ? controls
        .map((c) =>
          c.kind === 'select'
            ? `dropdown ${quote(c.name)} (${c.options.slice(0, 6).join(', ')}${c.options.length > 6 ? ', ...' : ''})`
            : `${c.kind === 'text' ? 'field' : 'choice'} ${quote(c.name)}`,
        )
        .join(', ')
    : 'no fields';

export async function fillForm(
  page: Page,
  intent: Extract<Intent, { kind: 'fillForm' }>,
  io: FillFormIo,
): Promise<void> {
  if (intent.whole) {
    // "Fill the tags with A, B": a field of that name takes the whole text.
    const whole = (await readControls(page)).find(
      (c) => c.kind === 'text' && placeEntry({ field: intent.whole!.field, value: 'x' }, [c], new Set()),
    );
    if (whole)
      return io.run({ kind: 'fill', target: { name: whole.name, noun: null, near: null }, value: intent.whole.value });
  }
  // A wizard: each step takes the values it has fields for, whatever their order in the sentence
  // ("Sign up Ana Silva (ana@example.com, ...)": the address on the account step, the name on the
  // next); what no field here takes waits, and Continue goes on to the step that takes it.
  let pending = intent.entries;
  for (;;) {
    const used = new Set<string>();
    const waiting: FormEntry[] = [];
    let placedHere = 0;
    let controls: FormControl[] = [];
    for (const entry of pending) {
      controls = await readControls(page);
      const placed = placeEntry(entry, controls, used);
      if (placed) {
        for (const placement of placed) {
          // A field of several values (guests, tags) takes the next one too.
          if (!entry.many) used.add(placement.field);
          await io.run(intentOfPlacement(placement));
          if (entry.many && placement.kind === 'fill') await io.run(await tokenEnd(page, placement));
        }
        placedHere++;
      } else if (await chooseCard(page, entry, io)) placedHere++;
      else waiting.push(entry);
    }
    if (!waiting.length) return;
    const first = waiting[0]!;
    const next = placedHere && !waiting.some((e) => meantForHere(e, controls)) ? await advanceButton(page) : null;
    if (!next)
      throw io.fail(`nothing on ${page.url()} takes ${described(first)}; the form shows ${offered(controls)}.`);
    await io.run(pressButton(next));
    // The next step shows a field for one of the values left, or the wizard did not go on.
    const moved = await pollUntil(async () => {
      const shown = await readControls(page);
      return waiting.some((e) => placeEntry(e, shown, new Set()) !== null) || (await cardShown(page, waiting));
    }, io.timeoutMs);
    if (!moved)
      throw io.fail(
        `after "${next}" nothing on ${page.url()} takes ${described(first)}; the form shows ${offered(await readControls(page))}.`,
      );
    pending = waiting;
  }
}

/**
 * How a value typed into a field of several values becomes one of them: its suggestion clicked when
 * the field offers it ("Priya Shah" in a people picker), else Enter (a tag input).
 */
async function tokenEnd(page: Page, placement: Placement): Promise<Intent> {
  const suggestion = page.getByRole('option', { name: placement.value!, exact: false });
  const shown = await pollUntil(
    () =>
      suggestion
        .first()
        .isVisible()
        .catch(() => false),
    1000,
  );
  if (shown)
    return {
      kind: 'click',
      target: { name: placement.value!, noun: 'option', near: null },
      double: false,
      purpose: 'choose',
    };
  return { kind: 'press', key: 'Enter', target: { name: placement.field, noun: null, near: null } };
}

/** A value that may be a card's title: no field named, no digit or address in it. */
const mayBeCard = (entry: FormEntry) => !entry.field && !/[@\d]/.test(entry.value);

/**
 * Whether one of the values is shown on the page as text (a card's title, "Free" for "Free plan"),
 * for the wizard's next step.
 */
async function cardShown(page: Page, entries: FormEntry[]): Promise<boolean> {
  for (const entry of entries.filter(mayBeCard)) {
    const title = entry.value.replace(/^(\p{Lu}\S*(?:\s+\p{Lu}\S*)*)\s+[a-z]{3,}$/u, '$1');
    for (const text of new Set([entry.value, title]))
      if (
        await page
          .getByText(text)
          .first()
          .isVisible()
          .catch(() => false)
      )
        return true;
  }
  return false;
}

/**
 * "Free plan" on a page of plan cards: a card chosen by its title (its one action), as "choose the
 * Free plan" would; tried only when the page shows the words, so a value for a later step costs no wait.
 */
async function chooseCard(page: Page, entry: FormEntry, io: FillFormIo): Promise<boolean> {
  if (!mayBeCard(entry) || !(await cardShown(page, [entry]))) return false;
  return io
    .run({ kind: 'click', target: { name: entry.value, noun: null, near: null }, double: false, purpose: 'choose' })
    .then(
      () => true,
      () => false,
    );
}
