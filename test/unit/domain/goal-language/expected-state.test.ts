// Expected results about a control's state or value, and the looser text clauses people write, as
// the built-in agent reads them; vague ones are refused with a hint. Formatted ones read back the same.
import { expect } from 'chai';
import { formatExpectation } from '../../../../backend/src/domain/goal-language/format.js';
import { parseExpectedResult } from '../../../../backend/src/domain/goal-language/parse-expected-result.js';
import type { ControlState, Expectation, ExpectedTarget } from '../../../../backend/src/domain/steps.js';

const t = (
  name: string | null,
  noun: string | null = null,
  near: string | null = null,
  relation: 'next to' | 'in the row of' = 'next to',
): ExpectedTarget => ({
  name,
  noun,
  near: near === null ? null : { text: near, relation },
});
const st = (target: ExpectedTarget, state: ControlState): Expectation => ({ kind: 'state', target, state });
const val = (target: ExpectedTarget, text: string): Expectation => ({ kind: 'value', target, text });
const todo = (text: string) => t(null, 'checkbox', text);

describe('goal language: expected results about controls', () => {
  const table: [string, Expectation][] = [
    // checked
    ['Buy milk is marked as completed', st(todo('Buy milk'), 'checked')],
    ["'Buy milk' is marked as done", st(todo('Buy milk'), 'checked')],
    ['Buy milk is completed', st(todo('Buy milk'), 'checked')],
    ['The Buy milk todo is done', st(todo('Buy milk'), 'checked')],
    ['Buy milk is checked off', st(todo('Buy milk'), 'checked')],
    ['Buy milk is marked as active', st(todo('Buy milk'), 'unchecked')],
    ['Buy milk is not completed', st(todo('Buy milk'), 'unchecked')],
    ['Buy milk should be marked as complete', st(todo('Buy milk'), 'checked')],
    ['The Remember me checkbox is checked', st(t('Remember me', 'checkbox'), 'checked')],
    ["The 'Remember me' checkbox should be checked", st(t('Remember me', 'checkbox'), 'checked')],
    ["'Remember me' is ticked", st(t('Remember me'), 'checked')],
    ['The checkbox next to Buy milk is checked', st(t(null, 'checkbox', 'Buy milk'), 'checked')],
    [
      "The checkbox in the row of 'Buy milk' is not checked",
      st(t(null, 'checkbox', 'Buy milk', 'in the row of'), 'unchecked'),
    ],
    ['The Remember me checkbox is unchecked', st(t('Remember me', 'checkbox'), 'unchecked')],
    ["The 'Newsletter' checkbox isn't checked", st(t('Newsletter', 'checkbox'), 'unchecked')],
    ['Dark mode is on', st(t('Dark mode'), 'checked')],
    ['Dark mode is off', st(t('Dark mode'), 'unchecked')],
    ['The Dark mode switch is turned on', st(t('Dark mode', 'switch'), 'checked')],
    ['The Dark mode toggle is switched off', st(t('Dark mode', 'toggle'), 'unchecked')],
    ["'Notifications' is not on", st(t('Notifications'), 'unchecked')],
    ['The Bold button is pressed', st(t('Bold', 'button'), 'checked')],
    // selected
    ['The Pro tab is selected', st(t('Pro', 'tab'), 'selected')],
    // The one marked current among its kind: a step, a page, a tab.
    ['Guest details is the current step', st(t('Guest details'), 'selected')],
    ['The current step should be Payment', st(t('Payment'), 'selected')],
    ['The step indicator shows Guest details as the current step', st(t('Guest details'), 'selected')],
    ['The Membership step opens', st(t('Membership'), 'selected')],
    ['The Account step is still shown', st(t('Account'), 'selected')],
    ['Sam is taken to the Membership step', st(t('Membership'), 'selected')],
    ['The monthly total drops to £36.00', val(t('monthly total'), '£36.00')],
    ['The total goes up to 12', val(t('total'), '12')],
    ['Pricing is the active tab', st(t('Pricing', 'tab'), 'selected')],
    ['The current price is $10', val(t('current price'), '$10')],
    ["The 'Pro' tab is active", st(t('Pro', 'tab'), 'selected')],
    ['The Pro tab is not selected', st(t('Pro', 'tab'), 'unselected')],
    ['The Monthly tab is deselected', st(t('Monthly', 'tab'), 'unselected')],
    ["The 'Express' radio button is selected", st(t('Express', 'radio button'), 'selected')],
    ["'Express' is chosen", st(t('Express'), 'selected')],
    // expanded
    ['The Details section is expanded', st(t('Details', 'section'), 'expanded')],
    ['The Details section is open', st(t('Details', 'section'), 'expanded')],
    ['The Details section is collapsed', st(t('Details', 'section'), 'collapsed')],
    ["The 'Shipping' accordion is closed", st(t('Shipping', 'accordion'), 'collapsed')],
    ['The Country dropdown is open', st(t('Country', 'dropdown'), 'expanded')],
    ['The Details section is not expanded', st(t('Details', 'section'), 'collapsed')],
    // disabled
    ['The Submit button is disabled', st(t('Submit', 'button'), 'disabled')],
    ["The 'Submit' button should be greyed out", st(t('Submit', 'button'), 'disabled')],
    ['The Submit button is enabled', st(t('Submit', 'button'), 'enabled')],
    ['The Submit button is not disabled', st(t('Submit', 'button'), 'enabled')],
    ['The Submit button is active', st(t('Submit', 'button'), 'enabled')],
    ['The Email field is disabled', st(t('Email', 'field'), 'disabled')],
    ["'Next' is clickable", st(t('Next'), 'enabled')],
    // dialogs and menus
    ['The dialog is closed', st(t(null, 'dialog'), 'closed')],
    ['No dialog is open', st(t(null, 'dialog'), 'closed')],
    ['There is no open dialog', st(t(null, 'dialog'), 'closed')],
    ['No modal is shown', st(t(null, 'modal'), 'closed')],
    ['The dialog is not shown', st(t(null, 'dialog'), 'closed')],
    ['The modal disappears', st(t(null, 'modal'), 'closed')],
    ['The dialog is dismissed', st(t(null, 'dialog'), 'closed')],
    ['A dialog is open', st(t(null, 'dialog'), 'open')],
    ['A confirmation dialog is shown', st(t(null, 'dialog'), 'open')],
    ["The 'Delete item?' dialog is displayed", st(t('Delete item?', 'dialog'), 'open')],
    ['The popup appears', st(t(null, 'popup'), 'open')],
    ['The Export menu is open', st(t('Export', 'menu'), 'open')],
    ['The Export menu is expanded', st(t('Export', 'menu'), 'open')],
    ['The Export menu is closed', st(t('Export', 'menu'), 'closed')],
    ['The menu is shown', st(t(null, 'menu'), 'open')],
    ['No menu is open', st(t(null, 'menu'), 'closed')],
    // values
    ['The Country field contains Sweden', val(t('Country', 'field'), 'Sweden')],
    ["The 'Country' dropdown shows 'Sweden'", val(t('Country', 'dropdown'), 'Sweden')],
    ['The Country field is set to Sweden', val(t('Country', 'field'), 'Sweden')],
    ["'Country' is set to 'Sweden'", val(t('Country'), 'Sweden')],
    ['The option Sweden is selected in Country', val(t('Country'), 'Sweden')],
    ['Sweden is selected in the Country dropdown', val(t('Country', 'dropdown'), 'Sweden')],
    ["'Sweden' is the selected option in 'Country'", val(t('Country'), 'Sweden')],
    ['Country has Sweden selected', val(t('Country'), 'Sweden')],
    ['The value of the Email field is ada@example.com', val(t('Email', 'field'), 'ada@example.com')],
    ["The Email field's value is 'ada@example.com'", val(t('Email', 'field'), 'ada@example.com')],
    ["The Email field has the value '{{config.email}}'", val(t('Email', 'field'), '{{config.email}}')],
    ['The Name field should contain Ada Lovelace', val(t('Name', 'field'), 'Ada Lovelace')],
    ['The search box is empty', val(t(null, 'search box'), '')],
    ['The Notes field is blank', val(t('Notes', 'field'), '')],
    ["'Search' is empty", val(t('Search'), '')],
    ['The number of guests is 4', val(t('guests'), '4')],
    ['The number of guests is four', val(t('guests'), '4')],
    ['The Guests spinbutton is 4', val(t('Guests', 'spinbutton'), '4')],
    ['The slider is at 50', val(t(null, 'slider'), '50')],
    ['The Volume slider is set to 75', val(t('Volume', 'slider'), '75')],
    ["The 'Volume' slider equals 75", val(t('Volume', 'slider'), '75')],
    // A value beside its label, or a field's value: a figure or a quoted text after "is".
    ['The subtotal is $12.00', val(t('subtotal'), '$12.00')],
    ['The total on the review page is €402', val(t('total'), '€402')],
    ['The quantity is 7', val(t('quantity'), '7')],
    ["The status is 'Active'", val(t('status'), 'Active')],
    ['The Inbox unread count is still 4', val(t('Inbox'), '4')],
    ['The discount equals 15 %', val(t('discount'), '15 %')],
    ['A total of €270', val(t('total'), '€270')],
    // "a subtotal of $12" is a figure, not one item called "subtotal of $12".
    ['The cart has a subtotal of $12', val(t('subtotal'), '$12')],
    ['The Inbox unread count shows 3', val(t('Inbox'), '3')],
    ['Drafts shows 1 in the sidebar', val(t('Drafts'), '1')],
  ];
  for (const [text, expected] of table) {
    it(text, () => {
      const parsed = parseExpectedResult(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.expectations).to.deep.equal([expected]);
    });
  }

  const texts: [string, Expectation][] = [
    ['The cart shows 1 item', { kind: 'count', count: 1, noun: 'item in the cart' }],
    ['The counter shows 3', { kind: 'visible', text: '3' }],
    ['The heading says Welcome', { kind: 'visible', text: 'Welcome' }],
    ["The banner reads 'Sale ends today'", { kind: 'visible', text: 'Sale ends today' }],
    ["The 'Cart' badge displays 2", { kind: 'visible', text: '2' }],
    ["A success message saying 'Saved' is displayed", { kind: 'visible', text: 'Saved' }],
    ['A message saying Saved appears', { kind: 'visible', text: 'Saved' }],
    ["A success message 'Saved' is shown", { kind: 'visible', text: 'Saved' }],
    ['The Buy milk item has been removed', { kind: 'notVisible', text: 'Buy milk' }],
    ['I am on the checkout page', { kind: 'urlContains', text: '/checkout' }],
    ['I am redirected to the order confirmation page', { kind: 'urlContains', text: '/order-confirmation' }],
    ['The user is taken to /dashboard', { kind: 'urlContains', text: '/dashboard' }],
    ['The page title is Checkout', { kind: 'titleIs', text: 'Checkout' }],
    ["The title should be 'Home'", { kind: 'titleIs', text: 'Home' }], // the title, not a field named "title"
    ['The cart is empty', { kind: 'count', count: 0, noun: 'items in the cart' }],
    ['The number of items in the list is 3', { kind: 'count', count: 3, noun: 'items in the list' }],
  ];
  for (const [text, expected] of texts) {
    it(text, () => {
      const parsed = parseExpectedResult(text);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.expectations).to.deep.equal([expected]);
    });
  }

  it('combines control states with texts', () => {
    const parsed = parseExpectedResult(
      "The 'Remember me' checkbox is checked and 'Welcome' is shown, and the dialog is closed",
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.expectations).to.deep.equal([
      st(t('Remember me', 'checkbox'), 'checked'),
      { kind: 'visible', text: 'Welcome' },
      st(t(null, 'dialog'), 'closed'),
    ]);
  });

  const vague: [string, RegExp][] = [
    ['A success message is displayed', /which text the message shows\. Name it: "'Saved' is shown"/],
    ['An error message appears', /which text the message shows/],
    ['The error message is not shown', /which text the message shows/],
    ['The user is logged in', /what on the page shows it\. Name that, e\.g\. "'Log out' is shown"/],
    ['I am signed in successfully', /what on the page shows it/],
    ['The user should be logged out', /what on the page shows it/],
    ['It works', /does not say what to look for on the page/],
    ['Everything works as expected', /does not say what to look for on the page/],
    ['Login is successful', /does not say what to look for on the page/],
    ['The form is submitted', /does not say what to look for on the page/],
    ['The changes are saved', /does not say what to look for on the page/],
    ['The order is completed', /does not say what to look for on the page/],
    ['I am on the home page', /Name a text only that page shows/],
    ["'Saved' is shown and the user is logged in", /what on the page shows it/],
  ];
  for (const [text, hint] of vague) {
    it(`refuses as too vague: ${text}`, () => {
      const parsed = parseExpectedResult(text);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) {
        expect(parsed.error).to.match(
          new RegExp(`^Could not understand the expected result "${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}": `),
        );
        expect(parsed.error).to.match(hint);
        expect(parsed.error).to.include("The 'Remember me' checkbox is checked");
      }
    });
  }

  const formatted: Expectation[] = [
    st(t('Remember me', 'checkbox'), 'checked'),
    st(todo('Buy milk'), 'checked'),
    st(t(null, 'checkbox', 'Buy milk', 'in the row of'), 'unchecked'),
    st(t('Dark mode'), 'checked'),
    st(t("Don't track", 'switch'), 'unchecked'),
    st(t('Pro', 'tab'), 'selected'),
    st(t('Pro', 'tab'), 'unselected'),
    st(t('Details', 'section'), 'expanded'),
    st(t('Details', 'section'), 'collapsed'),
    st(t('Submit', 'button'), 'disabled'),
    st(t('Submit', 'button'), 'enabled'),
    st(t(null, 'dialog'), 'closed'),
    st(t('Delete item?', 'dialog'), 'open'),
    st(t('Export', 'menu'), 'open'),
    val(t('Country', 'field'), 'Sweden'),
    val(t('Country'), 'Sweden'),
    val(t(null, 'search box'), ''),
    val(t('guests'), '4'),
    val(t(null, 'slider'), '50'),
  ];
  for (const expectation of formatted) {
    const sentence = formatExpectation(expectation);
    it(`reads back what it writes: ${sentence}`, () => {
      const parsed = parseExpectedResult(sentence);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.expectations).to.deep.equal([expectation]);
      expect(JSON.parse(JSON.stringify(expectation))).to.deep.equal(expectation);
    });
  }
});
