// A table whose quantities are text with an "Edit quantity" button per row, and a sortable
// "Quantity" column header: "Set the quantity of Blue Widget to 40" presses that row's button, types
// into the field it opens and presses Enter (three recorded steps), never the column's header.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const STOCK = html(
  'Stock',
  `<table><thead><tr><th>Name</th><th><button id="sort">Quantity</button></th></tr></thead><tbody id="rows"></tbody></table><p id="out"></p>
  <script>
    const items = [{ name: 'Red Widget', qty: 8 }, { name: 'Blue Widget', qty: 34 }];
    let editing = null;
    function draw() {
      rows.innerHTML = items.map((it, i) => '<tr><td>' + it.name + '</td><td>' + (editing === i
        ? '<input type="number" aria-label="Quantity" value="' + it.qty + '">'
        : it.qty + ' <button aria-label="Edit quantity" data-i="' + i + '">✎</button>') + '</td></tr>').join('');
      for (const b of rows.querySelectorAll('button')) b.onclick = () => { editing = Number(b.dataset.i); draw(); rows.querySelector('input').focus(); };
      const input = rows.querySelector('input');
      if (input) input.onkeydown = (e) => { if (e.key === 'Enter') { items[editing].qty = Number(input.value); editing = null; draw(); } };
    }
    sort.onclick = () => { items.reverse(); out.textContent = 'sorted'; draw(); };
    draw();
  </script>`,
);

// The same table under a form for a new item, with a Quantity field of its own.
const WITH_FORM = STOCK.replace(
  '<table>',
  '<form><label>Quantity <input type="number" id="new-qty"></label></form><table>',
);

describe('built-in agent: a value edited in place through its row’s edit button', function () {
  const pages = useAgentPages({ '/stock': STOCK, '/stock-with-form': WITH_FORM });
  const quantity = (p: typeof pages.page, name: string) =>
    p.locator('#rows tr', { hasText: name }).locator('td').nth(1).innerText();

  it('"Set the quantity of Blue Widget to 40" edits that row, and replays it', async () => {
    const steps = await pages.burnIn('/stock', 'Set the quantity of Blue Widget to 40');
    expect((await quantity(pages.page, 'Blue Widget')).trim()).to.match(/^40/);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
    expect(steps.map((s) => s.sentence)).to.deep.equal([
      "Click the 'Edit quantity' button in the row of 'Blue Widget'",
      "Fill the field with '40'",
      'Press Enter in the field',
    ]);
    const fresh = await pages.replay('/stock', steps);
    expect((await quantity(fresh, 'Blue Widget')).trim()).to.match(/^40/);
  });

  it('"Find the blue widget and set its quantity to 40": "its" is the row found', async () => {
    await pages.burnIn('/stock', 'Find the blue widget and set its quantity to 40');
    expect((await quantity(pages.page, 'Blue Widget')).trim()).to.match(/^40/);
    expect((await quantity(pages.page, 'Red Widget')).trim()).to.match(/^8/);
  });

  it('"its quantity" is the row\'s, before a Quantity field elsewhere on the page (read without its owner only when the row has none)', async () => {
    await pages.burnIn('/stock-with-form', 'Find the blue widget and set its quantity to 40');
    expect((await quantity(pages.page, 'Blue Widget')).trim()).to.match(/^40/);
    expect(await pages.page.locator('#new-qty').inputValue()).to.equal('');
  });
});
