// Expected results about one item of a list, judged on real pages: a table (with a header row), a
// list, and a grid of cards drawn with classes only. An item is found by a text it shows as whole
// words; two items that disagree fail; hidden items do not count.
import { expect } from 'chai';
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  '/table': html(
    'Users',
    `<table><thead><tr><th>Name</th><th>Role</th></tr></thead><tbody>
    <tr><td>Grace Hopper</td><td>Admin</td></tr>
    <tr><td>Ada Lovelace</td><td>Editor</td></tr>
    <tr><td>Ada Byron</td><td>Admin</td></tr>
    <tr style="display:none"><td>Alan Turing</td><td>Viewer</td></tr></tbody></table>`,
  ),
  '/stock': html(
    'Stock',
    `<table><thead><tr><th>Name</th><th>Quantity</th><th>Unit price</th></tr></thead><tbody>
    <tr><td>Basin Tap</td><td>4</td><td>$42.00</td></tr>
    <tr><td>Claw Hammer</td><td>210</td><td>$12.00</td></tr></tbody></table>`,
  ),
  '/list': html(
    'Results',
    `<h2>3 results</h2><ul class="results"><li>Lisbon <small>Portugal</small></li><li>Porto</li><li>Lisbonne (FR)</li></ul>`,
  ),
  '/filtered': html('Results', `<ul class="results"><li>Lisbon</li></ul><p>Showing 1 of 3</p>`),
  // A category shown in each row: all of one category after a filter, two before it.
  ...Object.fromEntries(
    [
      ['/one-category', ['Electrical', 'Electrical']],
      ['/two-categories', ['Electrical', 'Garden']],
    ].map(([path, categories]) => [
      path,
      html(
        'Stock',
        `<table><thead><tr><th>Name</th><th>Category</th></tr></thead><tbody>${(categories as string[])
          .map((c, i) => `<tr><td>Item ${i + 1}</td><td>${c}</td></tr>`)
          .join('')}</tbody></table>`,
      ),
    ]),
  ),
  '/cards': html(
    'Board',
    `<div class="column"><h3>To do</h3>
      <div class="card"><b>Fix login</b><span class="tag">Overdue</span></div>
      <div class="card"><b>Write docs</b></div></div>`,
  ),
  // Each column's head (its title, count and menu) is named by aria-labelledby: not one of its cards.
  '/headed-board': html(
    'Board',
    `<div class="board">${(
      [
        [
          'todo',
          'To do',
          [
            ['Fix login', 'Bug', 'Chore'],
            ['Write docs', 'Docs'],
          ],
        ],
        ['review', 'Review', [['Rate limit the export API', 'Backend']]],
        ['done', 'Done', []],
      ] as [string, string, [string, ...string[]][]][]
    )
      .map(
        ([id, title, cards]) => `<section class="column" aria-labelledby="${id}">
        <div class="column-head"><div><h2 id="${id}">${title}</h2><span class="count">${cards.length}</span></div><button aria-label="${title} actions">⋯</button></div>
        ${cards.map(([name, ...labels]) => `<div class="card"><p class="card-title">${name}</p><div class="labels">${labels.map((l) => `<span class="label label-${l}">${l}</span>`).join('')}</div><div class="card-foot"><span class="due">${name === 'Fix login' ? 'Dec 3' : ''}</span><span class="avatar">PS</span></div></div>`).join('')}</section>`,
      )
      .join('')}</div>`,
  ),
  // Each mail shows its sender beside its subject: "Priya Shah's Q4 roadmap review" is said of both.
  '/mail': html(
    'Inbox',
    `<ul class="mails"><li><b>Priya Shah</b> <span>Q4 roadmap review</span></li>
      <li><b>Priya Shah</b> <span>Lunch on Friday?</span></li><li><b>Sam Lee</b> <span>Design review notes</span></li></ul>`,
  ),
  // A star that says its state (aria-pressed), and a pin that says it by its name only.
  '/marks': html(
    'Inbox',
    `<ul class="mails">
      <li><b>Marco Rossi</b> <span>Trip</span> <button aria-pressed="true" aria-label="Not starred">★</button> <button>Unpin</button></li>
      <li><b>Sam Lee</b> <span>Notes</span> <button aria-pressed="false" aria-label="Starred">☆</button> <button>Pin</button></li>
      <li><b>Ann Fox</b> <span>Hello</span></li></ul>`,
  ),
  '/starred': html('Starred', `<ul class="mails"><li><b>Priya Shah</b> <span>Q4 roadmap review</span></li></ul>`),
  '/notes-menu': html('Notes', '<h1>Notes</h1><button aria-label="Notes menu">⋯</button>'),
  // A filtered board: one card left in two of its three columns. The cards are the items, not the columns.
  '/board': html(
    'Board',
    `<div class="board">
      <section class="column"><h3>To do</h3><span class="count">1</span><div class="card"><b>Fix login</b></div><button class="add">+ Add a card</button></section>
      <section class="column"><h3>Doing</h3><span class="count">0</span><button class="add">+ Add a card</button></section>
      <section class="column"><h3>Done</h3><span class="count">1</span><div class="card"><b>Crash on empty cart</b></div><button class="add">+ Add a card</button></section></div>`,
  ),
};

