// "Select Ada Lovelace and Alan Turing, delete them and confirm", "Select all contacts": rows are
// selected by their checkboxes, the list by its select-all box, and "them" is then the selection's
// own toolbar button; "Delete Grace Hopper" with no Delete in her row goes through her checkbox and
// the toolbar, unless something is ticked already; "the last two rows" by their position, recorded by
// their names. In real Chromium.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PEOPLE = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'];

// Rows with unnamed checkboxes, a select-all box, a bulk Delete that asks first.
const CONTACTS = html(
  'Contacts',
  `<button id="bulk">Delete</button>
  <table><thead><tr><th><input type="checkbox" id="all" aria-label="Select all"></th><th>Name</th></tr></thead>
  <tbody id="rows"></tbody></table>
  <div id="ask" role="alertdialog" aria-label="Delete contacts?" hidden><p>Delete the selected contacts?</p>
    <button id="yes">Delete contacts</button><button id="no">Cancel</button></div>
  <script>
    let people = ${JSON.stringify(PEOPLE)};
    const render = () => {
      rows.innerHTML = people.map((p) => '<tr><td><input type="checkbox" data-p="' + p + '"></td><td>' + p + '</td></tr>').join('');
    };
    render();
    all.onchange = () => document.querySelectorAll('[data-p]').forEach((c) => (c.checked = all.checked));
    bulk.onclick = () => { if (document.querySelector('[data-p]:checked')) ask.hidden = false; };
    no.onclick = () => { ask.hidden = true; };
    yes.onclick = () => {
      const gone = [...document.querySelectorAll('[data-p]:checked')].map((c) => c.dataset.p);
      people = people.filter((p) => !gone.includes(p));
      ask.hidden = true;
      all.checked = false;
      render();
    };
  </script>`,
);

// A mail list: the sidebar's "Archive" folder link and the toolbar's "Archive" button, which
// archives the ticked rows.
const MAIL = html(
  'Inbox',
  `<nav><a href="/archive">Archive</a></nav><button id="archive">Archive</button>
  <ul id="rows"></ul>
  <script>
    let mails = ['Stripe invoice', 'Lunch on Friday?', 'Design review notes'];
    const render = () => {
      rows.innerHTML = mails.map((m) => '<li><input type="checkbox" aria-label="Select" data-m="' + m + '"> ' + m + '</li>').join('');
    };
    render();
    archive.onclick = () => {
      const gone = [...document.querySelectorAll('[data-m]:checked')].map((c) => c.dataset.m);
      mails = mails.filter((m) => !gone.includes(m));
      render();
    };
  </script>`,
);

// Rows with an owner each, and a bulk dropdown with no label but its placeholder option.
const OWNERS = html(
  'Contacts',
  `<select id="bulk"><option value="">Assign owner…</option><option>Jordan</option><option>Sam</option></select>
  <table><tbody>${PEOPLE.map((p) => `<tr><td><input type="checkbox" data-p="${p}"></td><td>${p}</td><td class="owner">—</td></tr>`).join('')}</tbody></table>
  <script>bulk.onchange = () => { for (const c of document.querySelectorAll('[data-p]:checked')) c.closest('tr').querySelector('.owner').textContent = bulk.value; };</script>`,
);

