// Code that runs inside the explored page, written as JavaScript source rather than TypeScript
// functions: the TypeScript loader (tsx/esbuild with keepNames) may wrap functions in a `__name`
// helper that exists in Node but not in the page. A function built from source text keeps its text.
import type { AxeViolation } from './findings.js';

function pageFunction<F>(source: string): F {
  return new Function(`return (${source});`)() as F;
}

export interface RawAnchor {
  /** Resolved against the document's base URL. */
  href: string;
  /** The attribute as written. */
  raw: string | null;
  download: boolean;
  /** The anchor's HTML, shortened. */
  html: string;
}

/** Every `a[href]` and `area[href]` of the document, in document order. */
export const readAnchors = pageFunction<() => RawAnchor[]>(`() => {
  const anchors = [];
  for (const element of Array.from(document.querySelectorAll('a[href], area[href]'))) {
    const raw = element.getAttribute('href');
    let href;
    try {
      href = typeof element.href === 'string' ? element.href : new URL(raw || '', document.baseURI).href;
    } catch {
      continue;
    }
    const html = element.outerHTML;
    anchors.push({ href, raw, download: element.hasAttribute('download'), html: html.length > 300 ? html.slice(0, 300) + '…' : html });
  }
  return anchors;
}`);

/** Runs the injected axe-core on the document with the given tags; violations only, frames not entered. */
export const runAxe = pageFunction<(tags: string[]) => Promise<AxeViolation[]>>(`async (tags) => {
  const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact || null,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({ html: n.html, target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))) })),
  }));
}`);
