// "The cart shows 1 item": judged by what the cart's indicator shows ("Cart (1)", a badge), as a
// person reads it; prices and lines of the cart are not its count, hidden indicators do not count,
// and a page without an indicator falls back to counting the cart's list.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  '/link': html('Shop', '<nav><a href="/">Home</a> <a href="/cart">Cart (1)</a></nav><main><h1>Products</h1></main>'),
  '/badge': html(
    'Shop',
    '<header><a href="/cart" aria-label="Shopping cart"><svg width="16" height="16"></svg><span class="badge">3</span></a></header>',
  ),
  '/lines': html(
    'Cart',
    `<a href="/cart">Cart (1)</a><table><tr><th>Item</th><th>Qty</th><th>Price</th></tr>
    <tr class="cart-item"><td>Blue mug</td><td>2</td><td>$12.00</td></tr></table><p class="cart-total">Total: $24.00</p>`,
  ),
  '/list': html('Cart', '<h1>Your cart</h1><ul><li>Blue mug</li><li>Red kettle</li></ul>'),
  '/empty': html('Shop', '<nav><a href="/cart">Cart</a></nav><main><p>Nothing yet.</p></main>'),
  // A shop whose Add to cart buttons count up the cart's link.
  '/shop': html(
    'Shop',
    `<nav><a href="/cart" id="cart">Cart (0)</a></nav><ul>${['Wool Beanie', 'Canvas Tote']
      .map(
        (name) =>
          `<li>${name} <button onclick="n = (window.n || 0) + 1; window.n = n; cart.textContent = 'Cart (' + n + ')'">Add to cart</button></li>`,
      )
      .join('')}</ul>`,
  ),
  '/hidden': html(
    'Shop',
    '<nav><a href="/cart">Cart (1)</a></nav><div class="mini-cart" style="display:none"><a href="/cart">Cart (2)</a></div>',
  ),
};

describe('built-in agent: the number of items in the cart', function () {
  const pages = useAgentPages(PAGES);
  // An expected result that should fail is judged with a short expectation timeout; the last test
  // keeps the default, so a failure is also seen once the default's wait is over.
  const judge = async (path: string, expected: string, passes: boolean) => {
    await pages.page.goto(pages.site.url + path);
    const agent = passes ? pages.agent : pages.failingAgent;
    return agent.evaluate(pages.page, expected, { baseUrl: pages.site.url, configs: {} });
  };

  const cases: [string, string, boolean][] = [
    ['/link', 'The cart shows 1 item', true],
    ['/link', 'The cart has 2 items', false],
    ['/link', 'The cart is empty', false],
    ['/badge', 'the cart badge shows 3', true],
    ['/badge', 'The cart contains 2 items', false],
    ['/lines', 'The cart has 1 item', true],
    ['/lines', 'The cart has 2 items', false],
    ['/lines', 'The cart has 12 items', false],
    ['/list', 'The cart has 2 items', true],
    ['/list', 'The cart has 3 items', false],
    ['/empty', 'The cart is empty', true],
    ['/hidden', 'The cart has 2 items', false],
  ];
  for (const [path, expected, passes] of cases) {
    it(`${path}: "${expected}" ${passes ? 'passes' : 'fails'}`, async () => {
      const evaluation = await judge(path, expected, passes);
      expect(evaluation.passed, evaluation.thought).to.equal(passes);
    });
  }

  it('says what the cart shows when it fails', async () => {
    // On the default expectation timeout (3 s): the one failure of this file that waits it out.
    await pages.page.goto(`${pages.site.url}/link`);
    const evaluation = await pages.agent.evaluate(pages.page, 'The cart has 2 items', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(evaluation.passed).to.equal(false);
    expect(evaluation.thought).to.include('expected 2 items in the cart, but the cart shows 1');
  });

  it('"Put 2 Wool Beanies in the cart" adds the Wool Beanie twice', async () => {
    await pages.burnIn('/shop', 'Put 2 Wool Beanies in the cart');
    expect(await pages.page.locator('#cart').innerText()).to.equal('Cart (2)');
  });
});
