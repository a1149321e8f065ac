// Finds a text the way a person reads the page: only text they can see counts (not hidden, not
// clipped away, not off the page, not in a collapsed details or a closed dialog), joined across
// inline elements ("Welcome, <b>Ada</b>"), with what form controls and images show. One evaluate
// per call, so polling stays cheap.
import type { Page } from 'playwright-core';
import { pageFunction, SIGHT } from './visibility-script.js';

/** Role-like name of an element for messages: `heading`, `button`, `textbox`. */
const ROLE = `(el) => {
  const tag = el.localName;
  const type = (el.getAttribute('type') || 'text').toLowerCase();
  const roles = { a: 'link', button: 'button', p: 'paragraph', li: 'listitem', td: 'cell', th: 'columnheader', label: 'label',
    ul: 'list', ol: 'list', img: 'img', textarea: 'textbox', select: 'combobox', summary: 'button', dialog: 'dialog' };
  if (el.getAttribute('role')) return el.getAttribute('role').trim().split(/\\s+/)[0];
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'input') return ['button', 'submit', 'reset', 'image'].includes(type) ? 'button' : type === 'search' ? 'searchbox' : 'textbox';
  return roles[tag] || tag;
}`;

/**
 * `(wanted) => description | null`: the smallest element whose seen text contains `wanted`
 * (ignoring case, whitespace collapsed), described as `heading "Welcome, Ada"`; null when no
 * element shows it. Open shadow roots are read through their slots, as they render.
 */
const findShown = pageFunction<(wanted: string) => string | null>(`(wanted) => {
  const norm = (s) => s.replace(/\\s+/g, ' ').trim().toLowerCase();
  const want = norm(wanted);
  if (!want) return null;
  // Most polls look for text that is not on the page at all: rule that out before measuring
  // anything (spaces ignored, as the walk below adds some between boxes).
  const squeeze = (s) => s.replace(/\\s+/g, '').toLowerCase();
  const raw = [document.body ? document.body.textContent : ''];
  const gather = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { raw.push(el.shadowRoot.textContent); gather(el.shadowRoot); }
      if (el.localName === 'input' || el.localName === 'textarea') raw.push(el.value, el.getAttribute('placeholder') || '');
      if (el.hasAttribute('alt')) raw.push(el.getAttribute('alt'));
    }
  };
  gather(document);
  // Separators a style draws ("My Drive › Projects" from li::before) are not in the text: letters
  // and digits alone rule those out.
  const bare = (s) => s.replace(/[^\\p{L}\\p{N}]+/gu, '').toLowerCase();
  const inText = squeeze(raw.join(' ')).includes(squeeze(want));
  if (!inText && !(bare(want) && bare(raw.join(' ')).includes(bare(want)))) return null;
  const sight = (${SIGHT})();
  const roleOf = ${ROLE};
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'desc', 'iframe', 'object', 'embed', 'canvas', 'video', 'audio', 'datalist', 'option', 'optgroup']);
  const CONTROLS = new Set(['input', 'textarea', 'select', 'img']);
  // What a control or image shows instead of text children.
  const shows = (el) => {
    const tag = el.localName;
    if (tag === 'img') return el.getAttribute('alt') || '';
    if (tag === 'select') {
      const options = el.multiple || el.size > 1 ? Array.from(el.options) : Array.from(el.selectedOptions).slice(0, 1);
      return options.map((o) => o.text).join(' ');
    }
    const type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : 'textarea';
    if (type === 'image') return el.getAttribute('alt') || '';
    if (type === 'submit' || type === 'reset' || type === 'button') return el.value || (type === 'button' ? '' : type[0].toUpperCase() + type.slice(1));
    if (['checkbox', 'radio', 'file', 'range', 'color', 'hidden'].includes(type)) return '';
    if (el.value) return type === 'password' ? '' : el.value;
    return el.getAttribute('placeholder') || '';
  };
  // Children as they render: a shadow root's instead of the host's, a slot's assigned nodes,
  // only the summary of a collapsed details.
  const childrenOf = (el) => {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (el.localName === 'slot') { const assigned = el.assignedNodes(); return assigned.length ? assigned : el.childNodes; }
    if (el.localName === 'details' && !el.open) { const summary = el.querySelector(':scope > summary'); return summary ? [summary] : []; }
    return el.childNodes;
  };
  // What ::before and ::after draw, when it is a plain string: read only when the text is not there without it.
  const drawn = (el, which) => {
    const c = getComputedStyle(el, which).content;
    return /^".*"$/.test(c) ? JSON.parse(c) : '';
  };
  let pseudo = false;
  let held = []; // [element, its seen text], innermost first
  const walk = (el) => {
    const tag = el.localName;
    if (SKIP.has(tag)) return '';
    const s = sight.style(el);
    if (s.display === 'none' || s.opacity === '0') return '';
    let out = '';
    if (CONTROLS.has(tag)) {
      if (s.visibility === 'visible' && sight.boxSeen(el)) out = shows(el);
    } else if (tag === 'br') out = ' ';
    else if (s.contentVisibility !== 'hidden') {
      const seenStyle = s.visibility === 'visible';
      for (const child of childrenOf(el)) {
        if (child.nodeType === 1) out += walk(child);
        else if (child.nodeType === 3) out += seenStyle && child.data.trim() && sight.textSeen(child, el) ? child.data : ' ';
      }
    }
    if (pseudo && out.trim()) out = drawn(el, '::before') + ' ' + out + ' ' + drawn(el, '::after');
    if (out.trim()) held.push([el, out]);
    // Boxes that are not inline stand apart from their neighbours' text.
    return s.display === 'inline' || s.display === 'contents' ? out : ' ' + out + ' ';
  };
  const top = document.body || document.documentElement;
  if (!norm(walk(top)).includes(want)) {
    if (inText) return null;
    pseudo = true;
    held = [];
    if (!norm(walk(top)).includes(want)) return null;
  }
  const found = held.find(([, text]) => norm(text).includes(want));
  if (!found) return null;
  const [el, text] = found;
  const role = roleOf(el);
  const quote = (t) => JSON.stringify(t.replace(/\\s+/g, ' ').trim().slice(0, 80));
  if (!CONTROLS.has(el.localName)) return role + ' ' + quote(text);
  const label = el.getAttribute('aria-label') || (el.labels && el.labels[0] ? el.labels[0].textContent : '') || '';
  if (el.localName === 'img' || !label.trim()) return role + ' ' + quote(text);
  return role + ' ' + quote(label) + ' showing ' + quote(text);
}`);

