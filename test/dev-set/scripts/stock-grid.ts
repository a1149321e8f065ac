// Hand-written Playwright scripts for test/dev-set/apps/stock-grid/cases.json, one per case in the same
// order: each performs the goal from the app's first screen and answers whether the expected result holds.
import type { Locator, Page } from 'playwright-core';

const table = (page: Page) => page.getByRole('table');
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const row = (page: Page, name: string) => bodyRows(page).filter({ has: page.getByRole('cell', { name, exact: true }) });
const cellText = async (r: Locator, column: number) => (await r.locator('td').nth(column).innerText()).trim();
const QTY = 5;
const STATUS = 7;
const names = async (page: Page) =>
  (await bodyRows(page).locator('td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
const pagerText = async (page: Page) => (await page.getByText(/^Showing /).innerText()).trim();

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search stock' }).fill(text);
  await page.waitForTimeout(400); // the search box is debounced
}
async function rowMenu(page: Page, name: string, item: string) {
  await row(page, name).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}
async function fillAddForm(
  page: Page,
  f: { sku: string; name: string; category: string; location?: string; qty: string; price: string },
) {
  await page.getByRole('button', { name: '+ Add item' }).click();
  const panel = page.getByRole('dialog', { name: 'New item' });
  await panel.getByLabel('SKU').fill(f.sku);
  await panel.getByLabel('Product name').fill(f.name);
  await panel.getByLabel('Category').selectOption(f.category);
  if (f.location) await panel.getByLabel('Bin location').fill(f.location);
  await panel.getByLabel('Opening quantity').fill(f.qty);
  await panel.getByLabel('Unit price').fill(f.price);
  await panel.getByRole('button', { name: 'Save item' }).click();
}

export const scripts: Array<(page: Page) => Promise<boolean>> = [
  // 1 sort by price, most expensive first
  async (page) => {
    const header = page.getByRole('columnheader', { name: 'Unit price' });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    if ((await header.getAttribute('aria-sort')) !== 'descending') return false;
    const first = bodyRows(page).first();
    return (await cellText(first, 2)) === 'Basin Tap Chrome' && (await cellText(first, 6)) === '$42.00';
  },
  // 2 blue widget quantity 40
  async (page) => {
    await search(page, 'blue widget');
    const r = row(page, 'Blue Widget');
    await r.getByRole('button', { name: 'Edit quantity' }).click();
    await r.getByRole('spinbutton', { name: 'Quantity' }).fill('40');
    await r.getByRole('button', { name: 'Save quantity' }).click();
    const total = (await page.locator('#totalValue').innerText()).trim();
    return (await cellText(row(page, 'Blue Widget'), QTY)) === '40' && total === '$5,573.93';
  },
  // 3 red widget: type 25, Escape
  async (page) => {
    await search(page, 'red widget');
    const r = row(page, 'Red Widget');
    await r.locator('td').nth(QTY).dblclick();
    const input = r.getByRole('spinbutton', { name: 'Quantity' });
    await input.fill('25');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    return (await cellText(row(page, 'Red Widget'), QTY)) === '25';
  },
  // 4 Electrical
  async (page) => {
    await page.getByLabel('Category').selectOption('Electrical');
    const cats = (await bodyRows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => t.trim());
    return cats.length === 5 && cats.every((c) => c === 'Electrical') && (await pagerText(page)) === 'Showing 1–5 of 5';
  },
  // 5 show only low stock: "10 items"
  async (page) => {
    await page.getByLabel('Show only low stock').check();
    return (await pagerText(page)) === 'Showing 1–10 of 10' && (await bodyRows(page).count()) === 10;
  },
  // 6 Garden + low stock
  async (page) => {
    await page.getByLabel('Category').selectOption('Garden');
    await page.getByLabel('Show only low stock').check();
    const shown = await names(page);
    return shown.length === 1 && shown[0] === 'Hose Nozzle Spray';
  },
  // 7 add PT-5006 Sandpaper Assorted
  async (page) => {
    await fillAddForm(page, {
      sku: 'PT-5006',
      name: 'Sandpaper Assorted',
      category: 'Paint',
      location: 'E-03-2',
      qty: '40',
      price: '3.60',
    });
    await page.getByRole('dialog', { name: 'New item' }).waitFor({ state: 'detached' });
    return (await row(page, 'Sandpaper Assorted').isVisible()) && (await pagerText(page)) === 'Showing 21–26 of 26';
  },
  // 8 duplicate SKU HW-1002
  async (page) => {
    await fillAddForm(page, { sku: 'HW-1002', name: 'Green Widget', category: 'Hardware', qty: '10', price: '4.50' });
    await page.getByText('SKU HW-1002 is already in use').waitFor();
    await page.getByRole('dialog', { name: 'New item' }).getByRole('button', { name: 'Cancel' }).click();
    await search(page, 'green');
    return (await names(page)).includes('Green Widget');
  },
  // 9 price 0
  async (page) => {
    await fillAddForm(page, { sku: 'HW-1099', name: 'Free Sample Pack', category: 'Hardware', qty: '100', price: '0' });
    await page.getByText('Unit price must be greater than 0').waitFor();
    const panel = page.getByRole('dialog', { name: 'New item' });
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await search(page, 'free sample');
    const r = row(page, 'Free Sample Pack');
    return (await r.count()) === 1 && (await cellText(r, STATUS)) === 'In stock';
  },
  // 10 page 3
  async (page) => {
    await page.getByRole('button', { name: 'Page 3' }).click();
    return (await row(page, 'Wall Filler 1kg').isVisible()) && (await pagerText(page)) === 'Showing 21–25 of 25';
  },
  // 11 adjust stock +5, Received delivery
  async (page) => {
    await page.getByRole('button', { name: 'Page 2' }).click();
    await rowMenu(page, 'Garden Hose 30m', 'Adjust stock…');
    const dlg = page.getByRole('dialog', { name: 'Adjust stock' });
    for (let i = 0; i < 5; i++) await dlg.getByRole('button', { name: 'Increase' }).click();
    await dlg.getByLabel('Reason').selectOption('Received delivery');
    await dlg.getByRole('button', { name: 'Apply' }).click();
    await dlg.waitFor({ state: 'detached' });
    return (await cellText(row(page, 'Garden Hose 30m'), QTY)) === '23';
  },
  // 12 delete sink plunger
  async (page) => {
    await search(page, 'sink plunger');
    await rowMenu(page, 'Sink Plunger', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const footer = (await page.locator('.totals').innerText()).replace(/\s+/g, ' ');
    await search(page, '');
    const all: string[] = [];
    for (let p = 1; p <= 3; p++) {
      await page.getByRole('button', { name: `Page ${p}` }).click();
      all.push(...(await names(page)));
    }
    return all.length === 24 && !all.includes('Sink Plunger') && footer.includes('24 products');
  },
  // 13 select all (header) + delete selected
  async (page) => {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    return (await bodyRows(page).count()) === 0;
  },
  // 14 duplicate claw hammer
  async (page) => {
    await rowMenu(page, 'Claw Hammer 16oz', 'Duplicate');
    return row(page, 'Claw Hammer 16oz (copy)').isVisible();
  },
  // 15 Quantity header twice
  async (page) => {
    const sorter = page.getByRole('columnheader', { name: 'Quantity' }).getByRole('button');
    await sorter.click();
    await sorter.click();
    const first = bodyRows(page).first();
    return (await cellText(first, 2)) === 'LED Bulb E27 9W' && (await cellText(first, QTY)) === '210';
  },
  // 16 tick Blue + Red widget, export
  async (page) => {
    await row(page, 'Blue Widget').getByRole('checkbox').check();
    await row(page, 'Red Widget').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Export' }).click();
    return page.getByRole('status').getByText('2 items exported').isVisible();
  },
];
