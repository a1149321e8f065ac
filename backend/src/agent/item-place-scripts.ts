// In-page code for field and group claims about an item (check-item.ts): an item's labelled values,
// and the page's named columns, lists, folders and sections with the items each holds. Source text,
// not TypeScript functions: see page-scripts.ts for why.
import type { Region } from '../domain/goal-language/item-places.js';
import { pageFunction, SIGHT } from './visibility-script.js';

/** `(el) => kind`: an element's tag and classes, in any order ("DIV.card.done"). */
export const KIND_OF = `(el) => el.tagName + '.' + Array.from(el.classList || []).sort().join('.')`;

/**
 * `(all) => families`: the elements of `all` by family, their tag and classes under a parent of the
 * same tag and classes, grouped once per call so that an item's kin is a lookup. The cards of every
 * column of a board are one family: a column's only card is still a card.
 */
export const FAMILIES = `(all) => {
  const kind = ${KIND_OF};
  const family = (el) => (el.parentElement ? kind(el.parentElement) : '') + '>' + kind(el);
  const members = new Map();
  for (const el of all) {
    const key = family(el);
    if (!members.has(key)) members.set(key, []);
    members.get(key).push(el);
  }
  return { kind, family, of: (el) => members.get(family(el)) || [] };
}`;

/**
 * `(sight) => (item) => fields`: a row's cells under their column headers; inside any item, dt/dd
 * pairs, "Label: value" in an aria-label or title ("Assignee: Priya"), a form control's label and
 * value, and a short text ending in ":" followed by the next text.
 */
export const FIELDS = `(sight) => {
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  const labelOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(' ').map((id) => { const l = document.getElementById(id); return l ? l.textContent : ''; }).join(' '));
    if (el.getAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    if (el.labels && el.labels.length) return norm(el.labels[0].textContent);
    return '';
  };
  return (item) => {
    const out = [];
    if (item.matches('tr, [role=row]')) {
      const table = item.closest('table, [role=table], [role=grid], [role=treegrid]');
      const head = table && Array.from(table.querySelectorAll('tr, [role=row]')).find((r) => r.querySelector('th, [role=columnheader]') && !r.querySelector('td, [role=cell], [role=gridcell]'));
      if (head) {
        const names = Array.from(head.children).filter((c) => c.matches(CELL)).map((c) => norm(c.textContent).replace(/[▲▼↑↓]/g, '').trim());
        Array.from(item.children).filter((c) => c.matches(CELL)).forEach((cell, i) => {
          if (names[i]) out.push({ name: names[i], value: norm(cell.innerText || cell.textContent) });
        });
      }
    }
    for (const dt of item.querySelectorAll('dt')) {
      const dd = dt.nextElementSibling;
      if (dd && dd.matches('dd')) out.push({ name: norm(dt.textContent), value: norm(dd.textContent) });
    }
    for (const el of item.querySelectorAll('[aria-label], [title]')) {
      const said = norm(el.getAttribute('aria-label') || el.getAttribute('title'));
      const colon = said.indexOf(':');
      if (colon > 0 && colon < said.length - 1) out.push({ name: said.slice(0, colon).trim(), value: said.slice(colon + 1).trim() });
    }
    for (const el of item.querySelectorAll('input, select, textarea')) {
      const name = labelOf(el);
      const value = el.tagName === 'SELECT' ? norm(el.selectedOptions[0] ? el.selectedOptions[0].textContent : '') : el.type === 'checkbox' || el.type === 'radio' ? '' : el.value;
      if (name && value) out.push({ name, value: norm(value) });
    }
    for (const el of item.querySelectorAll('*')) {
      const own = norm(el.textContent);
      if (el.children.length || !own.endsWith(':') || own.length > 40 || !sight.boxSeen(el)) continue;
      const next = el.nextElementSibling ? norm(el.nextElementSibling.textContent) : norm(el.nextSibling ? el.nextSibling.textContent : '');
      if (next) out.push({ name: own.slice(0, -1).trim(), value: next });
    }
    return out;
  };
}`;

export interface PagePlaces {
  regions: Region[];
  /** The texts of every seen item of the page. */
  items: string[];
}

/**
 * The named parts of the page that hold items: columns, lists, tables, sections, tab panels (named
 * by aria-label or aria-labelledby, a heading, caption or legend), and the current view: the page a
 * link or tab marked current or selected shows (its text names the items outside its navigation).
 */
