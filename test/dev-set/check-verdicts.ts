// Checks the person's verdict of every case of the development goal set (test/dev-set/README.md): each
// goal performed by a hand-written Playwright script against the served app, then its expected result
// checked on the page. A case agrees when the expected result holds exactly when the verdict is PASSED.
// `npx tsx test/dev-set/check-verdicts.ts [app ...]`; exits 1 when a case disagrees or its script fails.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import { loadSuite, startAppServer } from '../helpers/goal-suite.js';
import { scripts as fileManager } from './scripts/file-manager.js';
import { scripts as onboardingWizard } from './scripts/onboarding-wizard.js';
import { scripts as partsGrid } from './scripts/parts-grid.js';
import { scripts as clubSignup } from './scripts/club-signup.js';
import { scripts as stockGrid } from './scripts/stock-grid.js';
import { scripts as helpdeskQueue } from './scripts/helpdesk-queue.js';
import { scripts as eventPlanner } from './scripts/event-planner.js';
import { scripts as clinicBooking } from './scripts/clinic-booking.js';
import { scripts as expenseClaims } from './scripts/expense-claims.js';

const APPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'apps');

/** Performs the goal on the page and answers whether the expected result then holds. */
type Script = (page: Page) => Promise<boolean>;

const texts = async (locator: Locator) => (await locator.allInnerTexts()).map((t) => t.trim());
const visibleText = (page: Page, text: string) => page.getByText(text, { exact: true }).isVisible();

// ---------------------------------------------------------------------------------------------- task-board
const column = (page: Page, name: string) =>
  page.locator('section.column', { has: page.getByRole('heading', { name }) });
const cardTitles = (page: Page, name: string) => texts(column(page, name).locator('.card-title'));
const allCardTitles = (page: Page) => texts(page.locator('.card-title'));
const cardEl = (page: Page, title: string) => page.locator('.card', { has: page.getByText(title, { exact: true }) });
async function cardMenu(page: Page, title: string, ...items: string[]) {
  await cardEl(page, title).getByRole('button', { name: '⋯' }).click();
  for (const item of items) await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}
async function moveViaMenu(page: Page, title: string, to: string) {
  await cardMenu(page, title, 'Move to…');
  await page.getByRole('group', { name: 'Move to' }).getByRole('menuitem', { name: to, exact: true }).click();
}
async function archiveAll(page: Page, col: string) {
  await page.getByRole('button', { name: `${col} column actions` }).click();
  await page.getByRole('menuitem', { name: 'Archive all cards in this list' }).click();
}
const same = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

