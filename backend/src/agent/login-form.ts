// "Log in with config 'admin'" on a live page: finds the user name (or email) field, the password
// field and the submit button, and says how to name each in an elementary sentence. A login split
// over two pages (user name, Next, password) is handled by asking again after the first part.
import type { Locator as PwLocator, Page } from 'playwright-core';
import { factsOf, type ElementFacts } from './element-facts.js';

const USER_HINT = /user|e-?mail|login|account|phone|identifier/i;
const SUBMIT_NAME = /log\s*in|sign\s*in|submit|continue|next|enter/i;
const FIELDS = 'input:not([type]), input[type="text"], input[type="email"], input[type="tel"], input[type="password"]';

type FieldFacts = ElementFacts & { beside: string | null };

/**
 * The name a sentence can use for a field: its accessible name (label, aria-label or placeholder);
 * else the text beside it (a label whose `for` names no element), else its id or name attribute,
 * which the agent reads as words.
 */
function nameOf(facts: FieldFacts): string | null {
  return (
    facts.name ||
    facts.labels[0] ||
    facts.ariaLabel ||
    facts.placeholder ||
    facts.beside ||
    facts.id ||
    facts.nameAttribute ||
    null
  );
}

// Page code as source text (tsx would wrap named inner functions in a helper the page lacks).
const textBeside = new Function(`return ((el) => {
  const text = (e) => (e ? (e.innerText || e.textContent || '').replace(/\\s+/g, ' ').trim() : '');
  const before = el.previousElementSibling;
  if (before && text(before) && text(before).length <= 60) return text(before);
  const parent = el.parentElement;
  const label = parent && parent.querySelector('label');
  return label && text(label).length <= 60 ? text(label) : null;
})`)() as (el: Element) => string | null;

async function visibleFacts(locator: PwLocator, limit = 12): Promise<FieldFacts[]> {
  const visible = locator.visible();
  const count = Math.min(await visible.count(), limit);
  const out: FieldFacts[] = [];
  for (let i = 0; i < count; i++) {
    const facts = await factsOf(visible.nth(i));
    const beside =
      facts.name || facts.labels.length
        ? null
        : await visible
            .nth(i)
            .evaluate(textBeside)
            .catch(() => null);
    out.push({ ...facts, beside });
  }
  return out;
}

export interface LoginForm {
  /** Names of the fields and button, for sentences; null when the page has none. */
  user: string | null;
  password: string | null;
  submit: string | null;
}

export async function readLoginForm(page: Page): Promise<LoginForm> {
  const fields = await visibleFacts(page.locator(FIELDS));
  const passwordIndex = fields.findIndex((f) => f.type === 'password');
  const before = passwordIndex >= 0 ? fields.slice(0, passwordIndex) : fields;
  const score = (f: FieldFacts) =>
    (f.type === 'email' ? 3 : 0) +
    (USER_HINT.test([f.name, f.nameAttribute, f.id, f.placeholder, f.beside, ...f.labels].join(' ')) ? 2 : 0);
  const users = before.filter((f) => f.type !== 'password');
  // Best hint wins; without hints, the field just before the password field.
  const user = users.reduce<FieldFacts | null>((best, f) => (!best || score(f) >= score(best) ? f : best), null);
  const password = passwordIndex >= 0 ? fields[passwordIndex]! : null;

  const inForm = page
    .locator('form')
    .filter({ has: page.locator(FIELDS) })
    .locator('button[type="submit"], input[type="submit"], button:not([type])');
  const named = page.getByRole('button', { name: SUBMIT_NAME });
  const submit = (await visibleFacts(inForm, 1))[0] ?? (await visibleFacts(named, 1))[0] ?? null;
  return {
    user: user ? nameOf(user) : null,
    password: password ? nameOf(password) : null,
    submit: submit ? nameOf(submit) : null,
  };
}

/** Waits until a login field (or only a password field, for the second page of a split login) is visible. */
export async function waitForLoginField(page: Page, timeoutMs: number, passwordOnly = false): Promise<boolean> {
  return page
    .locator(passwordOnly ? 'input[type="password"]' : FIELDS)
    .visible()
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
}
