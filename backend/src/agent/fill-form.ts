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
  if (placement.kind === 'choose') return { kind: 'click', target, double: false, purpose: 'choose' };
  return { kind: placement.kind, target, value: placement.value };
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
  const used = new Set<string>();
  let placedHere = 0;
  for (const entry of intent.entries) {
    let controls = await readControls(page);
    let placed = placeEntry(entry, controls, used);
    if (!placed && placedHere && !meantForHere(entry, controls)) {
      const next = await advanceButton(page);
      if (next) {
        await io.run({
          kind: 'click',
          target: { name: next, noun: 'button', near: null },
          double: false,
          purpose: 'click',
        });
        used.clear();
        placedHere = 0;
        await pollUntil(async () => {
          controls = await readControls(page);
          placed = placeEntry(entry, controls, used);
          return placed !== null;
        }, io.timeoutMs);
      }
    }
    if (!placed && !entry.field && !/[@\d]/.test(entry.value)) {
      // "Free plan" on a page of plan cards: a card chosen by its title (its one action), as "choose
      // the Free plan" would.
      const chosen = await io
        .run({ kind: 'click', target: { name: entry.value, noun: null, near: null }, double: false, purpose: 'choose' })
        .then(
          () => true,
          () => false,
        );
      if (chosen) {
        placedHere++;
        continue;
      }
    }
    if (!placed)
      throw io.fail(`nothing on ${page.url()} takes ${described(entry)}; the form shows ${offered(controls)}.`);
    for (const placement of placed) {
      used.add(placement.field);
      await io.run(intentOfPlacement(placement));
    }
    placedHere++;
  }
}
