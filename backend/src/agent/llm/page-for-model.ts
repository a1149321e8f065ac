// What a language model sees of the page: its URL, title and accessibility snapshot (roles, names,
// texts, field values), bounded in size, with secret config values replaced by placeholders.
import type { Page } from 'playwright-core';
import type { ConfigValues } from '../../domain/steps.js';
import { redactSecrets } from './redact.js';

/** About 4,000 tokens: enough for a page's controls, and a bounded cost per question. */
export const MAX_SNAPSHOT_CHARS = 16_000;

export async function pageForModel(page: Page, configs: ConfigValues): Promise<string> {
  const snapshot = await page
    .locator('body')
    .ariaSnapshot({ timeout: 5000 })
    .catch(() => '');
  let shown = snapshot;
  if (snapshot.length > MAX_SNAPSHOT_CHARS) {
    const cut = snapshot.lastIndexOf('\n', MAX_SNAPSHOT_CHARS);
    shown = snapshot.slice(0, cut > 0 ? cut : MAX_SNAPSHOT_CHARS);
    shown += `\n# … ${snapshot.slice(shown.length).split('\n').length} more lines not shown`;
  }
  const title = await page.title().catch(() => '');
  const text = [
    `URL: ${page.url()}`,
    `Title: ${title}`,
    'Accessibility snapshot of the page (Playwright aria snapshot, YAML):',
    shown || '(empty)',
  ].join('\n');
  return redactSecrets(text, configs);
}
