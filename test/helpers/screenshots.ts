// Screenshots of dashboard pages for docs/dashboard.md, taken by the e2e tests when
// DASHBOARD_SCREENSHOTS=1. A normal test run takes none: times and IDs differ on every run, and the
// committed images should change only when someone looked at the new ones.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const IMAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'images');

/** The width the documentation's screenshots are taken at. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 };

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.DASHBOARD_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(IMAGES, `dashboard-${name}.png`), fullPage: true });
}