describe('built-in agent: selecting rows', function () {
  const pages = useAgentPages({
    '/owners': OWNERS,
    '/contacts': CONTACTS,
    '/mail': MAIL,
    '/archive': html('Archive', '<h1>Archive</h1>'),
  });
  const names = () => pages.page.locator('#rows td:nth-child(2)').allInnerTexts();

  it('"Select A and B, delete them and confirm" ticks both rows and deletes only them', async () => {
    await pages.burnIn('/contacts', 'Select Ada Lovelace and Alan Turing, delete them and confirm');
    expect(await names()).to.deep.equal(['Grace Hopper']);
  });

  it('"Tick Alan Turing\'s row" ticks that row\'s checkbox only; "untick the row of Alan Turing" clears it', async () => {
    await pages.burnIn('/contacts', "Tick Alan Turing's row");
    const ticked = () =>
      pages.page.locator('[data-p]:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLElement).dataset.p));
    expect(await ticked()).to.deep.equal(['Alan Turing']);
    await pages.agent.burnIn(pages.page, 'Untick the row of Alan Turing', { baseUrl: pages.site.url, configs: {} });
    expect(await ticked()).to.deep.equal([]);
  });

  it('what acts on a selection is the toolbar button, not the folder link of the same name', async () => {
    await pages.burnIn('/mail', 'Tick Stripe invoice and archive it');
    const mails = async () => (await pages.page.locator('#rows li').allInnerTexts()).map((t) => t.trim());
    expect(await mails()).to.deep.equal(['Lunch on Friday?', 'Design review notes']);
    // A row with no Archive of its own: its checkbox, then the toolbar's button.
    await pages.agent.burnIn(pages.page, 'Archive the Lunch on Friday? email', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(await mails()).to.deep.equal(['Design review notes']);
    expect(pages.page.url()).to.match(/\/mail$/);
  });

  it('"Select the last two rows and delete them" ticks them by position, recorded by their names', async () => {
    const steps = await pages.burnIn('/contacts', 'Select the last two rows, delete them and confirm');
    expect(await names()).to.deep.equal(['Ada Lovelace']);
    const rows = steps.slice(0, 2).map((step) => JSON.stringify('target' in step ? step.target?.locators[0] : null));
    expect(rows[0]).to.include('Alan Turing');
    expect(rows[1]).to.include('Grace Hopper');
  });

  it('"Tick Alan Turing\'s row and assign the owner Jordan" uses the dropdown its placeholder names', async () => {
    await pages.burnIn('/owners', "Tick Alan Turing's row and assign the owner Jordan");
    const owners = await pages.page.locator('.owner').allInnerTexts();
    expect(owners).to.deep.equal(['—', 'Jordan', '—']);
  });

  it('"Tick the fifth row" where there are three fails, naming what it looked for', async () => {
    await pages.page.goto(pages.site.url + '/contacts');
    const result = await pages.agent.burnIn(pages.page, 'Tick the fifth row', { baseUrl: pages.site.url, configs: {} });
    expect(result.error).to.match(/found no fifth row/);
  });

  it('"Select all contacts, click Delete, then cancel the confirmation" keeps every row', async () => {
    await pages.burnIn('/contacts', 'Select all contacts, click Delete, then cancel the confirmation');
    expect(await names()).to.deep.equal(PEOPLE);
    expect(await pages.page.locator('[data-p]:checked').count()).to.equal(3);
    expect(await pages.page.locator('#ask').isHidden()).to.equal(true);
  });

  it('"Delete Grace Hopper" with no Delete in her row ticks her row, then the toolbar\'s Delete; and replays', async () => {
    const steps = await pages.burnIn('/contacts', 'Delete Grace Hopper and confirm');
    expect(await names()).to.deep.equal(['Ada Lovelace', 'Alan Turing']);
    const fresh = await pages.replay('/contacts', steps);
    expect(await fresh.locator('#rows td:nth-child(2)').allInnerTexts()).to.deep.equal(['Ada Lovelace', 'Alan Turing']);
  });

  it('does not act through the toolbar when another row is ticked already: it would delete that one too', async () => {
    await pages.page.goto(`${pages.site.url}/contacts`);
    const result = await pages.failingAgent.burnIn(
      pages.page,
      "Tick the checkbox in the row of 'Ada Lovelace'. Delete Grace Hopper",
      { baseUrl: pages.site.url, configs: {} },
    );
    expect(result.error).to.match(/Delete/);
    expect(await names()).to.deep.equal(PEOPLE);
  });
});
