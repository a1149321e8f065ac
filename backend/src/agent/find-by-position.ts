// Targets found by position rather than by name: "the second 'Add to cart' button", "the last row",
// "the first product" (an element whose class, id or test id says "product"), and the only one of its
// kind: "the checkbox", "the field" of "Type milk" (else the focused one, else the one that just
// appeared). Document order decides.
import type { ElementHandle, Locator as PwLocator, Page } from 'playwright-core';
import type { Purpose, TargetPhrase } from '../domain/goal-language/intents.js';
import { rolesForNoun } from '../domain/goal-language/roles.js';
import { appearedIndex } from './appeared-fields.js';
import { ambiguity, nameTiers, type Roles } from './find-by-name.js';
import type { NearFound } from './find-near.js';
import { ancestorAt } from './page-scripts.js';
import type { Candidate, Probe, Strategy } from './probe.js';

export interface PositionFound {
  found: NearFound;
  /** How to record it: "the second 'Add to cart'" is recorded as the one in the row of 'Red kettle'. */
  recordAs: TargetPhrase;
}

type AriaRole = Parameters<Page['getByRole']>[0];

const MARK = 'data-goalie-item';

function pageFunction<F>(source: string): F {
  return new Function(`return (${source});`)() as F;
}

/** Indexes of the elements in document order. */
const documentOrder = pageFunction<(els: Element[]) => number[]>(`(els) =>
  els.map((el, i) => i).sort((a, b) => (els[a].compareDocumentPosition(els[b]) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))`);

/** Which element has the focus (or holds it), or -1. */
const focusedIndex = pageFunction<(els: Element[]) => number>(
  `(els) => els.findIndex((el) => el === document.activeElement || el.contains(document.activeElement))`,
);

/** Page source: whether an element is seen (a box of some size, not hidden by style). */
const VISIBLE = `(el) => { const r = el.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true })); }`;

/**
 * Page source: the visible elements whose class, id or test id says `word` ("product" in
 * "product-card", "productTile"), one per item: wrappers holding several of them and parts inside one
 * are left out. In document order.
 */
const ITEMS_SAYING = `(word) => {
  const visible = ${VISIBLE};
  const stem = word.toLowerCase().replace(/e?s$/, '');
  const says = new RegExp('(^|[^a-z])' + stem + '(e?s)?([^a-z]|$)');
  const idsOf = (el) => [el.id, el.getAttribute('class'), el.getAttribute('data-testid'), el.getAttribute('data-test'), el.getAttribute('data-cy')]
    .filter(Boolean).join(' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const found = [...document.querySelectorAll('body *')].filter((el) => says.test(idsOf(el)) && visible(el));
  const items = found.filter((el) => found.filter((other) => other !== el && el.contains(other)).length < 2);
  return items.filter((el) => !items.some((other) => other !== el && other.contains(el)));
}`;

/** Marks the items whose identifiers say `word` (ITEMS_SAYING) with their index; answers how many. */
const markItems = pageFunction<(args: { word: string; mark: string }) => number>(`({ word, mark }) => {
  const outer = (${ITEMS_SAYING})(word);
  outer.forEach((el, i) => el.setAttribute(mark, String(i)));
  return outer.length;
}`);

/**
 * The smallest container around `el` that holds none of the elements alike (`others`), how far up it
 * is, and the first text in it that their containers do not show ("Linen Shirt" for the first "Add to
 * cart" button, where every card also shows its brand): the text that tells the row apart.
 */
const rowText = pageFunction<
  (args: { el: Element; others: Element[] }) => { level: number; text: string } | null
>(`({ el, others }) => {
  const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const leafTexts = (root) => {
    const out = [];
    for (const n of root.querySelectorAll('*')) {
      if (n.children.length || el.contains(n) || n.contains(el)) continue;
      const t = clean(n.innerText);
      if (t) out.push(t);
    }
    return out;
  };
  const up = (node, level) => { let c = node; for (let i = 0; i < level && c; i++) c = c.parentElement; return c; };
  let level = 1;
  for (let c = el.parentElement; c && c !== document.body; c = c.parentElement, level++) {
    if (others.some((o) => c.contains(o))) break;
    const texts = leafTexts(c);
    if (!texts.length) continue;
    const theirs = others.map((o) => clean((up(o, level) || {}).innerText));
    const apart = texts.filter((t) => !theirs.some((other) => other.includes(t)));
    // Nothing here tells it apart (a grid cell's "✎" beside its Delete): its row, further up, may.
    if (!apart.length) continue;
    // Best a text the page shows once (the product's name, not its brand, which a filter shows too).
    const once = (t) => [...document.body.querySelectorAll('*')].filter((n) => !n.children.length && clean(n.innerText).toLowerCase() === t.toLowerCase()).length === 1;
    return { level, text: apart.find(once) || apart[0] };
  }
  return null;
}`);

