// Relative targets: "the checkbox next to 'Buy milk'", "'Delete' in the row of 'Buy milk'". Looks
// for the wanted control inside the smallest container (list item, row, or any ancestor) that holds
// both the anchor text and a matching control.
import type { ElementHandle, Page } from 'playwright-core';
import type { Purpose, TargetPhrase } from '../domain/goal-language/intents.js';
import { ambiguity, identifierTier, nameTiers, UNNAMED_PURPOSES, unnamedTier, type Roles } from './find-by-name.js';
import { ancestorAt, pickNearest } from './page-scripts.js';
import { findDescribedItem } from './find-described-item.js';
import { nthItemAnchor } from './find-by-position.js';
import type { Candidate, Probe, Strategy } from './probe.js';
import { pageFunction } from './visibility-script.js';

type AriaRole = Parameters<Page['getByRole']>[0];

export interface NearFound {
  candidate: Candidate;
  /** The smallest container of anchor and target; null when that is the whole page. */
  container: ElementHandle<Element> | null;
  /** Whether the anchor matched its text exactly (else as a case-insensitive substring). */
  anchorExact: boolean;
  /** The text to record the anchor by, when the sentence described it ("the Stripe invoice": "Stripe"). */
  anchorText?: string;
}

function anchorTiers(page: Page, text: string): { exact: boolean; strategies: Strategy[] }[] {
  const q = JSON.stringify(text);
  return [
    // getByText needs the whole text of an element; :text-is also takes an element's own text
    // beside its children (<li><input> Buy milk <button>Delete</button></li>).
    {
      exact: true,
      strategies: [
        { via: `text ${q}`, locator: page.getByText(text, { exact: true }) },
        { via: `own text ${q}`, locator: page.locator(`:text-is(${q})`) },
      ],
    },
    { exact: false, strategies: [{ via: `text containing ${q}`, locator: page.getByText(text) }] },
    // "the + button next to the quantity": a field named so by its label or aria-label, no text shown.
    { exact: false, strategies: [{ via: `field labelled ${q}`, locator: page.getByLabel(text) }] },
  ];
}

function candidateTiers(page: Page, phrase: TargetPhrase, roles: Roles, purpose: Purpose): Strategy[][] {
  if (phrase.name !== null) return nameTiers(page, phrase.name, roles, purpose);
  const byRoles = (list: string[]) =>
    list.map((role) => ({ via: `role ${role}`, locator: page.getByRole(role as AriaRole) }));
  return [byRoles(roles.preferred), ...(roles.fallback.length ? [byRoles(roles.fallback)] : [])];
}

/**
 * What is missing when nothing is found; throws when it is ambiguous. `maxLevel`: how far up from
 * the anchor the container may be (a field beside its label text is close to it).
 */
export async function findNear(
  probe: Probe,
  phrase: TargetPhrase,
  roles: Roles,
  purpose: Purpose,
  maxLevel = Infinity,
): Promise<NearFound | 'no anchor' | 'no control'> {
  const near = phrase.near!;
  let anchors: ElementHandle<Element>[] = [];
  let anchorExact = true;
  // "in the second row": the item at that place, recorded by the text that names it.
  const placed = near.nth === undefined ? null : await nthItemAnchor(probe, near.text, near.nth, near.within);
  if (near.nth !== undefined && !placed) return 'no anchor';
  for (const tier of placed ? [] : anchorTiers(probe.page, near.text)) {
    anchors = (await probe.candidates(tier.strategies)).map((c) => c.handle);
    // A field beside its label (maxLevel set): a column's header names the cells under it, never a
    // field of the page ("Name" above a table is no label of the search box beside the table).
    if (maxLevel !== Infinity) anchors = await withoutColumnHeaders(anchors);
    anchorExact = tier.exact;
    if (anchors.length) break;
  }
  // No element shows the words as written: the row (item) described by them, and its control inside
  // it. Rows only: a field's label "next to" it is text, never a description.
  const described =
    placed ?? (anchors.length || near.relation !== 'in the row of' ? null : await findDescribedItem(probe, near.text));
  if (described) {
    anchors = [described.handle];
    anchorExact = false;
    maxLevel = 0;
  }
  if (!anchors.length) return 'no anchor';

  const tiers: (Strategy[] | (() => Promise<Strategy[]>))[] = candidateTiers(probe.page, phrase, roles, purpose);
  for (const other of phrase.alternatives ?? []) tiers.push(...nameTiers(probe.page, other, roles, purpose, true));
  if (phrase.name !== null && UNNAMED_PURPOSES.includes(purpose)) {
    // An icon button in the row ("Delete" drawn by class="destroy"), else the row's only unnamed one.
    tiers.push(
      () => identifierTier(probe, phrase.name!),
      () => unnamedTier(probe, phrase.name!),
    );
  }
  for (const tier of tiers) {
    const candidates = await probe.candidates(typeof tier === 'function' ? await tier() : tier);
    if (!candidates.length) continue;
    const pick = await probe.page.evaluate(pickNearest, {
      anchors,
      candidates: candidates.map((c) => c.handle),
      inRow: near.relation === 'in the row of',
    });
    if (pick.candidate === -2) {
      throw await ambiguity(
        probe,
        pick.tied.map((i) => candidates[i]!),
        `${phrase.name === null ? `a ${phrase.noun ?? 'control'}` : JSON.stringify(phrase.name)} ${near.relation} ${JSON.stringify(near.text)}`,
      );
    }
    if (pick.candidate < 0 || pick.level > maxLevel) continue;
    const container = await probe.page.evaluateHandle(ancestorAt, {
      el: anchors[pick.anchor]!,
      level: pick.level,
    });
    probe.track(container);
    const isPage = await container.evaluate((el) => el === document.body || el === document.documentElement);
    const found = { candidate: candidates[pick.candidate]!, container: isPage ? null : container, anchorExact };
    return described ? { ...found, anchorText: described.text } : found;
  }
  return 'no control';
}

async function withoutColumnHeaders(anchors: ElementHandle<Element>[]): Promise<ElementHandle<Element>[]> {
  const kept: ElementHandle<Element>[] = [];
  for (const anchor of anchors) if (!(await anchor.evaluate(IN_COLUMN_HEADER).catch(() => false))) kept.push(anchor);
  return kept;
}

// Page source (see page-scripts.ts on `__name`): inside a column's header cell.
const IN_COLUMN_HEADER = pageFunction<(el: Element) => boolean>(
  `(el) => el.closest('thead th, th[scope=col], [role=columnheader]') !== null`,
);
