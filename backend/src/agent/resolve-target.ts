// A target phrase of a sentence -> the element on the live page -> a recorded Target. Waits a little
// for the page to show it; fails with what came closest instead of guessing.
import { ordinalWord } from '../domain/goal-language/target-phrase.js';
import type { ElementHandle, Page } from 'playwright-core';
import { otherForm } from '../domain/goal-language/abbreviations.js';
import type { Purpose, TargetPhrase } from '../domain/goal-language/intents.js';
import { fittingRoles, PURPOSE_ELEMENTS } from '../domain/goal-language/roles.js';
import { coversWords } from '../domain/goal-language/word-cover.js';
import type { Target } from '../domain/steps.js';
import { describeElement, wantedWords } from './describe-element.js';
import type { ElementFacts } from './element-facts.js';
import { TargetUnresolved } from './errors.js';
import { findByIdentifiers, findByName, OPEN_DIALOG, type Roles } from './find-by-name.js';
import { findByPosition } from './find-by-position.js';
import { findNear, type NearFound } from './find-near.js';
import { markControlAfterText } from './unnamed-controls.js';
import { cardAction } from './card-action.js';
import { namedOnPage, offersOnPage } from './page-reading.js';
import { Probe, type Candidate } from './probe.js';
import { recordLocators } from './record-locators.js';

export interface ResolveOptions {
  /** Healing: accept the most similar accessible name when nothing matches. */
  fuzzy: boolean;
  /** How long to wait for the page to show the target. */
  timeoutMs: number;
}

export interface Resolved {
  target: Target;
  facts: ElementFacts;
  /** The element showed only while the mouse was over this text: replay must hover it first. */
  revealedBy?: string;
}

const POLL_MS = 200;
const CLICK_LIKE: string[] = ['click', 'open', 'choose', 'hover', 'expand'];
/** "Pro plan", "Superior room": a capitalised name, then a kind word in lower case. */
const KIND_WORD_AFTER =
  /^(\p{Lu}[\p{L}\d]*(?:\s+\p{Lu}[\p{L}\d]*)*)\s+(?!(?:up|in|out|on|off|down|over|back|all|now|here)$)[a-z]{3,}$/u;
/** An item of a step indicator (a sibling is aria-current="step"), or inside one, that is no control. */
const isStepLabel = (el: Element): boolean => {
  if (el.closest('a[href], button, [role=button], [role=link], [role=tab]')) return false;
  for (let n: Element | null = el; n && n.parentElement; n = n.parentElement)
    if (Array.from(n.parentElement.children).some((s) => s.getAttribute('aria-current') === 'step')) return true;
  return false;
};

/** Purposes for which a card's title stands for the card's one action. */
const CARD_PURPOSES: Purpose[] = ['click', 'choose'];
const NEAR_FALLBACK: Purpose[] = ['check', 'fill', 'select', 'toggle'];
/** How far up from an unlinked label its control may be: a table row's cells, a form row's wrappers. */
const BESIDE_LEVELS = 3;
/** Controls that may follow their text without being linked to it. */
const AFTER_TEXT: Partial<Record<Purpose, 'type' | 'choose' | 'check'>> = {
  fill: 'type',
  select: 'choose',
  check: 'check',
  toggle: 'check',
};

/** `anchor`: the text a control without a name was found beside, when the phrase names no relation. */
type Attempt =
  | { found: Candidate; near: NearFound | null; revealedBy?: string; anchor?: string; recordAs?: TargetPhrase }
  | { missing: 'element' | 'anchor' };

/** Hovers the anchor text, which shows controls that appear on hover only (TodoMVC's delete button). */
async function hoverAnchor(page: Page, text: string): Promise<boolean> {
  const q = JSON.stringify(text);
  for (const locator of [page.locator(`:text-is(${q})`), page.getByText(text)]) {
    const ok = await locator
      .visible()
      .first()
      .hover({ timeout: 1000 })
      .then(
        () => true,
        () => false,
      );
    if (ok) return true;
  }
  return false;
}

