// Hand-written Playwright scripts for test/dev-set/apps/event-planner/cases.json, one per case in the same
// order: each performs the goal on the app's first screen (the week of Monday 30 November 2026, 12:10)
// and answers whether the expected result then holds (true means the case's verdict is PASSED).
import type { Locator, Page } from 'playwright-core';
import { shows } from './shows.js';

type Script = (page: Page) => Promise<boolean>;
type NewEvent = {
  title: string;
  date: string; // yyyy-mm-dd
  start?: string; // HH:MM
  end?: string;
  allDay?: boolean;
  guests?: string[]; // typed into the guests box, then the suggested person picked
};

const TODAY = '2026-11-30';
const THIS_WEEK = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'];

const dayColumn = (page: Page, date: string) => page.locator(`.day-col[data-date="${date}"]`);
const block = (page: Page, date: string, title: string) =>
  dayColumn(page, date)
    .locator('.ev')
    .filter({ has: page.getByText(title, { exact: true }) });
const blockTime = async (page: Page, date: string, title: string) =>
  (await block(page, date, title).locator('.ev-time').innerText()).trim();
const allDayChip = (page: Page, date: string, title: string) =>
  page.locator(`.allday-cell[data-date="${date}"]`).getByRole('button', { name: title, exact: true });
const header = (page: Page) => page.getByRole('banner');
const rangeTitle = async (page: Page) => (await page.getByRole('heading', { level: 1 }).innerText()).trim();

async function fillEditor(dialog: Locator, e: NewEvent): Promise<void> {
  await dialog.getByLabel('Title').fill(e.title);
  await dialog.getByLabel('Date', { exact: true }).fill(e.date);
  if (e.allDay) await dialog.getByLabel('All day').check();
  if (e.start) await dialog.getByLabel('Start time').selectOption(e.start);
  if (e.end) await dialog.getByLabel('End time').selectOption(e.end);
  for (const guest of e.guests ?? []) {
    await dialog.getByPlaceholder('Add guests').fill(guest);
    await dialog.getByRole('option', { name: new RegExp(`^${guest}`) }).click();
  }
}

/** Opens New event, fills it in and presses Save; answers the dialog, still open when the save was refused. */
async function newEvent(page: Page, e: NewEvent): Promise<Locator> {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await fillEditor(dialog, e);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  return dialog;
}

/** Clicks the event's block in the week grid; answers its details popover. */
async function openEvent(page: Page, date: string, title: string): Promise<Locator> {
  await block(page, date, title).click();
  const popover = page.getByRole('dialog', { name: title });
  await popover.waitFor();
  return popover;
}
const guestNames = async (popover: Locator) =>
  (await popover.locator('.pop-guests li > span').allInnerTexts()).map((t) => t.trim());

async function deleteEvent(page: Page, date: string, title: string, scope?: string): Promise<void> {
  const popover = await openEvent(page, date, title);
  await popover.getByRole('button', { name: 'Delete event' }).click();
  const confirm = page.getByRole('alertdialog');
  if (scope) await confirm.getByRole('radio', { name: scope }).check();
  await confirm.getByRole('button', { name: scope ? 'OK' : 'Delete', exact: true }).click();
}

async function editEvent(page: Page, date: string, title: string): Promise<Locator> {
  const popover = await openEvent(page, date, title);
  await popover.getByRole('button', { name: 'Edit event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit event' });
  await dialog.waitFor();
  return dialog;
}
const conflictWarning = (page: Page) => page.getByRole('alertdialog', { name: 'Scheduling conflict' });