describe('built-in agent: expected results about one item of a list', function () {
  const pages = useAgentPages(PAGES);
  const cases: [string, string, boolean][] = [
    ['/table', 'The row of Grace Hopper shows Admin', true],
    ['/table', 'The row of Ada Lovelace shows Admin', false],
    ['/table', "Ada Lovelace's row does not show Admin", true],
    // Two rows show "Ada", and only one of them "Admin": not true of "the row of Ada".
    ['/table', 'The row of Ada shows Admin', false],
    ['/table', 'Grace Hopper is in the first row', true],
    // A detail of the item's row after its name: its figures must be in that row.
    ['/stock', 'Basin Tap at $42.00 is the first row', true],
    ['/stock', 'Basin Tap at $12.00 is the first row', false],
    ['/stock', 'Claw Hammer, with 210 units, is listed last', true],
    ['/stock', 'Claw Hammer, with 4 units, is listed last', false],
    // A sender after "from": in the same item as the subject.
    ['/mail', "'Design review notes' from Sam Lee is listed last", true],
    ['/mail', "'Design review notes' from Priya Shah is listed last", false],
    ['/table', 'Ada Byron is listed last', true],
    ['/table', 'Ada Lovelace is listed first', false],
    ['/table', 'Only Grace Hopper is listed', false],
    ['/list', 'Lisbon is the first result', true],
    // "Lisbon" as whole words: not in "Lisbonne"; the list has three items.
    ['/list', 'Lisbon is the only result', false],
    ['/list', 'The last result is Lisbonne (FR)', true],
    ['/filtered', 'Only Lisbon is shown', true],
    // A name before a plural kind ("Electrical products"): what every item of the list shows.
    ['/one-category', 'Only Electrical products are listed', true],
    ['/two-categories', 'Only Electrical products are listed', false],
    ['/cards', 'The card of Fix login says Overdue', true],
    ['/cards', 'The card of Write docs says Overdue', false],
    ['/cards', 'Write docs is the second card', true],
    // Several names as the only items: exactly these, each shown.
    ['/list', 'Only Lisbon, Porto and Lisbonne (FR) are listed', true],
    ['/list', 'Only Lisbon and Porto are listed', false],
    ['/cards', 'Only two cards are visible: Fix login and Write docs', true],
    ['/cards', 'Fix login has the Overdue tag', true],
    ['/cards', 'Write docs has the Overdue tag', false],
    ['/cards', 'The Fix login card shows Overdue', true],
    ['/board', 'Only two cards are visible: Fix login and Crash on empty cart', true],
    ['/board', 'Only Fix login is shown', false],
    ['/board', 'Only Fix login and Write docs are listed', false],
    ['/board', 'The Doing column is empty', true],
    ['/board', 'The Done column is empty', false],
    // A button whose label holds the name holds no value: never "empty".
    ['/notes-menu', 'Notes is empty', false],
    ['/headed-board', 'The Done column is empty', true],
    ['/headed-board', 'The To do column is empty', false],
    ['/headed-board', 'The To do column has 2 cards', true],
    // A card's title and its tag are parts of one card, also when it is alone in its column.
    ['/headed-board', 'The Review column has 1 card', true],
    ['/headed-board', 'The Review column has 2 cards', false],
    // A card's row of two tags and its foot (a due date or none, an avatar) are its parts too, and
    // so is all inside them.
    ['/headed-board', "'Fix login' is in the To do column", true],
    ['/headed-board', "'Fix login' is in the Review column", false],
    // The group first: what it holds, and what it no longer holds.
    ['/headed-board', "The To do column contains 'Fix login' and 'Write docs'", true],
    ['/headed-board', "The Review column contains 'Fix login'", false],
    ['/headed-board', "The Review column no longer contains 'Fix login'", true],
    ['/marks', "Marco Rossi's message is starred", true],
    ['/marks', "Sam Lee's message is starred", false],
    ['/marks', 'Sam Lee is not starred', true],
    ['/marks', 'The Trip email is pinned', true],
    ['/marks', 'Notes is no longer pinned', true],
    // Nothing in the item tells: neither reading passes.
    ['/marks', 'Ann Fox is starred', false],
    ['/marks', 'Ann Fox is not starred', false],
    // Whose, then what: an item showing both, apart; a kind noun after the owner asks nothing more.
    ['/starred', "Only Priya Shah's 'Q4 roadmap review' is listed", true],
    ['/mail', "Only Priya Shah's 'Q4 roadmap review' is listed", false],
    ['/mail', "Priya Shah's 'Lunch on Friday?' is listed second", true],
    ['/mail', "Sam Lee's 'Q4 roadmap review' is the first mail", false],
    ['/mail', "Sam Lee's email is listed last", true],
    ['/mail', "Priya Shah's email is listed last", false],
  ];
  itJudges(pages, cases);

  it('says what the items show when a claim fails', async () => {
    await pages.page.goto(`${pages.site.url}/table`);
    const evaluation = await pages.failingAgent.evaluate(pages.page, 'The row of Ada shows Admin', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(evaluation.thought).to.include('2 items show "Ada"').and.include('Ada Lovelace Editor');
    await pages.page.goto(`${pages.site.url}/list`);
    const only = await pages.failingAgent.evaluate(pages.page, 'Only Porto is listed', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(only.thought).to.include('its list shows 3 items');
  });
});
