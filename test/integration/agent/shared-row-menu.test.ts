// A row's "More actions" button opens one menu drawn for the whole page, outside the row (as file
// managers and data grids do): "Star Budget.xlsx" opens that row's menu (a recorded step) and picks
// its "Star", recorded as the only "Star" item of the open menu. Burn-in, then a replay. A row
// named by what it is has its menu found through the item it describes. A row's control is looked
// for in the row and in the menu it opened, never in a menu bar that happens to share the page.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const FILES = html(
  'Files',
  `<table><tbody>${['Budget.xlsx', 'Notes.docx']
    .map((f) => `<tr><td>${f}</td><td><button aria-label="More actions" data-f="${f}">⋮</button></td></tr>`)
    .join('')}</tbody></table>
  <ul role="menu" id="menu" hidden><li role="menuitem" id="star">Star</li><li role="menuitem">Delete</li></ul><p id="out"></p>
  <script>
    let target = null;
    for (const b of document.querySelectorAll('[data-f]')) b.onclick = () => { target = b.dataset.f; menu.hidden = false; };
    star.onclick = () => { out.textContent = 'Starred ' + target; menu.hidden = true; };
  </script>`,
);

// A menu bar with its own "Edit", a row menu with "Rename", and a double-click that opens the file.
const RENAME = html(
  'Drive',
  `<div class="app"><div role="menubar"><button role="menuitem" onclick="out.textContent = 'Edit menu'">Edit</button></div>
  <table><tbody>${['Budget.xlsx', 'Notes.docx']
    .map(
      (f) =>
        `<tr ondblclick="out.textContent = 'Opened ${f}'"><td>${f}</td><td><button aria-label="More actions" data-f="${f}">⋮</button></td></tr>`,
    )
    .join('')}</tbody></table>
  <ul role="menu" id="menu" hidden><li role="menuitem" id="rename">Rename</li></ul><p id="out"></p></div>
  <script>
    let row = null;
    for (const b of document.querySelectorAll('[data-f]')) b.onclick = () => { row = b.closest('tr'); menu.hidden = false; };
    rename.onclick = () => {
      menu.hidden = true;
      const cell = row.cells[0];
      const input = Object.assign(document.createElement('input'), { value: cell.textContent });
      input.setAttribute('aria-label', 'Name');
      input.onkeydown = (e) => { if (e.key === 'Enter') { out.textContent = 'Renamed to ' + input.value; cell.textContent = input.value; } };
      cell.replaceChildren(input);
      input.focus();
    };
  </script>`,
);

// An ARIA grid of divs: each row's cells are repeated items too, and the row's menu button shows "⋮"
// but is named "Row actions", so the row's accessible name is not its text.
const GRID = html(
  'Parts',
  `<div role="grid" aria-label="Parts">${[
    ['P-1031', 'Hex bolt M8'],
    ['P-1032', 'Flat washer M8'],
  ]
    .map(
      ([id, desc]) =>
        `<div role="row" class="r"><div role="gridcell" class="c">${id}</div><div role="gridcell" class="c">${desc}</div><div role="gridcell" class="c"><button aria-label="Row actions" aria-haspopup="menu" data-id="${id}">⋮</button></div></div>`,
    )
    .join('')}</div>
  <div role="menu" id="menu" hidden><button role="menuitem" id="archive">Archive</button></div><p id="out"></p>
  <script>
    let target = null;
    for (const b of document.querySelectorAll('[data-id]')) b.onclick = () => { target = b.dataset.id; menu.hidden = false; };
    archive.onclick = () => { out.textContent = 'Archived ' + target; menu.hidden = true; };
  </script>`,
);

describe("built-in agent: a row's menu drawn outside the row", function () {
  const pages = useAgentPages({ '/files': FILES, '/rename': RENAME, '/grid': GRID });

  it('"Star Budget.xlsx" opens that row’s menu and picks Star, and replays it', async () => {
    const steps = await pages.burnIn('/files', 'Star Budget.xlsx');
    expect(await pages.page.locator('#out').innerText()).to.equal('Starred Budget.xlsx');
    const fresh = await pages.replay('/files', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Starred Budget.xlsx');
  });

  it('a row named by what it is ("the Budget spreadsheet") has its menu opened, and is recorded by its text', async () => {
    const steps = await pages.burnIn('/files', 'Star the Budget spreadsheet from its ⋮ menu');
    expect(await pages.page.locator('#out').innerText()).to.equal('Starred Budget.xlsx');
    expect(steps[0]!.sentence).to.equal("Click 'More actions' in the row of 'Budget.xlsx'");
  });

  it('a grid row described in other words ("the flat washer P-1032") is recorded by a part of it, and its menu opened', async () => {
    const steps = await pages.burnIn('/grid', 'Archive the flat washer P-1032 from its row menu');
    expect(await pages.page.locator('#out').innerText()).to.equal('Archived P-1032');
    expect(steps[0]!.sentence).to.equal("Click 'Row actions' in the row of 'P-1032'");
    const fresh = await pages.replay('/grid', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Archived P-1032');
  });

  it('"Rename Notes.docx to Minutes.docx" uses the row menu\'s Rename: not the menu bar\'s Edit, not a double-click', async () => {
    const steps = await pages.burnIn('/rename', 'Rename Notes.docx to Minutes.docx');
    expect(await pages.page.locator('#out').innerText()).to.equal('Renamed to Minutes.docx');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      "Click 'More actions' in the row of 'Notes.docx'",
      "Click 'Rename' or 'Edit' in the row of 'Notes.docx'",
      "Fill the field with 'Minutes.docx'",
      'Press Enter in the field',
    ]);
  });
});
