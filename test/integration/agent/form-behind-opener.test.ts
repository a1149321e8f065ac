// "Create a product called X with SKU Y, then click Save" on an admin table whose form is kept behind
// its "+ Add item" button: the page's one add/new/create button is pressed first (a recorded step).
// The table's column header "Name" labels no field, and the search box whose placeholder says "Search
// by SKU or name" is no "Name" or "SKU" field. The form is submitted once: the Save the record
// implies is the one the next sentence presses.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const STOCK = html(
  'Stock',
  `<input type="search" id="q" placeholder="Search by SKU or name…" aria-label="Search stock">
  <button id="add">+ Add item</button>
  <table><thead><tr><th scope="col"><button>Name</button></th><th scope="col">SKU</th></tr></thead>
    <tbody id="rows"><tr><td>Blue Widget</td><td>HW-1001</td></tr></tbody></table>
  <div role="dialog" aria-label="Add item" id="form" hidden>
    <label>Product name <input id="name"></label><label>SKU <input id="sku"></label>
    <button id="save">Save item</button></div>
  <p id="saves">0</p>
  <script>
    add.onclick = () => { form.hidden = false; };
    save.onclick = () => {
      saves.textContent = String(Number(saves.textContent) + 1);
      rows.insertAdjacentHTML('beforeend', '<tr><td>' + document.getElementById('name').value + '</td><td>' + sku.value + '</td></tr>');
      form.hidden = true;
    };
  </script>`,
);

describe('built-in agent: a new record whose form is behind its opener', function () {
  const pages = useAgentPages({ '/stock': STOCK });

  it('opens the form, fills its fields (not the search box) and saves once', async () => {
    const steps = await pages.burnIn('/stock', 'Create a product called Sample Pack with SKU HW-1099, then click save');
    expect(steps.map((s) => s.sentence)[0]).to.equal("Open the '+ Add item' button");
    expect(await pages.page.locator('#rows').innerText()).to.contain('Sample Pack\tHW-1099');
    expect(await pages.page.locator('#q').inputValue()).to.equal('');
    expect(await pages.page.locator('#saves').innerText()).to.equal('1');
  });
});
