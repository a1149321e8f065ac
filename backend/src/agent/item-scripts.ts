// In-page code for expected results about one item of a list (check-item.ts): the rows, list items
// and cards that show a text, with where each stands among the items of its list. Source text, not
// TypeScript functions: see page-scripts.ts for why.
import { FAMILIES, FIELDS } from './item-place-scripts.js';
import type { ItemToggle } from '../domain/goal-language/item-marks.js';
import { pageFunction, SIGHT } from './visibility-script.js';

export interface ItemFound {
  /** The item's visible text, whitespace collapsed (at most 300 characters). */
  text: string;
  /** Its text nodes joined by spaces: "Fix login Overdue" where inline boxes touch ("Fix loginOverdue"). */
  words: string;
  /** 1-based, among the seen items of its list. */
  position: number;
  /** How many items of its list are seen. */
  count: number;
  /** The seen items of its list, each's text shortened, in order (at most 12). */
  items: string[];
  /** Up to 3 seen items of its list that do not show the text (whole words), each's text shortened. */
  others: string[];
  /** Its labelled values: cells under their column headers, dt/dd, "Label: value" names (FIELDS). */
  fields: { name: string; value: string }[];
  /** Its seen buttons, checkboxes and switches: a star's or a pin's state (item-marks.ts). */
  toggles: ItemToggle[];
}

/**
 * Every seen item (a table row that is no header, a list item or option, an article, else the
 * nearest ancestor repeated beside siblings of its tag and classes) that shows `wanted` as whole
 * words, case-insensitive. One entry per item, in page order.
 */
