// Code that runs inside the page. It is written as JavaScript source, not as TypeScript functions:
// the TypeScript loader (tsx/esbuild with keepNames) wraps named inner functions in a `__name`
// helper that exists in Node but not in the page. A function built from source text keeps that text.

import { KIND_OF } from './item-place-scripts.js';
import { pageFunction, SIGHT } from './visibility-script.js';

/** Climbs from a node to its parent, across open shadow roots to their host. */
const UP = `(n) => (n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode)`;

export interface RawFacts {
  tag: string;
  role: string | null;
  id: string | null;
  testId: string | null;
  nameAttribute: string | null;
  type: string | null;
  placeholder: string | null;
  ariaLabel: string | null;
  /** The title attribute: an icon button's only name, often. */
  title: string | null;
  labels: string[];
  text: string;
  href: string | null;
  classes: string[];
  editable: boolean;
  isSelect: boolean;
}

export const readFacts = pageFunction<(el: Element) => RawFacts>(`(el) => {
  const tag = el.tagName.toLowerCase();
  const type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : null;
  const implicitRoles = {
    button: 'button', summary: 'button', textarea: 'textbox', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
    h5: 'heading', h6: 'heading', li: 'listitem', tr: 'row', td: 'cell', th: 'columnheader', option: 'option', ul: 'list',
    ol: 'list', menu: 'list', table: 'table', nav: 'navigation', dialog: 'dialog', output: 'status',
  };
  const inputRoles = {
    checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button',
    range: 'slider', number: 'spinbutton', hidden: null,
  };
  let role = (el.getAttribute('role') || '').trim().split(/\\s+/)[0] || null;
  if (!role) {
    if (tag === 'a' || tag === 'area') role = el.hasAttribute('href') ? 'link' : null;
    else if (tag === 'select') role = el.multiple || Number(el.getAttribute('size') || 0) > 1 ? 'listbox' : 'combobox';
    else if (tag === 'img') role = el.getAttribute('alt') === '' ? null : 'img';
    else if (tag === 'input') {
      if (type in inputRoles) role = inputRoles[type];
      else if (el.hasAttribute('list')) role = 'combobox';
      else role = type === 'search' ? 'searchbox' : 'textbox';
    } else role = implicitRoles[tag] || null;
  }
  const labels = el.labels && el.labels.length
    ? Array.from(el.labels, (l) => (l.innerText || l.textContent || '').replace(/\\s+/g, ' ').trim()).filter(Boolean)
    : [];
  const notTyped = ['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'range', 'color', 'file', 'hidden'];
  return {
    tag,
    role,
    id: el.id || null,
    testId: el.getAttribute('data-testid'),
    nameAttribute: el.getAttribute('name'),
    type,
    placeholder: el.getAttribute('placeholder'),
    ariaLabel: el.getAttribute('aria-label'),
    title: el.getAttribute('title'),
    labels,
    text: (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 200),
    href: el.getAttribute('href'),
    classes: Array.from(el.classList),
    editable: tag === 'textarea' || (tag === 'input' && !notTyped.includes(type)) || el.isContentEditable === true,
    isSelect: tag === 'select',
  };
}`);

/** For each element: the target itself, inside it, or another element. */
export const relationsTo = pageFunction<
  (els: Element[], target: Element) => ('same' | 'inside' | 'other')[]
>(`(els, target) => {
  const up = ${UP};
  return els.map((e) => {
    if (e === target) return 'same';
    for (let n = e; n; n = up(n)) if (n === target) return 'inside';
    return 'other';
  });
}`);

/** For each element: the index of its first occurrence in the list. */
export const firstIndexes = pageFunction<(els: Element[]) => number[]>(`(els) => els.map((e) => els.indexOf(e))`);

export interface NearestPick {
  /** Index of the candidate, -1 when none, -2 when several are equally near. */
  candidate: number;
  anchor: number;
  /** How many ancestors up from the anchor the smallest common container is. */
  level: number;
  tied: number[];
}

/**
 * The candidate inside the smallest ancestor of an anchor that holds any candidate. Anchors
 * whose smallest container is larger lose to those with a smaller one. `inRow`: the anchor is a
 * row's ("in the row of"), so a candidate must be in the row the anchor is in (its table row, list
 * item, tree item, option or article), or in an open pop-up outside it (the menu the row's "⋮"
 * opened); an anchor in no such row keeps the smallest container, however large.
 */
export const pickNearest = pageFunction<
  (args: { anchors: Element[]; candidates: Element[]; inRow?: boolean }) => NearestPick
