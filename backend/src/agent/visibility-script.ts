// What a person can see, as page-side JavaScript source shared by the in-page scripts that judge
// expected results (visible-text.ts, countItems). Source text, not TypeScript functions: see
// page-scripts.ts for why (tsx wraps named inner functions in a helper the page lacks).

/** Builds a page function from its source; the function's text is the source itself. */
export function pageFunction<F>(source: string): F {
  return new Function(`return (${source});`)() as F;
}

/**
 * `() => sight`: a fresh, cached view of the page's layout for one evaluate. A region is the
 * rectangle (client coordinates) content can be seen in: the page a person can scroll through,
 * narrowed by every ancestor that clips (overflow hidden/clip, `clip`, `clip-path: inset()`) and
 * by scroll boxes of no size. A thing is seen when at least 2×2 px of it lies inside its region,
 * so 1 px "visually hidden" boxes, zero sizes, `left: -9999px` and transforms off the page fail.
 *
 * - `style(el)`: computed style, cached.
 * - `up(el)`: the parent in the rendered (flat) tree: slot, shadow host, or parent element.
 * - `region(el)`: where el's content can be seen.
 * - `textSeen(textNode, el)`: some of the text's line boxes are seen (el is its flat parent).
 * - `boxSeen(el)`: rendered (display, visibility, opacity, collapsed details), and its box is seen.
 * - `placed(el)`: rendered and inside a region, even when empty (a list with no items).
 */
export const SIGHT = `() => {
  const styles = new Map();
  const regions = new Map();
  const style = (el) => { let s = styles.get(el); if (!s) { s = getComputedStyle(el); styles.set(el, s); } return s; };
  const up = (el) => el.assignedSlot || (el.parentNode && el.parentNode.nodeType === 11 ? el.parentNode.host : el.parentElement);
  const root = document.documentElement;
  const scroller = document.scrollingElement || root;
  const rootStyle = getComputedStyle(root);
  const bodyStyle = document.body ? getComputedStyle(document.body) : rootStyle;
  // The body's overflow applies to the viewport when the root's is visible.
  const propagated = rootStyle.overflowX === 'visible' && rootStyle.overflowY === 'visible';
  const viewportStyle = propagated ? bodyStyle : rootStyle;
  const stuck = (o) => o === 'hidden' || o === 'clip';
  // A person can scroll the whole page (not to negative coordinates), unless its overflow is hidden.
  const page = {
    l: stuck(viewportStyle.overflowX) ? 0 : -scroller.scrollLeft,
    r: stuck(viewportStyle.overflowX) ? root.clientWidth : scroller.scrollWidth - scroller.scrollLeft,
    t: stuck(viewportStyle.overflowY) ? 0 : -scroller.scrollTop,
    b: stuck(viewportStyle.overflowY) ? root.clientHeight : scroller.scrollHeight - scroller.scrollTop,
  };
  const viewport = { l: 0, t: 0, r: root.clientWidth, b: root.clientHeight };
  const EMPTY = { l: 0, t: 0, r: 0, b: 0 };
  const ALL = -1e9, NONE = 1e9;
  const cut = (a, b) => ({ l: Math.max(a.l, b.l), t: Math.max(a.t, b.t), r: Math.min(a.r, b.r), b: Math.min(a.b, b.b) });
  const big = (a) => a.r - a.l >= 2 && a.b - a.t >= 2;
  const rect = (r) => ({ l: r.left, t: r.top, r: r.right, b: r.bottom });
  const length = (v, size) => (v.endsWith('%') ? (parseFloat(v) / 100) * size : parseFloat(v) || 0);
  const axis = (overflow, start, client, scrollStart, scrollSize) => {
    if (overflow === 'visible') return [ALL, NONE];
    if (stuck(overflow)) return [start, start + client];
    // A scroll box can be scrolled to all its content, if it has any size to scroll in.
    return client >= 2 ? [start - scrollStart, start - scrollStart + scrollSize] : [0, 0];
  };
  // The clipping el adds for its own content.
  const own = (el, s, outer) => {
    if (s.display === 'contents') return outer;
    let a = outer;
    const box = el.getBoundingClientRect();
    const inline = s.display === 'inline';
    if (!inline && el !== document.body) {
      const [l, r] = axis(s.overflowX, box.left + el.clientLeft, el.clientWidth, el.scrollLeft, el.scrollWidth);
      const [t, b] = axis(s.overflowY, box.top + el.clientTop, el.clientHeight, el.scrollTop, el.scrollHeight);
      a = cut(a, { l, r, t, b });
    }
    if ((s.position === 'absolute' || s.position === 'fixed') && s.clip.startsWith('rect(')) {
      const v = s.clip.slice(5, -1).split(/[\\s,]+/);
      const at = (i, otherwise) => (v[i] === 'auto' ? otherwise : parseFloat(v[i]));
      a = cut(a, { t: box.top + at(0, 0), r: box.left + at(1, box.width), b: box.top + at(2, box.height), l: box.left + at(3, 0) });
    }
    const path = s.clipPath || 'none';
    const inset = /^inset\\((.*?)(?:\\s+round\\s.*)?\\)/.exec(path);
    if (inset) {
      const [t, r = t, b = t, l = r] = inset[1].trim().split(/\\s+/);
      a = cut(a, { t: box.top + length(t, box.height), r: box.right - length(r, box.width), b: box.bottom - length(b, box.height), l: box.left + length(l, box.width) });
    } else if (/^(circle|ellipse)\\(0(px|%)?[\\s)]/.test(path)) a = EMPTY;
    return a;
  };
  const region = (el) => {
    if (!el || el === root) return page;
    let a = regions.get(el);
    if (a) return a;
    const s = style(el);
    let outer;
    if (s.position === 'fixed') outer = viewport;
    else if (s.position === 'absolute') {
      // Only the containing block and what is around it clip an absolutely positioned box.
      let c = up(el);
      while (c && c !== root && style(c).position === 'static' && style(c).transform === 'none') c = up(c);
      outer = region(c);
    } else outer = region(up(el));
    a = own(el, s, outer);
    regions.set(el, a);
    return a;
  };
  const range = document.createRange();
  const textSeen = (node, el) => {
    range.selectNodeContents(node);
    const a = region(el);
    for (const r of range.getClientRects()) if (big(cut(rect(r), a))) return true;
    return false;
  };
  const rendered = (el) => {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    // Of a collapsed details only its summary shows.
    for (let child = el, n = up(el); n; child = n, n = up(n)) {
      if (n.localName === 'details' && !n.open && child !== n.querySelector(':scope > summary')) return false;
    }
    return true;
  };
  const boxSeen = (el) => rendered(el) && big(cut(rect(el.getBoundingClientRect()), region(el)));
  const placed = (el) => {
    if (!rendered(el)) return false;
    const r = el.getBoundingClientRect();
    return big(cut({ l: r.left, t: r.top, r: Math.max(r.right, r.left + 2), b: Math.max(r.bottom, r.top + 2) }, region(up(el))));
  };
  return { style, up, region, textSeen, boxSeen, placed };
}`;
