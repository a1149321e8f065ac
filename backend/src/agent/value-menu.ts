// "Assign them to Marcus Chen" where the page has a button "Assign to…" that opens a list of people:
// the button named by the sentence's first words (verb and particle) and marked as opening something
// (aria-haspopup, aria-expanded, or a name ending in "…" or a caret), and the rest of the words the
// value to choose in what it opens. Null unless exactly one such button fits.
import type { Page } from 'playwright-core';

/** Words that join a verb to its value: "Assign to…", "Send as…", "Move into…". */
const PARTICLES = new Set(['to', 'into', 'as', 'by', 'for', 'in', 'on', 'with']);
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
const contentWords = (text: string) => wordsOf(text).filter((word) => !PARTICLES.has(word));

export interface ValueMenu {
  /** The opener's accessible name, as the page gives it. */
  opener: string;
  /** The words after it in the sentence's name: what to choose once it is open. */
  value: string;
}

/** The visible buttons that say they open something, by name. */
async function openers(page: Page): Promise<string[]> {
  return page
    .locator('button, [role=button]')
    .locator('visible=true')
    .evaluateAll((els) =>
      els
        .filter(
          (el) =>
            (el.getAttribute('aria-haspopup') ?? 'false') !== 'false' ||
            el.hasAttribute('aria-expanded') ||
            /(?:…|\.\.\.|▾|▼|⌄|⏷)\s*$/.test(el.textContent || ''),
        )
        .map((el) => (el.getAttribute('aria-label') || el.textContent || '').replace(/\s+/g, ' ').trim()),
    );
}

export async function valueMenuFor(page: Page, name: string): Promise<ValueMenu | null> {
  const wanted = contentWords(name);
  const fitting = (await openers(page)).filter((opener) => {
    const own = contentWords(opener);
    return own.length > 0 && own.length < wanted.length && own.every((word, i) => wanted[i] === word);
  });
  if (fitting.length !== 1) return null;
  const opener = fitting[0]!;
  // The value as written: the sentence's words after the opener's words and their particles.
  const skip = new Set(contentWords(opener));
  const words = name.trim().split(/\s+/);
  let at = 0;
  while (at < words.length && wordsOf(words[at]!).every((word) => skip.has(word) || PARTICLES.has(word))) at++;
  const value = words.slice(at).join(' ');
  return value ? { opener, value } : null;
}