>(`({ anchors, candidates, inRow }) => {
  const up = ${UP};
  const contains = (outer, el) => { for (let n = el; n; n = up(n)) if (n === outer) return true; return false; };
  const ROW = 'tr, [role=row], li, [role=listitem], [role=treeitem], [role=option], article, [role=article]';
  const POPUP = '[role=menu], [role=listbox], [role=dialog], [role=alertdialog], dialog, [popover]';
  const rowOf = (el) => { for (let n = el; n && n.nodeType === 1; n = up(n)) if (n.matches(ROW)) return n; return null; };
  const reachable = (anchor, el) => {
    const row = inRow ? rowOf(anchor) : null;
    if (!row || contains(row, el)) return true;
    const popup = el.closest(POPUP);
    return !!popup && !contains(popup, anchor);
  };
  let best = null;
  anchors.forEach((anchor, a) => {
    const eligible = [];
    candidates.forEach((el, i) => { if (reachable(anchor, el)) eligible.push(i); });
    let level = 0;
    for (let c = anchor; c && c.nodeType === 1; c = up(c), level++) {
      const hits = eligible.filter((i) => contains(c, candidates[i]));
      if (!hits.length) continue;
      if (!best || level < best.level) best = { level, anchor: a, hits: new Set(hits) };
      else if (level === best.level) hits.forEach((h) => best.hits.add(h));
      break;
    }
  });
  if (!best) return { candidate: -1, anchor: -1, level: -1, tied: [] };
  const hits = Array.from(best.hits);
  return { candidate: hits.length === 1 ? hits[0] : -2, anchor: best.anchor, level: best.level, tied: hits };
}`);

/** The ancestor `level` steps up from `el` (across shadow roots). */
export const ancestorAt = pageFunction<(args: { el: Element; level: number }) => Element>(`({ el, level }) => {
  const up = ${UP};
  let n = el;
  for (let i = 0; i < level && n; i++) n = up(n);
  return n;
}`);

/** The text of an element as a person reads it (whitespace collapsed). */
export const textOf = pageFunction<(el: Element) => string>(
  `(el) => (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim()`,
);

/**
 * How many items a person sees in each list (kind 'items') or data rows in each table (kind
 * 'rows') they see, counting only its own items (not those of nested lists), open shadow roots
 * included. Seen as in visibility-script.ts: not hidden, clipped away, off the page or collapsed.
 */
export const countItems = pageFunction<(kind: 'items' | 'rows') => number[]>(`(kind) => {
  const all = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document);
  const up = ${UP};
  const sight = (${SIGHT})();
  const containerSel = kind === 'rows' ? 'table, [role=table], [role=grid], [role=treegrid]' : 'ul, ol, menu, [role=list], [role=listbox]';
  const itemSel = kind === 'rows' ? 'tr, [role=row]' : 'li, [role=listitem], [role=option]';
  const header = (row) => row.closest('thead') !== null || (row.querySelector('td, [role=cell], [role=gridcell]') === null && row.querySelector('th, [role=columnheader]') !== null);
  const counts = new Map();
  // A list that is not seen does not count; an empty one (zero height) that is in view does.
  for (const el of all) if (el.matches(containerSel) && !el.matches('[role=none], [role=presentation]') && sight.placed(el)) counts.set(el, 0);
  for (const el of all) {
    if (!el.matches(itemSel) || (kind === 'rows' && header(el))) continue;
    // An item belongs to its nearest list, counted or not (the items of a hidden nested list are hidden too).
    for (let n = up(el); n && n.nodeType === 1; n = up(n)) {
      if (!n.matches(containerSel) || n.matches('[role=none], [role=presentation]')) continue;
      if (counts.has(n) && sight.boxSeen(el)) counts.set(n, counts.get(n) + 1);
      break;
    }
  }
  return Array.from(counts.values());
}`);

/** Whether every list of the page that is seen lies in its navigation (a sidebar of views, a menu bar). */
export const listsAreNavigation = pageFunction<() => boolean>(`() => {
  const sight = (${SIGHT})();
  const lists = Array.from(document.querySelectorAll('ul, ol, menu, [role=list], [role=listbox]')).filter((el) => sight.placed(el));
  return lists.length > 0 && lists.every((el) => el.closest('nav, [role=navigation]') !== null);
}`);

/**
 * How many cards a person sees in each group of cards: elements of one tag and classes side by side
 * under one parent (a shop's product tiles, a grid of results), each showing more than one text (a
 * name and a price; a chip or a lone label does not count), outside lists, tables, navigation, forms
 * and page chrome. Groups of two or more only: one element alone is not told apart from any other box.
 */
export const countCards = pageFunction<() => number[]>(`() => {
  const all = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document.body);
  const sight = (${SIGHT})();
  // Lists and tables are counted as such (countItems); chrome and forms hold no cards.
  const OUTSIDE = 'ul, ol, menu, select, table, [role=list], [role=listbox], [role=table], [role=grid], [role=treegrid], nav, header, footer, aside, form, [role=navigation], [role=banner], [role=contentinfo], [role=complementary], [role=search], [role=form], [role=menu], [role=menubar], [role=toolbar], [role=tablist], [role=radiogroup], [role=group]';
  const CONTROL = 'a, button, label, input, select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option]';
  const signature = ${KIND_OF};
  const texts = (el) => {
    let n = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t && n < 2; t = walker.nextNode()) if (t.textContent.trim()) n++;
    return n;
  };
  const counts = [];
  for (const parent of all) {
    if (parent.children.length < 2 || parent.closest(OUTSIDE) || !sight.placed(parent)) continue;
    const groups = new Map();
    for (const child of parent.children) {
      if (!child.classList.length || child.matches(CONTROL) || !sight.boxSeen(child) || texts(child) < 2) continue;
      groups.set(signature(child), (groups.get(signature(child)) || 0) + 1);
    }
    for (const n of groups.values()) if (n >= 2) counts.push(n);
  }
  return counts;
}`);

