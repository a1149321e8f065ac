// Hand-written Playwright scripts for test/dev-set/apps/parts-grid/cases.json, one per case in the same
// order: each performs the goal from the app's first screen and answers whether the expected result holds.
import type { Locator, Page } from 'playwright-core';

const COL = {
  'Part #': 1,
  Description: 2,
  Supplier: 3,
  Unit: 4,
  'On hand': 5,
  'Reorder point': 6,
  'Unit cost': 7,
  'Open orders': 8,
  'Stock value': 9,
} as const;
type Column = keyof typeof COL;

const grid = (page: Page) => page.getByRole('grid', { name: 'Parts' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
const row = (page: Page, id: string) =>
  dataRows(page).filter({ has: page.getByRole('gridcell', { name: id, exact: true }) });
const cell = (r: Locator, column: Column) => r.getByRole('gridcell').nth(COL[column]);
const cellText = async (r: Locator, column: Column) => (await cell(r, column).innerText()).trim();
const columnTexts = async (page: Page, column: Column) => {
  const out: string[] = [];
  for (const r of await dataRows(page).all()) out.push(await cellText(r, column));
  return out;
};
const pagerText = async (page: Page) => (await page.getByText(/^(Rows |No rows)/).innerText()).trim();
const footerTotal = async (page: Page) => (await page.getByText(/^Total stock value:/).innerText()).trim();
const toastText = (page: Page) => page.getByRole('status').innerText();

/** Waits for the "Loading parts…" spinner to give way to the grid. */
const ready = (page: Page) => grid(page).getByRole('gridcell').first().waitFor();

async function search(page: Page, text: string) {
  await page.getByPlaceholder('Search part # or description…').fill(text);
}
async function editCell(page: Page, id: string, column: Column, value: string) {
  await cell(row(page, id), column).dblclick();
  const input = row(page, id).getByRole('textbox', { name: `${column}, ${id}` });
  await input.fill(value);
  await input.press('Enter');
}
async function rowMenu(page: Page, id: string, item: string) {
  await row(page, id).getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}
async function pickSupplier(page: Page, name: string) {
  await page.getByRole('button', { name: /^Supplier/ }).click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
}

export const scripts: Array<(page: Page) => Promise<boolean>> = [
  // 1 most expensive unit cost first
  async (page) => {
    await ready(page);
    const header = page.getByRole('columnheader', { name: 'Unit cost' });
    await header.click();
    await header.click();
    if ((await header.getAttribute('aria-sort')) !== 'descending') return false;
    const first = dataRows(page).first();
    return (
      (await cellText(first, 'Part #')) === 'P-1048' &&
      (await cellText(first, 'Description')) === 'Hydraulic pump 11cc' &&
      (await cellText(first, 'Unit cost')) === '$389.00'
    );
  },
  // 2 P-1042 on hand 75, footer total
  async (page) => {
    await ready(page);
    await search(page, 'P-1042');
    await editCell(page, 'P-1042', 'On hand', '75');
    await row(page, 'P-1042').getByRole('textbox').waitFor({ state: 'detached' });
    return (
      (await cellText(row(page, 'P-1042'), 'On hand')) === '75' &&
      (await footerTotal(page)) === 'Total stock value: $19,966.85'
    );
  },
  // 3 P-1037 on hand -5 (rejected)
  async (page) => {
    await ready(page);
    await search(page, 'P-1037');
    await editCell(page, 'P-1037', 'On hand', '-5');
    await page.locator('.cell-error').getByText('Quantity cannot be negative').waitFor();
    await row(page, 'P-1037').getByRole('textbox').press('Escape');
    return (await cellText(row(page, 'P-1037'), 'On hand')) === '-5';
  },
  // 4 supplier Northwind Supply
  async (page) => {
    await ready(page);
    await pickSupplier(page, 'Northwind Supply');
    const suppliers = await columnTexts(page, 'Supplier');
    return (
      (await pagerText(page)) === 'Rows 1–8 of 8' &&
      suppliers.length === 8 &&
      suppliers.every((s) => s === 'Northwind Supply')
    );
  },
  // 5 search bearing, sort by on hand ascending
  async (page) => {
    await ready(page);
    await search(page, 'bearing');
    const header = page.getByRole('columnheader', { name: 'On hand' });
    await header.click();
    if ((await header.getAttribute('aria-sort')) !== 'ascending') return false;
    const first = dataRows(page).first();
    return (
      (await dataRows(page).count()) === 4 &&
      (await cellText(first, 'Part #')) === 'P-1060' &&
      (await cellText(first, 'On hand')) === '10'
    );
  },
  // 6 archive P-1042 (has open orders → blocked)
  async (page) => {
    await ready(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await rowMenu(page, 'P-1042', 'Archive');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('alert')
      .getByText(/P-1042 has 2 open orders/)
      .waitFor();
    return (await row(page, 'P-1042').count()) === 0 && (await page.getByText('29 active parts').isVisible());
  },
  // 7 archive P-1050
  async (page) => {
    await ready(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await rowMenu(page, 'P-1050', 'Archive');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    return (
      (await toastText(page)).includes('Part P-1050 archived') &&
      (await row(page, 'P-1050').count()) === 0 &&
      (await page.getByText(/^29 active parts/).isVisible())
    );
  },
  // 8 reorder P-1033 (not below reorder point → skipped)
  async (page) => {
    await ready(page);
    await row(page, 'P-1033').getByRole('checkbox', { name: 'Select P-1033' }).check();
    await page.getByRole('button', { name: 'Reorder selected' }).click();
    await page
      .getByRole('alert')
      .getByText(/P-1033 is not below the reorder point/)
      .waitFor();
    return (await cellText(row(page, 'P-1033'), 'Open orders')) === '1';
  },
  // 9 Acme low stock, select all, reorder
  async (page) => {
    await ready(page);
    await pickSupplier(page, 'Acme Industrial');
    await page.getByRole('switch', { name: 'Low stock only' }).click();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Reorder selected' }).click();
    return (
      (await toastText(page)).includes('Reorder placed for 2 parts') &&
      (await dataRows(page).count()) === 2 &&
      (await cellText(row(page, 'P-1034'), 'Open orders')) === '1' &&
      (await cellText(row(page, 'P-1051'), 'Open orders')) === '1'
    );
  },
  // 10 new part P-1061
  async (page) => {
    await ready(page);
    await page.getByRole('button', { name: '+ New part' }).click();
    const drawer = page.getByRole('dialog', { name: 'New part' });
    await drawer.getByLabel('Part number').fill('P-1061');
    await drawer.getByLabel('Description').fill('Hex key set 2-10mm');
    await drawer.getByLabel('Supplier').selectOption('Bolt & Nut Co.');
    await drawer.getByRole('group', { name: 'Unit' }).getByLabel('box').check();
    await drawer.getByLabel('On hand').fill('12');
    await drawer.getByLabel('Reorder point').fill('5');
    await drawer.getByLabel('Unit cost').fill('8.50');
    await drawer.getByRole('button', { name: 'Save part' }).click();
    await drawer.waitFor({ state: 'detached' });
    return (
      (await toastText(page)).includes('Part P-1061 added') &&
      (await footerTotal(page)) === 'Total stock value: $9,412.85'
    );
  },
  // 11 edit P-1045 unit cost 99, cancel
  async (page) => {
    await ready(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await rowMenu(page, 'P-1045', 'Edit part…');
    const drawer = page.getByRole('dialog', { name: 'Edit part P-1045' });
    await drawer.getByLabel('Unit cost').fill('99');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'detached' });
    return (await cellText(row(page, 'P-1045'), 'Unit cost')) === '$99.00';
  },
  // 12 P-1038 unit → kg
  async (page) => {
    await ready(page);
    await rowMenu(page, 'P-1038', 'Edit part…');
    const drawer = page.getByRole('dialog', { name: 'Edit part P-1038' });
    await drawer.getByRole('radio', { name: 'kg' }).check();
    await drawer.getByRole('button', { name: 'Save part' }).click();
    await drawer.waitFor({ state: 'detached' });
    return (
      (await toastText(page)).includes('Part P-1038 saved') && (await cellText(row(page, 'P-1038'), 'Unit')) === 'kg'
    );
  },
  // 13 last page
  async (page) => {
    await ready(page);
    await page.getByRole('button', { name: 'Page 3' }).click();
    const last = dataRows(page).last();
    return (
      (await pagerText(page)) === 'Rows 21–30 of 30' &&
      (await cellText(last, 'Part #')) === 'P-1060' &&
      (await cellText(last, 'Description')) === 'Pillow block bearing UCP205'
    );
  },
  // 14 keyboard only: P-1032 reorder point 40
  async (page) => {
    await ready(page);
    const inGrid = () =>
      page.evaluate(() => !!document.activeElement?.closest('[role=grid]') && document.activeElement !== document.body);
    for (let i = 0; i < 12 && !(await inGrid()); i++) await page.keyboard.press('Tab');
    if (!(await inGrid())) return false;
    // the grid's tab stop is the first row's Part # cell
    await page.keyboard.press('ArrowDown');
    for (let i = 0; i < COL['Reorder point'] - COL['Part #']; i++) await page.keyboard.press('ArrowRight');
    const focused = page.locator(':focus');
    if ((await focused.getAttribute('aria-colindex')) !== String(COL['Reorder point'] + 1)) return false;
    await page.keyboard.press('Enter');
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    return (await cellText(row(page, 'P-1032'), 'Reorder point')) === '40';
  },
];
