// A name that the page shows both in an open dialog or menu and behind it ("Status": the list's
// filter and the edit dialog's field; "Receipts": a folder link and the Move to menu's item) means
// the one in the dialog or menu, as a person acting there means it; with none open, two such
// controls stay ambiguous and are refused. In real Chromium, replayed.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const STATUS = '<option>Any</option><option>Lead</option><option>Customer</option>';
const CONTACTS = html(
  'Contacts',
  `<label>Status <select id="filter">${STATUS}</select></label>
  <label>Status <select id="other">${STATUS}</select></label>
  <button onclick="edit.hidden = false">Edit</button>
  <div id="edit" role="dialog" aria-label="Edit contact" hidden>
    <label>Status <select id="field">${STATUS}</select></label><button>Save</button>
  </div>`,
);

// A folder link "Receipts" beside a "Move to" menu that offers "Receipts" too.
const MAIL = html(
  'Mail',
  `<nav><a href="#receipts" onclick="out.textContent = 'Opened Receipts'">Receipts</a></nav>
  <button aria-haspopup="menu" aria-expanded="false" onclick="menu.hidden = false; this.setAttribute('aria-expanded', 'true')">Move to</button>
  <div id="menu" role="menu" hidden><button role="menuitem" onclick="out.textContent = 'Moved to Receipts'; menu.hidden = true">Receipts</button></div>
  <p id="out"></p>`,
);

describe('built-in agent: an open dialog first', function () {
  const pages = useAgentPages({ '/contacts': CONTACTS, '/mail': MAIL });

  it("takes the dialog's own field when the page behind it has one of the same name", async () => {
    const steps = await pages.burnIn('/contacts', "Click 'Edit'. Select 'Lead' from 'Status'");
    expect(await pages.page.locator('#field').inputValue()).to.equal('Lead');
    expect(await pages.page.locator('#filter').inputValue()).to.equal('Any');
    const fresh = await pages.replay('/contacts', steps);
    expect(await fresh.locator('#field').inputValue()).to.equal('Lead');
  });

  it('refuses two fields of the same name when no dialog is open', async () => {
    await pages.page.goto(`${pages.site.url}/contacts`);
    const result = await pages.failingAgent.burnIn(pages.page, "Select 'Lead' from 'Status'", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.error).to.match(/2 visible elements match "Status"/);
  });

  it('takes the item of the menu just opened over a link of the same name', async () => {
    await pages.burnIn('/mail', "Click 'Move to', then click 'Receipts'");
    expect(await pages.page.locator('#out').innerText()).to.equal('Moved to Receipts');
  });
});
