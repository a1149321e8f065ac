// "Add the blue mug to the cart" written on a home page that lists no products: the burn-in opens
// the catalogue first, as a person would, and records that click ("Check out": the cart first); a
// text that is on the page, or a page without a catalogue link, does not wander off.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const NAV = '<nav><a href="/">Home</a> <a href="/products">Products</a> <a href="/cart">Cart (1)</a></nav>';
const HOME = html('Home', `${NAV}<main><h1>Welcome</h1><p>Mugs, kettles and pots.</p></main>`);
const PRODUCTS = html(
  'Products',
  `${NAV}<main><ul>${['Blue mug', 'Red kettle']
    .map(
      (name) =>
        `<li>${name} <button type="button" onclick="out.textContent = 'Added ${name}'">Add to cart</button></li>`,
    )
    .join('')}</ul><p id="out"></p></main>`,
);
const CART = html(
  'Cart',
  `${NAV}<main><h1>Your cart</h1><ul><li>Blue mug</li></ul><a href="/checkout">Proceed to checkout</a></main>`,
);
const CHECKOUT = html('Checkout', `${NAV}<main><h1>Checkout</h1><button type="button">Place order</button></main>`);
const LONELY = html('Lonely', '<main><h1>Nothing here</h1><a href="/about">About</a></main>');
// A mail app: "Empty trash" is a button of the Trash folder only.
const FOLDERS = '<nav><a href="/inbox">Inbox 2</a> <a href="/trash">Trash 3</a></nav>';
const INBOX = html('Inbox', `${FOLDERS}<main><h1>Inbox</h1><ul><li>Lunch</li><li>Budget</li></ul></main>`);
const TRASH = html(
  'Trash',
  `${FOLDERS}<main><h1>Trash</h1><button type="button" onclick="out.textContent = 'Trash emptied'">Empty trash</button><p id="out"></p></main>`,
);

describe('built-in agent: an item that is not on the start page', function () {
  const pages = useAgentPages({
    '/': HOME,
    '/products': PRODUCTS,
    '/cart': CART,
    '/checkout': CHECKOUT,
    '/lonely': LONELY,
    '/inbox': INBOX,
    '/trash': TRASH,
  });

  it("opens the catalogue, then acts in the item's row; the replay does the same", async () => {
    const steps = await pages.burnIn('/', 'Add the blue mug to the cart');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Open the 'Products' link", 'Add the blue mug to the cart']);
    expect(steps[0]!.from).to.equal('Add the blue mug to the cart');
    await pages.page.getByText('Added Blue mug').waitFor({ timeout: 2000 });
    const replayed = await pages.replay('/', steps);
    await replayed.getByText('Added Blue mug').waitFor({ timeout: 2000 });
  });

  it('checks out from the cart when the page has no checkout', async () => {
    const steps = await pages.burnIn('/products', 'Check out');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Open the 'Cart (1)' link", 'Check out']);
    expect(pages.page.url()).to.equal(pages.site.url + '/checkout');
  });

  it('opens the place a word of a missing control names first ("Empty the trash": the Trash folder)', async () => {
    const steps = await pages.burnIn('/inbox', 'Empty the trash');
    expect(steps.map((s) => s.sentence)).to.deep.equal(["Open the 'Trash 3' link", 'Empty the trash']);
    await pages.page.getByText('Trash emptied').waitFor({ timeout: 2000 });
  });

  it('stays on a page that shows the item', async () => {
    const steps = await pages.burnIn('/products', 'Add the red kettle to the cart');
    expect(steps.map((s) => s.sentence)).to.deep.equal(['Add the red kettle to the cart']);
  });

  it('fails with the item named when no catalogue link leads to it', async () => {
    await pages.page.goto(pages.site.url + '/lonely');
    const result = await pages.agent.burnIn(pages.page, 'Add the blue mug to the cart', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/the text "blue mug" is not shown/);
    expect(pages.page.url()).to.equal(pages.site.url + '/lonely');
  });

  it('fails when the catalogue does not have the item either', async () => {
    await pages.page.goto(pages.site.url + '/');
    const result = await pages.agent.burnIn(pages.page, 'Add the green pot to the cart', {
      baseUrl: pages.site.url,
      configs: {},
    });
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/the text "green pot" is not shown/);
    expect(result.error).to.match(/It is not on the "Products" page either/);
  });
});
