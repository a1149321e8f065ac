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
