// "The 'One number' rule is ticked": an item of a checklist drawn without a checkbox (a password's
// rules, an onboarding list) says whether it is met by what it shows: aria-checked, words a screen
// reader hears ("(met)", "(not met)"), a tick or a circle, a class ("met", "done", "invalid"). Read
// only where no checkbox, radio button or switch has the name; an item that shows none of these
// tells nothing, and the claim fails as before.
import type { Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

export interface ChecklistMark {
  on: boolean;
  /** What told it, for the verdict's line. */
  by: string;
}

const readMark = pageFunction<(name: string) => ChecklistMark | null>(`(name) => {
  const GLYPH_ON = /[✓✔☑✅]/;
  const GLYPH_OFF = /[○◯✗✘✕☐❌⨯]/;
  const WORDS_OFF = /(?:^|[^a-z])(?:not\\s+(?:yet\\s+)?(?:met|done|satisfied|fulfilled|complete)|unmet|incomplete|missing|failed|invalid)(?![a-z])/i;
  const WORDS_ON = /(?:^|[^a-z])(?:met|done|satisfied|fulfilled|completed?|passed|valid)(?![a-z])/i;
  const CLASS_ON = /^(?:met|done|valid|is-valid|complete|completed|checked|ok|pass|passed|success|fulfilled|satisfied)$/i;
  const CLASS_OFF = /^(?:unmet|invalid|is-invalid|incomplete|fail|failed|error|unsatisfied)$/i;
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  // The item's words without its marks: glyphs, and words in brackets ("(not met)").
  const bare = (t) => norm((t || '').replace(/\\([^)]*\\)/g, ' ').replace(/[✓✔☑✅○◯✗✘✕☐❌⨯•·]/g, ' '));
  const wanted = bare(name);
  if (!wanted) return null;
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true })); };
  const all = Array.from(document.querySelectorAll('li, [role=listitem], [role=option], p, div, span, label'));
  const named = all.filter((el) => visible(el) && bare(el.textContent) === wanted);
  const items = named.filter((el) => !named.some((other) => other !== el && el.contains(other)));
  if (items.length !== 1) return null;
  const item = items[0];
  const checked = item.getAttribute('aria-checked');
  if (checked === 'true' || checked === 'false') return { on: checked === 'true', by: 'aria-checked="' + checked + '"' };
  const text = item.textContent || '';
  const heard = Array.from(text.matchAll(/\\(([^)]*)\\)/g), (m) => m[1]).join(' ');
  if (WORDS_OFF.test(heard)) return { on: false, by: 'it says "' + heard.trim() + '"' };
  if (WORDS_ON.test(heard)) return { on: true, by: 'it says "' + heard.trim() + '"' };
  if (GLYPH_ON.test(text) && !GLYPH_OFF.test(text)) return { on: true, by: 'it shows a tick' };
  if (GLYPH_OFF.test(text) && !GLYPH_ON.test(text)) return { on: false, by: 'it shows no tick' };
  const classes = [item, ...item.querySelectorAll('*')].flatMap((el) => Array.from(el.classList));
  if (classes.some((c) => CLASS_OFF.test(c))) return { on: false, by: 'its class says it is not met' };
  if (item.classList && Array.from(item.classList).some((c) => CLASS_ON.test(c))) return { on: true, by: 'its class says it is met' };
  return null;
}`);

/** How the one checklist item showing `name` is marked; null when there is none, or it shows no mark. */
export async function checklistMark(page: Page, name: string): Promise<ChecklistMark | null> {
  return page.evaluate(readMark, name).catch(() => null);
}
