// Checks every verdict of the sealed goal set against its app by hand-scripted Playwright: the steps a
// person would take for each goal, and the expected result checked by hand. Run after changing an app
// (never its goals): `npx tsx test/sealed/check-verdicts.ts [app]`. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

type Check = (p: Page) => Promise<boolean>;
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps');
const shown = async (page: Page, text: string): Promise<boolean> => {
  // visible text in some element, or value of a visible non-password field
  // Plain functions, no named arrow functions: tsx would wrap those in a helper the page does not have.
  return page.evaluate((t) => {
    const want = t.replace(/\s+/g, ' ').trim().toLowerCase();
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (['SCRIPT', 'STYLE'].includes(el.tagName) || !r.width || !r.height) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      let text = (el as HTMLElement).innerText || '';
      if ((el instanceof HTMLInputElement && el.type !== 'password') || el instanceof HTMLTextAreaElement)
        text += ` ${el.value}`;
      // A dropdown shows its selected option, not all of them.
      if (el instanceof HTMLSelectElement) text = el.selectedOptions[0]?.textContent ?? '';
      if (text.replace(/\s+/g, ' ').trim().toLowerCase().includes(want)) return true;
    }
    return false;
  }, text);
};
const rowsCount = (page: Page) =>
  page.evaluate(
    () =>
      Array.from(document.querySelectorAll<HTMLElement>('table tbody tr:not(.head)')).filter((r) => r.offsetParent)
        .length,
  );
const row = (page: Page, text: string) => page.locator('tr', { hasText: text });
const card = (page: Page, text: string) => page.locator('li.card', { hasText: text });
const cardMenu = async (page: Page, title: string, item: string) => {
  await card(page, title).getByTitle('Card actions').click();
  await page.getByRole('menuitem', { name: item }).click();
};
const settingsField = (page: Page, label: string) =>
  page.locator(`xpath=//td[normalize-space()="${label}"]/following-sibling::td[1]//*[self::input or self::select]`);
const checkFor = (page: Page, label: string) =>
  page.locator(
    `xpath=//td[normalize-space()="${label}" or starts-with(normalize-space(), "${label}")]/preceding-sibling::td[1]/input`,
  );
const step1 = async (page: Page, email: string, pw: string, pw2 = pw) => {
  await page.fill('#email', email);
  await page.fill('#password', pw);
  await page.fill('#password2', pw2);
};
const next = (page: Page) => page.click('#next');