/** The nearest landmark-like ancestor (nav, header, footer, main, aside, form, dialog, or such a role), or null. */
export const landmarkOf = pageFunction<(el: Element) => Element | null>(`(el) => {
  const up = ${UP};
  const selector = 'nav, header, footer, main, aside, form, dialog, [role=navigation], [role=banner], [role=contentinfo], [role=main], [role=complementary], [role=dialog], [role=alertdialog], [role=search], [role=form]';
  for (let n = up(el); n && n.nodeType === 1; n = up(n)) {
    if (n === document.body) return null;
    if (n.matches(selector)) return n;
  }
  return null;
}`);

/**
 * The numbers the page's cart indicators show ("Cart (1)", a badge "3" on the basket icon, "2 items"
 * beside "Basket"): visible links, buttons and labelled elements that name a cart, basket or bag.
 */
export const cartCounts = pageFunction<() => number[]>(`() => {
  const all = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document);
  const sight = (${SIGHT})();
  const CART = /\\b(?:cart|basket|bag|trolley)\\b/i;
  const ident = (el) => [el.id, typeof el.className === 'string' ? el.className : '', el.getAttribute('data-testid') || '', el.getAttribute('aria-label') || '', el.getAttribute('title') || '', el.getAttribute('href') || ''].join(' ').replace(/[-_]/g, ' ');
  const counts = [];
  for (const el of all) {
    if (!el.matches('a, button, [role=link], [role=button], [role=status], [aria-label], [id], [class], [data-testid]')) continue;
    if (!sight.placed(el)) continue;
    const text = (el.innerText || el.textContent || '').replace(/\\s+/g, ' ').trim();
    if (text.length > 40 || !(CART.test(text) || CART.test(ident(el)))) continue;
    // A line of the cart (a table row, a price) is not its count.
    if (el.closest('tr, [role=row]') || /[$€£¥]|\\d[.,]\\d/.test(text)) continue;
    const numbers = text.match(/\\d+/g) || (el.getAttribute('aria-label') || '').match(/\\d+/g) || [];
    if (numbers.length === 1) counts.push(Number(numbers[0]));
  }
  return counts;
}`);

/** Whether any visible checkbox is ticked: a selection a toolbar would act on is already made. */
export const anyTicked = pageFunction<() => boolean>(`() =>
  Array.from(document.querySelectorAll('input[type=checkbox], [role=checkbox]')).some((el) => {
    const box = el.getBoundingClientRect();
    const ticked = el.tagName === 'INPUT' ? el.checked : el.getAttribute('aria-checked') === 'true';
    return ticked && box.width > 0 && box.height > 0;
  })`);

/**
 * The field that already shows an item's name, to be renamed in place: the focused one (the editor a
 * double-click opened), else the one in the open dialog (a card's Edit dialog). Its label, and
 * whether it sits in a dialog (where Enter would submit the dialog's form). Null when there is none
 * or several.
 */
export const editorShowing = pageFunction<
  (name: string) => { label: string | null; focused: boolean; inDialog: boolean } | null
>(`(name) => {
  const sight = (${SIGHT})();
  const DIALOG = '[role=dialog], [role=alertdialog], dialog[open], [aria-modal=true]';
  const wanted = name.replace(/\\s+/g, ' ').trim().toLowerCase();
  const shows = (el) => ((el.isContentEditable ? el.innerText : el.value) || '').replace(/\\s+/g, ' ').trim().toLowerCase() === wanted;
  const editable = (el) => !el.disabled && !el.readOnly && sight.boxSeen(el);
  const fields = Array.from(document.querySelectorAll('input:not([type]), input[type=text], input[type=search], textarea, [contenteditable=true], [contenteditable=""]'))
    .filter((el) => editable(el) && shows(el));
  const focused = fields.find((el) => el === document.activeElement);
  const inDialog = fields.filter((el) => el.closest(DIALOG));
  const field = focused || (inDialog.length === 1 ? inDialog[0] : null);
  if (!field) return null;
  const label = field.getAttribute('aria-label') || (field.labels && field.labels[0] ? field.labels[0].innerText.trim() : '') || field.getAttribute('placeholder') || null;
  return { label, focused: field === focused, inDialog: !!field.closest(DIALOG) };
}`);

/** Whether two elements are one, or one holds the other (a label's text inside its button). */
export const sameOrNested = pageFunction<(a: Element, b: Element) => boolean>(
  `(a, b) => a === b || a.contains(b) || b.contains(a)`,
);