/** How the page shows `text`, as `heading "Welcome, Ada"`, or null when a person cannot see it. */
export async function visibleHolder(page: Page, text: string): Promise<string | null> {
  return page.evaluate(findShown, text);
}

/**
 * `(wanted) => explanation | null`: when the text is in the page but not seen, the innermost
 * element holding it and why a person cannot see it, as `span "On" (display: none)`.
 */
const findHidden = pageFunction<(wanted: string) => string | null>(`(wanted) => {
  const norm = (s) => s.replace(/\\s+/g, ' ').trim().toLowerCase();
  const want = norm(wanted);
  if (!want || !document.body) return null;
  const sight = (${SIGHT})();
  const roleOf = ${ROLE};
  const kids = (el) => Array.from(el.shadowRoot ? [...el.shadowRoot.children, ...el.children] : el.children);
  // Text a page shows or hides, not the source of its scripts and styles.
  const CODE = new Set(['script', 'style', 'template', 'title', 'noscript']);
  const textOf = (root) => {
    let out = '';
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) if (!CODE.has(t.parentNode && t.parentNode.localName)) out += t.data;
    return out;
  };
  const holds = (el) => !CODE.has(el.localName) && norm(textOf(el)).includes(want)
    || (el.shadowRoot && norm(textOf(el.shadowRoot)).includes(want));
  if (!holds(document.body)) return null;
  let el = document.body;
  for (let inner = kids(el).find(holds); inner; inner = kids(el).find(holds)) el = inner;
  let why = null;
  for (let child = null, n = el; n && n !== document.documentElement && !why; child = n, n = sight.up(n)) {
    const s = sight.style(n);
    const on = n === el ? '' : ' on ' + (n.id ? n.localName + '#' + n.id : 'a ' + n.localName);
    if (n.localName === 'dialog' && !n.open) why = 'in a closed dialog';
    else if (n.localName === 'details' && !n.open && child && child !== n.querySelector(':scope > summary')) why = 'in a collapsed details';
    else if (n.hidden) why = 'the hidden attribute' + on;
    else if (s.display === 'none') why = 'display: none' + on;
    else if (s.contentVisibility === 'hidden' && n !== el) why = 'content-visibility: hidden' + on;
    else if (s.opacity === '0') why = 'opacity: 0' + on;
    else if (n === el && s.visibility !== 'visible') why = 'visibility: ' + s.visibility;
  }
  if (!why) why = sight.boxSeen(el) ? 'part of it is hidden' : 'clipped away, of no size or off the page';
  return roleOf(el) + ' ' + JSON.stringify((el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 80)) + ' (' + why + ')';
}`);

/** Why a text that is in the page is not seen, as `span "On" (display: none)`, or null. */
export async function hiddenHolder(page: Page, text: string): Promise<string | null> {
  return page.evaluate(findHidden, text).catch(() => null);
}
