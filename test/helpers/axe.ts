// The dashboard's own accessibility bar: a page has no serious or critical axe-core violation (WCAG 2
// A and AA rules, and axe's best practices), checked with the same axe-core the exploration uses.
import type { Page } from 'playwright-core';
import { findAxeViolations } from '../../backend/src/exploratory/accessibility.js';

/** The serious and critical violations on the page, as lines that say what and where. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const violations = await findAxeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target).join(', ')}`);
}
