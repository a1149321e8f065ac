// The baseline: the same recorded steps, run by a plain Playwright script (first locator of each
// step, no database), with the same parallelism. Without evidence (the target's baseline), or with
// the evidence Goalie keeps by default — a screenshot after each step and at the end, and the trace
// with DOM snapshots, written to files — which separates what the evidence costs from what the
// service costs.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { captureJpeg } from '../../backend/src/agent/capture-jpeg.js';
import { toPlaywright } from '../../backend/src/agent/playwright-locator.js';
import type { Step } from '../../backend/src/domain/steps.js';

/** The evidence the script keeps, as the service is configured (GOALIE_TRACE, GOALIE_SCREENSHOTS), and where. */
export type Evidence = { dir: string; trace: boolean; stepScreenshots: boolean } | null;

let played = 0;

async function play(
  browser: Browser,
  baseUrl: string,
  steps: Step[],
  expectedText: string,
  evidence: Evidence,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const prefix = evidence ? path.join(evidence.dir, String(played++)) : '';
  if (evidence?.trace) await context.tracing.start({ screenshots: false, snapshots: true });
  const page = await context.newPage();
  const writes: Promise<void>[] = [];
  const screenshot = async (label: string) => {
    if (!evidence || (label !== 'final' && !evidence.stepScreenshots)) return;
    // As the executor does: a page in the middle of loading (a click that submits) is captured once loaded.
    await page.waitForLoadState('load');
    writes.push(fs.writeFile(`${prefix}-${label}.jpg`, await captureJpeg(page)));
  };
  for (const [index, step] of steps.entries()) {
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
    await screenshot(String(index + 1));
  }
  await page.getByText(expectedText).first().waitFor();
  await screenshot('final');
  if (evidence?.trace) await context.tracing.stop({ path: `${prefix}-trace.zip` });
  await context.close();
  await Promise.all(writes);
}

/** Runs every test case, `parallelism` at a time; returns the wall time in ms. */
export async function runPlain(
  browser: Browser,
  baseUrl: string,
  cases: { steps: Step[]; expectedText: string }[],
  parallelism: number,
  evidence: Evidence = null,
): Promise<number> {
  const queue = [...cases];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallelism }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await play(browser, baseUrl, next.steps, next.expectedText, evidence);
    }),
  );
  return performance.now() - started;
}
