// Recorded steps as people who know Playwright read them: each locator as the Playwright call that
// replays it (`getByRole('button', { name: 'Add to cart', exact: true })`), and the step's action in
// words. The same locators agent/playwright-locator.ts builds, written out as code. Pure.
import { formatExpectation } from './goal-language/format.js';
import type { Locator, Step } from './steps.js';

/** A JavaScript string literal in single quotes, as Playwright's docs write them. */
export function jsString(text: string): string {
  const escaped = text.replace(
    /[\\'\n\r\t\u2028\u2029]/g,
    (c) =>
      ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u2028': '\\u2028', '\u2029': '\\u2029' })[
        c
      ]!,
  );
  return `'${escaped}'`;
}

/** `, { exact: true }` when the match is exact (Playwright's default is a substring). */
function exactOption(exact: boolean | undefined): string {
  return exact ? ', { exact: true }' : '';
}

/** The Playwright call that finds the element, chained for a locator inside a container. */
export function locatorCode(locator: Locator): string {
  switch (locator.kind) {
    case 'role': {
      // An empty name matches any name: "the checkbox" inside the row of 'Buy milk'.
      if (locator.name === '') return `getByRole(${jsString(locator.role)})`;
      return `getByRole(${jsString(locator.role)}, { name: ${jsString(locator.name)}${locator.exact ? ', exact: true' : ''} })`;
    }
    case 'label':
      return `getByLabel(${jsString(locator.text)}${exactOption(locator.exact)})`;
    case 'placeholder':
      return `getByPlaceholder(${jsString(locator.text)}${exactOption(locator.exact)})`;
    case 'testId':
      return `getByTestId(${jsString(locator.id)})`;
    case 'text':
      return `getByText(${jsString(locator.text)}${exactOption(locator.exact)})`;
    case 'css':
      return `locator(${jsString(locator.selector)})`;
    case 'within':
      return `${locatorCode(locator.container)}.${locatorCode(locator.inner)}`;
  }
}

export interface ReadableStep {
  sentence: string;
  /** The goal sentence it came from, when that was another (a compound one, or one a language model read). */
  from: string | null;
  /** What the step does, in words: `Click`, `Fill in '{{config.email}}'`, `Open https://...`. */
  action: string;
  /** Its target's locators as Playwright calls, best first (replay tries them in this order). */
  locators: string[];
  /** The language model that read the sentence or named the target. */
  interpretedBy: string | null;
}

function actionWords(step: Step): string {
  switch (step.action) {
    case 'goto':
      return `Open ${step.url}`;
    case 'click':
      return `${step.double ? 'Double-click' : 'Click'}${step.when ? `, only when ${step.when}` : ''}`;
    case 'fill':
      return step.value === '' ? 'Clear' : `Fill in ${jsString(step.value)}`;
    case 'select':
      return `Select ${jsString(step.value)}`;
    case 'check':
      return 'Check';
    case 'uncheck':
      return 'Uncheck';
    case 'press':
      return `Press ${step.key}`;
    case 'hover':
      return 'Hover';
    case 'wait':
      return `Wait until ${jsString(step.text)} is shown`;
    case 'assert':
      return `Check that ${formatExpectation(step.expectation)}`;
  }
}

export function readableStep(step: Step): ReadableStep {
  const target = 'target' in step ? step.target : undefined;
  return {
    sentence: step.sentence,
    from: step.from && step.from !== step.sentence ? step.from : null,
    action: actionWords(step),
    locators: (target?.locators ?? []).map(locatorCode),
    interpretedBy: step.interpretedBy ?? null,
  };
}
