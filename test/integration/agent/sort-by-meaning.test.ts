// Sorting by meaning: "Sort by price, cheapest first" picks the option "Price: Low to High" of a sort
// dropdown (content words and direction, not the text); "Sort by the Joined column" clicks the column's
// header; a sort that could be either direction is refused with both options named.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const SHOP = html(
  'Catalogue',
  `<label>Sort by <select onchange="out.textContent = 'Order: ' + this.value">
  <option value="top">Best match</option><option value="up">Price: Low to High</option>
  <option value="down">Price: High to Low</option><option value="new">Newest arrivals</option></select></label>
  <p id="out"></p>`,
);

const MEMBERS = html(
  'Members',
  `<table><thead><tr>
  <th aria-sort="none"><button onclick="out.textContent = 'By: name'">Name</button></th>
  <th aria-sort="none"><button onclick="out.textContent = 'By: joined'">Joined</button></th></tr></thead>
  <tbody><tr><td>Ines</td><td>2024</td></tr><tr><td>Omar</td><td>2021</td></tr></tbody></table><p id="out"></p>`,
);

describe('built-in agent: sorting by meaning', function () {
  const pages = useAgentPages({ '/': SHOP, '/members': MEMBERS });

  for (const [goal, value] of [
    ['Sort by price, cheapest first', 'up'],
    ['Order the catalogue by price from highest to lowest', 'down'],
    ['Sort by newest arrivals first', 'new'],
  ] as const) {
    it(`${goal} → ${value}`, async () => {
      const steps = await pages.burnIn('/', goal);
      expect(await pages.page.locator('#out').innerText()).to.equal(`Order: ${value}`);
      const fresh = await pages.replay('/', steps);
      expect(await fresh.locator('#out').innerText()).to.equal(`Order: ${value}`);
    });
  }

  it('refuses "Sort by price", which could go either way', async () => {
    const goal = 'Sort by price';
    await pages.page.goto(pages.site.url + '/');
    const result = await pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.include(`Could not do "${goal}"`);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
  });

  it('names both options when a select could mean either', async () => {
    await pages.page.goto(pages.site.url + '/');
    const goal = "Select 'Price' from 'Sort by'";
    const result = await pages.agent.burnIn(pages.page, goal, { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/"Price" could be any of the options "Price: Low to High", "Price: High to Low"/);
    expect(await pages.page.locator('#out').innerText()).to.equal('');
  });

  it('sorts by a column named as a column with a click on its header', async () => {
    const steps = await pages.burnIn('/members', 'Sort the members by the Joined column');
    expect(await pages.page.locator('#out').innerText()).to.equal('By: joined');
    const fresh = await pages.replay('/members', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('By: joined');
  });
});

// A table whose headers sort it (aria-sort cycles ascending, descending), with no sort dropdown.
const STOCK = html(
  'Stock',
  `<table><thead><tr><th>Name</th><th aria-sort="none"><button id="by">Unit price</button></th></tr></thead><tbody id="rows"></tbody></table>
  <script>
    const items = [['Hammer', 12], ['Basin tap', 42], ['Nails', 3]];
    let order = 'none';
    function draw() {
      const sorted = order === 'none' ? items : [...items].sort((a, b) => (order === 'ascending' ? a[1] - b[1] : b[1] - a[1]));
      rows.innerHTML = sorted.map(([n, p]) => '<tr><td>' + n + '</td><td>$' + p + '.00</td></tr>').join('');
      by.parentElement.setAttribute('aria-sort', order);
    }
    by.onclick = () => { order = order === 'ascending' ? 'descending' : 'ascending'; draw(); };
    draw();
  </script>`,
);
// The same table without aria-sort or an arrow: which way it went cannot be told.
const MUTE = STOCK.replace(`by.parentElement.setAttribute('aria-sort', order);`, '').replace(' aria-sort="none"', '');

describe('built-in agent: sorting a table by its column header, one way', function () {
  const pages = useAgentPages({ '/stock': STOCK, '/mute': MUTE });
  const first = (p: typeof pages.page) => p.locator('#rows tr').first().innerText();

  for (const [goal, top] of [
    ['sort by price, most expensive first', 'Basin tap'],
    ['Sort the table by price, lowest first', 'Nails'],
  ] as const)
    it(`"${goal}" clicks the price header until it sorts that way, and replays it`, async () => {
      const steps = await pages.burnIn('/stock', goal);
      expect(await first(pages.page)).to.match(new RegExp(`^${top}`));
      const fresh = await pages.replay('/stock', steps);
      expect(await first(fresh)).to.match(new RegExp(`^${top}`));
    });

  it('a header that never says its order fails rather than guess the direction', async () => {
    await pages.page.goto(pages.site.url + '/mute');
    const result = await pages.agent.burnIn(pages.page, 'sort by price, most expensive first', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/its header says nothing about its order/);
  });
});
