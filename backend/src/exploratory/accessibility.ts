// axe-core on a loaded page: WCAG 2.0 A and AA rules, violations only, trimmed to what a finding
// shows. The script is evaluated through the DevTools protocol (not a <script> tag), so a page's
// Content-Security-Policy does not block it; frames are not entered.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeViolation } from './findings.js';
import { runAxe } from './page-scripts.js';

export const AXE_TAGS = ['wcag2a', 'wcag2aa'];

let axeSource: Promise<string> | null = null;

/** axe.min.js from the axe-core package, read once per process. */
export function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8').catch(
    (error: unknown) => {
      axeSource = null;
      throw new Error(`Cannot read axe-core (npm package "axe-core"): ${(error as Error).message}. Run npm install.`);
    },
  );
  return axeSource;
}

/** The page's WCAG 2 A/AA violations. Throws when the page navigates or closes meanwhile. */
export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(await loadAxeSource());
  return page.evaluate(runAxe, AXE_TAGS);
}
