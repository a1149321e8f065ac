// Shared by the dev set's hand-written scripts: whether a locator's first match becomes visible.
import type { Locator } from 'playwright-core';

export async function shows(locator: Locator, timeout = 1500): Promise<boolean> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
    return true;
  } catch {
    return false;
  }
}