export const placesOnPage = pageFunction<() => PagePlaces>(`() => {
  const sight = (${SIGHT})();
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const ITEM = 'li, tr, [role=row], [role=listitem], [role=option], [role=treeitem], [role=article], article';
  const header = (el) => el.matches('tr, [role=row]') && el.querySelector('td, [role=cell], [role=gridcell]') === null;
  const all = Array.from(document.body.querySelectorAll('*'));
  // Repeated: another element of its family (a column's only card is still a card when the next
  // column has two).
  const families = (${FAMILIES})(all);
  const family = families.family;
  const repeated = (el) => typeof el.className === 'string' && el.className.trim() && el.parentElement !== document.body && families.of(el).length > 1;
  const REGION = 'section, [role=region], [role=tabpanel], [role=list], ul, ol, table, [role=grid], [role=group], fieldset, aside, main, [role=main], [role=listbox], [role=tree], [role=feed], nav, [role=navigation]';
  const place = (el) => el.matches(REGION) && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby'));
  // A group's own controls and counters (its "⋯" and "+ Add a card" buttons, its count "3") repeat
  // with the group, but they are not its items; nor is its head, the part holding the title that
  // names the group (aria-labelledby: "Done 0 ⋯"). Inside a row or list item they are its parts, as
  // before (a name drawn as a button).
  const labelsAPlace = (el) => {
    for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
      const by = n.getAttribute('aria-labelledby');
      if (by && by.split(/\\s+/).some((id) => { const label = document.getElementById(id); return label && el.contains(label); })) return true;
    }
    return false;
  };
  const chrome = (el) => !el.closest(ITEM) && (el.matches('button, [role=button]') || /^\\d+$/.test(norm(el.innerText)) || labelsAPlace(el));
  const found = all.filter((el) => (el.matches(ITEM) || repeated(el)) && !chrome(el) && !place(el) && !header(el) && norm(el.innerText) && sight.boxSeen(el));
  // A row's cells and a card's title, tags or foot, repeated row by row and card by card, are parts,
  // not items of their own: anything inside a row or list item; inside another candidate that shows
  // more text of its own beside it (not in others of its kind, nor a heading, a button or a count: a
  // column's chrome beside its only card), one run of text or anything that comes once in each
  // candidate holding its kind (a card's row of tags, its foot); and anything inside a part.
  const texts = (el) => { const out = []; const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT); for (let t = walker.nextNode(); t; t = walker.nextNode()) if (t.nodeValue.trim()) out.push(t); return out; };
  const CHROME_TEXT = 'h1, h2, h3, h4, h5, h6, [role=heading], button, [role=button]';
  const foundSet = new Set(found);
  const holderOf = (el) => { for (let n = el.parentElement; n; n = n.parentElement) if (foundSet.has(n)) return n; return null; };
  const holds = new Set(found.map(holderOf).filter(Boolean));
  const inItem = (el) => { for (let h = holderOf(el); h; h = holderOf(h)) if (h.matches(ITEM)) return true; return false; };
  const onePerHolder = (el) => {
    const holders = new Set();
    for (const k of families.of(el).filter((k) => foundSet.has(k))) {
      const h = holderOf(k);
      if (!h || holders.has(h)) return false;
      holders.add(h);
    }
    return true;
  };
  // Judged for the family: a card's title is a part of every card, also of the one that shows
  // nothing else (a new card without tags), when it is one in most of them.
  const parts = new Map();
  const part = (el) => {
    if (!parts.has(el)) {
      parts.set(el, false);
      const kin = families.of(el).filter((k) => foundSet.has(k));
      parts.set(el, kin.length < 3 ? own(el) : kin.filter(own).length * 2 > kin.length);
    }
    return parts.get(el);
  };
  const owns = new Map();
  const own = (el) => {
    if (!owns.has(el)) {
      owns.set(el, false);
      owns.set(el, ownPart(el));
    }
    return owns.get(el);
  };
  const ownPart = (el) => {
    if (el.matches(ITEM)) return false;
    if (inItem(el)) return true;
    const holder = holderOf(el);
    if (!holder) return false;
    // Inside a part (a card's foot): a part of that part, whatever it shows.
    if (part(holder)) return true;
    if (!onePerHolder(el) && (holds.has(el) || texts(el).length > 1)) return false;
    const kin = families.of(el);
    return texts(holder).some((t) => !kin.some((k) => k.contains(t)) && !(t.parentElement && t.parentElement.closest(CHROME_TEXT) && holder.contains(t.parentElement.closest(CHROME_TEXT))) && !/^\\d+$/.test(t.nodeValue.trim()));
  };
  const candidates = found.filter((el) => !part(el));
  // Innermost items only: a column holding cards is a place, not an item; so is an empty column
  // among columns that hold cards (its family holds items).
  const holding = new Set(candidates.filter((el) => candidates.some((o) => o !== el && el.contains(o))).map(family));
  const items = candidates.filter((el) => !candidates.some((o) => o !== el && el.contains(o)) && !(repeated(el) && holding.has(family(el))));
  const text = (el) => norm(el.innerText || el.textContent);
  const nameOf = (el) => {
    const names = [];
    const by = el.getAttribute('aria-labelledby');
    if (by) names.push(norm(by.split(' ').map((id) => { const l = document.getElementById(id); return l ? l.textContent : ''; }).join(' ')));
    if (el.getAttribute('aria-label')) names.push(norm(el.getAttribute('aria-label')));
    const own = el.querySelector(':scope > caption, :scope > legend');
    if (own) names.push(text(own));
    const heading = Array.from(el.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).find((h) => !items.some((i) => i.contains(h)));
    if (heading && !(el.matches('main, [role=main]') && heading.tagName !== 'H1')) names.push(text(heading));
    return names.filter(Boolean);
  };
  const regions = [];
  for (const el of all) {
    if (!el.matches(REGION) || !sight.placed(el)) continue;
    const names = nameOf(el);
    if (!names.length) continue;
    regions.push({ names, items: items.filter((i) => el.contains(i)).map(text) });
  }
  const current = all.filter((el) => { const c = el.getAttribute('aria-current'); return (c && c !== 'false') || (el.matches('[role=tab]') && el.getAttribute('aria-selected') === 'true'); });
  for (const el of current) {
    const nav = el.closest('nav, [role=navigation], [role=tablist], ul, ol, [role=list]') || el.parentElement;
    const name = norm(el.textContent).replace(/[0-9]+$/, '').trim();
    if (name) regions.push({ names: [name], items: items.filter((i) => !nav.contains(i) && !i.contains(nav)).map(text) });
  }
  return { regions, items: items.map(text) };
}`);