const taskBoard: Script[] = [
  async (page) => {
    await moveViaMenu(page, 'Fix login redirect', 'Done');
    return (await cardTitles(page, 'Done')).includes('Fix login redirect');
  },
  async (page) => {
    await column(page, 'To do').getByRole('button', { name: '+ Add a card' }).click();
    await page.getByPlaceholder('Enter a title for this card…').fill('Write release notes');
    await page.getByRole('button', { name: 'Add card' }).click();
    const todo = await cardTitles(page, 'To do');
    return todo.length === 4 && todo.includes('Write release notes');
  },
  async (page) => {
    await cardMenu(page, 'Old landing page cleanup', 'Delete card');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    return !(await allCardTitles(page)).includes('Old landing page cleanup');
  },
  async (page) => {
    await moveViaMenu(page, 'Search API pagination', 'In progress');
    return (await cardTitles(page, 'In progress')).includes('Search API pagination');
  },
  async (page) => {
    await page.getByRole('button', { name: 'Bug', exact: true }).click();
    return same(await allCardTitles(page), ['Fix login redirect', 'Crash on empty cart']);
  },
  async (page) => {
    await page.getByRole('button', { name: 'Design', exact: true }).click();
    const shown = await allCardTitles(page);
    return (
      shown.includes('Dark mode toggle') &&
      shown.includes('Old landing page cleanup') &&
      !shown.includes('Fix login redirect')
    );
  },
  async (page) => {
    await page.getByText('Search API pagination').click();
    await page.getByRole('dialog').getByRole('combobox').selectOption('Priya Shah');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    return cardEl(page, 'Search API pagination').getByLabel('Assignee: Priya Shah').isVisible();
  },
  async (page) => {
    await page.getByText('Update dependencies').click();
    await page.getByLabel('Title').fill('Upgrade to Node 22');
    await page.getByRole('button', { name: 'Cancel' }).click();
    return (await allCardTitles(page)).includes('Upgrade to Node 22');
  },
  async (page) => {
    await cardMenu(page, 'Write onboarding emails', 'Labels…');
    await page.getByRole('menuitemcheckbox', { name: 'Design' }).click();
    return (await texts(cardEl(page, 'Write onboarding emails').locator('.label'))).includes('Design');
  },
  async (page) => {
    await page.getByPlaceholder('Filter cards').fill('export');
    return same(await allCardTitles(page), ['Rate limit the export API']);
  },
  async (page) => {
    const first = (await cardTitles(page, 'Review'))[0]!;
    await moveViaMenu(page, first, 'Done');
    await moveViaMenu(page, 'Set up CI cache', 'Review');
    return (
      (await cardTitles(page, 'Done')).includes('Crash on empty cart') &&
      (await cardTitles(page, 'Review')).includes('Set up CI cache')
    );
  },
  async (page) => {
    await archiveAll(page, 'Done');
    return (await cardTitles(page, 'Done')).length === 0 && (await visibleText(page, '1 card archived'));
  },
  async (page) => {
    await archiveAll(page, 'Done');
    await page.getByRole('button', { name: 'Undo' }).click();
    return (await cardTitles(page, 'Done')).length === 0;
  },
  async (page) => {
    await page.getByText('Dark mode toggle').click();
    await page.getByLabel('Due date').fill('2026-12-24');
    await page.getByRole('button', { name: 'Save' }).click();
    return (await cardEl(page, 'Dark mode toggle').innerText()).includes('Dec 24');
  },
  async (page) => {
    await moveViaMenu(page, 'Crash on empty cart', 'To do');
    return (await cardTitles(page, 'Review')).length === 2;
  },
  async (page) => {
    await page.getByRole('combobox', { name: 'Assignee' }).selectOption('Sam Lee');
    return (await allCardTitles(page)).includes('Fix login redirect');
  },
];

// ---------------------------------------------------------------------------------------------- shop-filters
const productNames = (page: Page) => texts(page.locator('.tile h2'));
const badge = async (page: Page) =>
  (await page.locator('.badge').count()) ? Number(await page.locator('.badge').innerText()) : 0;
const openProduct = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).click();
const quickAdd = (page: Page, name: string) =>
  page
    .locator('.tile', { has: page.getByRole('link', { name, exact: true }) })
    .getByRole('button', { name: 'Add to cart' })
    .click();
const openCart = (page: Page) => page.getByRole('button', { name: /^Cart,/ }).click();
const cart = (page: Page) => page.getByRole('dialog', { name: 'Your bag' });

