// Recorded locators (plain data, domain/steps.ts) -> Playwright locators, and how they read in messages.
import type { Locator as PwLocator, Page } from 'playwright-core';
import type { Locator } from '../domain/steps.js';

type Scope = Page | PwLocator;
type AriaRole = Parameters<Page['getByRole']>[0];

export function toPlaywright(scope: Scope, locator: Locator): PwLocator {
  switch (locator.kind) {
    case 'role':
      // An empty name matches any name: "the checkbox" inside the row of 'Buy milk'.
      return locator.name === ''
        ? scope.getByRole(locator.role as AriaRole)
        : scope.getByRole(locator.role as AriaRole, { name: locator.name, exact: locator.exact ?? false });
    case 'label':
      return scope.getByLabel(locator.text, { exact: locator.exact ?? false });
    case 'placeholder':
      return scope.getByPlaceholder(locator.text, { exact: locator.exact ?? false });
    case 'testId':
      return scope.getByTestId(locator.id);
    case 'text':
      return scope.getByText(locator.text, { exact: locator.exact ?? false });
    case 'css':
      return scope.locator(locator.selector);
    case 'within':
      return toPlaywright(toPlaywright(scope, locator.container), locator.inner);
  }
}

export function describeLocator(locator: Locator): string {
  const exact = (e: boolean | undefined) => (e ? '' : ' (substring)');
  switch (locator.kind) {
    case 'role':
      return locator.name === ''
        ? `role ${locator.role}`
        : `role ${locator.role} ${JSON.stringify(locator.name)}${exact(locator.exact)}`;
    case 'label':
      return `label ${JSON.stringify(locator.text)}${exact(locator.exact)}`;
    case 'placeholder':
      return `placeholder ${JSON.stringify(locator.text)}${exact(locator.exact)}`;
    case 'testId':
      return `test id ${JSON.stringify(locator.id)}`;
    case 'text':
      return `text ${JSON.stringify(locator.text)}${exact(locator.exact)}`;
    case 'css':
      return `css ${locator.selector}`;
    case 'within':
      return `${describeLocator(locator.inner)} within ${describeLocator(locator.container)}`;
  }
}