async function attempt(
  probe: Probe,
  phrase: TargetPhrase,
  purpose: Purpose,
  roles: Roles,
  fuzzy: boolean,
): Promise<Attempt> {
  if (phrase.near) {
    let near = await findNear(probe, phrase, roles, purpose);
    if (near === 'no control' && CLICK_LIKE.includes(purpose) && (await hoverAnchor(probe.page, phrase.near.text))) {
      near = await findNear(probe, phrase, roles, purpose);
      if (typeof near !== 'string') return { found: near.candidate, near, revealedBy: phrase.near.text };
    }
    if (near === 'no anchor') return { missing: 'anchor' };
    if (near === 'no control') return { missing: 'element' };
    return { found: near.candidate, near };
  }
  // "the second row", "the checkbox": by position, or the only one of its kind.
  if (phrase.nth !== undefined || phrase.name === null) {
    const byPosition = await findByPosition(probe, phrase, roles, purpose);
    if (!byPosition) return { missing: 'element' };
    return {
      found: byPosition.found.candidate,
      near: byPosition.found.container ? byPosition.found : null,
      recordAs: byPosition.recordAs,
    };
  }
  // "Confirm", "Save" or "OK" said by purpose, several names for one button: with a dialog open,
  // the dialog's button (the toolbar's "Delete" behind a "Delete contacts?" dialog is not it).
  if (phrase.alternatives?.length) {
    const dialog = probe.page.locator(OPEN_DIALOG).visible().last();
    if (await dialog.count().catch(() => 0)) {
      for (const name of [phrase.name, ...phrase.alternatives]) {
        const inDialog = await findByName(probe, name, roles, purpose, false, true, dialog);
        if (inDialog) return { found: inDialog, near: null };
      }
      // A confirmation whose button says what it does ("Empty trash" beside "Cancel"): its one
      // button that does not back out.
      const going = phrase.name === 'Confirm' ? await onlyGoingButton(probe, dialog) : null;
      if (going) return { found: going, near: null };
    }
  }
  const found = await findByName(probe, phrase.name, roles, purpose, fuzzy);
  // "the Pro plan" where the card says "Pro": the name without its kind word, as a whole name.
  const kindless = found ? null : KIND_WORD_AFTER.exec(phrase.name)?.[1];
  const titled = kindless
    ? await findByName(probe, kindless, roles, purpose, false).catch((error: unknown) => {
        if (error instanceof TargetUnresolved) return null;
        throw error;
      })
    : null;
  const named = found ?? (titled && !titled.via.includes('containing') ? titled : null);
  // A step indicator's item is no control: "go to the review" is reached through Continue
  // (builtin-agent.ts continueToStep), not by clicking the words "3 Review".
  if (
    found &&
    purpose === 'open' &&
    found.via.startsWith('text') &&
    (await found.handle.evaluate(isStepLabel).catch(() => false))
  )
    return { missing: 'element' };
  if (named && CARD_PURPOSES.includes(purpose) && named.via.startsWith('text')) {
    // A card's title is chosen with the card's one action (its "Select plan" button).
    const action = await cardAction(named.handle);
    const inCard = action && (await attempt(probe, action, purpose, roles, false));
    if (inCard && 'found' in inCard) return { ...inCard, recordAs: action };
  }
  if (found) return { found, near: null };
  // "the Family plan" where a radio button is named "Family": a control of the name without its kind word.
  if (named && !named.via.startsWith('text')) return { found: named, near: null };
  // Other names the sentence allows ("Delete" or "Remove", "Confirm" or "OK"): whole names only.
  for (const other of phrase.alternatives ?? []) {
    const alternative = await findByName(probe, other, roles, purpose, false, true);
    if (alternative) return { found: alternative, near: null };
  }
  // "the max price" where the page says "Maximum price" (or the other way round): whole names only.
  const otherName = otherForm(phrase.name);
  if (otherName !== phrase.name) {
    const written = await findByName(probe, otherName, roles, purpose, false, true);
    if (written) return { found: written, near: null };
  }
  // A control without a name of its own ("<input type=checkbox> Buy milk"): the one beside the text
  // (of the name, else of another name the sentence allows: "the number of guests" or "guests",
  // else its other form: "the phone number" beside the text "Phone").
  const texts = [...new Set([phrase.name, ...(phrase.alternatives ?? []), otherName])];
  if (NEAR_FALLBACK.includes(purpose)) {
    for (const text of texts) {
      // Close to its text only: a list item's text ("Buy milk") is no label of the page's new-item field.
      const near = await findNear(
        probe,
        { name: null, noun: phrase.noun, near: { text, relation: 'next to' } },
        roles,
        purpose,
        BESIDE_LEVELS,
      );
      if (typeof near !== 'string') return { found: near.candidate, near, anchor: text };
    }
  }
  const byIdentifiers = await findByIdentifiers(probe, phrase.name, purpose);
  if (byIdentifiers) return { found: byIdentifiers, near: null };
  const after = AFTER_TEXT[purpose];
  for (const text of after ? texts : []) {
    const marked = await markControlAfterText(probe.page, text, after!);
    if (marked) {
      probe.defer(marked.clear);
      const [found] = await probe.candidates([{ via: marked.via, locator: probe.page.locator(marked.selector) }]);
      if (found) return { found, near: null };
    }
  }
  return { missing: 'element' };
}