export const scripts: Script[] = [
  // 1 Design review on Wednesday 14:00–15:00: nothing overlaps (the Product demo starts at 15:00)
  async (page) => {
    await newEvent(page, { title: 'Design review', date: '2026-12-02', start: '14:00', end: '15:00' });
    return (
      (await shows(block(page, '2026-12-02', 'Design review'))) &&
      (await blockTime(page, '2026-12-02', 'Design review')) === '14:00 – 15:00'
    );
  },
  // 2 today 9:00 is before now (12:10): "You can't schedule an event in the past"
  async (page) => {
    const dialog = await newEvent(page, { title: 'Submit expenses', date: TODAY, start: '09:00', end: '09:30' });
    if (await shows(dialog.getByText("You can't schedule an event in the past"), 1000))
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    return shows(block(page, TODAY, 'Submit expenses'), 1000);
  },
  // 3 untick Holidays: St Andrew's Day disappears
  async (page) => {
    await page.getByRole('checkbox', { name: 'Holidays' }).uncheck();
    await page.getByRole('checkbox', { name: 'Team' }).waitFor();
    return (await page.getByText("St Andrew's Day").count()) === 0;
  },
  // 4 Month view, then the main › arrow: December 2026 with Christmas Day
  async (page) => {
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await header(page).getByRole('button', { name: 'Next month' }).click();
    return (
      (await rangeTitle(page)) === 'December 2026' &&
      (await page.locator('.m-cell[data-date="2026-12-25"]').getByText('Christmas Day').isVisible())
    );
  },
  // 5 mini calendar 4 (December), then Day
  async (page) => {
    await page.getByRole('button', { name: 'Friday, December 4, 2026' }).click();
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    return (
      (await rangeTitle(page)) === 'Friday, December 4, 2026' &&
      (await page.locator('.day-col').count()) === 1 &&
      (await block(page, '2026-12-04', 'Lunch with Marco').isVisible()) &&
      (await block(page, '2026-12-04', 'Team retro').isVisible())
    );
  },
  // 6 RSVP Maybe on the Product demo
  async (page) => {
    const popover = await openEvent(page, '2026-12-02', 'Product demo');
    await popover.getByRole('group', { name: 'Going?' }).getByRole('button', { name: 'Maybe' }).click();
    const maybe = page.getByRole('dialog', { name: 'Product demo' }).getByRole('button', { name: 'Maybe' });
    return (
      (await maybe.getAttribute('aria-pressed')) === 'true' &&
      (await page.getByRole('dialog', { name: 'Product demo' }).innerText()).includes('Alex Morgan (you)\nMaybe')
    );
  },
  // 7 Delete the Dentist, then Cancel on "Delete this event?": it stays
  async (page) => {
    const popover = await openEvent(page, '2026-12-03', 'Dentist');
    await popover.getByRole('button', { name: 'Delete event' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Cancel' }).click();
    return (await block(page, '2026-12-03', 'Dentist').count()) === 0;
  },
  // 8 Delete the Gym series with "All events"
  async (page) => {
    await deleteEvent(page, '2026-12-03', 'Gym', 'All events');
    if ((await block(page, '2026-12-03', 'Gym').count()) > 0) return false;
    await header(page).getByRole('button', { name: 'Next week' }).click();
    await dayColumn(page, '2026-12-10').waitFor();
    return (await block(page, '2026-12-10', 'Gym').count()) === 0;
  },
  // 9 Delete Wednesday's standup: "This event" (the default) removes only Wednesday's
  async (page) => {
    await deleteEvent(page, '2026-12-02', 'Daily standup', 'This event');
    for (const date of THIS_WEEK) if ((await block(page, date, 'Daily standup').count()) > 0) return false;
    return true;
  },
  // 10 Roadmap sync on 7 December with two guests picked from the suggestions
  async (page) => {
    await newEvent(page, {
      title: 'Roadmap sync',
      date: '2026-12-07',
      start: '10:00',
      end: '11:00',
      guests: ['Priya Shah', 'Marco Rossi'],
    });
    const popover = await openEvent(page, '2026-12-07', 'Roadmap sync');
    const guests = await guestNames(popover);
    return guests.includes('Priya Shah') && guests.includes('Marco Rossi');
  },
  // 11 jane.doe@northwind is not a valid address: no chip, the retro is saved without her
  async (page) => {
    const dialog = await editEvent(page, '2026-12-04', 'Team retro');
    await dialog.getByPlaceholder('Add guests').fill('jane.doe@northwind');
    await dialog.getByPlaceholder('Add guests').press('Enter');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const popover = await openEvent(page, '2026-12-04', 'Team retro');
    return (await guestNames(popover)).includes('jane.doe@northwind');
  },
  // 12 all-day Team offsite on Thursday 10 December (the view moves to that week on save)
  async (page) => {
    await newEvent(page, { title: 'Team offsite', date: '2026-12-10', allDay: true });
    return (
      (await shows(allDayChip(page, '2026-12-10', 'Team offsite'))) &&
      (await block(page, '2026-12-10', 'Team offsite').count()) === 0
    );
  },
  // 13 Team retro moved to 16:00–17:00
  async (page) => {
    const dialog = await editEvent(page, '2026-12-04', 'Team retro');
    await dialog.getByLabel('Start time').selectOption('16:00');
    await dialog.getByLabel('End time').selectOption('17:00');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    return (
      (await block(page, '2026-12-04', 'Team retro').count()) === 1 &&
      (await blockTime(page, '2026-12-04', 'Team retro')) === '16:00 – 17:00'
    );
  },
  // 14 Coffee with Sam overlaps Lunch with Marco (12:30–13:30): a conflict warning comes first
  async (page) => {
    await newEvent(page, { title: 'Coffee with Sam', date: '2026-12-04', start: '12:30', end: '13:00' });
    const warned = await shows(conflictWarning(page), 1000);
    if (warned) await conflictWarning(page).getByRole('button', { name: 'Save anyway' }).click();
    return !warned && (await shows(block(page, '2026-12-04', 'Coffee with Sam')));
  },
  // 15 Candidate interview over the Northwind call, confirmed with Save anyway
  async (page) => {
    await newEvent(page, { title: 'Candidate interview', date: '2026-12-01', start: '14:30', end: '15:30' });
    const warning = conflictWarning(page);
    if (!(await shows(warning))) return false;
    if (!(await warning.innerText()).includes('Conflicts with Client call – Northwind')) return false;
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    return (
      (await shows(block(page, '2026-12-01', 'Candidate interview'))) &&
      (await block(page, '2026-12-01', 'Client call – Northwind').isVisible())
    );
  },
  // 16 end 15:00 before start 16:00: validation error, nothing saved
  async (page) => {
    const dialog = await newEvent(page, { title: 'Board prep', date: '2026-12-03', start: '16:00', end: '15:00' });
    const error = dialog.getByRole('alert').filter({ hasText: 'End time must be after start time' });
    return (await shows(error)) && (await block(page, '2026-12-03', 'Board prep').count()) === 0;
  },
];
