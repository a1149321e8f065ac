// "An error asks you to choose the dates": a message the page shows, said in the sentence's own
// words (domain/goal-language/message-clauses.ts). Only texts that are messages count: alerts,
// statuses, live regions, and elements whose class or id says error (or err), alert, warning, notice, toast,
// flash or message; one of them must say every content word of the sentence (word-cover.ts). The
// words as written, shown anywhere, hold too.
import type { Page } from 'playwright-core';
import { coversWords } from '../domain/goal-language/word-cover.js';
import { resolvePlaceholders, type ConfigValues, type Expectation } from '../domain/steps.js';
import { pollUntil } from './poll-until.js';
import { visibleHolder } from './visible-text.js';
import { pageFunction, SIGHT } from './visibility-script.js';

/** The seen texts of the page's messages, whitespace collapsed, each once (at most 20, 300 characters each). */
const messagesShown = pageFunction<() => string[]>(`() => {
  const sight = (${SIGHT})();
  const MESSAGE = '[role=alert], [role=alertdialog], [role=status], [aria-live=assertive], [aria-live=polite], output, ' +
    '[class*=error i], [class*=invalid i], [class*=danger i], [class*=alert i], [class*=warning i], [class*=notice i], ' +
    '[class*=toast i], [class*=flash i], [class*=message i], [id*=error i], ' +
    // "err" as a word of a class ("err", "field-err", "err-text"), not inside another ("terrain").
    '[class~=err i], [class*="-err" i], [class*="err-" i], [class*="_err" i], [class*="err_" i], [id$="-err" i]';
  const texts = [];
  for (const el of document.body.querySelectorAll(MESSAGE)) {
    const text = (el.innerText || '').replace(/\\s+/g, ' ').trim();
    if (text && sight.boxSeen(el) && !texts.includes(text.slice(0, 300))) texts.push(text.slice(0, 300));
    if (texts.length >= 20) break;
  }
  return texts;
}`);

export async function checkMessage(
  page: Page,
  expectation: Extract<Expectation, { kind: 'message' }>,
  configs: ConfigValues,
  timeoutMs: number,
  title: string,
  said: string,
): Promise<{ passed: boolean; title: string; line: string }> {
  const words = resolvePlaceholders(expectation.words, configs);
  let shown: string[] = [];
  let saying: string | undefined;
  const says = async () => {
    shown = await page.evaluate(messagesShown).catch((): string[] => []);
    // The words as written, anywhere ("The banner says it is free" where no message is marked as one).
    saying =
      shown.find((text) => coversWords(words, text)) ??
      (await visibleHolder(page, words).catch(() => null)) ??
      undefined;
    return saying !== undefined;
  };
  if (await pollUntil(says, timeoutMs)) return { passed: true, title, line: `✓ ${said} (${JSON.stringify(saying)}).` };
  const seen = shown.length
    ? `the messages shown are ${shown.map((t) => JSON.stringify(t)).join(', ')}`
    : 'the page shows no message (alert, status or error text)';
  return {
    passed: false,
    title,
    line: `✗ no message says every word of ${JSON.stringify(words)} within ${Math.round(timeoutMs / 100) / 10} s: ${seen}.`,
  };
}
