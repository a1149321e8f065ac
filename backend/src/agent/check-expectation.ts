// Checks one expectation against the page, waiting briefly for it to come true (text appearing,
// a redirect landing), and says what was found either way.
import type { Page } from 'playwright-core';

import { resolvePlaceholders, type ConfigValues, type Expectation } from '../domain/steps.js';
import { closestOnPage, headlines } from './page-reading.js';
import { hiddenHolder, visibleHolder } from './visible-text.js';
import { checkGroupCount, checkItem } from './check-item.js';
import { checkState, stateStatement, stateTitle } from './check-state.js';
import { formatGroupCount, formatItemClaim } from '../domain/goal-language/format.js';
import { cartCounts, countCards, countItems, listsAreNavigation } from './page-scripts.js';
import { checkMessage } from './check-message.js';
import { pollUntil } from './poll-until.js';

const CART = /\b(?:cart|basket|bag|trolley)\b/i;

export interface ExpectationResult {
  passed: boolean;
  /** Short reason when it failed: `Expected "Welcome, Ada" to be shown`. */
  title: string;
  /** One line of what was checked and found. */
  line: string;
}

/**
 * Shown = a person can see it: some element's visible text holds it (see visible-text.ts). Hidden,
 * clipped, off-page and screen-reader-only text does not count, nor does the accessibility tree.
 */
export async function isShown(page: Page, text: string): Promise<boolean> {
  return (await whereShown(page, text)) !== null;
}