const shopFilters: Script[] = [
  async (page) => {
    await page.getByLabel('Shoes').check();
    return (await productNames(page)).length === 4 && (await visibleText(page, '4 products'));
  },
  async (page) => {
    await page.getByLabel('Sort by').selectOption('Price: Low to High');
    return (await productNames(page))[0] === 'Canvas Tote';
  },
  async (page) => {
    await page.getByLabel('Northwind').check();
    await page.getByPlaceholder('Min').fill('20');
    await page.getByPlaceholder('Max').fill('50');
    await page.getByRole('button', { name: 'Go' }).click();
    return same(await productNames(page), ['Linen Shirt']);
  },
  async (page) => {
    await page.getByRole('button', { name: 'Page 2' }).click();
    return (await productNames(page)).includes('Rain Jacket');
  },
  async (page) => {
    await openProduct(page, 'Linen Shirt');
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('radio', { name: 'Navy' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to bag' }).click();
    return (await badge(page)) === 3;
  },
  async (page) => {
    await openProduct(page, 'Linen Shirt');
    await page.getByRole('button', { name: 'Add to bag' }).click();
    return (await badge(page)) === 1;
  },
  async (page) => {
    await quickAdd(page, 'Canvas Tote');
    await openCart(page);
    await cart(page).getByRole('button', { name: 'Remove' }).click();
    return visibleText(page, 'Your bag is empty.');
  },
  async (page) => {
    await quickAdd(page, 'Wool Beanie');
    await openCart(page);
    await page.getByPlaceholder('Promo code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    const text = await cart(page).innerText();
    return text.includes('10% off') && /Total\s*\$10\.80/.test(text);
  },
  async (page) => {
    await quickAdd(page, 'Wool Beanie');
    await openCart(page);
    await page.getByPlaceholder('Promo code').fill('FREESHIP');
    await page.getByRole('button', { name: 'Apply' }).click();
    return (await cart(page).innerText()).includes('Discount');
  },
  async (page) => {
    await openProduct(page, 'Trail Runner');
    await page
      .getByRole('button', { name: '46', exact: true })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    return (await page.getByRole('button', { name: '46', exact: true }).getAttribute('aria-pressed')) === 'true';
  },
  async (page) => {
    await page.getByLabel('Sort by').selectOption('Price: High to Low');
    return (await productNames(page))[1] === 'Rain Jacket';
  },
  async (page) => {
    await quickAdd(page, 'Wool Beanie');
    await quickAdd(page, 'Wool Beanie');
    await openCart(page);
    await page.getByRole('button', { name: 'Decrease quantity of Wool Beanie' }).click();
    return /Subtotal\s*\$12\.00/.test(await cart(page).innerText());
  },
  async (page) => {
    await page.getByLabel('Accessories').check();
    await page.getByLabel('Contoso').check();
    return (await productNames(page)).includes('Canvas Tote');
  },
  async (page) => {
    await page.getByPlaceholder('Max').fill('30');
    await page.getByRole('button', { name: 'Go' }).click();
    const prices = (await texts(page.locator('.tile .price'))).map((t) => Number(t.replace('$', '')));
    return prices.length === 4 && prices.every((p) => p <= 30);
  },
  async (page) => {
    await openProduct(page, 'Linen Shirt');
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
    return (await page.getByLabel('Quantity', { exact: true }).inputValue()) === '7';
  },
  async (page) => {
    await page.locator('.tile').first().getByRole('button').click();
    return (await badge(page)) === 1;
  },
];

// ---------------------------------------------------------------------------------------------- crm-contacts
const crmRow = (page: Page, name: string) =>
  page.locator('tbody tr', { has: page.getByRole('button', { name, exact: true }) });
const crmNames = (page: Page) => texts(page.locator('tbody .name'));
const crmCell = async (page: Page, name: string, column: string) => {
  const headers = await texts(page.locator('thead th'));
  const index = headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim().toLowerCase() === column.toLowerCase());
  return (await crmRow(page, name).locator('td').nth(index).innerText()).trim();
};
const crmEdit = (page: Page, name: string) => crmRow(page, name).getByRole('button', { name: 'Edit' }).click();
const crmSelect = (page: Page, name: string) => crmRow(page, name).getByRole('checkbox').check();
const crmDialog = (page: Page) => page.getByRole('dialog');

const crmContacts: Script[] = [
  async (page) => {
    await page.getByPlaceholder('Search by name, company or email').fill('hopper');
    return same(await crmNames(page), ['Grace Hopper']);
  },
  async (page) => {
    await page.getByRole('button', { name: 'Company', exact: true }).click();
    return (await crmNames(page))[0] === 'Ada Lovelace';
  },
  async (page) => {
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.getByRole('button', { name: 'Name ▲' }).click();
    return (await crmNames(page))[0] === 'Tim Berners-Lee';
  },
  async (page) => {
    await crmEdit(page, 'Grace Hopper');
    await crmDialog(page).getByLabel('Email').fill('grace@navy.mil');
    await page.getByRole('button', { name: 'Save changes' }).click();
    return (await crmCell(page, 'Grace Hopper', 'Email')) === 'grace@navy.mil';
  },
  async (page) => {
    await crmEdit(page, 'Alan Turing');
    await crmDialog(page).locator('input[name=phone]').fill('555-0199');
    await page.getByRole('button', { name: 'Cancel' }).click();
    return (await crmCell(page, 'Alan Turing', 'Phone')) === '555-0199';
  },
  async (page) => {
    await crmSelect(page, 'Ada Lovelace');
    await crmSelect(page, 'Alan Turing');
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete contacts' }).click();
    const names = await crmNames(page);
    return !names.includes('Ada Lovelace') && !names.includes('Alan Turing') && (await visibleText(page, '8 contacts'));
  },
  async (page) => {
    for (const box of (await page.locator('tbody input[type=checkbox]').all()).slice(0, 3)) await box.check();
    await page.locator('#bulk-status').selectOption('Customer');
    return (await crmCell(page, 'Alan Turing', 'Status')) === 'Customer';
  },
  async (page) => {
    await crmEdit(page, 'Linus Torvalds');
    await page.getByPlaceholder('Company', { exact: true }).fill('Linux Foundation');
    await page.getByRole('button', { name: 'Save changes' }).click();
    return (await crmCell(page, 'Linus Torvalds', 'Company')) === 'Linux Foundation';
  },
  async (page) => {
    await crmEdit(page, 'Katherine Johnson');
    await crmDialog(page).getByLabel('Email').fill('katherine.nasa.gov');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.keyboard.press('Escape');
    return (await crmCell(page, 'Katherine Johnson', 'Email')) === 'katherine.nasa.gov';
  },
  async (page) => {
    await page.getByRole('button', { name: '+ New contact' }).click();
    await page.getByLabel('First name').fill('Hedy');
    await page.getByLabel('Last name').fill('Lamarr');
    await page.getByPlaceholder('Company', { exact: true }).fill('MGM');
    await crmDialog(page).getByLabel('Email').fill('hedy@mgm.example');
    await page.getByLabel('Status', { exact: true }).last().selectOption('Lead');
    await page.getByRole('button', { name: 'Create contact' }).click();
    return (await crmNames(page)).includes('Hedy Lamarr') && (await visibleText(page, '11 contacts'));
  },
  async (page) => {
    await page.getByLabel('Select all').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    return (await crmNames(page)).length === 10;
  },
  async (page) => {
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Churned');
    return (await crmNames(page)).length === 3;
  },
  async (page) => {
    await page.getByRole('button', { name: 'Last contacted', exact: true }).click();
    return (await crmNames(page))[0] === 'Margaret Hamilton';
  },
  async (page) => {
    await crmEdit(page, 'Dennis Ritchie');
    await page.getByLabel('Subscribed to the newsletter').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    return (await crmCell(page, 'Dennis Ritchie', 'Newsletter')) === 'No';
  },
  async (page) => {
    await crmSelect(page, 'Radia Perlman');
    await page.locator('#bulk-owner').selectOption('Jordan');
    return (await crmCell(page, 'Radia Perlman', 'Owner')) === 'Jordan';
  },
  async (page) => {
    const search = page.getByPlaceholder('Search by name, company or email');
    await search.fill('nasa');
    await page.getByLabel('Select all').check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete contacts' }).click();
    await search.fill('');
    const names = await crmNames(page);
    return names.includes('Ada Lovelace') && !names.includes('Katherine Johnson');
  },
  async (page) => {
    await crmEdit(page, 'Radia Perlman');
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.keyboard.press('Escape');
    return (await crmNames(page)).includes('Perlman');
  },
];

// ---------------------------------------------------------------------------------------------- hotel-booking
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** Opens the field's calendar, pages to the month and clicks the day; answers false when the day is disabled. */
async function pickDate(page: Page, field: 'Check-in' | 'Check-out', day: number, month: number, year: number) {
  await page.getByLabel(field, { exact: true }).click();
  const calendar = page.getByRole('dialog', { name: /^Choose/ });
  const want = `${MONTHS[month - 1]} ${year}`;
  for (let i = 0; i < 24 && (await calendar.locator('strong').innerText()) !== want; i++)
    await calendar.getByRole('button', { name: 'Next month' }).click();
  const button = calendar.getByRole('button', { name: new RegExp(`, ${MONTHS[month - 1]} ${day}, ${year}$`) });
  if (await button.isDisabled()) {
    await calendar.getByRole('button', { name: 'Close' }).click();
    return false;
  }
  await button.click();
  return true;
}
async function setGuests(page: Page, adults: number, children = 0) {
  const count = async (id: string) => Number(await page.locator(`output[aria-labelledby=${id}]`).innerText());
  while ((await count('adults-l')) < adults) await page.getByRole('button', { name: 'Add an adult' }).click();
  while ((await count('adults-l')) > adults) await page.getByRole('button', { name: 'Remove an adult' }).click();
  while ((await count('children-l')) < children) await page.getByRole('button', { name: 'Add a child' }).click();
}
async function searchStay(
  page: Page,
  dest: string,
  from: [number, number, number],
  to: [number, number, number],
  adults = 2,
  children = 0,
) {
  await page.getByLabel('Destination').selectOption(dest);
  await pickDate(page, 'Check-in', ...from);
  await pickDate(page, 'Check-out', ...to);
  await setGuests(page, adults, children);
  await page.getByRole('button', { name: 'Search rooms' }).click();
}
async function guestDetails(page: Page, name: string, email: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
}
const reviewText = (page: Page) => page.locator('dl.review').innerText();
const nightsShown = (page: Page) =>
  page
    .getByText(/^\d+ nights?$/)
    .innerText()
    .catch(() => '');

const hotelBooking: Script[] = [
  async (page) => {
    await searchStay(page, 'Lisbon', [12, 12, 2026], [15, 12, 2026]);
    return (
      (await page.locator('.summary').innerText()).includes('3 nights') && (await page.locator('.room').count()) > 0
    );
  },
  async (page) => {
    await pickDate(page, 'Check-in', 30, 12, 2026);
    await pickDate(page, 'Check-out', 2, 1, 2027);
    return (await nightsShown(page)) === '3 nights';
  },
  async (page) => {
    await searchStay(page, 'Porto', [5, 12, 2026], [7, 12, 2026], 3);
    return page.getByRole('button', { name: 'Select Standard double' }).isVisible();
  },
  async (page) => {
    await page.getByLabel('Check-in').click();
    await page
      .getByRole('button', { name: 'Previous month' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    const day = page.getByRole('button', { name: 'Friday, November 20, 2026' });
    if (await day.isEnabled()) await day.click();
    else await page.getByRole('button', { name: 'Close' }).click();
    return (await page.getByLabel('Check-in').inputValue()).includes('Nov 20');
  },
  async (page) => {
    await searchStay(page, 'Lisbon', [12, 12, 2026], [15, 12, 2026]);
    await page.getByRole('button', { name: 'Select Superior twin' }).click();
    await guestDetails(page, 'Ada Lovelace', 'ada@example.com');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    return /Total\s*€330/.test(await reviewText(page));
  },
  async (page) => {
    await searchStay(page, 'Lisbon', [12, 12, 2026], [15, 12, 2026]);
    await page.getByLabel(/Add breakfast/).check();
    await page.getByRole('button', { name: 'Select Superior twin' }).click();
    await guestDetails(page, 'Ada Lovelace', 'ada@example.com');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    const text = await reviewText(page);
    return /Total\s*€402/.test(text) && /Breakfast\s*Included/.test(text);
  },
  async (page) => {
    await searchStay(page, 'Madeira', [3, 1, 2027], [6, 1, 2027], 2, 2);
    await page.getByRole('button', { name: 'Select Family room' }).click();
    await guestDetails(page, 'Grace Hopper', 'grace@example.com');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    return /Booking confirmed[\s\S]*reference is HB-\d+/.test(await page.getByRole('status').innerText());
  },
  async (page) => {
    await searchStay(page, 'Lisbon', [12, 12, 2026], [15, 12, 2026]);
    await page.getByRole('button', { name: 'Select Standard double' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    return page.getByRole('heading', { name: 'Review your booking' }).isVisible();
  },
  async (page) => {
    for (let i = 0; i < 5; i++) {
      const add = page.getByRole('button', { name: 'Add a child' });
      if (await add.isDisabled()) break;
      await add.click();
    }
    return (await page.locator('output[aria-labelledby=children-l]').innerText()) === '5';
  },
  async (page) => {
    await pickDate(page, 'Check-in', 15, 12, 2026);
    await pickDate(page, 'Check-out', 12, 12, 2026);
    return (await nightsShown(page)) === '3 nights';
  },
  async (page) => {
    await searchStay(page, 'Porto', [5, 12, 2026], [7, 12, 2026]);
    await page.getByRole('button', { name: 'Select Standard double' }).click();
    await guestDetails(page, 'Alan Turing', 'alan@example.com');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await page.getByRole('button', { name: 'Edit dates' }).click();
    await pickDate(page, 'Check-out', 8, 12, 2026);
    await page.getByRole('button', { name: 'Search rooms' }).click();
    await page.getByRole('button', { name: 'Select Standard double' }).click();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    const text = await reviewText(page);
    return text.includes('(3 nights)') && /Total\s*€270/.test(text);
  },
  async (page) => {
    await searchStay(page, 'Madeira', [19, 12, 2026], [21, 12, 2026]);
    return page.getByRole('button', { name: 'Select Sea view suite' }).isVisible();
  },
  async (page) => {
    await searchStay(page, 'Porto', [5, 12, 2026], [7, 12, 2026], 2, 2);
    await page.getByRole('button', { name: 'Select Family room' }).click();
    return (await page.locator('ol.steps [aria-current=step]').innerText()).endsWith('Guest details');
  },
  async (page) => {
    await page.getByLabel('Check-in').click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    return visibleText(page, 'January 2027');
  },
  async (page) => {
    await searchStay(page, 'Lisbon', [12, 12, 2026], [15, 12, 2026], 1);
    await page.getByRole('button', { name: 'Select Standard double' }).click();
    await guestDetails(page, 'Ada Lovelace', 'ada@example.com');
    await page.getByLabel("I'm travelling for work").check();
    await page.getByLabel('Company name').fill('Acme');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    const text = await reviewText(page);
    return /Company\s*Acme/.test(text) && /Guests\s*1 adult\b/.test(text);
  },
  async (page) => {
    await page.getByRole('button', { name: 'Search rooms' }).click();
    return (await page.getByRole('alert').innerText()).includes('choose your check-in and check-out dates');
  },
];

// ---------------------------------------------------------------------------------------------- mail-inbox
const mailRow = (page: Page, text: string) => page.locator('li.msg', { hasText: text });
const subjects = (page: Page) => texts(page.locator('li.msg .subject'));
const folderLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Folders' }).locator(`[data-folder="${name}"]`);
const folderCount = async (page: Page, name: string) =>
  (await folderLink(page, name).locator('span').nth(1).innerText()).trim();
const toastText = (page: Page) => page.locator('#toast-root').innerText();
async function compose(page: Page, fields: { to?: string; cc?: string; subject?: string; body?: string }) {
  const dialog = page.getByRole('dialog', { name: 'New message' });
  if (fields.to) await dialog.getByLabel('To').fill(fields.to);
  if (fields.cc) {
    await dialog.getByRole('button', { name: 'Cc' }).click();
    await dialog.getByLabel('Cc').fill(fields.cc);
  }
  if (fields.subject) await dialog.getByPlaceholder('Subject').fill(fields.subject);
  if (fields.body) await dialog.getByRole('textbox', { name: 'Message Body' }).fill(fields.body);
}

const mailInbox: Script[] = [
  async (page) => {
    await mailRow(page, 'Marco Rossi').locator('.star').click();
    return (await mailRow(page, 'Marco Rossi').locator('.star').getAttribute('aria-pressed')) === 'true';
  },
  async (page) => {
    await mailRow(page, 'Stripe').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Archive' }).click();
    return !(await subjects(page)).includes('Your invoice for November');
  },
  async (page) => {
    await mailRow(page, 'Stripe').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Undo' }).click();
    return !(await subjects(page)).includes('Your invoice for November');
  },
  async (page) => {
    await mailRow(page, 'GitHub').getByRole('checkbox').check();
    await mailRow(page, 'Linear').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark as read' }).click();
    return (await folderCount(page, 'Inbox')) === '3';
  },
  async (page) => {
    await mailRow(page, 'Lunch on Friday?').locator('.subject').click();
    return (await folderCount(page, 'Inbox')) === '4';
  },
  async (page) => {
    await page.getByRole('button', { name: '✎ Compose' }).click();
    await compose(page, { to: 'sam@example.com', subject: 'Standup', body: 'Running 10 minutes late' });
    await page.getByRole('button', { name: 'Send' }).click();
    return (await toastText(page)).includes('Message sent');
  },
  async (page) => {
    await page.getByRole('button', { name: '✎ Compose' }).click();
    await compose(page, { subject: 'Hello' });
    await page.getByRole('button', { name: 'Send' }).click();
    return (await toastText(page)).includes('Message sent');
  },
  async (page) => {
    await page.getByRole('button', { name: '✎ Compose' }).click();
    await compose(page, { to: 'priya@example.com', subject: 'Offsite agenda' });
    await page.getByRole('button', { name: 'Save & close' }).click();
    return (await folderCount(page, 'Drafts')) === '1';
  },
  async (page) => {
    await mailRow(page, 'The Weekly Frontend').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await folderLink(page, 'Trash').click();
    return (await subjects(page)).includes('The Weekly Frontend #212');
  },
  async (page) => {
    await folderLink(page, 'Starred').click();
    return (
      same(await subjects(page), ['Q4 roadmap review']) &&
      (await mailRow(page, 'Q4 roadmap review').innerText()).includes('Priya Shah')
    );
  },
  async (page) => {
    await page.getByPlaceholder('Search mail').fill('invoice');
    await page.getByPlaceholder('Search mail').press('Enter');
    return (await page.locator('li.msg').count()) === 2;
  },
  async (page) => {
    await page.getByLabel('Select all').check();
    await page.getByRole('button', { name: 'Archive' }).click();
    return visibleText(page, "You're all caught up! Nothing in Inbox.");
  },
  async (page) => {
    await mailRow(page, 'Design review notes').locator('.subject').click();
    await page.getByRole('button', { name: 'Reply' }).click();
    await compose(page, { body: 'Looks good to me' });
    await page.getByRole('button', { name: 'Send' }).click();
    await folderLink(page, 'Sent').click();
    return (await subjects(page)).includes('Re: Design review notes');
  },
  async (page) => {
    await mailRow(page, 'Stripe').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Move to ▾' }).click();
    await page.getByRole('menuitem', { name: 'Receipts' }).click();
    await folderLink(page, 'Receipts').click();
    return (await subjects(page)).includes('Your invoice for November');
  },
  async (page) => {
    await mailRow(page, 'CI failed on main').locator('.subject').click();
    await page.getByRole('button', { name: 'Forward' }).click();
    await compose(page, { to: 'marco@example.com' });
    await page.getByRole('button', { name: 'Send' }).click();
    return (await toastText(page)).includes('Message sent');
  },
  async (page) => {
    await mailRow(page, 'HR Team').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await folderLink(page, 'Trash').click();
    await page.getByRole('button', { name: 'Empty Trash now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    return (await subjects(page)).includes('Holiday schedule 2027');
  },
  async (page) => {
    await page.getByRole('button', { name: '✎ Compose' }).click();
    await compose(page, { to: 'priya@example.com', cc: 'marco@example.com', subject: 'Budget' });
    await page.getByRole('button', { name: 'Send' }).click();
    await folderLink(page, 'Sent').click();
    return (await subjects(page)).includes('Budget');
  },
];

const SCRIPTS: Record<string, Script[]> = {
  'task-board': taskBoard,
  'shop-filters': shopFilters,
  'crm-contacts': crmContacts,
  'hotel-booking': hotelBooking,
  'mail-inbox': mailInbox,
  'file-manager': fileManager,
  'onboarding-wizard': onboardingWizard,
  'stock-grid': stockGrid,
  'parts-grid': partsGrid,
  'club-signup': clubSignup,
  'helpdesk-queue': helpdeskQueue,
  'event-planner': eventPlanner,
  'clinic-booking': clinicBooking,
  'expense-claims': expenseClaims,
};

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const apps = fs
    .readdirSync(APPS_DIR)
    .filter((d) => fs.existsSync(path.join(APPS_DIR, d, 'cases.json')) && (!only.length || only.includes(d)))
    .sort();
  const server = await startAppServer(APPS_DIR);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  let bad = 0;
  let total = 0;
  try {
    for (const app of apps) {
      const cases = loadSuite([app], APPS_DIR);
      const scripts = SCRIPTS[app] ?? [];
      if (scripts.length !== cases.length) {
        console.log(`✗ ${app}: ${cases.length} cases but ${scripts.length} scripts`);
        bad++;
      }
      for (const [i, c] of cases.entries()) {
        const script = scripts[i];
        if (!script) continue;
        total++;
        const context = await browser.newContext();
        const page = await context.newPage();
        page.setDefaultTimeout(5000);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        let verdict: string;
        try {
          await page.goto(`${server.url}/${app}/`);
          verdict = (await script(page)) ? 'PASSED' : 'FAILED';
          if (errors.length) verdict = `ERROR (page: ${errors.join('; ')})`;
        } catch (error) {
          verdict = `ERROR (${(error as Error).message.split('\n')[0]})`;
        }
        await context.close();
        const ok = verdict === c.verdict;
        if (!ok) bad++;
        console.log(`${ok ? '✓' : '✗'} ${c.name}: ${c.verdict}${ok ? '' : `, script says ${verdict}`} — ${c.goal}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`${total - bad} agree, ${bad} disagree`);
  process.exit(bad ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
