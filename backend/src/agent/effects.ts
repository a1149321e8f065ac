// Did an action have an effect? A burn-in must not record a click that did nothing (the visually
// hidden input of a custom checkbox, whose app listens only to the label). Something changed when the
// DOM changed, a form control's state changed, the URL changed, a request went out, or a dialog or a
// new page opened.
import type { ElementHandle, Page } from 'playwright-core';

function pageFunction<F>(source: string): F {
  return new Function(`return (${source});`)() as F;
}

/** Starts counting DOM mutations (open shadow roots included) and returns the form controls' state. */
const startWatch = pageFunction<() => string>(`() => {
  const state = { mutations: 0 };
  const observer = new MutationObserver((records) => { state.mutations += records.length; });
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  const observe = (root) => {
    observer.observe(root, options);
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) observe(el.shadowRoot);
  };
  observe(document);
  if (window.__goalieEffects) window.__goalieEffects.observer.disconnect();
  window.__goalieEffects = { state, observer };
  return Array.from(document.querySelectorAll('input, select, textarea'), (el) => (el.type === 'checkbox' || el.type === 'radio' ? String(el.checked) : el.value)).join('\\u0001');
}`);

const readWatch = pageFunction<() => { mutations: number; controls: string }>(`() => {
  const watch = window.__goalieEffects;
  const mutations = watch ? watch.state.mutations : 1;
  if (watch) watch.observer.disconnect();
  window.__goalieEffects = undefined;
  const controls = Array.from(document.querySelectorAll('input, select, textarea'), (el) => (el.type === 'checkbox' || el.type === 'radio' ? String(el.checked) : el.value)).join('\\u0001');
  return { mutations, controls };
}`);

const peekMutations = pageFunction<() => number>(
  `() => (window.__goalieEffects ? window.__goalieEffects.state.mutations : 1)`,
);

/** Starts watching; the returned function says whether anything changed since. */
export async function watchEffects(page: Page): Promise<() => Promise<boolean>> {
  const url = page.url();
  let events = 0;
  const count = () => {
    events++;
  };
  page.on('request', count);
  page.on('dialog', count);
  page.context().on('page', count);
  const controls = await page.evaluate(startWatch).catch(() => null);
  return async () => {
    page.off('request', count);
    page.off('dialog', count);
    page.context().off('page', count);
    if (controls === null || events > 0 || page.url() !== url) return true;
    // A page may answer a moment later (a timer, an animation frame): give it that moment.
    if ((await page.evaluate(peekMutations).catch(() => 1)) === 0)
      await new Promise((resolve) => setTimeout(resolve, 150));
    // A navigation replaced the document (the marker is gone): that is an effect too.
    const after = await page.evaluate(readWatch).catch(() => ({ mutations: 1, controls }));
    return after.mutations > 0 || after.controls !== controls;
  };
}

/**
 * What a person would click instead of an element that did nothing: a visually hidden input's
 * visible label (or the visible text beside it when the label is not linked), or the nearest
 * clickable ancestor; for anything else, its first text (a click lands in an element's middle,
 * which in a wide row is empty space). Elements in order, best first.
 */
export const personTargets = pageFunction<(el: Element) => Element[]>(`(el) => {
  const out = [];
  const up = (n) => (n.parentNode && n.parentNode.nodeType === 11 ? n.parentNode.host : n.parentNode);
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return false;
    return e.checkVisibility ? e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) : true;
  };
  const add = (e) => { if (e && e !== el && e.nodeType === 1 && shown(e) && !out.includes(e)) out.push(e); };
  if (!['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) {
    // A wide row whose handler sits on its text (a tree item's label): click the text, not the middle.
    const ownText = (e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!ownText(el)) for (const child of el.querySelectorAll('*')) if (ownText(child) && shown(child)) { add(child); break; }
    return out;
  }
  if (el.labels) for (const label of el.labels) add(label);
  for (let n = up(el); n && n.nodeType === 1; n = up(n)) if (n.tagName === 'LABEL') add(n);
  // A label whose "for" names no element, or a styled box beside the input: the siblings a person sees.
  const parent = up(el);
  if (parent && parent.nodeType === 1) {
    for (const sibling of parent.children) if (sibling !== el && (sibling.tagName === 'LABEL' || getComputedStyle(sibling).cursor === 'pointer')) add(sibling);
  }
  const clickable = 'a[href], button, label, summary, [role=button], [role=link], [role=checkbox], [role=switch], [role=menuitem], [role=tab], [role=option], [role=treeitem], [onclick]';
  for (let n = up(el); n && n.nodeType === 1 && n !== document.body; n = up(n)) {
    if (n.matches(clickable) || getComputedStyle(n).cursor === 'pointer') { add(n); break; }
  }
  return out;
}`);

/** Whether the element is there for the code but not for the eye (opacity 0, 1 px, clipped away). */
export const isVisuallyHidden = pageFunction<(el: Element) => boolean>(`(el) => {
  const r = el.getBoundingClientRect();
  if (r.width < 4 || r.height < 4) return true;
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (Number(s.opacity) === 0) return true;
    if (s.clip && s.clip !== 'auto' && /rect\\(\\s*0/.test(s.clip)) return true;
    if (s.clipPath && /inset\\(\\s*(50%|100%)/.test(s.clipPath)) return true;
  }
  return r.right < 0 || r.bottom < 0;
}`);

export type { ElementHandle };
