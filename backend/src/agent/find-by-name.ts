// Finds the element a name describes, in tiers: exact accessible name of a fitting role, then the
// same ignoring case, then a substring ("Email" finds "Email address"), then label, placeholder and
// text; with `fuzzy` (healing) at last the most similar accessible name the heal rule accepts. The first tier that finds
// anything decides: one element wins; several are narrowed to those of a fitting role, else ambiguous.
import type { Locator as PwLocator, Page } from 'playwright-core';
import { parseAriaSnapshot } from '../domain/aria-snapshot.js';
import type { Purpose } from '../domain/goal-language/intents.js';
import { PURPOSE_ELEMENTS } from '../domain/goal-language/roles.js';
import { identifierWords, saysMoreThan } from '../domain/control-words.js';
import { nameStandsIn } from '../domain/heal-acceptance.js';
import { closest } from '../domain/similarity.js';
import { TargetUnresolved } from './errors.js';
import type { Candidate, Probe, Strategy } from './probe.js';
import { markByIdentifiers, markUnnamed } from './unnamed-controls.js';

type Scope = Page | PwLocator;
type AriaRole = Parameters<Page['getByRole']>[0];

export interface Roles {
  preferred: string[];
  fallback: string[];
}

/** Purposes whose target may be found by its visible text (a label is not something to type into). */
const TEXT_PURPOSES: Purpose[] = ['click', 'open', 'choose', 'hover', 'expand'];

// Quotes and ">" as hex escapes too: Playwright's selector parser breaks on a quote in a `u` regular
// expression chained with another selector ("Ben Carter's ticket" >> visible=true), and reads ">>" in
// one ("A >> B") as its own chain.
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/['"`<>]/g, (q) => `\\x${q.charCodeAt(0).toString(16)}`);
}

/**
 * The name as whole words inside a longer one, any case: "Pro" is in "Pro plan", not in "Profile". A
 * change to a capital is a word's edge too ("archiveArchive": an icon-font ligature before its text),
 * and so is a letter after a digit ("2Profile": a step's number before its name).
 */
export function asWords(name: string): RegExp {
  const anyCase = [...name.trim()]
    .map((ch) => {
      const [lower, upper] = [ch.toLowerCase(), ch.toUpperCase()];
      return lower !== upper && lower.length === 1 && upper.length === 1 ? `[${lower}${upper}]` : escapeRegExp(ch);
    })
    .join('');
  const edge = '(?:(?<![\\p{L}\\p{N}])|(?<=\\p{Ll})(?=\\p{Lu})|(?<=\\p{N})(?=\\p{L}))';
  const end = '(?:(?![\\p{L}\\p{N}])|(?<=\\p{Ll})(?=\\p{Lu}))';
  return new RegExp(`${edge}${anyCase}${end}`, 'u');
}

/** Icons drawn as characters around a name ("✎ Compose", "+ Add a card", "Next →") are not part of it. */
const GLYPHS = '[\\s\\p{S}]*';

function roleTiers(scope: Scope, name: string, roles: string[]): Strategy[][] {
  const whole = new RegExp(`^${GLYPHS}${escapeRegExp(name.trim())}${GLYPHS}$`, 'iu');
  return [
    roles.map((role) => ({
      via: `role ${role} ${JSON.stringify(name)}`,
      locator: scope.getByRole(role as AriaRole, { name, exact: true }),
    })),
    roles.map((role) => ({
      via: `role ${role} ${JSON.stringify(name)} (any case)`,
      locator: scope.getByRole(role as AriaRole, { name: whole }),
    })),
    // A search box named by its placeholder ("Search by name or SKU") is not found by a word of it.
    roles
      .filter((role) => role !== 'searchbox' || /search/i.test(name))
      .map((role) => ({
        via: `role ${role} containing ${JSON.stringify(name)}`,
        locator: scope.getByRole(role as AriaRole, { name: asWords(name) }),
      })),
  ];
}

