// Hand-written Playwright scripts for test/dev-set/apps/helpdesk-queue/cases.json, one per case in the same
// order: each performs the goal from the app's first screen (the All open view) and answers whether the
// expected result holds.
import type { Page } from 'playwright-core';

type Status = 'Open' | 'Pending' | 'On hold' | 'Solved';

const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });
const viewLink = (page: Page, name: string) =>
  views(page).locator('a', { has: page.locator('.name', { hasText: new RegExp(`^${name}$`) }) });
const viewCount = async (page: Page, name: string) => (await viewLink(page, name).locator('.count').innerText()).trim();
const subjectLink = (page: Page, subject: string) =>
  page.locator('td.subject').getByRole('link', { name: subject, exact: true });
const row = (page: Page, subject: string) => page.locator('tbody tr', { has: subjectLink(page, subject) });
const cell = async (page: Page, subject: string, cls: string) =>
  (await row(page, subject).locator(`td.${cls}`).innerText()).trim();
const subjects = async (page: Page) => (await page.locator('td.subject a').allInnerTexts()).map((t) => t.trim());

async function openTicket(page: Page, subject: string): Promise<void> {
  await subjectLink(page, subject).click();
  await page.getByRole('heading', { level: 1, name: subject, exact: true }).waitFor();
}
const ticketStatus = async (page: Page) => (await page.locator('#ticket-meta .status').innerText()).trim();
const replyBox = (page: Page) => page.locator('#reply');
const lastMessage = async (page: Page) => (await page.locator('ol.thread > li').last().innerText()).trim();
const priorityField = (page: Page) => page.getByRole('combobox', { name: 'Priority' });

async function sendAs(page: Page, status: Status): Promise<void> {
  const main = page.getByRole('button', { name: /^Send as / });
  if ((await main.innerText()).trim() === `Send as ${status}`) return main.click();
  await page.getByRole('button', { name: 'More send options' }).click();
  await page
    .getByRole('menu', { name: 'Send as' })
    .getByRole('menuitem', { name: `Send as ${status}` })
    .click();
}

async function backToList(page: Page): Promise<void> {
  await page.getByRole('link', { name: /^← Back to/ }).click();
  await page.locator('table.tickets').waitFor();
}

