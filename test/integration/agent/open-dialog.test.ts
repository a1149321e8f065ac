// A name that the page shows both in an open dialog and behind it ("Status": the list's filter and
// the edit dialog's field) means the one in the dialog, as a person acting in the dialog means it;
// with no dialog open, two such controls stay ambiguous and are refused. In real Chromium, replayed.
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

describe('built-in agent: an open dialog first', function () {
  const pages = useAgentPages({ '/contacts': CONTACTS });

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
});
