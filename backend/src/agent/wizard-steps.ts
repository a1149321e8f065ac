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
  // "#1": the first step, "#-1": the last (said by position: "the very first screen").
  const nth = /^#(-?\\d+)$/.exec(name);
  if (nth) { const n = Number(nth[1]); const i = n < 0 ? steps.length + n : n - 1; return steps[i] ? { at: steps.indexOf(current), wanted: i } : null; }
  const wanted = words(name);
  const named = steps.map((s, i) => [i, words(s.textContent).replace(/^\\d+\\s*/, '')]).filter(([, t]) => t === wanted || t.split(' ').includes(wanted) && wanted.split(' ').length === 1 && t.split(' ').length <= 3);
  if (named.length !== 1) return null;
  return { at: steps.indexOf(current), wanted: named[0][0] };
}`);

/** A step's name as a sentence may say it: "review step", "Continue review" (from "continue to the review"). */
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, last: -1, final: -1 };

export function stepName(name: string): string {
  const ordinal =
    /^(?:the\s+)?(?:very\s+)?(first|second|third|fourth|fifth|last|final)(?:\s+(?:step|page|screen|stage))?$/i.exec(
      name.trim(),
    );
  if (ordinal) return `#${ORDINALS[ordinal[1]!.toLowerCase()]}`;
  return name
    .replace(/^(?:continue|proceed|go|move)\s+(?:on\s+|back\s+)?/i, '')
    .replace(/\s+(?:step|page|screen|stage)$/i, '')
    .trim();
}

/** How many steps after the current one the named step is (0: it is current, below 0: before it); null when none is. */
export async function stepOffset(page: Page, name: string): Promise<number | null> {
  const steps = await page.evaluate(stepsOf, stepName(name)).catch(() => null);
  return steps ? steps.wanted - steps.at : null;
}

/** How many steps come after the current one in the page's step indicator; null when it has none. */
export async function stepsLeft(page: Page): Promise<number | null> {
  const steps = await page.evaluate(stepsOf, '#-1').catch(() => null);
  return steps ? steps.wanted - steps.at : null;
}

/** "Create account on the review page": the control, and the step it is on. */
export function onStep(name: string): { control: string; step: string } | null {
  const m = /^(.+?)\s+(?:on|in|at)\s+(?:the\s+)?(.+?)\s+(?:page|step|screen|stage)$/i.exec(name);
  return m ? { control: m[1]!, step: m[2]! } : null;
}
