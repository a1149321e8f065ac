// Controls the accessibility tree does not name: an icon-only button drawn with CSS (`class=
// "destroy"`), one with only a `title`, an `aria-describedby` text, an SVG `<title>`, a test id, an
// icon font's ligature. When no accessible name matches, the clickable elements of the page are read
// by those identifiers (control-words.ts); the best are marked for one look with a temporary
// attribute, so the usual Playwright machinery (probe, locators, recording) can take them from there.
import type { Page } from 'playwright-core';
import { controlWordScore, identifierWords, saysSomethingElse } from '../domain/control-words.js';

const MARK = 'data-goalie-candidate';

function pageFunction<F>(source: string): F {
  return new Function(`return (${source});`)() as F;
}

interface Described {
  /** Identifier text by source, strongest first: title, describedby, svg title, test id, icon, id and classes. */
  sources: string[];
  /** It has no accessible name of its own (no text, no aria-label, no labelledby). */
  unnamed: boolean;
}

/**
 * Every visible clickable element once (the outermost of nested ones), with its identifiers. Kept on
 * `window` so the chosen ones can be marked by index afterwards.
 */
const describeClickables = pageFunction<
  (args: { kind: 'click' | 'type'; searching: boolean }) => Described[]
>(`({ kind, searching }) => {
  const INTERACTIVE = kind === 'type'
    ? 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset]):not([type=image]):not([type=hidden]):not([type=file]), textarea, select, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]'
    : 'button, a[href], summary, label, input[type=button], input[type=submit], input[type=image], input[type=reset], [role=button], [role=link], [role=menuitem], [role=tab], [role=checkbox], [role=switch], [role=option], [role=treeitem], [onclick], [tabindex]';
  const ICON = /icon|material|symbol|glyph|^fa$|^fa-|^bi-|^mdi|^ti-|^ri-|^las?$|^feather/i;
  const up = (n) => (n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode);
  const all = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const visible = (el) => {
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : true;
  };
  const clickable = (el) => {
    if (el.matches(INTERACTIVE) && el.getAttribute('tabindex') !== '-1') return true;
    if (kind === 'type') return false;
    const cursor = getComputedStyle(el).cursor;
    if (cursor !== 'pointer') return false;
    const parent = up(el);
    return !(parent && parent.nodeType === 1 && getComputedStyle(parent).cursor === 'pointer');
  };
  const insideClickable = (el) => {
    for (let n = up(el); n && n.nodeType === 1; n = up(n)) if (n.matches(INTERACTIVE)) return true;
    return false;
  };
  const chosen = all.filter((el) => clickable(el) && (kind === 'type' || !insideClickable(el)) && visible(el));
  window.__goalieClickables = chosen;
  const text = (el) => (el ? (el.textContent || '').replace(/\\s+/g, ' ').trim() : '');
  return chosen.map((el) => {
    const sources = [];
    const add = (value) => { if (value && value.trim()) sources.push(value.trim()); };
    add(el.getAttribute('title'));
    for (const id of (el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean)) add(text(el.getRootNode().getElementById ? el.getRootNode().getElementById(id) : document.getElementById(id)));
    for (const t of el.querySelectorAll('svg title')) add(text(t));
    for (const t of el.querySelectorAll('[title]')) add(t.getAttribute('title'));
    // A search box's placeholder says what it searches ("Search by SKU or name"): no "Name" field.
    const searchBox = el.matches('input[type=search], [role=searchbox]');
    const typed = kind !== 'type' ? 'value' : searchBox && !searching ? null : 'placeholder';
    for (const name of ['data-testid', 'data-test', 'data-test-id', 'data-cy', 'data-qa', 'data-action', 'name', typed, 'autocomplete']) if (name) add(el.getAttribute(name));
    for (const img of el.querySelectorAll('img[alt]')) add(img.getAttribute('alt'));
    for (const use of el.querySelectorAll('use')) add(use.getAttribute('href') || use.getAttribute('xlink:href'));
    // An icon font's ligature (<span class="material-icons">delete</span>) and an icon's classes.
    for (const icon of [el, ...el.querySelectorAll('*')]) {
      if (icon !== el && Array.from(icon.classList).some((c) => ICON.test(c))) {
        add(Array.from(icon.classList).join(' '));
        if (icon.children.length === 0 && text(icon).length <= 30) add(text(icon));
      }
    }
    add(el.id);
    add(Array.from(el.classList).join(' '));
    const own = text(el);
    const named = Boolean(own || el.getAttribute('aria-label') || el.getAttribute('aria-labelledby') || (el.tagName === 'INPUT' && el.value));
    return { sources, unnamed: !named };
  });
}`);

const markClickables = pageFunction<
  (args: { indexes: number[]; mark: string; token: string }) => void
>(`({ indexes, mark, token }) => {
  const els = window.__goalieClickables || [];
  for (const i of indexes) if (els[i]) els[i].setAttribute(mark, token);
}`);

