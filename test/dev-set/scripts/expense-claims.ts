// Hand-written Playwright scripts for test/dev-set/apps/expense-claims/cases.json, one per case in the same
// order: each performs the goal on the app's first screen (My claims of Dana Whitfield, today Monday
// 30 November 2026) and answers whether the expected result then holds (true means the case's verdict is PASSED).
import type { Locator, Page } from 'playwright-core';
import { shows } from './shows.js';

type Script = (page: Page) => Promise<boolean>;
type NewExpense = {
  kind?: 'Purchase' | 'Mileage' | 'Per diem';
  date?: string; // yyyy-mm-dd, the form starts on today
  merchant?: string;
  category?: string;
  amount?: string;
  currency?: string;
  people?: number;
  km?: number;
  days?: number;
  client?: string; // switches Billable to client on and picks the client
  description?: string;
  receipt?: boolean;
};

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

const myTab = (page: Page) => page.getByRole('tab', { name: /My claims/ });
const approveTab = (page: Page) => page.getByRole('tab', { name: /To approve/ });
const tabCount = async (tab: Locator) => Number(await text(tab.locator('.count')));
const myTable = (page: Page) => page.getByRole('table', { name: 'My claims' });
const myRow = (page: Page, merchant: string) =>
  myTable(page)
    .locator('tbody tr')
    .filter({ has: page.locator('.merchant', { hasText: merchant }) });
const rowStatus = async (row: Locator) => text(row.locator('td').nth(5).locator('.badge'));
const queue = (page: Page) => page.getByRole('table', { name: 'Claims waiting for your approval' });
const queueRow = (page: Page, employee: string, merchant: string) =>
  queue(page).locator('tbody tr').filter({ hasText: employee }).filter({ hasText: merchant });
const decidedRow = (page: Page, employee: string, merchant: string) =>
  page.getByRole('table', { name: 'Recently decided' }).locator('tbody tr').filter({ hasText: employee }).filter({
    hasText: merchant,
  });
const expenseDialog = (page: Page) => page.getByRole('dialog', { name: /expense/ });

async function novemberTotal(page: Page): Promise<string> {
  const row = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Paid out' }) })
    .getByRole('row', { name: /November 2026/ });
  return text(row.locator('td').nth(1));
}

/** Opens New expense and fills it in (without saving); answers the dialog. */
async function fillExpense(page: Page, e: NewExpense): Promise<Locator> {
  await page.getByRole('button', { name: 'New expense' }).click();
  const dialog = expenseDialog(page);
  await dialog.waitFor();
  if (e.kind) await dialog.getByRole('radio', { name: e.kind }).check();
  if (e.date) await dialog.getByLabel('Date', { exact: true }).fill(e.date);
  if (e.merchant !== undefined) await dialog.getByPlaceholder('Merchant').fill(e.merchant);
  if (e.category) await dialog.getByRole('combobox', { name: 'Category' }).selectOption(e.category);
  if (e.km !== undefined) await dialog.getByLabel('Distance (km)').fill(String(e.km));
  if (e.days !== undefined) await dialog.getByLabel('Number of days').fill(String(e.days));
  if (e.amount !== undefined) await dialog.getByLabel('Amount', { exact: true }).fill(e.amount);
  if (e.currency) await dialog.getByRole('combobox', { name: 'Currency' }).selectOption(e.currency);
  if (e.people) await dialog.getByLabel('Number of people').fill(String(e.people));
  if (e.client) {
    await dialog.getByRole('switch', { name: 'Billable to client' }).click();
    await dialog.getByLabel('Client', { exact: true }).selectOption(e.client);
  }
  if (e.description) await dialog.getByLabel('Description').fill(e.description);
  if (e.receipt) await dialog.getByLabel('I have a receipt').check();
  return dialog;
}

async function saveExpense(page: Page, e: NewExpense, button: 'Save as draft' | 'Save and submit'): Promise<Locator> {
  const dialog = await fillExpense(page, e);
  await dialog.getByRole('button', { name: button }).click();
  return dialog;
}

async function withdraw(page: Page, merchant: string, answer: 'Withdraw claim' | 'Cancel'): Promise<void> {
  await myRow(page, merchant).getByRole('button', { name: 'Withdraw' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw claim?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: answer }).click();
  await confirm.waitFor({ state: 'hidden' });
}

