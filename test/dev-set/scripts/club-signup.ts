// Hand-written Playwright scripts for test/dev-set/apps/club-signup/cases.json, one per case in the same
// order: each performs the goal from the app's first screen and answers whether the expected result holds.
import type { Page } from 'playwright-core';
import { shows } from './shows.js';

type Person = {
  first: string;
  last: string;
  day: number;
  month: string;
  year: number;
  phone: string;
  country?: string; // text typed into the country code box, then the option picked
  countryOption?: string;
  gender?: string;
  emergency?: { name: string; phone: string };
};
type Plan = 'Off-peak' | 'Standard' | 'Family';

const next = (page: Page) => page.getByRole('button', { name: /^(Continue|Join now)$/ }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const currentStep = async (page: Page) => (await page.locator('ol.steps [aria-current=step]').innerText()).trim();
const total = async (page: Page) => (await page.locator('#total').innerText()).trim();
const reviewRow = async (page: Page, term: string) =>
  (await page.locator('#review dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').innerText()).trim();

async function account(page: Page, email: string, password: string, confirm = password): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await next(page);
}

async function pickCountry(page: Page, typed: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Country code' });
  await box.fill(typed);
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

async function aboutYou(page: Page, p: Person, go = true): Promise<void> {
  await stepHeading(page, 'About you').waitFor();
  await page.getByLabel('First name').fill(p.first);
  await page.getByLabel('Last name').fill(p.last);
  const dob = page.getByRole('group', { name: 'Date of birth' });
  await dob.getByLabel('Day').selectOption(String(p.day));
  await dob.getByLabel('Month').selectOption({ label: p.month });
  await dob.getByLabel('Year').selectOption(String(p.year));
  if (p.country) await pickCountry(page, p.country, p.countryOption!);
  await page.getByLabel('Phone number').fill(p.phone);
  if (p.gender) await page.getByRole('radio', { name: p.gender, exact: true }).check();
  if (p.emergency) {
    await page.getByText('Emergency contact', { exact: true }).click();
    await page.getByLabel('Contact name').fill(p.emergency.name);
    await page.getByLabel('Contact phone').fill(p.emergency.phone);
  }
  if (go) await next(page);
}

async function choosePlan(page: Page, plan: Plan): Promise<void> {
  await stepHeading(page, 'Choose your membership').waitFor();
  await page.getByRole('radiogroup').getByRole('radio', { name: plan, exact: true }).click();
}
const addon = (page: Page, name: string) => page.getByRole('switch', { name }).click();

async function applyPromo(page: Page, code: string): Promise<void> {
  await page.getByLabel('Promo code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

async function toMembership(page: Page, email: string, p: Person): Promise<void> {
  await account(page, email, 'Sunshine2026!');
  await aboutYou(page, p);
}

async function toReview(page: Page, email: string, p: Person, plan: Plan, addons: string[] = []): Promise<void> {
  await toMembership(page, email, p);
  await choosePlan(page, plan);
  for (const a of addons) await addon(page, a);
  await next(page);
  await stepHeading(page, 'Review and join').waitFor();
}

export const scripts: Array<(page: Page) => Promise<boolean>> = [
  // 1 Continue on an empty first step: error summary links to email and password
  async (page) => {
    await next(page);
    const summary = page.locator('.error-summary');
    if (!(await shows(summary))) return false;
    const hrefs = await summary.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    return hrefs.includes('#email') && hrefs.includes('#password');
  },
  // 2 Sunshine2026! + Show: plain text, all requirements met, Strong
  async (page) => {
    const pw = page.getByLabel('Password', { exact: true });
    await pw.fill('Sunshine2026!');
    await page.getByRole('button', { name: 'Show' }).click();
    const classes = await page
      .locator('#pw-reqs li')
      .evaluateAll((lis) => lis.map((li) => li.classList.contains('met')));
    const strength = (await page.locator('#pw-strength').innerText()).trim();
    return (
      (await pw.getAttribute('type')) === 'text' &&
      (await pw.inputValue()) === 'Sunshine2026!' &&
      classes.length === 4 &&
      classes.every(Boolean) &&
      strength === 'Strength: Strong'
    );
  },
  // 3 mismatched confirmation
  async (page) => {
    await account(page, 'ada@example.com', 'Sunshine2026!', 'Sunshine2025!');
    const err = page.locator('#confirm-error');
    return (
      (await shows(err)) &&
      (await err.innerText()).includes('Passwords do not match') &&
      (await currentStep(page)) === 'Account' &&
      (await stepHeading(page, 'Create your account').isVisible())
    );
  },
  // 4 born 30 November 2010: one day short of 16
  async (page) => {
    await toMembership(page, 'lena.park@example.com', {
      first: 'Lena',
      last: 'Park',
      day: 30,
      month: 'November',
      year: 2010,
      phone: '7700 900123',
    });
    return shows(stepHeading(page, 'Choose your membership'));
  },
  // 5 born 29 November 2010: 16 today
  async (page) => {
    await toMembership(page, 'sam.lee@example.com', {
      first: 'Sam',
      last: 'Lee',
      day: 29,
      month: 'November',
      year: 2010,
      phone: '7700 900321',
    });
    return (
      (await shows(stepHeading(page, 'Choose your membership'))) &&
      (await currentStep(page)) === 'Membership' &&
      !(await page.getByText('at least 16').isVisible())
    );
  },
  // 6 country code Portugal survives Back / Continue
  async (page) => {
    await account(page, 'joao@example.com', 'Sunshine2026!');
    await stepHeading(page, 'About you').waitFor();
    await pickCountry(page, 'port', '+351 Portugal');
    await page.getByRole('button', { name: 'Back' }).click();
    await stepHeading(page, 'Create your account').waitFor();
    await next(page);
    await stepHeading(page, 'About you').waitFor();
    return (await page.getByRole('combobox', { name: 'Country code' }).inputValue()) === '+351 Portugal';
  },
  // 7 emergency contact appears on review
  async (page) => {
    await toReview(
      page,
      'priya@example.com',
      {
        first: 'Priya',
        last: 'Shah',
        day: 12,
        month: 'July',
        year: 1988,
        phone: '7700 900777',
        emergency: { name: 'Raj Shah', phone: '7700 900888' },
      },
      'Standard',
    );
    return (await reviewRow(page, 'Emergency contact')).startsWith('Raj Shah');
  },
  // 8 Family + towel + locker = £83, not £80
  async (page) => {
    await toMembership(page, 'mia@example.com', {
      first: 'Mia',
      last: 'Jones',
      day: 3,
      month: 'March',
      year: 1990,
      phone: '7700 900123',
    });
    await choosePlan(page, 'Family');
    await addon(page, 'Towel service');
    await addon(page, 'Locker');
    return (await total(page)) === '£80.00';
  },
  // 9 Standard annually: £400/year
  async (page) => {
    await toMembership(page, 'tom@example.com', {
      first: 'Tom',
      last: 'Baker',
      day: 20,
      month: 'January',
      year: 1975,
      phone: '7700 900555',
    });
    await choosePlan(page, 'Standard');
    await page.getByLabel('Pay annually (2 months free)').check();
    const card = page.getByRole('radio', { name: 'Standard', exact: true });
    return (await card.getAttribute('aria-checked')) === 'true' && (await card.innerText()).includes('£400/year');
  },
  // 10 SPRING10 on Standard: £36.00
  async (page) => {
    await toMembership(page, 'ana@example.com', {
      first: 'Ana',
      last: 'Silva',
      day: 5,
      month: 'May',
      year: 1995,
      phone: '912 345 678',
      country: 'Portugal',
      countryOption: '+351 Portugal',
    });
    await choosePlan(page, 'Standard');
    await applyPromo(page, 'SPRING10');
    return (await total(page)) === '£36.00';
  },
  // 11 SUMMER20 is not a valid code: total stays £25.00
  async (page) => {
    await toMembership(page, 'ben@example.com', {
      first: 'Ben',
      last: 'Carter',
      day: 14,
      month: 'February',
      year: 2000,
      phone: '7700 900999',
    });
    await choosePlan(page, 'Off-peak');
    await applyPromo(page, 'SUMMER20');
    return (await total(page)) === '£20.00';
  },
  // 12 Edit membership from review: Off-peak, £25.00
  async (page) => {
    await toReview(
      page,
      'chloe@example.com',
      { first: 'Chloe', last: 'Martin', day: 8, month: 'August', year: 1992, phone: '7700 900444' },
      'Standard',
    );
    await page.getByRole('link', { name: 'Edit membership' }).click();
    await choosePlan(page, 'Off-peak');
    await next(page);
    await stepHeading(page, 'Review and join').waitFor();
    return (
      (await reviewRow(page, 'Plan')).startsWith('Off-peak') && (await reviewRow(page, 'Monthly total')) === '£25.00'
    );
  },
  // 13 Join now without accepting the rules
  async (page) => {
    await toReview(
      page,
      'dan@example.com',
      { first: 'Dan', last: 'Wu', day: 1, month: 'April', year: 1985, phone: '7700 900222' },
      'Off-peak',
    );
    await page.getByRole('button', { name: 'Join now' }).click();
    return (
      (await shows(page.getByRole('heading', { name: /^Welcome to the club/ }))) &&
      /RSC-\d{6}/.test(await page.locator('#member-no').innerText())
    );
  },
  // 14 happy path with the rules dialog
  async (page) => {
    await toReview(
      page,
      'ada@example.com',
      {
        first: 'Ada',
        last: 'Lovelace',
        day: 10,
        month: 'December',
        year: 1990,
        phone: '7700 900123',
        gender: 'Female',
      },
      'Standard',
      ['Locker'],
    );
    await page.getByRole('link', { name: 'club rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Club rules' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('checkbox', { name: 'I accept the club rules' }).check();
    await page.getByRole('button', { name: 'Join now' }).click();
    return (
      (await shows(page.getByRole('heading', { name: 'Welcome to the club, Ada!', exact: true }))) &&
      /^RSC-\d{6}$/.test((await page.locator('#member-no').innerText()).trim())
    );
  },
];
