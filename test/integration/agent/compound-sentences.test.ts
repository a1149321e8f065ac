// Several actions in one sentence, in real Chromium: a pronoun for the rows just ticked (the page's bulk
// control), a new record's fields after a colon (a native select among them), "Edit X: ..." opening
// X's editor first, and a field the page does not have, refused with the fields it does have.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

// A generic records admin: row checkboxes with a bulk bar, a "New" button opening a form, row editors.
const RECORDS = html(
  'Suppliers',
  `<div role="region" aria-label="Bulk actions"><button onclick="bulk('archived')">Archive</button>
    <button onclick="bulk('flagged')">Mark as flagged</button></div>
  <table><tbody id="rows"></tbody></table>
  <button onclick="edit(null)">+ New supplier</button>
  <form id="form" hidden onsubmit="event.preventDefault(); save()">
    <label>Company <input id="company"></label>
    <label for="city">City</label> <input id="city">
    <label>Status <select id="kind"><option>Active</option><option>Paused</option></select></label>
    <button id="submit"></button> <button type="button" onclick="form.hidden = true">Cancel</button>
  </form>
  <p id="log"></p>
  <script>
    const rows = [{ company: 'Acme Ltd', city: 'Rome', status: 'Active', state: '' },
      { company: 'Globex', city: 'Lyon', status: 'Active', state: '' },
      { company: 'Initech', city: 'Austin', status: 'Paused', state: '' }];
    let editing = null;
    function render() {
      document.getElementById('rows').innerHTML = rows.map((r, i) =>
        '<tr><td><input type="checkbox" aria-label="Select ' + r.company + '" data-i="' + i + '"></td><td>' + r.company +
        '</td><td>' + r.city + '</td><td>' + r.status + '</td><td>' + r.state + '</td><td><button onclick="edit(' + i +
        ')">Edit</button></td></tr>').join('');
    }
    function bulk(state) {
      for (const box of document.querySelectorAll('#rows input:checked')) rows[box.dataset.i].state = state;
      render();
    }
    function edit(i) {
      editing = i;
      const r = i === null ? { company: '', city: '', status: 'Active' } : rows[i];
      company.value = r.company; city.value = r.city; kind.value = r.status;
      submit.textContent = i === null ? 'Create supplier' : 'Save changes';
      form.hidden = false;
    }
    function save() {
      const r = { company: company.value, city: city.value, status: kind.value, state: '' };
      if (editing === null) rows.push(r); else rows[editing] = r;
      form.hidden = true;
      log.textContent = (editing === null ? 'Created ' : 'Saved ') + r.company + ' in ' + r.city + ' (' + r.status + ')';
      render();
    }
    render();
  </script>`,
);

describe('built-in agent: several actions in one sentence', function () {
  const pages = useAgentPages({
    '/suppliers': RECORDS,
    // Folders as links; a row's "Move to" menu moves it to one.
    '/mail': html(
      'Inbox',
      `<nav><a href="/receipts">Receipts</a> <a href="/travel">Travel</a></nav>
      <ul><li>Stripe invoice <button aria-haspopup="menu" onclick="menu.hidden = false">Move to</button>
        <div role="menu" id="menu" hidden><button role="menuitem" onclick="menu.hidden = true; moved.textContent = 'Moved to Receipts'">Receipts</button>
        <button role="menuitem" onclick="menu.hidden = true">Travel</button></div></li></ul><p id="moved"></p>`,
    ),
    '/receipts': html('Receipts', '<h1>Receipts</h1>'),
  });
  const cells = async (company: string) =>
    pages.page.locator('#rows tr', { hasText: company }).locator('td').allInnerTexts();

  it('acts on the rows just ticked with the bulk control a pronoun names', async () => {
    await pages.burnIn('/suppliers', "Tick 'Select Acme Ltd' and 'Select Initech' and mark them as flagged");
    expect((await cells('Acme Ltd'))[4]).to.equal('flagged');
    expect((await cells('Initech'))[4]).to.equal('flagged');
    expect((await cells('Globex'))[4]).to.equal('');
  });

  it('creates a record from a list of fields after a colon, a select among them', async () => {
    const steps = await pages.burnIn(
      '/suppliers',
      'Create a new supplier: company Umbrella, city Oslo and status Paused',
    );
    expect(await pages.page.locator('#log').innerText()).to.equal('Created Umbrella in Oslo (Paused)');
    const fresh = await pages.replay('/suppliers', steps);
    expect(await fresh.locator('#log').innerText()).to.equal('Created Umbrella in Oslo (Paused)');
  });

  it('opens the row\'s editor for "Edit X: ..." and does what follows there', async () => {
    await pages.burnIn('/suppliers', 'Edit Globex: set the city to Paris and save the changes');
    expect(await pages.page.locator('#log').innerText()).to.equal('Saved Globex in Paris (Active)');
  });

  it('refuses a field the page does not have, naming what it has', async () => {
    await pages.page.goto(pages.site.url + '/suppliers');
    const result = await pages.agent.burnIn(pages.page, 'Create a new supplier: company Umbrella, colour Blue', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.error).to.match(/no text field named "colour"/);
    expect(result.error).to.match(/Closest on the page: .*"Company".*"City"/);
    expect(await pages.page.locator('#log').innerText()).to.equal('');
  });

  it('"that folder" is what the action before acted on last', async () => {
    await pages.burnIn('/mail', 'Move the Stripe invoice to Receipts and open that folder');
    await pages.page.waitForURL(/\/receipts$/);
  });

  it('"the edit dialog for Globex" is opened by the Edit of its row; a value, then "and cancel", cancels', async () => {
    await pages.burnIn('/suppliers', 'Open the edit dialog for Globex, change the city to Paris and cancel');
    expect(await pages.page.locator('#form').isHidden()).to.equal(true);
    expect(await cells('Globex')).to.include('Lyon');
  });
});