const unmark = pageFunction<(args: { mark: string; token: string }) => void>(`({ mark, token }) => {
  const walk = (root) => {
    for (const el of root.querySelectorAll('[' + mark + ']')) if (el.getAttribute(mark) === token) el.removeAttribute(mark);
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
  };
  walk(document);
  window.__goalieClickables = undefined;
}`);

export interface MarkedControls {
  /** A CSS selector for the marked elements (Playwright's CSS pierces open shadow roots). */
  selector: string;
  /** How they were found, for messages. */
  via: string;
  count: number;
  /** Removes the marks; call when done with the selector. */
  clear: () => Promise<void>;
}

let tokens = 0;

async function mark(page: Page, indexes: number[], via: string): Promise<MarkedControls | null> {
  if (!indexes.length) return null;
  const token = `t${process.pid}-${++tokens}`;
  await page.evaluate(markClickables, { indexes, mark: MARK, token });
  return {
    selector: `[${MARK}="${token}"]`,
    via,
    count: indexes.length,
    clear: () => page.evaluate(unmark, { mark: MARK, token }).catch(() => undefined),
  };
}

/**
 * Marks the clickable elements whose identifiers say `name` (all of its words, through synonyms),
 * the strongest source first: a title or test id beats a class name. Null when none does.
 */
export async function markByIdentifiers(
  page: Page,
  name: string,
  kind: 'click' | 'type' = 'click',
): Promise<MarkedControls | null> {
  const searching = /search|find|filter/i.test(name);
  const described = await page.evaluate(describeClickables, { kind, searching }).catch(() => [] as Described[]);
  let best: number[] = [];
  let bestRank = Infinity;
  described.forEach((control, index) => {
    const rank = control.sources.findIndex((source) => controlWordScore(name, identifierWords(source)) === 1);
    if (rank < 0) return;
    if (rank < bestRank) {
      best = [index];
      bestRank = rank;
    } else if (rank === bestRank) best.push(index);
  });
  // Any full match counts; the rank only prefers stronger sources when several elements match.
  const all = described.flatMap((control, index) =>
    control.sources.some((s) => controlWordScore(name, identifierWords(s)) === 1) ? [index] : [],
  );
  const chosen = all.length > 1 ? best : all;
  return mark(
    page,
    chosen,
    `${kind === 'type' ? 'a field' : 'an unnamed control'} whose identifiers say ${JSON.stringify(name)}`,
  );
}

/**
 * Marks the clickable elements without any name of their own (for "the only unnamed button in the
 * row of X"), except those whose identifiers say another action ("Edit" never takes class="destroy").
 */
export async function markUnnamed(page: Page, name: string): Promise<MarkedControls | null> {
  const described = await page
    .evaluate(describeClickables, { kind: 'click' as const, searching: false })
    .catch(() => [] as Described[]);
  const fits = (control: Described) =>
    control.unnamed && !control.sources.some((source) => saysSomethingElse(name, identifierWords(source)));
  return mark(
    page,
    described.flatMap((control, index) => (fits(control) ? [index] : [])),
    'the only unnamed control',
  );
}

const indexAfterText = pageFunction<
  (args: { text: string; kind: 'type' | 'choose' | 'check' }) => number
>(`({ text, kind }) => {
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const wanted = norm(text);
  const visible = (el) => {
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true;
  };
  const ownText = (el) => norm(Array.from(el.childNodes).filter((n) => n.nodeType === 3).map((n) => n.textContent).join(' '));
  const CONTROL = {
    type: 'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=hidden]), textarea, [contenteditable=""], [contenteditable=true], [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton]',
    choose: 'select, [role=combobox], [role=listbox], button, [role=button], [aria-haspopup]',
    check: 'input[type=checkbox], input[type=radio], [role=checkbox], [role=switch], [role=radio]',
  }[kind];
  const anchor = Array.from(document.querySelectorAll('body *')).find((el) => visible(el) && (ownText(el) === wanted || (el.children.length === 0 && norm(el.textContent) === wanted)));
  if (!anchor) return -1;
  const els = window.__goalieClickables = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = anchor;
  for (let i = 0, el = walker.nextNode(); el && i < 40; i++, el = walker.nextNode()) {
    if (!visible(el) && !(kind === 'check' && el.matches('input'))) continue;
    const pointer = kind !== 'type' && getComputedStyle(el).cursor === 'pointer' && !(el.parentElement && getComputedStyle(el.parentElement).cursor === 'pointer');
    if (el.matches(CONTROL) || pointer) { els.push(el); return 0; }
    // Past the next text of its own: that text labels something else.
    if (ownText(el) && !anchor.contains(el)) return -1;
  }
  return -1;
}`);

/**
 * A control without any name that follows its text, the way forms are laid out ("Plan" above a
 * div-drawn dropdown, "Email" beside an input whose label is not linked): the first control after
 * the text, before any other text. Marked like the others; null when there is none.
 */
export async function markControlAfterText(
  page: Page,
  text: string,
  kind: 'type' | 'choose' | 'check',
): Promise<MarkedControls | null> {
  const index = await page.evaluate(indexAfterText, { text, kind }).catch(() => -1);
  return index < 0 ? null : mark(page, [index], `the control after the text ${JSON.stringify(text)}`);
}