export const scripts: Script[] = [
  // 1 Dishoom £24.60 as a draft: £24.60 with ≈ €28.78, count 9 → 10
  async (page) => {
    const before = await tabCount(myTab(page));
    await saveExpense(
      page,
      {
        date: '2026-11-18',
        merchant: 'Dishoom',
        category: 'Meals',
        amount: '24.60',
        currency: 'GBP',
        description: 'Lunch with candidate (design lead)',
        receipt: true,
      },
      'Save as draft',
    );
    const row = myRow(page, 'Dishoom');
    if (!(await shows(row))) return false;
    const amount = await text(row.locator('td').nth(4));
    return (
      before === 9 &&
      (await tabCount(myTab(page))) === 10 &&
      (await rowStatus(row)) === 'Draft' &&
      amount.includes('£24.60') &&
      amount.includes('€28.78')
    );
  },
  // 2 mileage 126 km × €0.30 = €37.80, submitted; November 516.08 → 553.88
  async (page) => {
    const before = await novemberTotal(page);
    await saveExpense(page, { kind: 'Mileage', date: '2026-11-25', km: 126 }, 'Save and submit');
    const row = myTable(page).locator('tbody tr').filter({ hasText: 'Mileage' }).filter({ hasText: '126 km' });
    if (!(await shows(row))) return false;
    return (
      before === '€516.08' &&
      (await rowStatus(row)) === 'Submitted' &&
      (await text(row.locator('td').nth(4))) === '€37.80' &&
      (await novemberTotal(page)) === '€553.88'
    );
  },
  // 3 taxi 92 EUR without a receipt: "Save and submit" is refused (receipt required over €75)
  async (page) => {
    const dialog = await saveExpense(
      page,
      { merchant: 'FreeNow', category: 'Transport', amount: '92.00', currency: 'EUR' },
      'Save and submit',
    );
    if (await shows(dialog.getByText('A receipt is required for expenses over €75'))) return false;
    const row = myRow(page, 'FreeNow');
    return (await shows(row)) && (await rowStatus(row)) === 'Submitted';
  },
  // 4 amount 0: "Amount must be greater than 0", nothing added
  async (page) => {
    const dialog = await saveExpense(
      page,
      { merchant: 'Staples', category: 'Office supplies', amount: '0' },
      'Save as draft',
    );
    const error = await shows(dialog.getByText('Amount must be greater than 0'));
    return (
      error &&
      (await dialog.isVisible()) &&
      (await myRow(page, 'Staples').count()) === 1 && // only the existing submitted Staples claim
      (await tabCount(myTab(page))) === 9
    );
  },
  // 5 236,00 EUR for 4 people at dinner: €59.00 per person over the €50 limit, saved as a Draft tagged Over policy
  async (page) => {
    const dialog = await fillExpense(page, {
      date: '2026-11-29',
      merchant: 'Zur Letzten Instanz',
      category: 'Meals',
      people: 4,
      amount: '236,00',
      receipt: true,
    });
    const warning = dialog.getByRole('status').filter({ hasText: 'Over policy' });
    if (!(await shows(warning))) return false;
    const warned = await text(warning);
    await dialog.getByRole('button', { name: 'Save as draft' }).click();
    const row = myRow(page, 'Zur Letzten Instanz');
    if (!(await shows(row))) return false;
    return (
      warned.includes('€59.00 per person') &&
      warned.includes('€50.00 per person') &&
      (await rowStatus(row)) === 'Draft' &&
      (await row.getByText('Over policy', { exact: true }).isVisible())
    );
  },
  // 6 billable hotel for Contoso Ltd, submitted
  async (page) => {
    await saveExpense(
      page,
      {
        date: '2026-11-24',
        merchant: 'Ibis Styles Potsdam',
        category: 'Accommodation',
        amount: '109.00',
        client: 'Contoso Ltd',
        receipt: true,
      },
      'Save and submit',
    );
    const row = myRow(page, 'Ibis Styles Potsdam');
    if (!(await shows(row))) return false;
    return (await rowStatus(row)) === 'Submitted' && (await row.getByText('Billable · Contoso Ltd').isVisible());
  },
  // 7 Withdraw, then Cancel: the Deutsche Bahn claim stays Submitted
  async (page) => {
    await withdraw(page, 'Deutsche Bahn', 'Cancel');
    return (await rowStatus(myRow(page, 'Deutsche Bahn'))) === 'Draft';
  },
  // 8 Withdraw the Staples claim, confirmed: Draft with a Submit button
  async (page) => {
    await withdraw(page, 'Staples', 'Withdraw claim');
    const row = myRow(page, 'Staples');
    return (
      (await rowStatus(row)) === 'Draft' &&
      (await row.getByRole('button', { name: 'Submit' }).isVisible()) &&
      (await row.getByRole('button', { name: 'Withdraw' }).count()) === 0
    );
  },
  // 9 per diem 3 days × €28.00 = €84.00, submitted without a receipt
  async (page) => {
    const dialog = await fillExpense(page, { kind: 'Per diem', date: '2026-11-18', days: 3 });
    const amount = await dialog.getByLabel('Amount', { exact: true }).inputValue();
    await dialog.getByRole('button', { name: 'Save and submit' }).click();
    if (await shows(dialog.getByText('A receipt is required'), 500)) return false;
    const row = myRow(page, 'Per diem');
    if (!(await shows(row))) return false;
    return (
      amount === '84.00' &&
      (await rowStatus(row)) === 'Submitted' &&
      (await text(row.locator('td').nth(4))) === '€84.00'
    );
  },
  // 10 approve Tom's Deutsche Bahn: queue 5 → 4, Recently decided shows Approved
  async (page) => {
    await approveTab(page).click();
    await queueRow(page, 'Tom Becker', 'Deutsche Bahn').getByRole('button', { name: 'Approve' }).click();
    const decided = decidedRow(page, 'Tom Becker', 'Deutsche Bahn');
    if (!(await shows(decided))) return false;
    return (
      (await queueRow(page, 'Tom Becker', 'Deutsche Bahn').count()) === 0 &&
      (await tabCount(approveTab(page))) === 4 &&
      (await text(decided.locator('.badge'))) === 'Approved'
    );
  },
  // 11 reject Priya's Marriott with a comment
  async (page) => {
    const comment = 'Please book hotels via the travel portal';
    await approveTab(page).click();
    await queueRow(page, 'Priya Nair', 'Marriott Hamburg').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject claim' });
    await dialog.getByLabel('Comment for the employee').fill(comment);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    const decided = decidedRow(page, 'Priya Nair', 'Marriott Hamburg');
    if (!(await shows(decided))) return false;
    return (
      (await text(decided.locator('.badge'))) === 'Rejected' &&
      (await decided.getByText(comment).isVisible()) &&
      (await tabCount(approveTab(page))) === 4
    );
  },
  // 12 reject without a comment: "A comment is required to reject a claim", Sofia's claim stays in the queue
  async (page) => {
    await approveTab(page).click();
    await queueRow(page, 'Sofia Alvarez', 'Amazon').getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject claim' });
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    if (await shows(dialog.getByText('A comment is required to reject a claim'))) return false;
    return (await queueRow(page, 'Sofia Alvarez', 'Amazon').count()) === 0;
  },
  // 13 select all + Approve selected: Lukas's over-policy Nobu dinner can't be bulk-approved and stays
  async (page) => {
    await approveTab(page).click();
    await queue(page).getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await shows(page.getByText(/Approved \d+ claims/));
    return (
      (await shows(page.getByText('Nothing to approve'), 1000)) &&
      (await tabCount(approveTab(page))) === 0 &&
      (await queue(page).locator('tbody tr').count()) === 0
    );
  },
  // 14 tick Taxi Berlin and Amazon: "2 selected · €64.49", then approved, queue shows 3
  async (page) => {
    await approveTab(page).click();
    await queueRow(page, 'Tom Becker', 'Taxi Berlin').getByRole('checkbox').check();
    await queueRow(page, 'Sofia Alvarez', 'Amazon').getByRole('checkbox').check();
    const bar = await text(page.locator('#selInfo'));
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await queueRow(page, 'Tom Becker', 'Taxi Berlin').waitFor({ state: 'detached', timeout: 1500 });
    return (
      bar === '2 selected · €64.49' &&
      (await queueRow(page, 'Sofia Alvarez', 'Amazon').count()) === 0 &&
      (await tabCount(approveTab(page))) === 3
    );
  },
  // 15 status Submitted + search "bahn": only Deutsche Bahn €129.90
  async (page) => {
    await page.getByLabel('Status', { exact: true }).selectOption('Submitted');
    await page.getByPlaceholder('Search merchant, description or claim ID').fill('bahn');
    const rows = myTable(page).locator('tbody tr');
    if ((await rows.count()) !== 1) return false;
    const row = rows.first();
    return (
      (await text(row.locator('.merchant'))) === 'Deutsche Bahn' &&
      (await text(row.locator('td').nth(4))) === '€129.90' &&
      (await rowStatus(row)) === 'Submitted'
    );
  },
  // 16 one click on Amount sorts ascending: the Pret A Manger claim (≈ €21.94) comes first, Lufthansa last
  async (page) => {
    await page.getByRole('button', { name: 'Amount' }).click();
    const first = myTable(page).locator('tbody tr').first();
    return (
      (await text(first.locator('.merchant'))) === 'Lufthansa' && (await text(first.locator('td').nth(4))) === '€412.80'
    );
  },
];
