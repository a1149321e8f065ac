// A row's "More actions" button opens one menu drawn for the whole page, outside the row (as file
// managers and data grids do): "Star Budget.xlsx" opens that row's menu (a recorded step) and picks
// its "Star", recorded as the only "Star" item of the open menu. Burn-in, then a replay. A row
// named by what it is has its menu found through the item it describes.
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

describe("built-in agent: a row's menu drawn outside the row", function () {
  const pages = useAgentPages({ '/files': FILES });

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
});
