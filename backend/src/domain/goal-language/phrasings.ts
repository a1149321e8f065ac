// The phrasings the built-in agent understands, listed in messages about sentences it cannot use.

export const GOAL_PHRASINGS: [string, string[]][] = [
  ['navigate', ['Go to /path', 'Visit https://example.com', "Open the 'Pricing' page"]],
  [
    'click',
    [
      "Click 'Sign in'",
      "Click the 'Add to cart' button",
      "Click the 'Docs' link",
      "Double-click 'Buy milk'",
      "Press the 'Save' button",
    ],
  ],
  [
    'type',
    [
      "Fill 'Email' with 'ada@example.com'",
      "Type 'Buy milk' into 'What needs to be done?' and press Enter",
      "Enter 'secret' in the 'Password' field",
      "Clear 'Search'",
    ],
  ],
  ['choose', ["Select 'Sweden' from 'Country'", "Check 'I agree'", "Uncheck 'Newsletter'"]],
  [
    'relative',
    [
      "Check the checkbox next to 'Buy milk'",
      "Click 'Delete' in the row of 'Buy milk'",
      "Hover over 'Buy milk'",
      "Click the second 'Add to cart' button",
    ],
  ],
  ['keys and waits', ['Press Enter', 'Press Escape', "Wait for 'Saved'"]],
  [
    'configs',
    [
      "Log in with config 'admin'",
      "Fill 'Email' with '{{config.email}}'",
      "Sign in as 'ada@example.com' with password 'lovelace'",
    ],
  ],
  ['checks', ["Verify that 'Welcome' is shown", "Check that the URL contains '/dashboard'"]],
];

export const EXPECTATION_PHRASINGS = [
  "'Welcome, Ada' is shown",
  "'Error' is not shown",
  "The URL contains '/orders'",
  "The title is 'Checkout'",
  "'3 items left' is visible",
  'There are 2 items in the list',
  "The 'Remember me' checkbox is checked · 'Dark mode' is on · The 'Pro' tab is selected",
  "The 'Details' section is expanded · The 'Submit' button is disabled · The dialog is closed",
  "Buy milk is marked as completed · The 'Country' field contains 'Sweden' · The search box is empty",
  "The cart shows '1 item' · 'Buy milk' is removed from the list · I am on the checkout page",
  "The row of 'Ada' shows 'Admin' · 'Ada' is listed first · Only 'Ada' is listed",
  "... joined with 'and': 'Saved' is shown and 'Error' is not shown",
];

/** The goal phrasings, one group a line. */
export function goalPhrasings(indent = '  '): string {
  return GOAL_PHRASINGS.map(([group, examples]) => `${indent}${group}: ${examples.join(' · ')}`).join('\n');
}

export function expectationPhrasings(indent = '  '): string {
  return EXPECTATION_PHRASINGS.map((example) => `${indent}${example}`).join('\n');
}

/**
 * The one line that ends a failed burn-in instead of the whole list: the message is about the page
 * (what it offers, closest first), and the phrasings are in the docs.
 */
export const PHRASINGS_POINTER =
  "How to write goal sentences: docs/goal-language.md (e.g. Click 'Sign in' · Fill 'Email' with '...' · Select 'Sweden' from 'Country' · Click 'Delete' in the row of 'Buy milk').";