/** The tiers of strategies for a name, best first. */
export function nameTiers(scope: Scope, name: string, roles: Roles, purpose: Purpose, strict = false): Strategy[][] {
  const text = TEXT_PURPOSES.includes(purpose);
  const q = JSON.stringify(name);
  // Strict (an alternative name such as "OK"): whole names only, so "OK" never finds "Book".
  const role = (list: string[]) => roleTiers(scope, name, list).slice(0, strict ? 2 : 3);
  const tiers = [...role(roles.preferred), ...(roles.fallback.length ? role(roles.fallback) : [])];
  if (strict) {
    // An alternative name may begin a longer one ("Yes" for "Yes, delete"), as a whole word.
    const starts = new RegExp(`^${GLYPHS}${escapeRegExp(name.trim())}(?![\\p{L}\\p{N}])`, 'iu');
    tiers.push(
      [...roles.preferred, ...roles.fallback].map((r) => ({
        via: `role ${r} starting with ${q}`,
        locator: scope.getByRole(r as AriaRole, { name: starts }),
      })),
    );
    // Controls only: the heading "Sign in" is not the button an alternative means.
    return tiers;
  }
  // Elements the verb acts on that no role names (a disclosure: aria-expanded, <summary>), by their whole
  // text, before any text: "Expand Shipping details" means the disclosure, not the heading above it.
  const elements = PURPOSE_ELEMENTS[purpose] ?? [];
  if (elements.length) {
    const whole = new RegExp(`^\\s*${escapeRegExp(name.trim())}\\s*$`, 'i');
    tiers.push([
      { via: `${elements.join(' or ')} ${q}`, locator: scope.locator(elements.join(', ')).filter({ hasText: whole }) },
    ]);
  }
  tiers.push([
    { via: `label ${q}`, locator: scope.getByLabel(name, { exact: true }) },
    { via: `placeholder ${q}`, locator: scope.getByPlaceholder(name, { exact: true }) },
    // A dropdown with no label is named by its placeholder option ("Assign owner…").
    {
      via: `dropdown whose first option is ${q}`,
      locator: scope.locator('select').filter({
        has: scope.locator('option:first-child[value=""]').filter({
          hasText: new RegExp(`^\\s*${escapeRegExp(name.trim())}\\s*$`, 'i'),
        }),
      }),
    },
    ...(text ? [{ via: `text ${q}`, locator: scope.getByText(name, { exact: true }) }] : []),
  ]);
  // A search box's placeholder says what it searches ("Search by name or SKU"): it is no "Name" field.
  const notSearch = (locator: PwLocator) =>
    /search/i.test(name) ? locator : locator.and(scope.locator(':not([type="search"]):not([role="searchbox"])'));
  tiers.push([
    { via: `label containing ${q}`, locator: notSearch(scope.getByLabel(asWords(name))) },
    { via: `placeholder containing ${q}`, locator: notSearch(scope.getByPlaceholder(asWords(name))) },
    ...(text ? [{ via: `text containing ${q}`, locator: scope.getByText(asWords(name)) }] : []),
  ]);
  if (/^[\w-]+$/.test(name)) tiers.push([{ via: `test id ${q}`, locator: scope.getByTestId(name) }]);
  return tiers;
}

/** Of several candidates, those whose role fits; the caller decides what one or none means. */
export async function fitting(probe: Probe, candidates: Candidate[], roles: Roles): Promise<Candidate[]> {
  const wanted = [...roles.preferred, ...roles.fallback];
  const out: Candidate[] = [];
  for (const candidate of candidates) {
    const facts = await probe.factsOf(candidate);
    if (facts.role && wanted.includes(facts.role)) out.push(candidate);
  }
  return out;
}

export async function ambiguity(probe: Probe, candidates: Candidate[], what: string): Promise<TargetUnresolved> {
  const described: string[] = [];
  for (const candidate of candidates.slice(0, 5)) {
    const facts = await probe.factsOf(candidate);
    described.push(`${facts.role ?? facts.tag} ${JSON.stringify(facts.name ?? facts.text.slice(0, 60))}`);
  }
  return new TargetUnresolved(
    `${candidates.length} visible elements match ${what} (${described.join(', ')}${candidates.length > 5 ? ', ...' : ''}), so it is not clear which one is meant; say what it is ("the 'X' button") or where it is ("... in the row of 'text'")`,
    [],
  );
}