export async function resolveTarget(
  page: Page,
  phrase: TargetPhrase,
  purpose: Purpose,
  options: ResolveOptions,
): Promise<Resolved> {
  const roles = fittingRoles(purpose, phrase.noun);
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const probe = new Probe(page);
    try {
      const result = await look(probe, phrase, purpose, roles, options.fuzzy);
      if ('resolved' in result) return result.resolved;
      if (Date.now() >= deadline) {
        const worded =
          result.missing === 'element' && !options.fuzzy ? await byItsWords(probe, phrase, purpose, roles) : null;
        if (worded) return worded;
        throw await notFound(page, phrase, purpose, roles, result.missing);
      }
    } finally {
      await probe.dispose();
    }
    // The page may still be rendering: look again shortly, until the deadline.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * A name said in other forms of its words ("Untick the newsletter subscription": the checkbox
 * "Subscribed to the newsletter"): the one element of a fitting role whose name says every content
 * word of the phrase (domain/goal-language/word-cover.ts). Only once nothing else found it in the
 * find timeout, never when healing; several such elements are refused, naming them.
 */
async function byItsWords(
  probe: Probe,
  phrase: TargetPhrase,
  purpose: Purpose,
  roles: Roles,
): Promise<Resolved | null> {
  if (phrase.name === null || phrase.near || phrase.nth !== undefined) return null;
  const wanted = [...roles.preferred, ...roles.fallback];
  // Elements the verb acts on that no role names (a <summary>), by their text.
  const css = PURPOSE_ELEMENTS[purpose] ?? [];
  const unroled = css.length
    ? (
        await probe.page
          .locator(css.join(', '))
          .visible()
          .allInnerTexts()
          .catch(() => [])
      ).map((text) => ({
        role: css.join(' or '),
        name: text.replace(/\s+/g, ' ').trim(),
      }))
    : [];
  const saying = [...(await namedOnPage(probe.page, wanted)), ...unroled].filter(
    (element, i, all) =>
      (wanted.includes(element.role) || unroled.includes(element)) &&
      coversWords(phrase.name!, element.name) &&
      all.findIndex((other) => other.role === element.role && other.name === element.name) === i,
  );
  if (saying.length > 1)
    throw new TargetUnresolved(
      `no element is named ${JSON.stringify(phrase.name)}, and ${saying.length} say all its words (${saying.map((e) => `${e.role} ${JSON.stringify(e.name)}`).join(', ')}); name the one you mean as the page shows it`,
      [],
    );
  const [only] = saying;
  if (!only) return null;
  const found = unroled.includes(only)
    ? await findByName(probe, only.name, roles, purpose, false)
    : await findByName(probe, only.name, { preferred: [only.role], fallback: [] }, purpose, false, true);
  return found && record(probe, found, null, phrase, purpose);
}

/** A phrase found at one look: what is recorded, and the element itself while the look lasts. */
export interface Grounded {
  resolved: Resolved;
  element: ElementHandle<Element>;
}

/**
 * Each of several phrases on the page as it is now, at one look and without waiting: what it finds,
 * else null (not shown, or not one element). `use` gets the elements while they are alive.
 */
export async function resolveAtOnce<T>(
  page: Page,
  wanted: { target: TargetPhrase; purpose: Purpose }[],
  use: (found: (Grounded | null)[]) => Promise<T>,
): Promise<T> {
  const probe = new Probe(page);
  try {
    const found: (Grounded | null)[] = [];
    for (const { target, purpose } of wanted) {
      const result = await look(probe, target, purpose, fittingRoles(purpose, target.noun), false).catch(
        (error: unknown) => {
          if (error instanceof TargetUnresolved) return null;
          throw error;
        },
      );
      found.push(result && 'resolved' in result ? result : null);
    }
    return await use(found);
  } finally {
    await probe.dispose();
  }
}

