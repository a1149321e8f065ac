// Sentences of the corpus (test/unit/domain/goal-language/sentence-corpus.ts) that need the page to mean anything:
// positions ("the second 'Add to cart' button", "the first product"), the only control of its kind
// ("Type milk", "Check the checkbox"), several fields in one sentence. Burn-in in real Chromium, then
// a replay of the recorded steps on a fresh page.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

// Cards that each show a brand first (the filter shows it too), then their name.
const BRANDED = html(
  'Shop',
  `<label><input type="checkbox"> Acme</label>${['Blue mug', 'Red kettle', 'Green pot']
    .map(
      (name) =>
        `<div class="tile"><div class="brand">Acme</div><h2>${name}</h2><button type="button" onclick="out.textContent = 'Added ${name}'">Add to cart</button></div>`,
    )
    .join('')}<p id="out"></p>`,
);

const PRODUCTS = html(
  'Products',
  `<nav><a href="/">Home</a> <a href="/about">About</a></nav>
  <main><ul class="product-list">${['Blue mug', 'Red kettle', 'Green pot']
    .map(
      (name, i) =>
        `<li class="product-card"><a href="/p/${i + 1}">${name}</a> <button type="button" onclick="out.textContent = 'Added ${name}'">Add to cart</button></li>`,
    )
    .join('')}</ul><p id="out"></p></main>`,
);

const TODO = html(
  'Todo',
  `<input class="new-todo" aria-label="New todo"><ul id="list"></ul>
  <label><input type="checkbox" id="all"> Mark all as complete</label>
  <script>
    document.querySelector('.new-todo').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || !e.target.value) return;
      const li = document.createElement('li');
      li.textContent = e.target.value;
      list.append(li);
      e.target.value = '';
    });
  </script>`,
);

const FORM = html(
  'Contact',
  `<form><label>Name <input name="name"></label> <label>Email <input name="email" type="email"></label>
  <label>Country <select name="country"><option value="">Choose</option><option>Sweden</option><option>Norway</option></select></label></form>`,
);

// An admin page: a users table sorted by its column headers (no sort control), a form for a new
// user, settings saved by a button, a number field with arrows.
const ADMIN = html(
  'Admin',
  `<table><thead><tr><th><button onclick="sortBy(0)">Name</button></th><th><button onclick="sortBy(1)">Joined</button></th></tr></thead>
  <tbody id="rows"><tr><td>Alan</td><td>2021</td></tr><tr><td>Grace</td><td>2019</td></tr></tbody></table>
  <form id="new" onsubmit="event.preventDefault(); created.textContent = 'Created ' + nm.value + ' ' + em.value + ' ' + pw.value.length">
    <label>Name <input id="nm"></label> <label>Email <input id="em" type="email"></label>
    <label>Password <input id="pw" type="password"></label> <button>Create user</button></form>
  <p id="created"></p>
  <label><input type="checkbox" id="alerts"> Email alerts</label>
  <button onclick="saved.textContent = 'Saved: alerts ' + (alerts.checked ? 'on' : 'off')">Save settings</button>
  <p id="saved"></p>
  <label>Guests <input id="guests" type="number" value="1" min="1" max="9"></label>
  <script>
    function sortBy(column) {
      const rows = [...document.querySelectorAll('#rows tr')];
      rows.sort((a, b) => a.cells[column].textContent.localeCompare(b.cells[column].textContent));
      document.getElementById('rows').append(...rows);
    }
  </script>`,
);

