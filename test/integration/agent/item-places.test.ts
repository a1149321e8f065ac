// Expected results about an item's field and about the group it is in, judged on real pages: a
// table with column headers, cards with "Label:" texts and aria-labels, a board of columns headed by
// their names, and a mail client whose current folder is the link marked aria-current. A folder not
// shown fails either way: an item not seen says nothing about a folder nobody opened.
import { expect } from 'chai';
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  '/people': html(
    'People',
    `<table><thead><tr><th>Name</th><th>Phone</th><th>Status</th><th>Mailing</th></tr></thead><tbody>
    <tr><td>Mary Jackson</td><td>555-0101</td><td>Lead</td><td>Yes</td></tr>
    <tr><td>Ken Thompson</td><td>555-0102</td><td>Customer</td><td>No</td></tr>
    <tr><td>Ken Iverson</td><td>555-0103</td><td>Lead</td><td>Yes</td></tr></tbody></table>`,
  ),
  '/tickets': html(
    'Tickets',
    `<div class="queue"><div class="ticket"><b>Printer on fire</b><span>Priority:</span> <span>High</span>
       <span class="who" aria-label="Assignee: Rosa Diaz">RD</span></div>
     <div class="ticket"><b>Coffee machine</b><span>Priority:</span> <span>Low</span></div></div>`,
  ),
  '/kanban': html(
    'Kanban',
    `<section class="lane" aria-labelledby="l1"><h2 id="l1">Backlog</h2>
       <div class="card">Refactor parser</div><div class="card">Write changelog</div></section>
     <section class="lane" aria-labelledby="l2"><h2 id="l2">Shipped</h2>
       <div class="card">Dark theme</div></section>`,
  ),
  // Cards with a title and tags, and a new one with its title alone: its title is a part, as in the others.
  '/tagged': html(
    'Board',
    `<section class="column"><h2>Backlog</h2>${['Fix login:Bug', 'Dark mode:Design', 'Export CSV:Feature']
      .map((c) => c.split(':'))
      .map(
        ([title, tag]) =>
          `<div class="card"><p class="title">${title}</p><div class="tags"><span>${tag}</span></div></div>`,
      )
      .join('')}<div class="card"><p class="title">Launch plan</p><div class="tags"></div></div>
      <button>+ Add a card</button></section>
     <section class="column"><h2>Done</h2><div class="card"><p class="title">Set up CI</p><div class="tags"><span>Chore</span></div></div></section>`,
  ),
  // A filter left one card on the board (the others are gone from the page): a card, not its column.
  '/filtered': html(
    'Board',
    `${['To do', 'Review', 'Done']
      .map(
        (col) =>
          `<section class="column"><h2>${col}</h2>${
            col === 'Review' ? '<div class="card"><p>Rate limit the export API</p><span>Backend</span></div>' : ''
          }<button>+ Add a card</button></section>`,
      )
      .join('')}`,
  ),
  // Each row's name is a button (it opens the contact), its status a badge, its Edit a button.
  '/contacts': html(
    'Contacts',
    `<table aria-label="Contacts"><thead><tr><th>Name</th><th>Status</th><th></th></tr></thead><tbody>
    <tr><td><button class="name">Hedy Lamarr</button></td><td><span class="badge">Lead</span></td><td><button class="edit">Edit</button></td></tr>
    <tr><td><button class="name">Ada Lovelace</button></td><td><span class="badge">Customer</span></td><td><button class="edit">Edit</button></td></tr>
    </tbody></table>`,
  ),
  '/mail': html(
    'Mail',
    `<nav aria-label="Folders"><a href="#" aria-current="page">Inbox <span>2</span></a><a href="#">Outbox</a></nav>
     <ul class="messages"><li>Acme Corp · Your receipt for March</li><li>Lena · Picnic on Sunday?</li></ul>`,
  ),
};

describe('built-in agent: expected results about an item field and its group', function () {
  const pages = useAgentPages(PAGES);
  const cases: [string, string, boolean][] = [
    ['/people', "Ken Thompson's phone is 555-0102", true],
    ['/people', "Ken Thompson's status column says Customer", true],
    // The row shows "Lead" nowhere in its Status cell: the Mailing column's "No" does not count.
    ['/people', "Mary Jackson's status is Customer", false],
    ['/people', "Mary Jackson's mailing column says No", false],
    ['/people', "Ken Thompson's status is no longer Lead", true],
    ['/people', 'The status of Mary Jackson is Lead', true],
    // Two rows show "Ken" and they disagree: fail rather than pick one.
    ['/people', "Ken's status is Lead", false],
    ['/tickets', "Printer on fire's priority is High", true],
    ['/tickets', "Coffee machine's priority is High", false],
    ['/tickets', "Printer on fire's assignee is Rosa Diaz", true],
    ['/kanban', "'Dark theme' is in the Shipped column", true],
    ['/kanban', "'Refactor parser' is in the Shipped column", false],
    ['/kanban', 'Write changelog is listed under Backlog', true],
    ['/kanban', 'Dark theme is no longer in the Backlog lane', true],
    ['/kanban', 'Refactor parser is no longer on the board', false],
    ['/kanban', 'A card titled Launch plan is not on the board', true],
    // No column "Archived" is shown: neither in it nor out of it can be told.
    ['/kanban', 'Dark theme is not in the Archived column', false],
    ['/tagged', "The Backlog column has 4 cards, one of them 'Launch plan'", true],
    ['/tagged', 'The Backlog column has 3 cards', false],
    ['/tagged', 'The Done column has 1 card', true],
    ['/filtered', "Only 'Rate limit the export API' is shown", true],
    ['/filtered', "Only 'Rate limit the export API' and 'Fix login' are shown", false],
    ['/contacts', 'Hedy Lamarr appears in the Contacts table', true],
    ['/contacts', 'Grace Hopper appears in the Contacts table', false],
    ['/mail', 'The Acme receipt is in the inbox', true],
    ['/mail', 'The Acme email is no longer in the inbox', false],
    ['/mail', 'The Globex invoice is no longer in the Inbox folder', true],
    // The Outbox folder is not open: the message's absence from the page proves nothing.
    ['/mail', 'The Globex invoice is not in the Outbox', false],
  ];
  itJudges(pages, cases);

  it('names what the field and the group show when a claim fails', async () => {
    const context = { baseUrl: pages.site.url, configs: {} };
    await pages.page.goto(`${pages.site.url}/people`);
    const field = await pages.failingAgent.evaluate(pages.page, "Mary Jackson's status is Customer", context);
    expect(field.thought).to.include('its "Status" is "Lead"');
    await pages.page.goto(`${pages.site.url}/kanban`);
    const group = await pages.failingAgent.evaluate(pages.page, 'Refactor parser is in the Shipped column', context);
    expect(group.thought).to.include('"Shipped column" shows "Dark theme"').and.include('is in "Backlog"');
    const missing = await pages.failingAgent.evaluate(pages.page, 'Dark theme is not in the Archived column', context);
    expect(missing.thought).to.include('no column, list, folder or section named "Archived column"');
  });
});
