// "go to the review", "continue to the review step" in a wizard whose step indicator lists the
// steps (one marked aria-current="step") and whose steps are reached only through Continue: the
// named step is ahead of the current one, so Continue is pressed until it is the current step.
import type { Page } from 'playwright-core';
import { pageFunction } from './visibility-script.js';

/** `(name) => { at, wanted } | null`: the current step's index and the named step's, in the indicator. */
const stepsOf = pageFunction<(name: string) => { at: number; wanted: number } | null>(`(name) => {
  const current = document.querySelector('[aria-current="step"]');
  if (!current || !current.parentElement) return null;
  const steps = Array.from(current.parentElement.children);
  const words = (t) => (t || '').toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, ' ').trim();
  const wanted = words(name);
  const named = steps.map((s, i) => [i, words(s.textContent).replace(/^\\d+\\s*/, '')]).filter(([, t]) => t === wanted || t.split(' ').includes(wanted) && wanted.split(' ').length === 1 && t.split(' ').length <= 3);
  if (named.length !== 1) return null;
  return { at: steps.indexOf(current), wanted: named[0][0] };
}`);

/** A step's name as a sentence may say it: "review step", "Continue review" (from "continue to the review"). */
export function stepName(name: string): string {
  return name
    .replace(/^(?:continue|proceed|go|move)\s+(?:on\s+)?/i, '')
    .replace(/\s+(?:step|page|screen|stage)$/i, '')
    .trim();
}

/** How many steps ahead of the current one the named step is (0: it is current); null when it is none ahead. */
export async function stepsAhead(page: Page, name: string): Promise<number | null> {
  const steps = await page.evaluate(stepsOf, stepName(name)).catch(() => null);
  return steps && steps.wanted >= steps.at ? steps.wanted - steps.at : null;
}

/** "Create account on the review page": the control, and the step it is on. */
export function onStep(name: string): { control: string; step: string } | null {
  const m = /^(.+?)\s+(?:on|in|at)\s+(?:the\s+)?(.+?)\s+(?:page|step|screen|stage)$/i.exec(name);
  return m ? { control: m[1]!, step: m[2]! } : null;
}