describe('built-in agent: ordinary sentences that need the page', function () {
  const pages = useAgentPages({
    '/products': PRODUCTS,
    '/branded': BRANDED,
    '/todo': TODO,
    '/form': FORM,
    '/admin': ADMIN,
    '/p/1': html('Blue mug', '<h1>Blue mug</h1>'),
  });
  const { burnIn, replay } = pages;
  const url = () => pages.site.url;

  it('clicks the second of three equal buttons, and replays it', async () => {
    const steps = await burnIn('/products', 'Click the second Add to cart button');
    expect(await pages.page.locator('#out').innerText()).to.equal('Added Red kettle');
    const fresh = await replay('/products', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Added Red kettle');
  });

  it('tells equal buttons apart by the text the page shows once, not a brand every card shows', async () => {
    const steps = await burnIn('/branded', 'Add the second product on the page to the cart');
    expect(await pages.page.locator('#out').innerText()).to.equal('Added Red kettle');
    const fresh = await replay('/branded', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('Added Red kettle');
  });

  it('clicks the last of them', async () => {
    await burnIn('/products', "Click the last 'Add to cart' button");
    expect(await pages.page.locator('#out').innerText()).to.equal('Added Green pot');
  });

  it('opens the first product: the first item whose class says "product", by its link', async () => {
    await burnIn('/products', 'Open the first product');
    expect(pages.page.url()).to.equal(`${url()}/p/1`);
  });

  it('types into the only field and presses Enter there ("type milk and press enter"), and replays it', async () => {
    const steps = await burnIn('/todo', 'type milk and press enter');
    expect(await pages.page.locator('li').allInnerTexts()).to.deep.equal(['milk']);
    const fresh = await replay('/todo', steps);
    expect(await fresh.locator('li').allInnerTexts()).to.deep.equal(['milk']);
  });

  it('adds an item to a list: types it into the only field and enters it', async () => {
    await burnIn('/todo', 'Add Buy bread to the list');
    expect(await pages.page.locator('li').allInnerTexts()).to.deep.equal(['Buy bread']);
  });

  it('checks the only checkbox ("Check the checkbox")', async () => {
    await burnIn('/todo', 'Check the checkbox');
    expect(await pages.page.locator('#all').isChecked()).to.equal(true);
  });

  it('fills a form written as one sentence, and selects "as the country"', async () => {
    await burnIn('/form', 'Fill in the form with name Ada and email ada@example.com. Select Sweden as the country');
    expect(await pages.page.locator('input[name=name]').inputValue()).to.equal('Ada');
    expect(await pages.page.locator('input[name=email]').inputValue()).to.equal('ada@example.com');
    expect(await pages.page.locator('select').inputValue()).to.equal('Sweden');
  });

  describe('verbs of admin pages (lexicon families), and their replay', () => {
    const firstName = () => pages.page.locator('#rows tr td').first().innerText();

    it('"Sort by Joined" clicks the column header when there is no sort control', async () => {
      const steps = await burnIn('/admin', 'Sort by Joined');
      expect(await firstName()).to.equal('Grace');
      const fresh = await replay('/admin', steps);
      expect(await fresh.locator('#rows tr td').first().innerText()).to.equal('Grace');
    });

    it('creates a user from one sentence naming several fields, then its button', async () => {
      await burnIn('/admin', 'Create a user named Grace Hopper with email grace@example.com and password cobol59');
      expect(await pages.page.locator('#created').innerText()).to.equal('Created Grace Hopper grace@example.com 7');
    });

    it('"Tick Email alerts and save the settings": the checkbox, then the Save settings button', async () => {
      await burnIn('/admin', 'Tick Email alerts and save the settings');
      expect(await pages.page.locator('#saved').innerText()).to.equal('Saved: alerts on');
    });

    it('"Increase Guests by 2" steps the number field up twice', async () => {
      const steps = await burnIn('/admin', 'Increase Guests by 2');
      expect(await pages.page.locator('#guests').inputValue()).to.equal('3');
      const fresh = await replay('/admin', steps);
      expect(await fresh.locator('#guests').inputValue()).to.equal('3');
    });
  });

  it('says which fields there are when "the field" is not the only one and none has the focus', async () => {
    await pages.page.goto(`${url()}/form`);
    const result = await pages.agent.burnIn(pages.page, 'Type Ada', { baseUrl: url(), configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/visible elements match the field \(textbox "Name", textbox "Email"/);
  });
});