export const itemsShowing = pageFunction<(wanted: string) => ItemFound[]>(`(wanted) => {
  const sight = (${SIGHT})();
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const escape = (t) => t.replace(/[.*+?^\${}()|[\\]\\\\]/g, '\\\\$&');
  const words = new RegExp('(?:^|[^\\\\p{L}\\\\p{N}])' + escape(norm(wanted)) + '(?![\\\\p{L}\\\\p{N}])', 'iu');
  const all = [];
  const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el); if (el.shadowRoot) walk(el.shadowRoot); } };
  walk(document);
  // Cells drawn as boxes with no space between them ("P-1048" "Hydraulic pump") hold the words too.
  const squash = (t) => (t || '').replace(/\\s+/g, '').toLowerCase();
  const wantedSquashed = squash(wanted);
  const spaced = (el) => { const out = []; const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); for (let t = walker.nextNode(); t; t = walker.nextNode()) out.push(t.nodeValue); return norm(out.join(' ')); };
  const holds = (el) => { const text = el.textContent; return words.test(norm(text)) || (squash(text).includes(wantedSquashed) && words.test(spaced(el))); };
  const holders = all.filter((el) => !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName) && holds(el) && !Array.from(el.children).some(holds) && sight.boxSeen(el));
  const ROWS = 'table, [role=table], [role=grid], [role=treegrid]';
  const LISTS = 'ul, ol, menu, [role=list], [role=listbox], [role=tree], [role=feed]';
  const GROUP = 'section, [role=region], [role=group], [role=tabpanel], fieldset';
  const header = (row) => row.closest('thead') !== null || (row.querySelector('td, [role=cell], [role=gridcell]') === null && row.querySelector('th, [role=columnheader]') !== null);
  const nearest = (el, selector) => { for (let n = sight.up(el); n && n.nodeType === 1; n = sight.up(n)) if (n.matches(selector)) return n; return null; };
  const inRow = (el) => { const row = nearest(el, 'tr, [role=row]'); return row !== null && nearest(row, ROWS) !== null; };
  // The elements of n's family, page-wide: the cards of every column, also those a filter hides
  // (the one card a filter leaves is still a card, not its column).
  const families = (${FAMILIES})(all);
  const signature = families.kind;
  const cousins = (n) => (n.parentElement && n.classList.length ? families.of(n) : []);
  /** The item that holds el, and the items of its list (seen or not). */
  const itemOf = (el) => {
    // The highest element whose kind is repeated page-wide as often as the first such one below it:
    // a board's card, alone in its column, is still one of the board's cards (not the column).
    let repeated = null;
    for (let n = el; n && n.nodeType === 1 && n !== document.body; n = sight.up(n)) {
      const kin = cousins(n);
      if (kin.length < 2) continue;
      if (repeated && kin.length !== repeated.all.length) break;
      repeated = { item: n, all: kin };
    }
    for (let n = el; n && n.nodeType === 1 && n !== document.body; n = sight.up(n)) {
      if (n.matches('tr, [role=row]') && !header(n)) {
        const table = nearest(n, ROWS);
        if (!table) continue;
        return { item: n, all: Array.from(table.querySelectorAll('tr, [role=row]')).filter((r) => !header(r) && nearest(r, ROWS) === table) };
      }
      if (n.matches('li, [role=listitem], [role=option], [role=treeitem], [role=article], article')) {
        const list = nearest(n, LISTS);
        if (list) return { item: n, all: Array.from(list.querySelectorAll('li, [role=listitem], [role=option], [role=treeitem], [role=article], article')).filter((i) => nearest(i, LISTS) === list) };
        if (n.parentElement) return { item: n, all: Array.from(n.parentElement.children).filter((c) => c.matches('[role=article], article')) };
      }
      const parent = n.parentElement;
      // A named group (a board's column: a section with its heading) is a place, not an item: the
      // item is its part that holds the text (the one card a filter leaves in the board).
      const head = n.matches(GROUP) && Array.from(n.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).find((h) => !h.contains(el));
      const part = head && Array.from(n.children).find((c) => c.contains(el) && !c.contains(head) && c.classList.length);
      if (part) return { item: part, all: families.of(part) };
      // A cell of a table or grid row is part of the row, even drawn as divs with classes (role=gridcell).
      if (parent && parent !== document.body && n.classList.length && !inRow(n)) {
        const same = Array.from(parent.children).filter((c) => signature(c) === signature(n));
        if (same.length >= 2 && same.filter((c) => sight.boxSeen(c)).length >= 2)
          return repeated && repeated.item !== n && n.contains(repeated.item) ? repeated : { item: n, all: same };
      }
    }
    return null;
  };
  const textNodes = function* (root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node;
  };
  const fieldsOf = (${FIELDS})(sight);
  const togglesOf = (item) => Array.from(item.querySelectorAll('button, [role=button], input[type=checkbox], [role=checkbox], [role=switch]'))
    .filter((el) => sight.boxSeen(el))
    .slice(0, 20)
    .map((el) => {
      const name = norm(el.getAttribute('aria-label') || el.getAttribute('title') || (el.labels && el.labels[0] ? el.labels[0].innerText : '') || el.innerText || el.textContent);
      const state = el.getAttribute('aria-pressed') ?? el.getAttribute('aria-checked');
      const on = state === 'true' ? true : state === 'false' ? false : el.matches('input') ? el.checked : null;
      return { name, on };
    });
  // Read as a person does: cells drawn as boxes are apart ("Spade Garden", not "SpadeGarden").
  const shows = (el) => words.test(norm(el.innerText || el.textContent)) || words.test(norm(Array.from(textNodes(el), (node) => node.nodeValue).join(' ')));
  const found = [];
  const seenItems = new Set();
  for (const holder of holders) {
    const at = itemOf(holder);
    if (!at || seenItems.has(at.item)) continue;
    seenItems.add(at.item);
    const shown = at.all.filter((i) => sight.boxSeen(i));
    const text = (i) => norm(i.innerText || i.textContent);
    found.push({
      text: text(at.item).slice(0, 300),
      words: norm(Array.from(textNodes(at.item), (node) => node.nodeValue).join(' ')).slice(0, 600),
      position: shown.indexOf(at.item) + 1,
      count: shown.length,
      items: shown.slice(0, 12).map((i) => { const t = text(i); return t.length > 60 ? t.slice(0, 57) + '...' : t; }),
      others: shown.filter((i) => !shows(i)).slice(0, 3).map((i) => text(i).slice(0, 60)),
      fields: fieldsOf(at.item),
      toggles: togglesOf(at.item),
    });
  }
  return found;
}`);
