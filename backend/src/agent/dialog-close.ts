// "Close the dialog": the close control of the dialog that is open, not a "Got it" or "Close"
// elsewhere on the page (a cookie notice under the modal). Named Close/Dismiss/× inside the dialog,
// else the one whose identifiers say close (a CSS-drawn `<button class="close">`).
import type { Page } from 'playwright-core';
import type { Locator, Target } from '../domain/steps.js';
import { describeElement } from './describe-element.js';
import { factsOf } from './element-facts.js';
import { markByIdentifiers } from './unnamed-controls.js';
import { recordLocators } from './record-locators.js';

const DIALOG = ':is([role=dialog], [role=alertdialog], dialog[open], [aria-modal=true])';
const CLOSE_NAME = /^\s*(?:close|close dialog|close modal|dismiss|×|✕|✖|x)\s*$/i;

/** The open dialog's close control, recorded; null when no dialog is open or it has none. */
export async function dialogCloseTarget(page: Page): Promise<Target | null> {
  const dialog = page.locator(DIALOG).visible().last();
  if (!(await dialog.count().catch(() => 0))) return null;
  const byName = dialog.getByRole('button', { name: CLOSE_NAME }).visible();
  if ((await byName.count()) === 1) return record(page, byName);
  const marked = await markByIdentifiers(page, 'Close');
  if (!marked) return null;
  try {
    const byIdentifiers = dialog.locator(marked.selector).visible();
    return (await byIdentifiers.count()) === 1 ? await record(page, byIdentifiers) : null;
  } finally {
    await marked.clear();
  }
}

async function record(page: Page, element: ReturnType<Page['locator']>): Promise<Target | null> {
  const handle = await element.elementHandle({ timeout: 1000 }).catch(() => null);
  if (!handle) return null;
  try {
    const facts = await factsOf(element);
    const containers: Locator[] = [{ kind: 'css', selector: DIALOG }];
    const locators = await recordLocators(page, { facts, handle, allowInside: true, near: null, containers });
    return locators.length
      ? { locators, description: `${describeElement(facts, { name: 'Close', noun: null, near: null })} of the dialog` }
      : null;
  } finally {
    await handle.dispose().catch(() => undefined);
  }
}
