// A verb the lexicon does not know names a control ("Shift X to Doing", "Publish X", "Cancel the
// confirmation"): the control in the item's scope, opened from the item's closed "⋯" menu when it is
// kept there, then the destination in what it opened; in real Chromium, and replayed. When no control
// carries the verb's name, the burn-in refuses and clicks nothing.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const COLUMNS = ['Backlog', 'Doing', 'Shipped'];
const CARDS = ['Write the release notes', 'Fix the flaky login test'];

// Each card keeps its actions in a "⋯" menu: "Shift to…" opens a list of columns, "Publish" acts at once.
const BOARD = html(
  'Board',
  `<div id="board"></div><p id="out"></p>
  <script>
    const where = { 0: 'Backlog', 1: 'Backlog' };
    let open = null, sub = false;
    function render() {
      document.getElementById('board').innerHTML = ${JSON.stringify(COLUMNS)}.map((col) =>
        '<section><h2>' + col + '</h2>' + ${JSON.stringify(CARDS)}.map((title, i) => where[i] !== col ? '' :
          '<div class="card"><span>' + title + '</span> <button aria-haspopup="menu" aria-expanded="' + (open === i) + '" data-menu="' + i + '">⋯</button>' +
          (open === i ? '<div role="menu"><button role="menuitem" data-shift="' + i + '" aria-haspopup="true">Shift to…</button>' +
            (sub ? ${JSON.stringify(COLUMNS)}.map((c) => '<button role="menuitem" data-to="' + c + '">' + c + '</button>').join('') : '') +
            '<button role="menuitem" data-publish="' + i + '">Publish</button></div>' : '') +
          '</div>').join('') + '</section>').join('');
      document.querySelectorAll('[data-menu]').forEach((b) => b.onclick = () => { open = open === +b.dataset.menu ? null : +b.dataset.menu; sub = false; render(); });
      document.querySelectorAll('[data-shift]').forEach((b) => b.onclick = () => { sub = true; render(); });
      document.querySelectorAll('[data-to]').forEach((b) => b.onclick = () => { where[open] = b.dataset.to; open = null; render(); });
      document.querySelectorAll('[data-publish]').forEach((b) => b.onclick = () => { out.textContent = 'Published ' + b.dataset.publish; open = null; render(); });
    }
    render();
  </script>`,
);

const CONFIRM = html(
  'Confirm',
  `<button onclick="dlg.hidden = false">Wipe all</button>
  <div id="dlg" role="alertdialog" aria-label="Wipe everything?" hidden><p>Wipe everything?</p>
    <button onclick="out.textContent = 'Kept'; dlg.hidden = true">Cancel</button>
    <button onclick="out.textContent = 'Wiped'; dlg.hidden = true">OK</button></div><p id="out"></p>`,
);

// Archiving shows a toast with Undo; archiving Offsite also shows a banner with its own Undo (two).
const INBOX = html(
  'Inbox',
  `<ul><li>Budget <button onclick="this.parentNode.hidden = true; toast.hidden = false">Archive</button></li>
    <li>Offsite <button onclick="this.parentNode.hidden = true; toast.hidden = false; later.hidden = false">Archive</button></li></ul>
  <p id="later" hidden>Offsite moved to Archive <button onclick="out.textContent = 'Banner undo'">Undo</button></p>
  <div id="toast" role="status" hidden>Archived. <button onclick="document.querySelectorAll('li').forEach((li) => li.hidden = false); out.textContent = 'Undone'">Undo</button></div>
  <p id="out"></p>`,
);

// Each column's menu button says only what it is for ("Done column actions"), no aria-haspopup.
const COLUMN_MENUS = html(
  'Columns',
  ['To do', 'Done']
    .map(
      (col, i) =>
        `<section><h2>${col}</h2><button aria-label="${col} column actions" onclick="m${i}.hidden = false">⋯</button>` +
        `<div role="menu" id="m${i}" hidden><button role="menuitem" onclick="out.textContent = 'Archived ${col}'; m${i}.hidden = true">Archive all cards in this list</button></div>` +
        `<p>A card in ${col === 'Done' ? 'the last' : 'the first'} list</p></section>`,
    )
    .join('') + '<p id="out"></p>',
);

describe('built-in agent: a verb the lexicon does not know names a control', function () {
  const pages = useAgentPages({ '/board': BOARD, '/confirm': CONFIRM, '/inbox': INBOX, '/columns': COLUMN_MENUS });
  const { burnIn, replay } = pages;
  const columnOf = (page: typeof pages.page, title: string) =>
    page
      .locator('section', { has: page.getByText(title) })
      .locator('h2')
      .innerText();

  it('"Shift X to Doing" opens the card\'s menu, its "Shift to" item, then Doing; and replays', async () => {
    const steps = await burnIn('/board', "Shift 'Fix the flaky login test' to Doing");
    expect(await columnOf(pages.page, 'Fix the flaky login test')).to.equal('Doing');
    expect(await columnOf(pages.page, 'Write the release notes')).to.equal('Backlog');
    expect(steps.map((s) => s.action)).to.deep.equal(['click', 'click', 'click']);
    const fresh = await replay('/board', steps);
    expect(await columnOf(fresh, 'Fix the flaky login test')).to.equal('Doing');
  });

  it('"Archive all cards in the Done list" opens that column\'s menu, named only as its actions', async () => {
    await burnIn('/columns', 'Archive all cards in the Done list');
    expect(await pages.page.locator('#out').innerText()).to.equal('Archived Done');
  });

  it('"Publish the release notes card" acts through the menu of that card', async () => {
    await burnIn('/board', 'Publish the release notes card');
    expect(await pages.page.locator('#out').innerText()).to.equal('Published 0');
  });

  it('refuses a verb no control is named by, naming what the page offers, and clicks nothing', async () => {
    await pages.page.goto(`${pages.site.url}/board`);
    const result = await pages.agent.burnIn(pages.page, "Frobnicate 'Write the release notes'", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.error).to.match(/Frobnicate/);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
    expect(await columnOf(pages.page, 'Write the release notes')).to.equal('Backlog');
  });

  it('"undo it from the notification" after an earlier sentence clicks the one Undo; two are refused', async () => {
    await burnIn('/inbox', "Click 'Archive' in the row of 'Budget'. undo it from the notification");
    expect(await pages.page.locator('#out').innerText()).to.equal('Undone');
    await pages.page.goto(`${pages.site.url}/inbox`);
    const result = await pages.failingAgent.burnIn(pages.page, "Click 'Archive' in the row of 'Offsite'. Undo it", {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.error).to.match(/Undo/);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
  });

  it('"Cancel the confirmation" presses the open dialog\'s Cancel', async () => {
    await burnIn('/confirm', 'Click Wipe all, then cancel the confirmation');
    expect(await pages.page.locator('#out').innerText()).to.equal('Kept');
  });
});