/** One look for the phrase: the element found and its recorded target, or what is missing. */
async function look(
  probe: Probe,
  phrase: TargetPhrase,
  purpose: Purpose,
  roles: Roles,
  fuzzy: boolean,
): Promise<Grounded | { missing: 'element' | 'anchor' }> {
  const result = await attempt(probe, phrase, purpose, roles, fuzzy);
  if (!('found' in result)) return result;
  const resolved = await record(
    probe,
    result.found,
    result.near,
    result.recordAs ??
      (result.near && !phrase.near
        ? { name: null, noun: phrase.noun, near: { text: result.anchor ?? phrase.name!, relation: 'next to' } }
        : phrase),
    purpose,
  );
  return {
    resolved: result.revealedBy ? { ...resolved, revealedBy: result.revealedBy } : resolved,
    element: result.found.handle,
  };
}

async function record(
  probe: Probe,
  found: Candidate,
  near: NearFound | null,
  phrase: TargetPhrase,
  purpose: Purpose,
): Promise<Resolved> {
  const facts = await probe.factsOf(found);
  const locators = await recordLocators(probe.page, {
    facts,
    handle: found.handle,
    allowInside: CLICK_LIKE.includes(purpose),
    near:
      near && phrase.near
        ? {
            text: near.anchorText ?? phrase.near.text,
            container: near.container,
            anchorExact: near.anchorExact,
            named: phrase.name !== null,
          }
        : null,
  });
  const description = describeElement(facts, phrase);
  if (!locators.length) {
    throw new TargetUnresolved(
      `found ${description} (by ${found.via}), but no locator finds it alone among the visible elements; say where it is, e.g. "... in the row of 'text'"`,
      [],
    );
  }
  // The role is kept so that a fallback locator and a heal find an element of the same kind again.
  return { target: { locators, description, role: facts.role, byText: phrase.noun === null }, facts };
}

async function notFound(
  page: Page,
  phrase: TargetPhrase,
  purpose: Purpose,
  roles: Roles,
  missing: 'element' | 'anchor',
): Promise<TargetUnresolved> {
  const url = page.url();
  if (missing === 'anchor' && phrase.near!.nth !== undefined)
    return new TargetUnresolved(`found no ${ordinalWord(phrase.near!.nth)} ${phrase.near!.text} on ${url}`, []);
  if (missing === 'anchor') {
    const closest = await offersOnPage(page, phrase.near!.text, []);
    return new TargetUnresolved(
      `the text ${JSON.stringify(phrase.near!.text)} is not shown on ${url}`,
      closest,
      phrase.near!.text,
    );
  }
  const what = wantedWords(purpose, phrase.noun);
  const named = phrase.name === null ? '' : ` named ${JSON.stringify(phrase.name)}`;
  const where = phrase.near ? ` ${phrase.near.relation} ${JSON.stringify(phrase.near.text)}` : '';
  const closest = await offersOnPage(page, phrase.name, [...roles.preferred, ...roles.fallback], { orFitting: true });
  return new TargetUnresolved(`found no ${what}${named}${where} on ${url}`, closest, phrase.name);
}

/** Names of a dialog's buttons that back out of it rather than go on. */
const BACKING_OUT = /^(?:cancel|close|dismiss|no|no,? .*|back|go back|keep .*|not now|never ?mind|×|✕|✖|x)$/i;

/** The open dialog's one visible button that does not back out, when there is exactly one. */
async function onlyGoingButton(probe: Probe, dialog: ReturnType<Page['locator']>): Promise<Candidate | null> {
  const buttons = await probe.candidates([
    { via: 'the button of the open dialog', locator: dialog.getByRole('button') },
  ]);
  const going: Candidate[] = [];
  for (const button of buttons) {
    const name = await button.handle
      .evaluate((el) =>
        (el.getAttribute('aria-label') || (el as HTMLElement).innerText || '').replace(/\s+/g, ' ').trim(),
      )
      .catch(() => '');
    if (name && !BACKING_OUT.test(name)) going.push(button);
  }
  return going.length === 1 ? going[0]! : null;
}