const clearItems = pageFunction<(mark: string) => void>(
  `(mark) => { for (const el of document.querySelectorAll('[' + mark + ']')) el.removeAttribute(mark); }`,
);

async function ordered(page: Page, candidates: Candidate[]): Promise<Candidate[]> {
  if (candidates.length < 2) return candidates;
  const order = await page.evaluate(
    documentOrder,
    candidates.map((c) => c.handle),
  );
  return order.map((i) => candidates[i]!);
}

function pick<T>(items: T[], nth: number): T | null {
  return items[nth > 0 ? nth - 1 : items.length + nth] ?? null;
}

function byRoles(scope: Page | PwLocator, roles: string[]): Strategy[] {
  return roles.map((role) => ({ via: `role ${role}`, locator: scope.getByRole(role as AriaRole) }));
}

/** "the first product": the item whose identifiers say "product", then the control in it that fits the action. */
async function nthItem(probe: Probe, noun: string, nth: number, roles: Roles): Promise<Candidate | null> {
  const count = await probe.page.evaluate(markItems, { word: noun.split(' ').at(-1)!, mark: MARK });
  probe.defer(() => probe.page.evaluate(clearItems, MARK));
  const index = nth > 0 ? nth - 1 : count + nth;
  if (index < 0 || index >= count) return null;
  const item = probe.page.locator(`[${MARK}="${index}"]`);
  const inside = await probe.candidates(byRoles(item, [...roles.preferred, ...roles.fallback]));
  if (inside.length) return inside[0]!;
  const [whole] = await probe.candidates([{ via: `the ${noun} by its identifiers`, locator: item }]);
  return whole ?? null;
}

/**
 * Marks the nth item of a kind: a table's or grid's data rows for "row" (and for any kind, when no
 * element's identifiers say it), else the elements whose class, id or test id say the kind. Answers
 * the text that names it among the others: its first part no other item shows.
 */
const markNth = pageFunction<
  (args: { kind: string; nth: number; within: string | null; mark: string }) => string | null
>(`({ kind, nth, within, mark }) => {
  const visible = ${VISIBLE};
  const rows = () => {
    const all = [...document.querySelectorAll('tr, [role=row]')].filter((el) => visible(el) && el.querySelector('td, [role=cell], [role=gridcell]'));
    return all.filter((el) => !all.some((other) => other !== el && other.contains(el)));
  };
  const isRow = ['row', 'line', 'record', 'entry'].includes(kind);
  let items = isRow ? rows() : (${ITEMS_SAYING})(kind);
  if (items.length < 2 && !isRow) items = rows();
  // "the first card in Review": the items of the group whose heading (or label) says its name: the
  // smallest ancestor of that heading that holds items.
  if (within) {
    const said = (t) => (t || '').replace(/\\s+/g, ' ').replace(/\\s*\\d+(\\s*\\/\\s*\\d+)?$/, '').trim().toLowerCase();
    const wanted = said(within);
    const heads = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading], legend, caption, [aria-label]')]
      .filter((el) => visible(el) && said(el.matches('[aria-label]') && !el.matches('h1, h2, h3, h4, h5, h6') ? el.getAttribute('aria-label') : el.textContent) === wanted);
    const groups = heads.map((head) => { let g = head.parentElement; while (g && !items.some((i) => g.contains(i) && !i.contains(head))) g = g.parentElement; return g; }).filter(Boolean);
    items = items.filter((i) => groups.some((g) => g.contains(i) && !i.contains(g)));
  }
  const item = items[nth > 0 ? nth - 1 : items.length + nth];
  if (!item) return null;
  item.setAttribute(mark, '');
  const clean = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const others = items.filter((el) => el !== item).map((el) => clean(el.innerText));
  for (const part of item.querySelectorAll('*')) {
    if (part.children.length) continue;
    const text = clean(part.innerText);
    if (text && text.length <= 80 && !others.some((o) => o.includes(text))) return text;
  }
  return clean(item.innerText).slice(0, 80) || null;
}`);