/** A name without counts and punctuation: "Cart (2)" -> "cart". */
function bareName(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(\s*\d+\s*\)|\d+/g, ' ')
    .replace(/[^\p{L}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Of several elements that contain a name, the one the name says best: "Cart" means the link
 * "Cart (2)", not the three "Add to cart" buttons. Its bare name is the name, else it alone starts
 * with it. Null when that does not single one out.
 */
async function closestName(probe: Probe, candidates: Candidate[], name: string): Promise<Candidate | null> {
  const wanted = bareName(name);
  if (!wanted) return null;
  const ranked: Candidate[][] = [[], []];
  for (const candidate of candidates) {
    const facts = await probe.factsOf(candidate);
    const bare = bareName(facts.name ?? facts.text);
    if (bare === wanted) ranked[0]!.push(candidate);
    else if (bare.startsWith(`${wanted} `)) ranked[1]!.push(candidate);
  }
  const best = ranked.find((rank) => rank.length > 0);
  return best?.length === 1 ? best[0]! : null;
}

/** Links that lead to the same place (the "Pricing" link in the header and in the footer) are one choice. */
async function sameDestination(probe: Probe, candidates: Candidate[]): Promise<boolean> {
  const hrefs = new Set<string | null>();
  for (const candidate of candidates) {
    const facts = await probe.factsOf(candidate);
    hrefs.add(facts.role === 'link' ? facts.href : null);
  }
  return hrefs.size === 1 && !hrefs.has(null);
}

/** The element named `name`, or null when no tier finds anything. Throws when several match. */
export async function findByName(
  probe: Probe,
  name: string,
  roles: Roles,
  purpose: Purpose,
  fuzzy: boolean,
  strict = false,
  scope: Scope = probe.page,
): Promise<Candidate | null> {
  // An icon whose font ligature happens to be the name ("archive" on an archive icon button) is
  // what a person sees as a picture: an element whose visible text says the name wins over it.
  let icons: Candidate[] = [];
  for (const tier of nameTiers(scope, name, roles, purpose, strict)) {
    const found = await probe.candidates(tier);
    if (!found.length) continue;
    if (icons.length) {
      const worded = [];
      for (const candidate of found)
        if ((await personText(candidate)) === name.trim().toLowerCase()) worded.push(candidate);
      if (worded.length === 1) return worded[0]!;
      continue;
    }
    if (!strict && (await everyIconOnly(found))) {
      icons = found;
      continue;
    }
    if (found.length === 1) return found[0]!;
    const fit = await fitting(probe, found, roles);
    if (fit.length === 1) return fit[0]!;
    const several = fit.length ? fit : found;
    // A dialog or menu is open: what a person acts on is in it ("Status" in the edit dialog, not the
    // filter behind it; "Receipts" in the Move to menu just opened, not the folder link).
    const inDialog = await onlyInOpenDialog(several);
    if (inDialog) return inDialog;
    if (await sameDestination(probe, several)) return several[0]!;
    // A column header and the sort button inside it: one control, the innermost is what a person clicks.
    const inner = await innermost(several);
    if (inner) return inner;
    const closest = await closestName(probe, several, name);
    if (closest) return closest;
    // "The cart": not the "add_shopping_cart" buttons, whose words ask for another action.
    const plain = [];
    for (const candidate of several) {
      const facts = await probe.factsOf(candidate);
      if (!saysMoreThan(name, identifierWords(facts.name ?? facts.text))) plain.push(candidate);
    }
    if (plain.length === 1) return plain[0]!;
    throw await ambiguity(probe, several, JSON.stringify(name));
  }
  if (icons.length === 1) return icons[0]!;
  if (icons.length) throw await ambiguity(probe, icons, JSON.stringify(name));
  return fuzzy && !strict ? findSimilar(probe, name, roles) : null;
}

/** An open dialog's element (visible ones only count). */
export const OPEN_DIALOG = '[role=dialog], [role=alertdialog], dialog[open], [aria-modal=true]';
/** Open dialogs and menus, the last in the page's order on top. */
const OPEN_LAYERS = `${OPEN_DIALOG}, [role=menu]`;

/** The one candidate inside the topmost open dialog or menu, when the others are outside it; else null. */
async function onlyInOpenDialog(candidates: Candidate[]): Promise<Candidate | null> {
  const inside: Candidate[] = [];
  for (const candidate of candidates)
    if (await candidate.handle.evaluate(IN_OPEN_DIALOG).catch(() => false)) inside.push(candidate);
  return inside.length === 1 && candidates.length > 1 ? inside[0]! : null;
}

// Page source (see page-scripts.ts on `__name`): the element is in the last visible dialog or menu.
const IN_OPEN_DIALOG = new Function(`return ((el) => {
  const dialogs = Array.from(document.querySelectorAll('${OPEN_LAYERS}'))
    .filter((d) => { const box = d.getBoundingClientRect(); return box.width > 0 && box.height > 0 && getComputedStyle(d).visibility !== 'hidden'; });
  const top = dialogs[dialogs.length - 1];
  return Boolean(top && top.contains(el));
})`)() as (el: Element) => boolean;

/** The candidate every other candidate contains, or null when they are not nested. */
async function innermost(candidates: Candidate[]): Promise<Candidate | null> {
  for (const candidate of candidates) {
    let inside = true;
    for (const other of candidates) {
      if (other === candidate) continue;
      if (!(await other.handle.evaluate((outer, el) => outer !== el && outer.contains(el), candidate.handle))) {
        inside = false;
        break;
      }
    }
    if (inside) return candidate;
  }
  return null;
}

async function everyIconOnly(candidates: Candidate[]): Promise<boolean> {
  for (const candidate of candidates) if ((await personText(candidate)) !== '') return false;
  return true;
}

/** The element's text without icon-font ligatures, lower case ('' for an icon-only control); null when aria names it. */
async function personText(candidate: Candidate): Promise<string | null> {
  return candidate.handle.evaluate(textWithoutIcons).catch(() => null);
}

const textWithoutIcons = new Function(`return ((el) => {
  if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return null;
  const ICON = /icon|material|symbol|glyph/i;
  const ligature = (e) => e.children.length === 0 && Array.from(e.classList).some((c) => ICON.test(c)) && /^[a-z0-9_]{2,30}$/.test((e.textContent || '').trim());
  if (ligature(el)) return '';
  const clone = el.cloneNode(true);
  for (const leaf of clone.querySelectorAll('*')) {
    if (ligature(leaf)) leaf.remove();
  }
  return (clone.textContent || '').replace(/\\s+/g, ' ').trim().toLowerCase();
})`)() as (el: Element) => string | null;

/**
 * The control whose identifiers (title, test id, id, classes, icon) say `name`, when nothing is
 * named so: an icon button ("Delete": class="destroy"), a field without a label ("the new todo
 * field": class="new-todo"). Null when none does; throws when several do.
 */
export async function findByIdentifiers(probe: Probe, name: string, purpose: Purpose): Promise<Candidate | null> {
  const typed = TYPED_PURPOSES.includes(purpose);
  if (!typed && !UNNAMED_PURPOSES.includes(purpose)) return null;
  const found = await probe.candidates(await identifierTier(probe, name, typed ? 'type' : 'click'));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) throw await ambiguity(probe, found, JSON.stringify(name));
  return null;
}

/** Purposes whose target may be a control without an accessible name (an icon button). */
export const UNNAMED_PURPOSES: string[] = ['click', 'open', 'choose', 'hover', 'check', 'expand', 'toggle'];
/** Purposes whose target is a field: found by its id, class, name or test id ("the new todo field": class="new-todo"). */
const TYPED_PURPOSES: string[] = ['fill', 'select', 'press'];

/** Clickable elements whose title, test id, classes or icon say `name` (marked until the probe is disposed). */
export async function identifierTier(
  probe: Probe,
  name: string,
  kind: 'click' | 'type' = 'click',
): Promise<Strategy[]> {
  const marked = await markByIdentifiers(probe.page, name, kind);
  if (!marked) return [];
  probe.defer(marked.clear);
  return [{ via: marked.via, locator: probe.page.locator(marked.selector) }];
}

/** Clickable elements without any name: "the only unnamed button in the row of X". */
export async function unnamedTier(probe: Probe, name: string): Promise<Strategy[]> {
  const marked = await markUnnamed(probe.page, name);
  if (!marked) return [];
  probe.defer(marked.clear);
  return [{ via: marked.via, locator: probe.page.locator(marked.selector) }];
}

/** Healing: the accessible name of a fitting role most similar to `name` ("E-mail" for "Email"). */
async function findSimilar(probe: Probe, name: string, roles: Roles): Promise<Candidate | null> {
  const wanted = [...roles.preferred, ...roles.fallback];
  const nodes = parseAriaSnapshot(await probe.page.locator('body').ariaSnapshot({ timeout: 5000 })).filter(
    (n) => n.name && wanted.includes(n.role),
  );
  // Only a name the heal rule accepts (domain/heal-acceptance.ts): "E-mail address" for "Email",
  // never "Clear" for "Clear list" however alike their letters.
  const close = nodes.filter((n) => nameStandsIn(name, n.name!, n.role));
  const [best, second] = closest(name, close, (n) => n.name!, 2);
  if (!best) return null;
  if (
    second &&
    second.score === best.score &&
    (second.item.name !== best.item.name || second.item.role !== best.item.role)
  )
    return null;
  const found = await probe.candidates([
    {
      via: `role ${best.item.role} ${JSON.stringify(best.item.name)} (similar)`,
      locator: probe.page.getByRole(best.item.role as AriaRole, { name: best.item.name!, exact: true }),
    },
  ]);
  return found.length === 1 ? found[0]! : null;
}
