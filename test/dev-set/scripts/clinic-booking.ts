// Hand-written Playwright scripts for test/dev-set/apps/clinic-booking/cases.json, one per case in the same
// order: each performs the goal on the app's first screen (the front desk list on Monday 30 November 2026,
// 10:05, "All upcoming" view) and answers whether the expected result then holds (true means PASSED).
import type { Locator, Page } from 'playwright-core';
import { shows } from './shows.js';

type Script = (page: Page) => Promise<boolean>;
type Booking = {
  name: string;
  dob?: string; // yyyy-mm-dd
  phone?: string;
  doctor?: string; // the option's label, e.g. 'Dr. Amara Okafor'
  type?: string;
  date?: string; // yyyy-mm-dd
  time?: string; // HH:MM, clicked only when that slot button is enabled
  sms?: boolean;
};

const TODAY = '2026-11-30';

const rows = (page: Page) => page.locator('#apptTable tbody tr');
/** The list rows whose text holds every one of the given pieces (patient, "Thu 3 Dec", "11:00", …). */
const row = (page: Page, ...texts: string[]) => {
  let r = rows(page);
  for (const t of texts) r = r.filter({ hasText: t });
  return r;
};
const status = async (r: Locator) => (await r.locator('.badge').innerText()).trim();
const cells = async (r: Locator) => (await r.locator('td').allInnerTexts()).map((t) => t.trim());
const patientNames = async (page: Page) =>
  (await rows(page).locator('.patient-link').allInnerTexts()).map((t) => t.trim());
const sidebarCount = async (page: Page, view: string) =>
  (
    await page
      .getByRole('navigation', { name: 'Appointment views' })
      .getByRole('button', { name: new RegExp(`^${view}\\b`) })
      .locator('.count')
      .innerText()
  ).trim();

async function openBookingForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book appointment' });
  await dialog.waitFor();
  return dialog;
}

async function fillBooking(dialog: Locator, b: Booking): Promise<void> {
  await dialog.getByLabel('Patient name').fill(b.name);
  if (b.dob) await dialog.getByLabel('Date of birth').fill(b.dob);
  if (b.phone) await dialog.getByPlaceholder('Phone number').fill(b.phone);
  if (b.doctor) await dialog.getByLabel('Doctor', { exact: true }).selectOption({ label: b.doctor });
  if (b.type) await dialog.getByRole('radio', { name: b.type, exact: true }).check();
  if (b.date) await dialog.getByLabel('Appointment date').fill(b.date);
  if (b.time) {
    const slot = dialog
      .getByRole('group', { name: 'Available times' })
      .getByRole('button', { name: b.time, exact: true });
    if ((await slot.count()) === 1 && (await slot.isEnabled())) await slot.click();
  }
  if (b.sms) await dialog.getByLabel('Send SMS reminder').check();
}

/** Opens Book appointment, fills it in and presses Confirm booking; answers the dialog (still open when refused). */
async function book(page: Page, b: Booking): Promise<Locator> {
  const dialog = await openBookingForm(page);
  await fillBooking(dialog, b);
  await dialog.getByRole('button', { name: 'Confirm booking' }).click();
  return dialog;
}

async function rowMenu(page: Page, r: Locator, item: string): Promise<void> {
  await r.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
}

/** Cancel appointment… from the row menu; picks the reason and presses the given button of the confirm. */
async function cancelAppt(page: Page, r: Locator, reason: string, button = 'Cancel appointment'): Promise<void> {
  await rowMenu(page, r, 'Cancel appointment');
  const confirm = page.getByRole('alertdialog', { name: 'Cancel appointment?' });
  await confirm.getByLabel('Reason for cancelling').selectOption(reason);
  await confirm.getByRole('button', { name: button, exact: true }).click();
  await confirm.waitFor({ state: 'hidden' });
}