const checks: Record<string, Check[]> = {
  'users-admin': [
    async (p) => {
      await p.selectOption('#role', 'Admin');
      return (await rowsCount(p)) === 3;
    },
    async (p) => {
      await p.selectOption('#status', 'Suspended');
      return (await shown(p, 'Alan Turing')) && !(await shown(p, 'Grace Hopper'));
    },
    async (p) => {
      await p.click('th >> text=Name');
      return shown(p, 'Barbara Liskov');
    },
    async (p) => {
      await p.click('th >> text=Name');
      return shown(p, 'Margaret Hamilton');
    },
    async (p) => {
      await p.click('th >> text=Joined');
      return (await shown(p, 'Edsger Dijkstra')) && !(await shown(p, 'Ada Lovelace'));
    },
    async (p) => {
      await p.click('th >> text=Name');
      await p.click('th >> text=Name');
      return (await shown(p, 'Margaret Hamilton')) && !(await shown(p, 'Ada Lovelace'));
    },
    async (p) => {
      await p.click('#pager >> text="3"');
      return shown(p, 'Katherine Johnson');
    },
    async (p) => {
      await p.click('#pager >> text=Next');
      return shown(p, 'Ada Lovelace');
    },
    async (p) => {
      await p.fill('#search', 'grace');
      return (await shown(p, 'Grace Hopper')) && !(await shown(p, 'Linus Torvalds'));
    },
    async (p) => {
      await p.fill('#search', 'Hopper');
      return shown(p, 'No users match');
    },
    async (p) => {
      await p.selectOption('#role', 'Editor');
      await p.selectOption('#status', 'Suspended');
      return (await rowsCount(p)) === 1;
    },
    async (p) => {
      await p.selectOption('#role', 'Viewer');
      return shown(p, 'Ada Lovelace');
    },
    async (p) => {
      await p.click('#invite-open');
      await p.fill('#inv-name', 'Dr. Hedy Lamarr');
      await p.fill('#inv-email', 'hedy@corp.io');
      await p.selectOption('#inv-role', 'Editor');
      await p.click('text=Send invite');
      return shown(p, 'Invitation sent to hedy@corp.io');
    },
    async (p) => {
      await p.click('#invite-open');
      await p.fill('#inv-name', 'Hedy Lamarr');
      await p.fill('#inv-email', 'hedy@corp.io');
      await p.selectOption('#inv-role', 'Viewer');
      await p.click('text=Send invite');
      return (
        (await p.locator('tbody', { hasText: 'Hedy Lamarr' }).count()) > 0 &&
        (await p.locator('td', { hasText: 'Hedy Lamarr' }).isVisible())
      );
    },
    async (p) => {
      await row(p, 'Grace Hopper').getByRole('button', { name: 'Suspend' }).click();
      await p.click('#confirm-ok');
      return shown(p, 'Grace Hopper suspended');
    },
    async (p) => {
      await row(p, 'Linus Torvalds').getByRole('button', { name: 'Suspend' }).click();
      await p.click('#confirm-cancel');
      return (await row(p, 'Linus Torvalds').innerText()).includes('Suspended');
    },
    async (p) => {
      await row(p, 'Ada Lovelace').getByTitle('Delete user').click();
      await p.click('#confirm-ok');
      return (await shown(p, 'User deleted')) && !(await shown(p, 'Ada Lovelace'));
    },
    async (p) => {
      await row(p, 'Margaret Hamilton').getByTitle('Delete user').click();
      await p.click('#confirm-ok');
      return shown(p, 'Showing 1-5 of 11 users');
    },
    async (p) => {
      await p.click('#invite-open');
      await p.click('#invite-cancel');
      return (await p.locator('dialog[open]').count()) === 0;
    },
  ],
  'account-settings': [
    async (p) => {
      await settingsField(p, 'Title').selectOption('Dr.');
      await p.click('#save');
      return (await p.innerText('#who')) === 'Dr. John Smith';
    },
    async (p) => {
      await settingsField(p, 'Title').selectOption('Mrs.');
      await p.click('#save');
      return shown(p, 'Mr. John Smith');
    },
    async (p) => {
      await settingsField(p, 'First name').fill('Mary');
      await settingsField(p, 'Last name').fill('Jones');
      await p.click('#save');
      return (await shown(p, 'Your changes have been saved')) && (await p.innerText('#who')) === 'Mr. Mary Jones';
    },
    async (p) => {
      await settingsField(p, 'Title').selectOption('Ms.');
      await settingsField(p, 'First name').fill('Ada');
      await p.click('#save');
      return shown(p, 'Ms. Ada Smith');
    },
    async (p) => {
      await settingsField(p, 'Last name').pressSequentially('x');
      await settingsField(p, 'Last name').fill('Doe');
      await p.click('#discard');
      return (await settingsField(p, 'Last name').inputValue()) === 'Doe';
    },
    async (p) => {
      await settingsField(p, 'First name').fill('');
      await p.click('#save');
      return shown(p, 'First name is required');
    },
    async (p) => {
      await settingsField(p, 'Date of birth').fill('2031-05-01');
      await p.click('#save');
      return shown(p, 'Your changes have been saved');
    },
    async (p) => {
      await settingsField(p, 'Date of birth').fill('1990-03-03');
      await p.click('#save');
      return shown(p, 'Your changes have been saved');
    },
    async (p) => {
      await checkFor(p, 'Product news').check();
      return checkFor(p, 'Product news').isChecked();
    },
    async (p) => {
      await checkFor(p, 'Weekly digest').uncheck();
      return checkFor(p, 'Weekly digest').isChecked();
    },
    async (p) => {
      await checkFor(p, 'Product news').check();
      await p.click('#save');
      return (await shown(p, 'Your changes have been saved')) && (await checkFor(p, 'Product news').isChecked());
    },
    async (p) => {
      await settingsField(p, 'Language').selectOption('Deutsch');
      await p.click('#save');
      return shown(p, 'Language: Deutsch');
    },
    async (p) => {
      await settingsField(p, 'Language').selectOption('Français');
      return shown(p, 'Language: Français');
    },
    async (p) => {
      await settingsField(p, 'Country').selectOption('France');
      return (await settingsField(p, 'Time zone').inputValue()) === 'Europe/Paris';
    },
    async (p) => {
      await settingsField(p, 'Country').selectOption('Germany');
      return (await settingsField(p, 'Time zone').inputValue()) === 'Europe/London';
    },
    async (p) => {
      await checkFor(p, 'Euro (EUR)').check();
      await p.click('#save');
      return shown(p, 'Currency: EUR');
    },
    async (p) => {
      const f = settingsField(p, 'Last name');
      await f.fill('');
      await f.pressSequentially('Smythe');
      return shown(p, 'You have unsaved changes');
    },
  ],
  'issue-board': [
    async (p) => {
      await p.locator('section[aria-label="To do"] .add').click();
      await p.keyboard.type('Set up CI');
      await p.keyboard.press('Enter');
      return shown(p, 'Set up CI');
    },
    async (p) => {
      await p.locator('section[aria-label="In progress"] .add').click();
      await p.keyboard.type('Refactor billing');
      await p.keyboard.press('Enter');
      return shown(p, 'In progress (3)');
    },
    async (p) => {
      await p.locator('section[aria-label="To do"] .add').click();
      await p.keyboard.type('Audit logs');
      await p.keyboard.press('Enter');
      await p.keyboard.type('Rotate keys');
      await p.getByRole('button', { name: 'Add card', exact: true }).click();
      return shown(p, 'To do (4)');
    },
    async (p) => {
      await p.locator('section[aria-label="Done"] .add').click();
      await p.keyboard.type('Draft');
      await p.keyboard.press('Escape');
      return shown(p, 'Draft');
    },
    async (p) => {
      await cardMenu(p, 'Fix login redirect', 'Move to Done');
      return (await p.locator('section[aria-label="Done"] li.card').count()) === 2;
    },
    async (p) => {
      await cardMenu(p, 'Write release notes', 'Move to Done');
      return shown(p, 'To do (3)');
    },
    async (p) => {
      await cardMenu(p, 'Update pricing page', 'Move to In progress');
      return shown(p, 'In progress (3)');
    },
    async (p) => {
      await cardMenu(p, 'Add dark mode', 'Move to To do');
      return shown(p, 'Done (1)');
    },
    async (p) => {
      await cardMenu(p, 'Add dark mode', 'Archive');
      return !(await shown(p, 'Add dark mode'));
    },
    async (p) => {
      await cardMenu(p, 'Fix login redirect', 'Archive');
      return shown(p, 'Show archived (1)');
    },
    async (p) => {
      await cardMenu(p, 'Fix login redirect', 'Archive');
      return (await card(p, 'Fix login redirect').count()) > 0;
    },
    async (p) => {
      await cardMenu(p, 'Update pricing page', 'Archive');
      await p.click('#archived-toggle');
      return shown(p, 'Update pricing page');
    },
    async (p) => {
      await cardMenu(p, 'Migrate to Postgres 16', 'Delete…');
      await p.click('#delete');
      return !(await shown(p, 'Migrate to Postgres 16'));
    },
    async (p) => {
      await cardMenu(p, 'Migrate to Postgres 16', 'Delete…');
      await p.click('#keep');
      return !(await shown(p, 'Migrate to Postgres 16'));
    },
    async (p) => {
      await card(p, 'Write release notes').getByTitle('Card actions').click();
      return (await p.getByRole('menu').isVisible()) && (await shown(p, 'Archive'));
    },
    async (p) => {
      await p.click('#filter');
      await p.keyboard.type('release');
      return (await shown(p, 'Write release notes')) && !(await shown(p, 'Add dark mode'));
    },
    async (p) => {
      await p.click('#filter');
      await p.keyboard.type('postgres');
      return shown(p, 'Fix login redirect');
    },
  ],
  'signup-wizard': [
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      return shown(p, 'Step 2 of 3');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      return shown(p, 'Step 1 of 3');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'short');
      await next(p);
      return shown(p, 'Step 2 of 3');
    },
    async (p) => {
      await step1(p, 'jane.acme.io', 'Secret123');
      await next(p);
      return shown(p, 'Enter a valid email address');
    },
    async (p) => {
      await next(p);
      return shown(p, 'Enter a valid email address');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123', 'Secret124');
      await next(p);
      return shown(p, 'Passwords do not match');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'abc12');
      await next(p);
      return shown(p, 'Password must be at least 8 characters');
    },
    async (p) => {
      await p.fill('#password', 'Secret123');
      await p.getByTitle('Show password').click();
      return shown(p, 'Secret123');
    },
    async (p) => {
      await p.fill('#password', 'Secret123');
      return shown(p, 'Secret123');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.click('#back');
      return (await p.inputValue('#email')) === 'jane@acme.io';
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await next(p);
      return shown(p, 'Step 3 of 3');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await next(p);
      return shown(p, 'Please enter your full name');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await next(p);
      return p.locator('input[value=Free]').isChecked();
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await next(p);
      return p.locator('input[value=Pro]').isChecked();
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await p.getByLabel('Role').selectOption('Designer');
      await next(p);
      await p.getByText('Pro', { exact: true }).click();
      await p.getByLabel('I agree').check();
      await next(p);
      return (await shown(p, 'Welcome aboard, Jane Doe!')) && (await shown(p, 'Your Pro plan is active'));
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await p.getByLabel('11-50').check();
      await next(p);
      await p.getByLabel('I agree').check();
      await next(p);
      return (await shown(p, 'Team: 11-50')) && (await shown(p, 'Plan: Free'));
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await next(p);
      await p.getByLabel('I agree').check();
      await next(p);
      return shown(p, 'Your Pro plan is active');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Jane Doe');
      await next(p);
      await p.getByText('Business', { exact: true }).click();
      await next(p);
      return shown(p, 'Welcome aboard, Jane Doe!');
    },
    async (p) => {
      await step1(p, 'jane@acme.io', 'Secret123');
      await next(p);
      await p.getByLabel('Full name').fill('Dr. Jane Doe');
      await p.getByLabel('Role').selectOption('Manager');
      await next(p);
      await p.getByText('Business', { exact: true }).click();
      await p.getByLabel('I agree').check();
      await next(p);
      return (await shown(p, 'Welcome aboard, Dr. Jane Doe!')) && (await shown(p, 'Role: Manager'));
    },
  ],
  'inventory-grid': (() => {
    const stock = (p: Page, prod: string) => row(p, prod).locator('input.num').nth(0);
    const reorder = (p: Page, prod: string) => row(p, prod).locator('input.num').nth(1);
    const pill = (p: Page, t: string) => p.locator('.pill', { hasText: t }).click();
    return [
      async (p) => {
        await stock(p, 'Steel nuts M6').fill('150');
        return shown(p, 'Low stock items: 1');
      },
      async (p) => {
        await stock(p, 'Copper wire 2mm').fill('25');
        return shown(p, 'Low stock items: 1');
      },
      async (p) => {
        for (let i = 0; i < 2; i++) await row(p, 'Copper wire 2mm').getByTitle('Increase').click();
        return shown(p, 'Low stock items: 1');
      },
      async (p) => {
        await pill(p, 'Bergen');
        return !(await shown(p, 'Steel bolts M6'));
      },
      async (p) => {
        await pill(p, 'Trondheim');
        return shown(p, 'Copper wire 2mm');
      },
      async (p) => {
        await pill(p, 'Oslo');
        await pill(p, 'All warehouses');
        return shown(p, 'Wood screws 4x40');
      },
      async (p) => {
        await row(p, 'PVC pipe 40mm').getByTitle('Delete row').click();
        return shown(p, 'Total units: 835');
      },
      async (p) => {
        await row(p, 'Wall plugs 6mm').getByTitle('Delete row').click();
        return shown(p, 'Out of stock: 0');
      },
      async (p) => {
        await stock(p, 'Wall plugs 6mm').fill('300');
        await p.click('#save');
        return shown(p, 'Saved 1 change');
      },
      async (p) => {
        await stock(p, 'Steel bolts M6').fill('200');
        await stock(p, 'Steel nuts M6').fill('200');
        await p.click('#save');
        return (await shown(p, 'Saved 2 changes')) && (await shown(p, 'Total units: 975'));
      },
      async (p) => {
        await stock(p, 'Wall plugs 6mm').fill('10');
        return shown(p, 'Saved 1 change');
      },
      async (p) => {
        await stock(p, 'Wall plugs 6mm').fill('10');
        return shown(p, '1 unsaved change');
      },
      async (p) => {
        await stock(p, 'Wood screws 4x40').fill('450');
        return shown(p, 'Total units: 895');
      },
      async (p) => {
        await row(p, 'Steel bolts M6').getByTitle('Decrease').click();
        return (await stock(p, 'Steel bolts M6').inputValue()) === '239';
      },
      async (p) => {
        await p.click('#add');
        return (await rowsCount(p)) === 7;
      },
      async (p) => {
        await stock(p, 'Steel nuts M6').fill('0');
        return shown(p, 'Out of stock: 2');
      },
      async (p) => {
        await reorder(p, 'PVC pipe 40mm').fill('80');
        return shown(p, 'Low stock items: 3');
      },
      async (p) => {
        await reorder(p, 'PVC pipe 40mm').fill('50');
        return shown(p, 'Low stock items: 3');
      },
    ];
  })(),
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let bad = 0;
for (const [app, fns] of Object.entries(checks).filter(([a]) => !process.argv[2] || a === process.argv[2])) {
  const cases = JSON.parse(fs.readFileSync(`${DIR}/${app}/cases.json`, 'utf8')) as { goal: string; verdict: string }[];
  if (cases.length !== fns.length) {
    console.log(`${app}: ${cases.length} cases, ${fns.length} checks`);
    bad++;
  }
  for (let i = 0; i < cases.length; i++) {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`file://${DIR}/${app}/index.html`);
    let got;
    try {
      got = (await fns[i]!(page)) ? 'PASSED' : 'FAILED';
    } catch (e) {
      got = `ERROR ${(e as Error).message.split('\n')[0]}`;
    }
    const ok = got === cases[i]!.verdict && !errors.length;
    if (!ok) bad++;
    console.log(
      `${ok ? 'ok ' : 'BAD'} ${app} ${i + 1}: ${cases[i]!.goal} -> ${got} (want ${cases[i]!.verdict}) ${errors.join(';')}`,
    );
    await page.close();
  }
}
await browser.close();
console.log(bad ? `${bad} problems` : 'all verdicts hold');
process.exitCode = bad ? 1 : 0;
