// The baseline: the same recorded steps, run by a plain Playwright script (first locator of each
// step, no evidence, no database), with the same parallelism.
import type { Browser } from 'playwright-core';
import { toPlaywright } from '../../backend/src/agent/playwright-locator.js';
import type { Step } from '../../backend/src/domain/steps.js';

async function play(browser: Browser, baseUrl: string, steps: Step[], expectedText: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  for (const step of steps) {
    const target = 'target' in step && step.target ? toPlaywright(page, step.target.locators[0]!) : null;
    switch (step.action) {
      case 'goto':
        await page.goto(new URL(step.url, baseUrl).href);
        break;
      case 'click':
        await target!.click();
        break;
      case 'fill':
        await target!.fill(step.value);
        break;
      case 'check':
        await target!.check();
        break;
      case 'uncheck':
        await target!.uncheck();
        break;
      case 'select':
        await target!.selectOption({ label: step.value });
        break;
      case 'press':
        await (target ? target.press(step.key) : page.keyboard.press(step.key));
        break;
      case 'hover':
        await target!.hover();
        break;
      case 'wait':
        await page.getByText(step.text).first().waitFor();
        break;
      case 'assert':
        break;
    }
  }
  await page.getByText(expectedText).first().waitFor();
  await context.close();
}

/** Runs every test case, `parallelism` at a time; returns the wall time in ms. */
export async function runPlain(browser: Browser, baseUrl: string, cases: { steps: Step[]; expectedText: string }[], parallelism: number): Promise<number> {
  const queue = [...cases];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await play(browser, baseUrl, next.steps, next.expectedText);
    }),
  );
  return performance.now() - started;
}