export const scripts: Script[] = [
  // 1 check in Lucy Walsh (today 11:00, Dr. Brandt): Checked in, Waiting 2 → 3
  async (page) => {
    const r = row(page, 'Lucy Walsh', 'Mon 30 Nov', '11:00');
    await r.getByRole('button', { name: 'Check in' }).click();
    return (await status(r)) === 'Checked in' && (await sidebarCount(page, 'Waiting')) === '3';
  },
  // 2 new patient Daniel Roberts, Dr. Reyes Thu 3 Dec 14:00 (free), SMS reminder
  async (page) => {
    const dialog = await book(page, {
      name: 'Daniel Roberts',
      phone: '0430 555 712',
      doctor: 'Dr. Sofia Reyes',
      type: 'Consultation',
      date: '2026-12-03',
      time: '14:00',
      sms: true,
    });
    await dialog.waitFor({ state: 'hidden' });
    const r = row(page, 'Daniel Roberts');
    if ((await r.count()) !== 1) return false;
    const c = await cells(r);
    return (
      c[1] === 'Dr. Sofia Reyes' &&
      c[2] === 'Thu 3 Dec' &&
      (c[3] ?? '').startsWith('14:00') &&
      c[4] === 'Consultation' &&
      c[5] === 'Scheduled'
    );
  },
  // 3 Dr. Okafor Fri 4 Dec 10:30 is taken by Sophie Laurent: the slot is disabled, the booking is refused
  async (page) => {
    const dialog = await book(page, {
      name: 'Ahmed Khan',
      doctor: 'Dr. Amara Okafor',
      type: 'Follow-up',
      date: '2026-12-04',
      time: '10:30',
    });
    if (await shows(dialog.getByText('Pick a free time.'), 1000))
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    return (await row(page, 'Ahmed Khan', 'Fri 4 Dec', '10:30').count()) === 1;
  },
  // 4 Keep appointment on the cancel confirm: George Miller stays Scheduled, Cancelled stays 1
  async (page) => {
    const r = row(page, 'George Miller', 'Sat 5 Dec');
    await cancelAppt(page, r, 'Patient request', 'Keep appointment');
    return (await status(r)) === 'Cancelled' && (await sidebarCount(page, 'Cancelled')) === '2';
  },
  // 5 cancel James O'Connor Thu 3 Dec 11:00 with Patient request
  async (page) => {
    const r = row(page, "James O'Connor", 'Thu 3 Dec', '11:00');
    await cancelAppt(page, r, 'Patient request');
    return (await status(r)) === 'Cancelled' && (await sidebarCount(page, 'Cancelled')) === '2';
  },
  // 6 Dr. Brandt doesn't work on weekends: no slots on Sat 5 Dec, booking refused
  async (page) => {
    const dialog = await book(page, {
      name: 'Lucy Walsh',
      doctor: 'Dr. Lukas Brandt',
      type: 'Check-up',
      date: '2026-12-05',
      time: '09:00',
    });
    if (await shows(dialog.getByText("doesn't work on weekends"), 1000))
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    return (await row(page, 'Lucy Walsh', 'Sat 5 Dec').count()) === 1;
  },
  // 7 Dr. Brandt + Scheduled: Lucy Walsh, Tom Becker (2 Dec, 8 Dec), Noah Fischer (4 Dec)
  async (page) => {
    await page.getByLabel('Filter by doctor').selectOption({ label: 'Dr. Lukas Brandt' });
    await page.getByLabel('Status', { exact: true }).selectOption('Scheduled');
    if ((await rows(page).count()) !== 4) return false;
    for (let i = 0; i < 4; i++) {
      const c = await cells(rows(page).nth(i));
      if (c[1] !== 'Dr. Lukas Brandt' || c[5] !== 'Scheduled') return false;
    }
    const names = (await patientNames(page)).sort();
    return JSON.stringify(names) === JSON.stringify(['Lucy Walsh', 'Noah Fischer', 'Tom Becker', 'Tom Becker']);
  },
  // 8 search "petrova": Elena Petrova today 09:00 (Completed) and Wed 2 Dec 14:30
  async (page) => {
    await page.getByPlaceholder('Search patient name or phone…').fill('petrova');
    return (
      (await rows(page).count()) === 2 &&
      (await row(page, 'Elena Petrova').count()) === 2 &&
      (await status(row(page, 'Elena Petrova', 'Mon 30 Nov', '09:00'))) === 'Completed' &&
      (await row(page, 'Elena Petrova', 'Wed 2 Dec', '14:30').count()) === 1
    );
  },
  // 9 Hannah Kim's patient panel: DOB, phone, two appointments
  async (page) => {
    await rows(page).getByRole('button', { name: 'Hannah Kim' }).first().click();
    const panel = page.getByRole('complementary', { name: 'Patient details' });
    if (!(await shows(panel))) return false;
    const text = await panel.innerText();
    const items = (await panel.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    return (
      (await panel.getByRole('heading', { name: 'Hannah Kim' }).isVisible()) &&
      text.includes('9 Sep 1996') &&
      text.includes('0421 555 118') &&
      items.length === 2 &&
      items.some((t) => t.includes('Mon 30 Nov · 10:00') && t.includes('Dr. Sofia Reyes')) &&
      items.some((t) => t.includes('Thu 3 Dec · 10:30') && t.includes('Telehealth') && t.includes('Dr. Amara Okafor'))
    );
  },
  // 10 reschedule Priya Nair Fri 4 Dec 14:00 → Mon 7 Dec 11:30, Dr. Reyes
  async (page) => {
    await rowMenu(page, row(page, 'Priya Nair', 'Fri 4 Dec', '14:00'), 'Reschedule');
    const dialog = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await dialog.getByLabel('New date').fill('2026-12-07');
    await dialog.getByRole('group', { name: 'Available times' }).getByRole('button', { name: '11:30' }).click();
    await dialog.getByRole('button', { name: 'Save new time' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const moved = row(page, 'Priya Nair', 'Mon 7 Dec', '11:30');
    return (
      (await moved.count()) === 1 &&
      (await cells(moved))[1] === 'Dr. Sofia Reyes' &&
      (await cells(moved))[4] === 'Follow-up' &&
      (await row(page, 'Priya Nair', 'Fri 4 Dec').count()) === 0
    );
  },
  // 11 27 Nov 2026 is in the past: no time can be picked, the booking is refused
  async (page) => {
    const dialog = await book(page, {
      name: 'Sophie Laurent',
      doctor: 'Dr. Amara Okafor',
      type: 'Follow-up',
      date: '2026-11-27',
      time: '10:00',
    });
    const refused = await shows(dialog.getByText('The date can’t be in the past.'), 1000);
    if (refused) await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    return !refused && (await row(page, 'Sophie Laurent', '27 Nov', '10:00').count()) === 1;
  },
  // 12 Priya Nair has no phone on file: an SMS reminder needs a mobile number, the booking is refused
  async (page) => {
    const dialog = await book(page, {
      name: 'Priya Nair',
      dob: '1990-11-02',
      doctor: 'Dr. Amara Okafor',
      type: 'Telehealth',
      date: '2026-12-02',
      time: '09:00',
      sms: true,
    });
    if (await shows(dialog.getByText('A mobile number is needed to send an SMS reminder.'), 1000))
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    const r = row(page, 'Priya Nair', 'Wed 2 Dec', '09:00');
    return (
      (await r.count()) === 1 &&
      (await cells(r))[4] === 'Telehealth' &&
      (await r.getByLabel('SMS reminder on').count()) === 1
    );
  },
  // 13 empty form: errors for name, doctor, date and time; nothing added
  async (page) => {
    const before = await rows(page).count();
    const dialog = await openBookingForm(page);
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    const summary = dialog.getByRole('alert').filter({ hasText: 'Please fix' });
    if (!(await shows(summary))) return false;
    const text = await summary.innerText();
    return (
      (await dialog.isVisible()) &&
      text.includes('Enter the patient’s name.') &&
      text.includes('Choose a doctor.') &&
      text.includes('Choose a date.') &&
      text.includes('Pick a time.') &&
      (await rows(page).count()) === before
    );
  },
  // 14 walk-in Leo Carter with Dr. Brandt today at the first enabled slot (10:30); Today 8 → 9
  async (page) => {
    const todayBefore = await sidebarCount(page, 'Today');
    const dialog = await openBookingForm(page);
    await fillBooking(dialog, {
      name: 'Leo Carter',
      phone: '0431 555 220',
      doctor: 'Dr. Lukas Brandt',
      type: 'Consultation',
      date: TODAY,
    });
    await dialog.getByRole('group', { name: 'Available times' }).locator('button:enabled').first().click();
    await dialog.getByRole('button', { name: 'Confirm booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const r = row(page, 'Leo Carter', 'Mon 30 Nov', '10:30');
    return (
      todayBefore === '8' &&
      (await r.count()) === 1 &&
      (await cells(r))[1] === 'Dr. Lukas Brandt' &&
      (await sidebarCount(page, 'Today')) === '9'
    );
  },
  // 15 cancel Maria Santos Thu 10 Dec 10:00, then George Miller takes that Dr. Okafor slot as a Check-up
  async (page) => {
    const maria = row(page, 'Maria Santos', 'Thu 10 Dec', '10:00');
    await cancelAppt(page, maria, 'Patient request');
    const dialog = await book(page, {
      name: 'George Miller',
      doctor: 'Dr. Amara Okafor',
      type: 'Check-up',
      date: '2026-12-10',
      time: '10:00',
    });
    await dialog.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
    const george = row(page, 'George Miller', 'Thu 10 Dec', '10:00');
    if ((await george.count()) !== 1) return false;
    const c = await cells(george);
    return (await status(maria)) === 'Cancelled' && c[1] === 'Dr. Amara Okafor' && c[4] === 'Check-up';
  },
  // 16 check in Ahmed Khan (today 14:00), filter Checked in: James O'Connor, Hannah Kim, Ahmed Khan
  async (page) => {
    await row(page, 'Ahmed Khan', 'Mon 30 Nov', '14:00').getByRole('button', { name: 'Check in' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('Checked in');
    if ((await rows(page).count()) !== 3) return false;
    for (let i = 0; i < 3; i++) if ((await status(rows(page).nth(i))) !== 'Checked in') return false;
    const names = (await patientNames(page)).sort();
    return JSON.stringify(names) === JSON.stringify(['Ahmed Khan', 'Hannah Kim', "James O'Connor"]);
  },
];
