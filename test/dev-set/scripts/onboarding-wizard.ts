// Hand-written Playwright scripts for test/dev-set/apps/onboarding-wizard/cases.json, one per case and
// in the same order. Each script gets a page already showing the app's first screen (index.html),
// performs the goal and returns whether the case's expected result holds (true = PASSED).
import type { Page } from 'playwright-core';
import { shows } from './shows.js';

type Profile = { first: string; last: string; country: string; role: RegExp; company?: string; heard?: string };

async function account(page: Page, email: string, password: string, confirm = password): Promise<void> {
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function profile(page: Page, p: Profile, next = true): Promise<void> {
  await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
  await page.getByLabel('First name').fill(p.first);
  await page.getByLabel('Last name').fill(p.last);
  if (p.company !== undefined) await page.getByPlaceholder('Company name').fill(p.company);
  await page.getByLabel('Country').selectOption({ label: p.country });
  await page.getByRole('radio', { name: p.role }).click();
  if (p.heard) await page.getByLabel('How did you hear about us?').selectOption({ label: p.heard });
  if (next) await page.getByRole('button', { name: 'Continue' }).click();
}

async function choosePlan(
  page: Page,
  name: 'Free' | 'Pro' | 'Team',
  opts: { monthly?: boolean; seats?: number } = {},
): Promise<void> {
  await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
  const billing = page.getByRole('switch', { name: 'Bill yearly' });
  if (opts.monthly !== undefined) await billing.setChecked(!opts.monthly);
  await page.getByRole('region', { name, exact: true }).getByRole('button', { name: 'Select plan' }).click();
  if (opts.seats !== undefined) await page.getByLabel('Number of seats').fill(String(opts.seats));
}

const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Review your details' });

async function reviewValue(page: Page, section: string, term: string): Promise<string> {
  const dl = page.getByRole('region', { name: section, exact: true }).locator('dl');
  const terms = await dl.locator('dt').allTextContents();
  const i = terms.indexOf(term);
  if (i < 0) return '';
  return (await dl.locator('dd').nth(i).textContent())?.trim() ?? '';
}

const ada: Profile = { first: 'Ada', last: 'Lovelace', country: 'United Kingdom', role: /^Developer/ };

export const scripts: Array<(page: Page) => Promise<boolean>> = [
  // 1. Full sign-up on Pro → welcome screen
  async (page) => {
    await account(page, 'ada@example.com', 'S3cure!pass');
    await profile(page, ada);
    await choosePlan(page, 'Pro');
    await page.getByRole('button', { name: 'Continue' }).click();
    await reviewHeading(page).waitFor();
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    return shows(page.getByRole('heading', { name: 'Welcome aboard, Ada!' }), 4000);
  },

  // 2. Live password rules for "abc1"
  async (page) => {
    await page.getByLabel('Password', { exact: true }).fill('abc1');
    const rules = page.getByRole('list').filter({ hasText: 'At least 8 characters' });
    const number = (await rules.getByRole('listitem').filter({ hasText: 'One number' }).textContent()) ?? '';
    const length = (await rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' }).textContent()) ?? '';
    return number.includes('(met)') && length.includes('(not met)');
  },

  // 3. Show password
  async (page) => {
    const pw = page.getByLabel('Password', { exact: true });
    await pw.fill('S3cure!pass');
    await page.getByRole('button', { name: 'Show password' }).click();
    return (await pw.getAttribute('type')) === 'text' && (await pw.inputValue()) === 'S3cure!pass';
  },

  // 4. Continue on an empty form → error under the email field
  async (page) => {
    await page.getByRole('button', { name: 'Continue' }).click();
    const field = page.locator('.fld').filter({ has: page.getByLabel('Work email') });
    return shows(field.getByText('Enter your email address'));
  },

  // 5. Weak password sunshine2024 → still on the account step (FAILED)
  async (page) => {
    await account(page, 'grace@example.com', 'sunshine2024');
    return shows(page.getByRole('heading', { name: 'Tell us about yourself' }));
  },

  // 6. Mismatched confirmation
  async (page) => {
    await account(page, 'alan@example.com', 'Turing#1912', 'Turing#1921');
    return shows(page.getByText(/Passwords don.t match/));
  },

  // 7. Step indicator after the account step
  async (page) => {
    await account(page, 'linus@example.com', 'Kernel#1991');
    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    const current = page.getByRole('navigation', { name: 'Sign-up progress' }).locator('[aria-current="step"]');
    return (await current.count()) === 1 && ((await current.textContent()) ?? '').includes('Profile');
  },

  // 8. Profile without a country → Continue disabled
  async (page) => {
    await account(page, 'grace@example.com', 'Navy#1906');
    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('radio', { name: /^Designer/ }).click();
    return page.getByRole('button', { name: 'Continue' }).isDisabled();
  },

  // 9. "Other" text is dropped when switching away and back (FAILED)
  async (page) => {
    await account(page, 'ada@example.com', 'S3cure!pass');
    const heard = page.getByLabel('How did you hear about us?');
    await heard.selectOption({ label: 'Other' });
    await page.getByLabel('Please tell us where').fill('Hacker News');
    await heard.selectOption({ label: 'Podcast' });
    await heard.selectOption({ label: 'Other' });
    return (await page.getByLabel('Please tell us where').inputValue()) === 'Hacker News';
  },

  // 10. Monthly Pro is $15, not $12 (FAILED)
  async (page) => {
    await account(page, 'ada@example.com', 'S3cure!pass');
    await profile(page, ada);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByRole('switch', { name: 'Bill yearly' }).setChecked(false);
    const pro = page.getByRole('region', { name: 'Pro', exact: true });
    const text = ((await pro.textContent()) ?? '').replace(/\s+/g, ' ');
    return /\$12 \/ month/.test(text) && !/billed yearly/.test(text);
  },

  // 11. Team, 5 seats, yearly → review
  async (page) => {
    await account(page, 'linus@example.com', 'Kernel#1991');
    await profile(page, { first: 'Linus', last: 'Torvalds', country: 'Netherlands', role: /^Developer/ });
    await choosePlan(page, 'Team', { monthly: false, seats: 5 });
    await page.getByRole('button', { name: 'Continue' }).click();
    if (!(await shows(reviewHeading(page)))) return false;
    const plan = await reviewValue(page, 'Plan', 'Plan');
    const price = await reviewValue(page, 'Plan', 'Price');
    return plan.startsWith('Team') && plan.includes('5 seats') && price === '$1,200 / year';
  },

  // 12. Team with 60 seats is over the limit (FAILED)
  async (page) => {
    await account(page, 'grace@example.com', 'Navy#1906');
    await profile(page, { first: 'Grace', last: 'Hopper', country: 'United States', role: /^Product manager/ });
    await choosePlan(page, 'Team', { seats: 60 });
    await page.getByRole('button', { name: 'Continue' }).click();
    if (!(await shows(reviewHeading(page)))) return false;
    return (await reviewValue(page, 'Plan', 'Plan')).includes('60 seats');
  },

  // 13. Edit the profile from the review
  async (page) => {
    await account(page, 'ada@example.com', 'S3cure!pass');
    await profile(page, { first: 'Ada', last: 'Lovelace', country: 'Portugal', role: /^Product manager/ });
    await choosePlan(page, 'Free');
    await page.getByRole('button', { name: 'Continue' }).click();
    await reviewHeading(page).waitFor();
    await page.getByRole('region', { name: 'Profile', exact: true }).getByRole('link', { name: 'Edit' }).click();
    await page.getByLabel('Last name').fill('Byron');
    await page.getByRole('button', { name: 'Save and review' }).click();
    if (!(await shows(reviewHeading(page)))) return false;
    return (await reviewValue(page, 'Profile', 'Name')) === 'Ada Byron';
  },

  // 14. Create account without accepting the terms (FAILED)
  async (page) => {
    await account(page, 'alan@example.com', 'Turing#1912');
    await profile(page, { first: 'Alan', last: 'Turing', country: 'Germany', role: /^Founder/ });
    await choosePlan(page, 'Free');
    await page.getByRole('button', { name: 'Continue' }).click();
    await reviewHeading(page).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    return shows(page.getByRole('heading', { name: 'Welcome aboard, Alan!' }), 2500);
  },

  // 15. Back from the plans keeps the profile
  async (page) => {
    await account(page, 'grace@example.com', 'Navy#1906');
    await profile(page, { first: 'Grace', last: 'Hopper', country: 'Canada', role: /^Designer/ });
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor();
    const first = await page.getByLabel('First name').inputValue();
    const country = await page
      .getByLabel('Country')
      .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
    return first === 'Grace' && country === 'Canada';
  },

  // 16. Company, heard-from and Team monthly 4 seats → review
  async (page) => {
    await account(page, 'linus@example.com', 'Kernel#1991');
    await profile(page, {
      first: 'Linus',
      last: 'Torvalds',
      company: 'Linux Foundation',
      country: 'United States',
      role: /^Developer/,
      heard: 'Friend or colleague',
    });
    await choosePlan(page, 'Team', { monthly: true, seats: 4 });
    await page.getByRole('button', { name: 'Continue' }).click();
    if (!(await shows(reviewHeading(page)))) return false;
    return (
      (await reviewValue(page, 'Profile', 'Company')) === 'Linux Foundation' &&
      (await reviewValue(page, 'Plan', 'Price')) === '$100 / month'
    );
  },
];
