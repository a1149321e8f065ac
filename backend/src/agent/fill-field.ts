// Setting a text field's value and checking that it took. A value set at once (fast) reaches only
// pages that listen to `input`; a controlled field that rebuilds its value from key events resets
// it, and a script may clear it. What the field holds afterwards is read back: when it does not
// hold the value, it is typed again key by key, like a person; when even that does not hold, the
// step fails saying what the field holds. Replays run the same code, so the recorded step is the same.
import type { Locator as PwLocator } from 'playwright-core';
import { amountNumber, holdsValue } from '../domain/field-values.js';

export interface FieldFacts {
  tag: string;
  type: string;
  /** readonly or aria-readonly: a person cannot type into it. */
  readonly: boolean;
  /** What it holds (an input's value, an editable element's text); null when it holds no text. */
  held: string | null;
  /** Its placeholder, title, description, label and format attributes: where a date format is told. */
  hint: string;
}

/** Input types whose value is plain text as typed (date, time, range and color normalise theirs). */
const TEXT_TYPES = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', ''];

export const readField = new Function(`return (async (el) => {
  // What a page does on the events of a value set at once (a controlled field restoring its own
  // state, a script clearing it) happens in its handlers or in a task right after them.
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  const text = (node) => (node ? (node.textContent || '').replace(/\\s+/g, ' ').trim() : '');
  const root = el.getRootNode();
  const byId = (id) => (root.getElementById ? root.getElementById(id) : document.getElementById(id));
  const hint = [
    el.getAttribute('placeholder'),
    el.getAttribute('aria-placeholder'),
    el.getAttribute('title'),
    ...(el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean).map((id) => text(byId(id))),
    ...Array.from(el.labels || [], text),
    ...Array.from(el.attributes).filter((a) => /format/i.test(a.name)).map((a) => a.value),
  ].filter(Boolean).join(' | ');
  const field = el.tagName === 'INPUT' || el.tagName === 'TEXTAREA';
  return {
    tag: el.tagName.toLowerCase(),
    type: el.tagName === 'INPUT' ? (el.getAttribute('type') || '').toLowerCase() : '',
    readonly: Boolean(el.readOnly) || el.getAttribute('aria-readonly') === 'true',
    held: field ? el.value : el.isContentEditable ? el.innerText.replace(/\\n$/, '') : null,
    hint,
  };
})`)() as (el: Element) => Promise<FieldFacts>;

/** Whether what a field holds can be compared with the value typed into it. */
export function comparable(facts: FieldFacts): boolean {
  return facts.held !== null && (facts.tag !== 'input' || TEXT_TYPES.includes(facts.type));
}

interface FillOptions {
  timeoutMs: number;
  /** The value holds a secret: never typed key by key, so no prefix of it is ever sent. */
  secret: boolean;
}

/** Types `value` key by key into an emptied field; a field that ignores `fill('')` loses its text by Backspace. */
export async function typeKeyByKey(element: PwLocator, value: string, timeoutMs: number): Promise<void> {
  const action = { timeout: timeoutMs };
  await element.fill('', action);
  const left = (await element.evaluate(readField, undefined, action)).held ?? '';
  if (left) {
    await element.press('End', action);
    for (let i = 0; i < Math.min(left.length, 200); i++) await element.press('Backspace', action);
  }
  await element.pressSequentially(value, { timeout: timeoutMs + 20 * value.length });
}

/** Sets the value at once; when the field does not hold it, types it key by key (never a secret). */
export async function fillAndCheck(element: PwLocator, given: string, options: FillOptions): Promise<void> {
  const action = { timeout: options.timeoutMs };
  // "€109.00" into a number field: the number (it takes no currency; a currency dropdown beside it
  // is a value of its own). Only an amount asks which input it is: other values cost no round-trip.
  const amount = amountNumber(given);
  const numeric =
    amount !== null &&
    (await element.evaluate(
      (el) => el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'number',
      undefined,
      action,
    ));
  const value = numeric ? amount : given;
  await element.fill(value, action);
  let facts = await element.evaluate(readField, undefined, action);
  if (!comparable(facts) || holdsValue(facts.held!, value)) return;
  if (options.secret)
    throw new Error(
      `it does not keep the value set at once (it holds ${facts.held!.length} characters), and a secret is never typed key by key`,
    );
  await typeKeyByKey(element, value, options.timeoutMs);
  facts = await element.evaluate(readField, undefined, action);
  if (holdsValue(facts.held!, value)) return;
  throw new Error(
    `it holds ${JSON.stringify(facts.held)}, not ${JSON.stringify(value)}, after the value was set at once and typed key by key`,
  );
}