/** "in the second row" (of a group, "the first card in Review"): the nth item of the kind, and the text to record it by; null when there is none. */
export async function nthItemAnchor(
  probe: Probe,
  kind: string,
  nth: number,
  within?: string,
): Promise<{ handle: ElementHandle<Element>; text: string } | null> {
  const text = await probe.page.evaluate(markNth, { kind, nth, within: within ?? null, mark: MARK });
  probe.defer(() => probe.page.evaluate(clearItems, MARK));
  if (!text) return null;
  const handle = (await probe.page.$(`[${MARK}]`)) ?? null;
  if (!handle) return null;
  probe.track(handle);
  return { handle, text };
}

/** The text that names the nth item of a kind in a group ("the first card in Review"), or null. */
export async function nthItemText(page: Page, kind: string, nth: number, within: string): Promise<string | null> {
  const text = await page.evaluate(markNth, { kind, nth, within, mark: MARK }).catch(() => null);
  await page.evaluate(clearItems, MARK).catch(() => undefined);
  return text;
}

/**
 * Elements that look alike (three "Add to cart" buttons) are told apart by their row: the chosen one
 * is recorded as the one in the row of its row's text, so replays never count again.
 */
async function withRow(
  probe: Probe,
  phrase: TargetPhrase,
  chosen: Candidate,
  others: Candidate[],
): Promise<PositionFound> {
  const plain = {
    found: { candidate: chosen, container: null, anchorExact: true },
    recordAs: { ...phrase, nth: undefined },
  };
  const name = (await probe.factsOf(chosen)).name;
  const alike: Candidate['handle'][] = [];
  for (const other of others)
    if (other !== chosen && (await probe.factsOf(other)).name === name) alike.push(other.handle);
  if (!alike.length) return plain;
  const row = await probe.page.evaluate(rowText, { el: chosen.handle, others: alike });
  if (!row) return plain;
  const container = await probe.page.evaluateHandle(ancestorAt, { el: chosen.handle, level: row.level });
  probe.track(container);
  const recordAs: TargetPhrase = {
    name: phrase.name,
    noun: phrase.noun,
    near: { text: row.text, relation: 'in the row of' },
  };
  return { found: { candidate: chosen, container, anchorExact: true }, recordAs };
}

/**
 * The target of a phrase with a position (`nth`) or with neither name nor anchor ("the checkbox").
 * Null when nothing matches; throws when "the only one" is not the only one.
 */
export async function findByPosition(
  probe: Probe,
  phrase: TargetPhrase,
  roles: Roles,
  purpose: Purpose,
): Promise<PositionFound | null> {
  const found = await findCandidate(probe, phrase, roles, purpose);
  return found && (await withRow(probe, phrase, found.chosen, found.among));
}

async function findCandidate(
  probe: Probe,
  phrase: TargetPhrase,
  roles: Roles,
  purpose: Purpose,
): Promise<{ chosen: Candidate; among: Candidate[] } | null> {
  const known = phrase.noun === null || (rolesForNoun(phrase.noun)?.length ?? 0) > 0;
  if (phrase.name === null && !known) {
    const item = phrase.nth === undefined ? null : await nthItem(probe, phrase.noun!, phrase.nth, roles);
    return item && { chosen: item, among: [item] };
  }
  const tiers: Strategy[][] =
    phrase.name === null
      ? [byRoles(probe.page, roles.preferred), byRoles(probe.page, roles.fallback)]
      : [
          ...nameTiers(probe.page, phrase.name, roles, purpose),
          ...(phrase.alternatives ?? []).flatMap((other) => nameTiers(probe.page, other, roles, purpose, true)),
        ];
  for (const tier of tiers) {
    const found = await ordered(probe.page, await probe.candidates(tier));
    if (!found.length) continue;
    if (phrase.nth !== undefined) {
      const chosen = pick(found, phrase.nth);
      return chosen && { chosen, among: found };
    }
    if (found.length === 1) return { chosen: found[0]!, among: found };
    // "Type milk" into one of several fields: the one that has the focus.
    const focused = await probe.page.evaluate(
      focusedIndex,
      found.map((c) => c.handle),
    );
    if (focused >= 0) return { chosen: found[focused]!, among: [found[focused]!] };
    // ... else the one the previous action made appear ("pick Other and type Hacker News").
    const appeared =
      purpose === 'fill'
        ? await appearedIndex(
            probe.page,
            found.map((c) => c.handle),
          )
        : -1;
    if (appeared >= 0) return { chosen: found[appeared]!, among: [found[appeared]!] };
    throw await ambiguity(probe, found, `the ${phrase.noun ?? 'element'}`);
  }
  return null;
}
