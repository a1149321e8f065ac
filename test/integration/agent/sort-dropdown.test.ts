// "Sort by price low to high" on a shop whose sort dropdown has no label (only its class and test id
// say "sort") and whose option reads "Price (low to high)": the option is matched without its
// punctuation, and the replay selects it again.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PRODUCTS = html(
  'Products',
  `<div class="header"><span class="title">Products</span>
  <select class="product_sort_container" data-test="product-sort-container" onchange="out.textContent = 'Order: ' + this.value">
  <option value="az">Name (A to Z)</option><option value="za">Name (Z to A)</option>
  <option value="lohi">Price (low to high)</option><option value="hilo">Price (high to low)</option></select></div><p id="out"></p>`,
);

describe('built-in agent: sorting by an unlabelled dropdown', function () {
  const pages = useAgentPages({ '/': PRODUCTS });

  for (const [goal, value] of [
    ['Sort by price low to high', 'lohi'],
    ['Sort the products by Name (Z to A)', 'za'],
    ['sort by price (high to low)', 'hilo'],
  ] as const) {
    it(`${goal} → ${value}`, async () => {
      const steps = await pages.burnIn('/', goal);
      expect(await pages.page.locator('#out').innerText()).to.equal(`Order: ${value}`);
      const fresh = await pages.replay('/', steps);
      expect(await fresh.locator('#out').innerText()).to.equal(`Order: ${value}`);
    });
  }

  it('fails, naming the options, when none reads like the value', async () => {
    await pages.page.goto(pages.site.url + '/');
    const result = await pages.agent.burnIn(pages.page, 'Sort by rating', { baseUrl: pages.site.url, configs: {} });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(
      /no option "rating"; its options are "Name \(A to Z\)", "Name \(Z to A\)", "Price \(low to high\)", "Price \(high to low\)"/,
    );
    expect(await pages.page.locator('#out').innerText()).to.equal('');
  });
});
