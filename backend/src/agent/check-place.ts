// The place an expected result names (domain/goal-language/expected-places.ts), found on the page:
// the page's main list or table, the cart, the open dialog, the sidebar, header, footer or
// navigation, a field's value, or the part of the page under a heading. What it shows is read as a
// person sees it: text in placeholders, hidden elements and <template>s never counts.
import type { Page } from 'playwright-core';
import type { PlaceSeen, PlaceSpec } from '../domain/goal-language/expected-places.js';
import { pageFunction, SIGHT } from './visibility-script.js';

export interface PlacesFound {
  /** One place, or several that could be meant (refused), or none. */
  places: PlaceSeen[];
  /** What the page shows instead, for the message: its lists in the navigation, its dialogs. */
  others: string[];
}

/** `(spec) => PlacesFound`: see the file's head. */
const placeContents = pageFunction<(spec: PlaceSpec) => PlacesFound>(`(spec) => {
  const sight = (${SIGHT})();
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim();
  const wordsOf = (t) => (t || '').toLowerCase().match(/[\\p{L}\\p{N}]+/gu) || [];
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'iframe', 'object', 'embed', 'canvas', 'video', 'audio', 'datalist', 'option', 'optgroup']);
  const NO_TEXT = ['password', 'hidden', 'checkbox', 'radio', 'file', 'range', 'color', 'image'];
  // What a person sees of an element: its seen text, a field's value (never its placeholder), a
  // dropdown's chosen option, an image's alt text.
  const seen = (el) => {
    const tag = el.localName;
    if (SKIP.has(tag)) return '';
    const s = sight.style(el);
    if (s.display === 'none' || s.opacity === '0' || s.contentVisibility === 'hidden') return '';
    const shown = s.visibility === 'visible';
    if (tag === 'input' || tag === 'textarea') {
      const type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : 'textarea';
      return shown && !NO_TEXT.includes(type) && sight.boxSeen(el) ? ' ' + (el.value || '') + ' ' : '';
    }
    if (tag === 'select') return shown && sight.boxSeen(el) ? ' ' + Array.from(el.selectedOptions).map((o) => o.text).join(' ') + ' ' : '';
    if (tag === 'img') return shown && sight.boxSeen(el) ? ' ' + (el.getAttribute('alt') || '') + ' ' : '';
    if (tag === 'dialog' && !el.open) return '';
    let kids = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    if (tag === 'slot' && el.assignedNodes().length) kids = el.assignedNodes();
    if (tag === 'details' && !el.open) { const summary = el.querySelector(':scope > summary'); kids = summary ? [summary] : []; }
    let out = '';
    for (const child of kids) {
      if (child.nodeType === 1) out += seen(child);
      else if (child.nodeType === 3 && shown && child.data.trim() && sight.textSeen(child, el)) out += child.data;
    }
    // Every element stands apart, inline ones too: "<a>Reports</a><a>Settings</a>" holds the word Reports.
    return ' ' + out + ' ';
  };
  const all = Array.from(document.body.querySelectorAll('*'));
  const outermost = (els) => els.filter((el) => !els.some((o) => o !== el && o.contains(el)));
  const HEADING = 'h1, h2, h3, h4, h5, h6, [role=heading]';
  const nameOf = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(by.split(/\\s+/).map((id) => { const l = document.getElementById(id); return l ? l.textContent : ''; }).join(' '));
    if (el.getAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    const own = el.querySelector(':scope > caption, :scope > legend');
    if (own) return norm(own.textContent);
    const heading = el.querySelector(HEADING);
    if (heading) return norm(heading.textContent);
    const before = el.previousElementSibling;
    return before && before.matches(HEADING) ? norm(before.textContent) : '';
  };
  const ITEM = 'li, [role=listitem], [role=option], [role=row], tr, article, [role=article]';
  const header = (row) => row.matches('tr, [role=row]') && (row.closest('thead') !== null || row.querySelector('td, [role=cell], [role=gridcell]') === null);
  const itemsIn = (els) => {
    const out = [];
    for (const root of els) for (const el of [root, ...root.querySelectorAll(ITEM)]) {
      if (!el.matches(ITEM) || header(el) || !sight.boxSeen(el)) continue;
      // An item's own items (a row's nested list) are read with it.
      if (Array.from(root.querySelectorAll(ITEM)).some((o) => o !== el && o.contains(el) && o.matches(ITEM) && !header(o))) continue;
      const text = norm(seen(el));
      if (text) out.push(text);
    }
    return out;
  };
  const quoted = (texts) => texts.slice(0, 3).map((t) => JSON.stringify(t.length > 40 ? t.slice(0, 37) + '...' : t)).join(', ');
  const describe = (noun, els, items) => {
    const name = els.length === 1 ? nameOf(els[0]) : '';
    if (name) return 'the ' + noun + ' ' + JSON.stringify(name);
    if (items.length) return 'the ' + noun + ' of ' + quoted(items) + (items.length > 3 ? ' ...' : '');
    return 'the ' + noun + (noun === 'list' || noun === 'table' ? ' (empty)' : '');
  };
  const place = (noun, els) => {
    const items = itemsIn(els);
    return { label: describe(noun, els, items), items, text: norm(els.map(seen).join(' ')).slice(0, 5000) };
  };
  // The part of the page a heading heads: its own section, else what follows it up to the next
  // heading of its level or higher.
  const levelOf = (h) => Number((h.localName.match(/^h([1-6])$/) || [])[1] || h.getAttribute('aria-level') || 2);
  const underHeading = (h) => {
    const parent = h.parentElement;
    if (parent && parent !== document.body && !parent.matches('main, [role=main]') && parent.querySelector(HEADING) === h) return [parent];
    const out = [];
    for (let n = h.nextElementSibling; n; n = n.nextElementSibling) {
      const next = n.matches(HEADING) ? n : n.querySelector(HEADING);
      if (next && levelOf(next) <= levelOf(h)) { if (next !== n) out.push(n); break; }
      out.push(n);
    }
    return out;
  };
  const hasWords = (text, words) => { const has = wordsOf(text); return words.every((w) => has.includes(w)); };
  const sameWords = (text, words) => { const has = wordsOf(text); return hasWords(text, words) && has.every((w) => words.includes(w)); };
  // Words of an element's id and classes ("cart-items", "miniCart" -> cart, items, mini, cart).
  const ownWords = (el) => wordsOf(((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : '')).replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' '));
  const CHROME = 'nav, [role=navigation], header, footer, [role=banner], [role=contentinfo], aside, [role=complementary], [role=menu], [role=menubar], [role=tablist], [role=toolbar], [role=dialog], dialog';
  const CONTROL = 'a, button, [role=button], [role=link], input, select, textarea, label, summary';
  const inChrome = (el) => el.parentElement && el.parentElement.closest(CHROME) !== null;
  const seenBox = (el) => sight.boxSeen(el) || sight.placed(el);

  if (spec.kind === 'list' || spec.kind === 'table') {
    const LISTS = 'ul, ol, menu, [role=list], [role=listbox], [role=feed]';
    const TABLES = 'table, [role=table], [role=grid], [role=treegrid]';
    const ofKind = (sel) => outermost(all.filter((el) => el.matches(sel) && !el.matches('[role=none], [role=presentation]')));
    const NAV_NAMES = ['breadcrumb', 'breadcrumbs', 'pagination', 'pager', 'tabs', 'filters'];
    const content = (els) => els.filter((el) => sight.placed(el) && !inChrome(el) && !el.matches(CHROME) && !NAV_NAMES.some((w) => ownWords(el).includes(w) || wordsOf(el.getAttribute('aria-label')).includes(w)));
    const lists = spec.kind === 'table' ? [] : ofKind(LISTS);
    const tables = ofKind(TABLES);
    // A list of links only is a menu, not the list of things the sentence is about.
    const menuLike = (el) => { const items = Array.from(el.children).filter((c) => c.matches('li, [role=listitem]')); return items.length > 0 && items.every((c) => { const links = c.querySelectorAll(CONTROL); return links.length === 1 && norm(links[0].textContent) === norm(c.textContent); }); };
    let found = content(lists);
    if (found.some((el) => !menuLike(el))) found = found.filter((el) => !menuLike(el));
    // "the list" where the page's only list of things is a table (contacts in rows).
    if (!found.length) found = content(tables);
    // An empty list the page hides (a todo app with no todos left) is still the list: it shows nothing.
    if (!found.length) { const empty = [...lists, ...(spec.kind === 'table' ? tables : [])].filter((el) => !inChrome(el) && !el.querySelector(ITEM)); if (empty.length === 1) found = empty; }
    // "the ticket list": the one its class, label or heading says is of tickets.
    if (found.length > 1 && spec.words.length) {
      const said = found.filter((el) => spec.words.every((w) => [...ownWords(el), ...wordsOf(nameOf(el))].some((o) => o === w || o === w + 's' || o + 's' === w)));
      if (said.length) found = said;
    }
    if (found.length > 1) { const inMain = found.filter((el) => el.closest('main, [role=main]')); if (inMain.length) found = inMain; }
    const noun = spec.kind === 'table' || !lists.some((el) => found.includes(el)) ? 'table' : 'list';
    const others = [...lists, ...tables].filter((el) => sight.placed(el) && !found.includes(el)).map((el) => { const n = nameOf(el); const items = itemsIn([el]); return (el.closest('nav, [role=navigation]') ? 'a navigation list' : 'a list') + (n ? ' ' + JSON.stringify(n) : items.length ? ' of ' + quoted(items) : ''); });
    return { places: found.map((el) => place(noun, [el])), others: others.slice(0, 6) };
  }
  if (spec.kind === 'dialog') {
    const open = outermost(all.filter((el) => el.matches('[role=dialog], [role=alertdialog], dialog[open], [aria-modal=true]') && sight.boxSeen(el)));
    const named = spec.words.length ? open.filter((el) => hasWords(nameOf(el) || seen(el), spec.words)) : open;
    return { places: named.map((el) => place('dialog', [el])), others: open.filter((el) => !named.includes(el)).map((el) => 'a dialog ' + JSON.stringify(nameOf(el) || norm(seen(el)).slice(0, 40))) };
  }
  if (spec.kind === 'cart') {
    const CART = ['cart', 'basket', 'bag', 'trolley', 'minicart'];
    const saysCart = (words) => words.some((w) => CART.includes(w));
    const candidates = all.filter((el) => !el.matches(CONTROL + ', svg, img, ' + HEADING) && !el.closest('a, button, [role=button], [role=link]') && (saysCart(ownWords(el)) || saysCart(wordsOf(el.getAttribute('aria-label')))) && seenBox(el));
    const headed = all.filter((h) => h.matches(HEADING) && saysCart(wordsOf(h.textContent)) && sight.boxSeen(h)).map(underHeading).filter((els) => els.length);
    // Its indicator ("Cart (2)", a badge) tells how many, not what: it is no cart of items.
    const indicator = (els) => wordsOf(els.map(seen).join(' ')).every((w) => CART.includes(w) || /^[0-9]+$/.test(w) || w === 'items' || w === 'item');
    const groups = [...outermost(candidates).map((el) => [el]), ...headed.filter((els) => !candidates.some((c) => els.some((e) => c.contains(e))))];
    const carts = groups.filter((els) => !indicator(els));
    const outer = carts.filter((els) => !carts.some((o) => o !== els && o.some((a) => els.every((e) => a !== e && a.contains(e)))));
    return { places: outer.map((els) => place('cart', els)), others: [] };
  }
  if (spec.kind === 'field') {
    const label = (el) => norm([el.getAttribute('aria-label'), ...(el.labels ? Array.from(el.labels).map((l) => l.textContent) : []), el.getAttribute('placeholder'), el.getAttribute('name'), el.id].filter(Boolean).join(' '));
    const fields = all.filter((el) => el.matches('input, textarea, select, [contenteditable=true], [role=textbox], [role=combobox]') && sight.boxSeen(el) && !NO_TEXT.includes((el.getAttribute('type') || '').toLowerCase()));
    const named = spec.words.length ? fields.filter((el) => hasWords(label(el), spec.words)) : fields;
    return { places: named.map((el) => ({ label: 'the field ' + JSON.stringify(label(el).slice(0, 40)), items: [], text: norm(el.matches('input, textarea, select') ? seen(el) : el.innerText) })), others: [] };
  }
  if (spec.kind === 'named') {
    const headings = all.filter((h) => h.matches(HEADING) && sight.boxSeen(h) && sameWords(h.textContent, spec.words));
    const parts = headings.map(underHeading).filter((els) => els.length);
    return { places: parts.map((els) => place('section', els)), others: [] };
  }
  const AREAS = { sidebar: 'aside, [role=complementary]', header: 'header, [role=banner]', footer: 'footer, [role=contentinfo]', navigation: 'nav, [role=navigation]' };
  // Pages drawn with divs say the area in an id or class instead ("page-header", "topbar", "sidenav").
  const WORDS = { sidebar: ['sidebar', 'sidenav'], header: ['header', 'topbar', 'masthead'], footer: ['footer'], navigation: ['nav', 'navbar', 'navigation'] };
  const saysArea = (el) => ownWords(el).some((w) => WORDS[spec.kind].includes(w)) || (spec.kind === 'sidebar' && ownWords(el).join(' ').includes('side bar'));
  const landmarks = all.filter((el) => el.matches(AREAS[spec.kind]) && seenBox(el));
  // The page's own areas, not those of its articles, cards and dialogs ("card-header").
  const pageOwn = (el) => !el.parentElement.closest('article, section, aside, li, [role=dialog], dialog');
  const named = landmarks.length || spec.kind === 'sidebar' ? [] : all.filter((el) => saysArea(el) && seenBox(el) && pageOwn(el));
  const areas = [...landmarks, ...(spec.kind === 'sidebar' ? all.filter((el) => !landmarks.includes(el) && saysArea(el) && seenBox(el)) : named)];
  const top = spec.kind === 'header' || spec.kind === 'footer' ? areas.filter(pageOwn) : areas;
  return { places: outermost(top.length ? top : areas).map((el) => place(spec.kind, [el])), others: [] };
}`);

/** The places on the page that the spec names (see `placeContents`). */
export async function placesNamed(page: Page, spec: PlaceSpec): Promise<PlacesFound> {
  return page.evaluate(placeContents, spec).catch((): PlacesFound => ({ places: [], others: [] }));
}
