// A data grid drawn with divs and ARIA roles (role=grid, row, columnheader, gridcell), each cell a
// box with a class, as grid libraries draw them: a row is one item (its cells are parts of it, read
// apart: "Spade Garden", not "SpadeGarden"), an item's control is told apart by its row's own text,
// "the stock of Wrench" is the Stock of Wrench's row, and what acts on the rows ticked is the
// toolbar's "Delete selected", never a row's own Delete.
import { expect } from 'chai';
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const ITEMS = [
  ['Claw Hammer', 'Tools', 12, 10],
  ['Garden Hose', 'Garden', 25, 3],
  ['Spade', 'Garden', 30, 0],
  ['Wrench', 'Tools', 9, 7],
] as const;

const grid = (names: readonly string[]) =>
  html(
    'Inventory',
    `<button id="bulk">Delete selected</button><div role="grid" aria-label="Inventory" id="grid"></div><p id="out"></p>
  <script>
    let items = ${JSON.stringify(ITEMS.filter(([name]) => names.includes(name)))};
    let editing = null;
    const chosen = new Set();
    bulk.onclick = () => { items = items.filter((i) => !chosen.has(i[0])); out.textContent = 'Deleted ' + [...chosen].join(' and '); chosen.clear(); draw(); };
    const cell = (text) => '<div role="gridcell" class="cell">' + text + '</div>';
    function draw() {
      grid.innerHTML = '<div role="row" class="row">' + ['', 'Name', 'Category', 'Price', 'Stock', 'Actions']
        .map((h) => '<div role="columnheader" class="cell">' + h + '</div>').join('') + '</div>' +
        items.map(([name, category, price, stock]) => '<div role="row" class="row" style="display:flex">' +
          cell('<input type="checkbox" aria-label="Select row" data-pick="' + name + '"' + (chosen.has(name) ? ' checked' : '') + '>') + cell(name) + cell(category) + cell('$' + price) +
          cell(editing === name ? '<input aria-label="Stock" value="' + stock + '">' : stock) +
          cell('<button aria-label="Edit stock" data-edit="' + name + '">✎</button><button data-delete="' + name + '">Delete</button>') +
          '</div>').join('');
      grid.querySelectorAll('[data-pick]').forEach((b) => b.onchange = () => { b.checked ? chosen.add(b.dataset.pick) : chosen.delete(b.dataset.pick); });
      grid.querySelectorAll('[data-delete]').forEach((b) => b.onclick = () => { items = items.filter((i) => i[0] !== b.dataset.delete); out.textContent = 'Deleted ' + b.dataset.delete; draw(); });
      grid.querySelectorAll('[data-edit]').forEach((b) => b.onclick = () => { editing = b.dataset.edit; draw(); grid.querySelector('input').focus(); });
      const input = grid.querySelector('input');
      if (input) input.onkeydown = (e) => { if (e.key === 'Enter') { items.find((i) => i[0] === editing)[3] = Number(input.value); editing = null; draw(); } };
    }
    draw();
  </script>`,
  );

describe('built-in agent: a data grid drawn with divs and ARIA roles', function () {
  const pages = useAgentPages({
    '/grid': grid(ITEMS.map(([name]) => name)),
    '/garden': grid(['Garden Hose', 'Spade']),
  });

  itJudges(pages, [
    ['/garden', 'Only Garden items are listed', true],
    ['/grid', 'Only Garden items are listed', false],
    ['/grid', 'The Garden Hose row shows $25', true],
    ['/grid', 'Spade is the third row', true],
    ['/grid', "Wrench's stock is 7", true],
    ['/grid', 'Only Spade is listed', false],
  ]);

  it('"Delete the second row" is recorded in the row of its name, not of the "✎" every row shows, and replays', async () => {
    const steps = await pages.burnIn('/grid', 'Delete the second row');
    expect(await pages.page.locator('#out').innerText()).to.equal('Deleted Garden Hose');
    expect(steps.map((s) => s.sentence)).to.deep.equal(['Delete the second row']);
    expect(JSON.stringify(steps[0])).to.include('Garden Hose');
    const fresh = await pages.replay('/grid', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Deleted Garden Hose');
  });

  it('"Set the stock of Wrench to 20" edits the Stock of the Wrench row', async () => {
    const steps = await pages.burnIn('/grid', 'Set the stock of Wrench to 20');
    expect(steps[0]!.sentence).to.equal("Click the 'Edit stock' button in the row of 'Wrench'");
    expect(
      await pages.agent.evaluate(pages.page, "Wrench's stock is 20", { baseUrl: pages.site.url, configs: {} }),
    ).to.have.property('passed', true);
  });

  it('"Select Wrench and Spade and delete them" presses "Delete selected", not a row\'s Delete', async () => {
    await pages.burnIn('/grid', 'Select Wrench and Spade and delete them');
    expect(await pages.page.locator('#out').innerText()).to.equal('Deleted Wrench and Spade');
  });
});