/** Which element shows the text, as `heading "Welcome, Ada"`, or null; null too while the page navigates. */
async function whereShown(page: Page, text: string): Promise<string | null> {
  return visibleHolder(page, text).catch(() => null);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

export function expectationTitle(expectation: Expectation): string {
  if (expectation.kind === 'state' || expectation.kind === 'value') return stateTitle(expectation);
  if (expectation.kind === 'item') return `Expected ${formatItemClaim(expectation)}`;
  if (expectation.kind === 'groupCount') return `Expected ${formatGroupCount(expectation)}`;
  if (expectation.kind === 'message') return `Expected a message saying ${JSON.stringify(expectation.words)}`;
  const q = JSON.stringify(expectation.kind === 'count' ? '' : expectation.text);
  switch (expectation.kind) {
    case 'visible':
      return `Expected ${q} to be shown`;
    case 'notVisible':
      return `Expected ${q} not to be shown`;
    case 'urlContains':
      return `Expected the URL to contain ${q}`;
    case 'titleIs':
      return `Expected the title to be ${q}`;
    case 'count':
      return `Expected ${expectation.count} ${expectation.noun}`;
  }
}

/** The expectation as a statement, quoted the way messages quote: `"Saved" is shown`. */
export function statement(expectation: Expectation): string {
  switch (expectation.kind) {
    case 'visible':
      return `${JSON.stringify(expectation.text)} is shown`;
    case 'notVisible':
      return `${JSON.stringify(expectation.text)} is not shown`;
    case 'urlContains':
      return `the URL contains ${JSON.stringify(expectation.text)}`;
    case 'titleIs':
      return `the title is ${JSON.stringify(expectation.text)}`;
    case 'count':
      return `there ${expectation.count === 1 ? 'is' : 'are'} ${expectation.count} ${expectation.noun}`;
    case 'state':
    case 'value':
      return stateStatement(expectation);
    case 'item':
      return formatItemClaim(expectation);
    case 'groupCount':
      return formatGroupCount(expectation);
    case 'message':
      return `a message says ${JSON.stringify(expectation.words)} in its own words`;
  }
}

export async function checkExpectation(
  page: Page,
  expectation: Expectation,
  configs: ConfigValues,
  timeoutMs: number,
): Promise<ExpectationResult> {
  const title = expectationTitle(expectation);
  const said = statement(expectation);
  switch (expectation.kind) {
    case 'visible': {
      const text = resolvePlaceholders(expectation.text, configs);
      if (await pollUntil(() => isShown(page, text), timeoutMs)) {
        const where = await whereShown(page, text);
        return { passed: true, title, line: `✓ ${said}${where ? ` (${where})` : ''}.` };
      }
      const hidden = await hiddenHolder(page, text);
      if (hidden)
        return {
          passed: false,
          title,
          line: `✗ ${JSON.stringify(expectation.text)} was not shown within ${seconds(timeoutMs)} on ${page.url()}. It is on the page, but a person cannot see it: ${hidden}.`,
        };
      const near = await closestOnPage(page, text, ['heading', 'alert', 'status'], 3, 0.3);
      const heads = near.length ? [] : await headlines(page);
      return {
        passed: false,
        title,
        line: `✗ ${JSON.stringify(expectation.text)} was not shown within ${seconds(timeoutMs)} on ${page.url()}. ${near.length ? `Closest text on the page: ${near.join(', ')}.` : heads.length ? `Headings on the page: ${heads.join(', ')}.` : 'The page shows no text.'}`,
      };
    }
    case 'notVisible': {
      const text = resolvePlaceholders(expectation.text, configs);
      if (await pollUntil(async () => !(await isShown(page, text)), timeoutMs))
        return { passed: true, title, line: `✓ ${said}.` };
      const where = await whereShown(page, text);
      return {
        passed: false,
        title,
        line: `✗ ${JSON.stringify(expectation.text)} was still shown after ${seconds(timeoutMs)}${where ? ` (${where})` : ''}.`,
      };
    }
    case 'urlContains': {
      const text = resolvePlaceholders(expectation.text, configs);
      const contains = () => page.url().includes(text) || safeDecode(page.url()).includes(text);
      if (await pollUntil(async () => contains(), timeoutMs))
        return { passed: true, title, line: `✓ ${said} (${page.url()}).` };
      return {
        passed: false,
        title,
        line: `✗ the URL is ${page.url()}, which does not contain ${JSON.stringify(text)}.`,
      };
    }
    case 'titleIs': {
      const text = collapse(resolvePlaceholders(expectation.text, configs));
      const current = async () => collapse(await page.title().catch(() => ''));
      if (await pollUntil(async () => (await current()) === text, timeoutMs))
        return { passed: true, title, line: `✓ ${said}.` };
      return {
        passed: false,
        title,
        line: `✗ the title is ${JSON.stringify(await current())}, not ${JSON.stringify(text)}.`,
      };
    }
    case 'count': {
      if (CART.test(expectation.noun)) {
        // "The cart has 1 item": what the cart's indicator says ("Cart (1)"), when the page has one.
        let shown: number[] = [];
        const indicated = async () => {
          shown = await page.evaluate(cartCounts).catch((): number[] => []);
          return shown.includes(expectation.count);
        };
        if (await pollUntil(indicated, timeoutMs))
          return { passed: true, title, line: `✓ ${said} (the cart shows ${expectation.count}).` };
        if (shown.length)
          return {
            passed: false,
            title,
            line: `✗ expected ${expectation.count} ${expectation.noun}, but the cart shows ${[...new Set(shown)].join(', ')}.`,
          };
      }
      const saidRows = /\brows?\b|\btable\b/i.test(expectation.noun);
      const count = (kind: 'items' | 'rows') => page.evaluate(countItems, kind).catch((): number[] => []);
      let found: { kind: 'rows' | 'items' | 'cards'; counts: number[] }[] = [];
      const matches = async () => {
        // Lists' items and groups of cards ("4 products are shown" on a grid of tiles); a table's data
        // rows when the page has neither ("10 contacts" where the only list is a table).
        found = saidRows
          ? [{ kind: 'rows', counts: await count('rows') }]
          : [
              { kind: 'items' as const, counts: await count('items') },
              { kind: 'cards' as const, counts: await page.evaluate(countCards).catch((): number[] => []) },
            ];
        // A page's navigation is no list of the things counted ("3 tickets" beside a sidebar of 5 views):
        // its lists give way to the tables of data rows.
        if (!saidRows && found.every((f) => !f.counts.length)) found = [{ kind: 'rows', counts: await count('rows') }];
        else if (!saidRows && (await page.evaluate(listsAreNavigation).catch(() => false))) {
          const rows = await count('rows');
          if (rows.length) found = [...found.filter((f) => f.kind === 'cards'), { kind: 'rows', counts: rows }];
        }
        found = found.filter((f) => f.counts.length);
        const all = found.flatMap((f) => f.counts);
        return all.includes(expectation.count) || (expectation.count === 0 && all.length === 0);
      };
      if (await pollUntil(matches, timeoutMs)) return { passed: true, title, line: `✓ ${said}.` };
      const places = { rows: 'tables', items: 'lists', cards: 'groups of cards' };
      const seen = found.length
        ? found
            .map((f) => `the ${places[f.kind]} on the page have ${[...new Set(f.counts)].join(', ')} ${f.kind}`)
            .join('; ')
        : `there is no ${saidRows ? 'table' : 'list, table or group of cards'} on the page`;
      return { passed: false, title, line: `✗ expected ${expectation.count} ${expectation.noun}, but ${seen}.` };
    }
    case 'state':
    case 'value':
      return checkState(page, expectation, configs, timeoutMs);
    case 'item':
      return checkItem(page, expectation, configs, timeoutMs);
    case 'groupCount':
      return checkGroupCount(page, expectation, configs, timeoutMs);
    case 'message':
      return checkMessage(page, expectation, configs, timeoutMs, title, said);
  }
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
