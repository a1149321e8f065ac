// Hand-written Playwright scripts for test/dev-set/apps/file-manager/cases.json, one per case and in
// the same order: each performs the goal on the app's first screen and answers whether the expected
// result then holds (true means the case's verdict is PASSED).
import type { Locator, Page } from 'playwright-core';

type Script = (page: Page) => Promise<boolean>;

const fileNames = async (page: Page) =>
  (await page.locator('#file-body tr.row .fname').allInnerTexts()).map((t) => t.trim());

/** Name and size cell of every listed row, in order. */
const rowsWithSize = (page: Page) =>
  page.locator('#file-body tr.row').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: (tr.querySelector('.fname')?.textContent ?? '').trim(),
      size: (tr.children[3]?.textContent ?? '').trim(),
    })),
  );

const fileRow = (page: Page, name: string): Locator =>
  page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

/** Any kind of menu item (plain, radio or checkbox) with this exact name, among the open menus. */
const menuItem = (page: Page, name: string): Locator =>
  page
    .getByRole('menuitem', { name, exact: true })
    .or(page.getByRole('menuitemradio', { name, exact: true }))
    .or(page.getByRole('menuitemcheckbox', { name, exact: true }));

async function menubar(page: Page, ...path: string[]) {
  await page.getByRole('menubar').getByRole('menuitem', { name: path[0], exact: true }).click();
  for (const name of path.slice(1)) await menuItem(page, name).click();
}

async function rowAction(page: Page, name: string, action: string) {
  await fileRow(page, name).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menu', { name: 'Item actions' }).getByRole('menuitem', { name: action, exact: true }).click();
}

const sideTree = (page: Page) => page.getByRole('tree', { name: 'Folders' });
const treeItem = (tree: Locator, name: string) => tree.getByRole('treeitem', { name, exact: true });
const expand = (tree: Locator, name: string) => treeItem(tree, name).locator('.ti-toggle').first().click();
const pick = (tree: Locator, name: string) => treeItem(tree, name).locator('.ti-label').first().click();

const toastText = async (page: Page) => (await page.locator('#toast-host').innerText()).trim();

async function openQ4FromTree(page: Page) {
  const tree = sideTree(page);
  await expand(tree, 'Projects');
  await expand(tree, '2026');
  await pick(tree, 'Q4 reports');
}