async function newTicket(
  page: Page,
  fields: { email: string; subject: string; description?: string; priority?: string },
): Promise<void> {
  await page.getByRole('button', { name: '+ New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByLabel('Requester email').fill(fields.email);
  await dialog.getByLabel('Subject').fill(fields.subject);
  if (fields.description) await dialog.getByLabel('Description').fill(fields.description);
  if (fields.priority) await dialog.getByLabel('Priority').selectOption(fields.priority);
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
}

async function lowerUrgentToLow(page: Page, reason: string | null): Promise<void> {
  await priorityField(page).selectOption('Low');
  const dialog = page.getByRole('dialog', { name: 'Lower priority from Urgent to Low?' });
  await dialog.waitFor();
  if (reason === null) {
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  } else {
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Lower priority' }).click();
  }
  await dialog.waitFor({ state: 'hidden' });
}

export const scripts: Array<(page: Page) => Promise<boolean>> = [
  // 1 assign Refund not received to Priya Nair: Unassigned 5 -> 4
  async (page) => {
    await openTicket(page, 'Refund not received');
    await page.getByLabel('Assignee').selectOption('Priya Nair');
    await backToList(page);
    return (
      (await cell(page, 'Refund not received', 'assignee')) === 'Priya Nair' &&
      (await viewCount(page, 'Unassigned')) === '4'
    );
  },
  // 2 public reply to Ben Carter, sent as Pending
  async (page) => {
    const text = 'Please try clearing your browser cookies and logging in again.';
    await openTicket(page, "Can't log in after password reset");
    await replyBox(page).fill(text);
    await sendAs(page, 'Pending');
    return (await ticketStatus(page)) === 'Pending' && (await lastMessage(page)).includes(text);
  },
  // 3 solving an unassigned ticket is refused
  async (page) => {
    await openTicket(page, 'App crashes when uploading photos');
    await replyBox(page).fill('A fix is rolling out in version 4.2 today.');
    await sendAs(page, 'Solved');
    return (await ticketStatus(page)) === 'Solved' && (await viewCount(page, 'Urgent')) === '2';
  },
  // 4 an internal note is not sent to the requester
  async (page) => {
    await openTicket(page, 'Double charged for November');
    await page.getByRole('tab', { name: 'Internal note' }).click();
    await replyBox(page).fill('Refund approved by Marcus, processing Monday.');
    await sendAs(page, 'Pending');
    const last = await lastMessage(page);
    return last.includes('Refund approved by Marcus') && last.includes('Sent to ethan.wright@example.com');
  },
  // 5 macro on Noah Kim's ticket, sent as Pending
  async (page) => {
    await openTicket(page, "Shipping address won't update");
    await page.getByTitle('Macros').selectOption({ label: 'Ask for order number' });
    await sendAs(page, 'Pending');
    const last = await lastMessage(page);
    return (await ticketStatus(page)) === 'Pending' && last.includes('Hi Noah') && last.includes('order number');
  },
  // 6 tags: add billing and vip, remove invoice
  async (page) => {
    await openTicket(page, 'Invoice shows wrong VAT number');
    const input = page.getByPlaceholder('Add a tag…');
    await input.fill('billing');
    await input.press('Enter');
    await input.fill('vip');
    await input.press('Enter');
    await page.getByTitle('Remove tag invoice').click();
    const tags = await page.locator('#tag-list li').evaluateAll((lis) => lis.map((li) => li.firstChild?.textContent));
    return JSON.stringify(tags) === JSON.stringify(['vat', 'billing', 'vip']);
  },
  // 7 type Incident and priority Urgent: Urgent 3 -> 4
  async (page) => {
    await openTicket(page, 'Order #AC88213 arrived damaged');
    await page.getByRole('radio', { name: 'Incident' }).check();
    await priorityField(page).selectOption('Urgent');
    return (
      (await viewCount(page, 'Urgent')) === '4' && (await page.getByRole('radio', { name: 'Incident' }).isChecked())
    );
  },
  // 8 Urgent -> Low with a reason
  async (page) => {
    await openTicket(page, 'Two-factor codes not arriving');
    await lowerUrgentToLow(page, 'Customer confirmed the codes arrive now.');
    return (await priorityField(page).inputValue()) === 'Low' && (await viewCount(page, 'Urgent')) === '2';
  },
  // 9 Urgent -> Low cancelled: stays Urgent
  async (page) => {
    await openTicket(page, "Can't log in after password reset");
    await lowerUrgentToLow(page, null);
    const field = await priorityField(page).inputValue();
    await backToList(page);
    return field === 'Low' || (await cell(page, "Can't log in after password reset", 'priority')) === 'Low';
  },
  // 10 bulk-assign every unassigned ticket to Marcus Chen
  async (page) => {
    await viewLink(page, 'Unassigned').click();
    await page.getByRole('heading', { level: 1, name: 'Unassigned' }).waitFor();
    await page.getByLabel('Select all tickets').check();
    await page.getByRole('button', { name: 'Assign to…' }).click();
    await page.getByRole('menu', { name: 'Assign to' }).getByRole('menuitem', { name: 'Marcus Chen' }).click();
    return (
      (await page.locator('tbody tr').count()) === 0 &&
      (await page.getByText('No tickets in this view').isVisible()) &&
      (await viewCount(page, 'Unassigned')) === '0'
    );
  },
  // 11 bulk solve: the unassigned one is skipped
  async (page) => {
    const three = ['Refund not received', "Shipping address won't update", 'Feature request: dark mode'];
    for (const s of three) await row(page, s).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark as solved' }).click();
    await viewLink(page, 'Solved').click();
    await page.getByRole('heading', { level: 1, name: 'Solved' }).waitFor();
    const solved = await subjects(page);
    return three.every((s) => solved.includes(s)) && (await viewCount(page, 'Solved')) === '5';
  },
  // 12 delete the spam ticket, confirming
  async (page) => {
    await row(page, 'Claim your free gift card now').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'hidden' });
    return (
      !(await subjects(page)).includes('Claim your free gift card now') && (await viewCount(page, 'Unassigned')) === '4'
    );
  },
  // 13 new ticket, High priority: Unassigned 5 -> 6
  async (page) => {
    await newTicket(page, {
      email: 'tom.baker@example.com',
      subject: 'Package stuck in customs',
      description: "Tracking hasn't moved since Friday.",
      priority: 'High',
    });
    await page.getByRole('dialog', { name: 'New ticket' }).waitFor({ state: 'hidden' });
    return (
      (await cell(page, 'Package stuck in customs', 'status-cell')) === 'Open' &&
      (await cell(page, 'Package stuck in customs', 'priority')) === 'High' &&
      (await cell(page, 'Package stuck in customs', 'requester')) === 'tom.baker@example.com' &&
      (await viewCount(page, 'Unassigned')) === '6'
    );
  },
  // 14 new ticket with an invalid email is refused
  async (page) => {
    await newTicket(page, { email: 'mia.johnson@example', subject: 'Coupon code not working' });
    const error = page.locator('#nt-email-error');
    const refused = (await error.isVisible()) && (await error.innerText()).includes('valid email');
    return !refused && (await subjects(page)).includes('Coupon code not working');
  },
  // 15 Pending only, oldest update first
  async (page) => {
    await page.getByLabel('Status', { exact: true }).selectOption('Pending');
    await page.getByRole('button', { name: 'Updated' }).click();
    const list = await subjects(page);
    return list.length === 3 && list[0] === 'Two-factor codes not arriving';
  },
  // 16 search for hannah
  async (page) => {
    await page.getByRole('searchbox', { name: 'Search tickets' }).fill('hannah');
    return (
      JSON.stringify(await subjects(page)) === JSON.stringify(['How do I export my data?']) &&
      (await cell(page, 'How do I export my data?', 'requester')) === 'Hannah Schmidt'
    );
  },
];
