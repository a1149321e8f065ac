// A search box's placeholder says what it searches ("Search by name or SKU"): "Fill name with ..."
// means the form's name field, never the search box; a sentence that says search still finds it.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGE = html(
  'Stock',
  `<input type="search" placeholder="Search by name or SKU" id="q">
  <form><label>Product name <input id="name"></label><label>Stock keeping unit <input id="sku"></label></form>`,
);

describe('built-in agent: a search box is not a field named by its placeholder', function () {
  const pages = useAgentPages({ '/stock': PAGE });

  it('"Fill name with Sample Pack" fills the form’s name field', async () => {
    await pages.burnIn('/stock', "Fill name with 'Sample Pack'");
    expect(await pages.page.locator('#name').inputValue()).to.equal('Sample Pack');
    expect(await pages.page.locator('#q').inputValue()).to.equal('');
  });

  it('"Fill the search box with widget" still finds it', async () => {
    await pages.burnIn('/stock', "Fill the search box with 'widget'");
    expect(await pages.page.locator('#q').inputValue()).to.equal('widget');
  });
});