export const scripts: Script[] = [
  // 1. View > Sort by > Size
  async (page) => {
    await menubar(page, 'View', 'Sort by', 'Size');
    const rows = await rowsWithSize(page);
    const firstFile = rows.find((r) => r.size !== '—');
    const foldersFirst = rows.findIndex((r) => r.size !== '—') === rows.filter((r) => r.size === '—').length;
    return foldersFirst && firstFile?.name === 'Product walkthrough.mp4';
  },
  // 2. expand Projects > 2026, open Q4 reports
  async (page) => {
    await openQ4FromTree(page);
    const crumbs = (
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allInnerTexts()
    ).map((t) => t.trim());
    return (
      JSON.stringify(crumbs) === JSON.stringify(['My Drive', 'Projects', '2026', 'Q4 reports']) &&
      (await fileNames(page)).includes('Q4 revenue summary.xlsx')
    );
  },
  // 3. rename Meeting notes.docx inline
  async (page) => {
    await fileRow(page, 'Meeting notes.docx').click();
    await page.keyboard.press('F2');
    await page.getByRole('textbox', { name: 'Name' }).fill('Kickoff meeting notes.docx');
    await page.keyboard.press('Enter');
    const names = await fileNames(page);
    return names.includes('Kickoff meeting notes.docx') && !names.includes('Meeting notes.docx');
  },
  // 4. New folder named Marketing (refused: the name is taken)
  async (page) => {
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Marketing');
    await page.keyboard.press('Enter');
    return (await fileNames(page)).filter((n) => n === 'Marketing').length === 2;
  },
  // 5. rename the handbook, then Escape
  async (page) => {
    await fileRow(page, 'Company handbook.pdf').click({ button: 'right' });
    await page.getByRole('menu', { name: 'Item actions' }).getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Name' }).fill('Employee handbook.pdf');
    await page.keyboard.press('Escape');
    return (await fileNames(page)).includes('Employee handbook.pdf');
  },
  // 6. move Budget 2027.xlsx from Finance to Projects > 2026
  async (page) => {
    await pick(sideTree(page), 'Finance');
    await rowAction(page, 'Budget 2027.xlsx', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move “Budget 2027.xlsx”' });
    const tree = dialog.getByRole('tree');
    await expand(tree, 'Projects');
    await pick(tree, '2026');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    const crumb = await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current=page]').innerText();
    return (
      crumb.trim() === 'Finance' &&
      !(await fileNames(page)).includes('Budget 2027.xlsx') &&
      (await toastText(page)).includes('Moved “Budget 2027.xlsx” to 2026')
    );
  },
  // 7. star the onboarding checklist, open Starred
  async (page) => {
    await rowAction(page, 'Onboarding checklist.docx', 'Star');
    await page.getByRole('link', { name: 'Starred' }).click();
    const names = await fileNames(page);
    return names.length === 2 && names.includes('Onboarding checklist.docx') && names.includes('Roadmap 2027.docx');
  },
  // 8. share the Q4 revenue summary with Elena as Editor, no notification
  async (page) => {
    await openQ4FromTree(page);
    await rowAction(page, 'Q4 revenue summary.xlsx', 'Share');
    const dialog = page.getByRole('dialog', { name: 'Share “Q4 revenue summary.xlsx”' });
    await dialog.getByRole('textbox', { name: 'Add people' }).fill('elena.kovacs@bramble.example');
    await dialog.getByRole('combobox', { name: 'Permission' }).selectOption('Editor');
    await dialog.getByRole('checkbox', { name: 'Notify people' }).uncheck();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    return (await toastText(page)).includes('Shared with elena.kovacs@bramble.example');
  },
  // 9. into Q4 reports by double-clicking, sort by date modified (newest first: Churn analysis)
  async (page) => {
    for (const name of ['Projects', '2026', 'Q4 reports']) await fileRow(page, name).dblclick();
    await page.getByRole('columnheader', { name: 'Last modified' }).getByRole('button').click();
    return (await fileNames(page))[0] === 'Board deck draft.pdf';
  },
  // 10. delete the offsite photo, restore it from the Trash
  async (page) => {
    await rowAction(page, 'Team offsite 2026.jpg', 'Delete');
    await page.getByRole('link', { name: 'Trash' }).click();
    await rowAction(page, 'Team offsite 2026.jpg', 'Restore');
    return (
      !(await fileNames(page)).includes('Team offsite 2026.jpg') &&
      (await toastText(page)).includes('“Team offsite 2026.jpg” restored to My Drive')
    );
  },
  // 11. empty the trash, confirmed
  async (page) => {
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('alertdialog', { name: 'Empty trash?' }).getByRole('button', { name: 'Empty trash' }).click();
    return (
      (await page.getByText('Trash is empty', { exact: true }).isVisible()) &&
      (await fileNames(page)).length === 0 &&
      (await page.getByText('1.8 GB of 5 GB used', { exact: true }).isVisible())
    );
  },
  // 12. Empty trash, then Cancel
  async (page) => {
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('alertdialog', { name: 'Empty trash?' }).getByRole('button', { name: 'Cancel' }).click();
    return (
      (await page.getByText('Trash is empty', { exact: true }).isVisible()) && (await fileNames(page)).length === 0
    );
  },
  // 13. View > Show hidden files
  async (page) => {
    await menubar(page, 'View', 'Show hidden files');
    return fileRow(page, '.env.backup').isVisible();
  },
  // 14. Move Meeting notes.docx into Projects (refused: Projects has one already)
  async (page) => {
    await rowAction(page, 'Meeting notes.docx', 'Move to…');
    const dialog = page.getByRole('dialog', { name: 'Move “Meeting notes.docx”' });
    await pick(dialog.getByRole('tree'), 'Projects');
    await dialog.getByRole('button', { name: 'Move', exact: true }).click();
    return !(await fileNames(page)).includes('Meeting notes.docx');
  },
  // 15. File > New > Document in Marketing
  async (page) => {
    await pick(sideTree(page), 'Marketing');
    await menubar(page, 'File', 'New', 'Document');
    await page.getByRole('textbox', { name: 'Name' }).fill('Spring campaign brief');
    await page.keyboard.press('Enter');
    const crumb = await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current=page]').innerText();
    return crumb.trim() === 'Marketing' && (await fileNames(page)).includes('Spring campaign brief');
  },
  // 16. Help > Keyboard shortcuts with the keyboard only
  async (page) => {
    await page.keyboard.press('Tab');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    if (!(await dialog.isVisible())) return false;
    const rename = dialog.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Rename', exact: true }) });
    return (await rename.innerText()).includes('F2');
  },
];
