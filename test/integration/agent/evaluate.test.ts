// Judging expected results on a real page: each phrasing passes when true and fails with a short
// title and a thought that says what was checked and what was found.
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BuiltinAgent } from '../../../backend/src/agent/builtin-agent.js';
import { NotUnderstood } from '../../../backend/src/agent/errors.js';
import { sharedBrowser } from '../../helpers/shared-browser.js';
import { html, startSite, type Site } from '../../helpers/site.js';

const ORDERS = html(
  'Checkout',
  `<h1>Welcome, Ada</h1>
  <p>3 items left</p>
  <ul id="cart"><li>Milk</li><li>Bread</li></ul>
  <nav><ul><li><a href="/">Home</a></li><li><a href="/orders">Orders</a></li><li><a href="/help">Help</a></li></ul></nav>
  <table><thead><tr><th>Order</th></tr></thead><tbody><tr><td>#1</td></tr><tr><td>#2</td></tr><tr><td>#3</td></tr></tbody></table>
  <input aria-label="Coupon" value="SPRING10">
  <p id="flash" role="alert">Saving…</p>
  <div hidden>Error: secret hidden text</div>
  <script>
    setTimeout(() => { flash.textContent = 'Saved'; }, 400);
    setTimeout(() => { const li = document.createElement('li'); li.textContent = 'Eggs'; cart.append(li); }, 400);
  </script>`,
);

/** A shop's product tiles (no list, no table), beside a menu list, filter labels and a form. */
const TILES = html(
  'Shop',
  `<nav><ul><li><a href="/">Home</a></li><li><a href="/sale">Sale</a></li></ul></nav>
  <aside><h3>Category</h3><label class="facet"><input type="checkbox"> Tops</label><label class="facet"><input type="checkbox"> Shoes</label><label class="facet"><input type="checkbox"> Hats</label></aside>
  <main>
    <div class="chips"><span class="chip">New</span><span class="chip">Sale</span><span class="chip">Eco</span><span class="chip">Kids</span><span class="chip">Gifts</span></div>
    <div class="grid">${['Trail Runner', 'City Sneaker', 'Canvas Slip-on', 'Wool Slipper']
      .map(
        (name, i) =>
          `<div class="tile"><h2><a href="#">${name}</a></h2><div class="price">$${40 + i}.00</div><button>Add to cart</button></div>`,
      )
      .join('')}</div>
    <form><div class="field"><label>Email <input></label></div><div class="field"><label>Name <input></label></div><button>Subscribe</button></form>
  </main>`,
);

/** A form whose error says, in its own words, what is missing; a heading uses the same words. */
const FORM_ERROR = html(
  'Search',
  `<h2>Choose a room</h2><p class="error" role="alert">Please choose your check-in and check-out dates.</p>
  <p class="hint">Prices include taxes.</p><div class="toast" role="status">Passwords don't match.</div>
  <div class="field-err">Postcode isn’t valid</div>`,
);

describe('built-in agent: evaluating expected results', function () {
  let browser: Browser;
  let site: Site;
  let context: BrowserContext;
  let page: Page;
  const agent = new BuiltinAgent({ expectTimeoutMs: 1500 });

  before(async () => {
    browser = await sharedBrowser();
    site = await startSite({ '/orders/7': ORDERS, '/shop': TILES, '/search': FORM_ERROR });
  });
  after(async () => {
    await site?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${site.url}/orders/7?tab=items`);
  });
  afterEach(async () => context.close());

  const evaluate = (expected: string) =>
    agent.evaluate(page, expected, { baseUrl: site.url, configs: { shop: { coupon: 'SPRING10' } } });

  const passing = [
    "'Welcome, Ada' is shown",
    "'welcome, ada' is displayed",
    "'3 items left' is visible",
    "'Saved' is shown", // appears after 400 ms
    "'SPRING10' is shown", // an input's value
    "'{{config.coupon}}' is shown",
    "'Error' is not shown", // only in a hidden element
    "'Saving…' is not shown", // disappears after 400 ms
    "The URL contains '/orders'",
    "The URL contains 'tab=items'",
    "The title is 'Checkout'",
    'There are 3 items in the list', // the cart gets its third item after 400 ms; the nav list has 3 too
    'There are 3 rows in the table', // the header row does not count
    "'Welcome, Ada' is shown and 'Error' is not shown and the URL contains '/orders/7'",
  ];
  for (const expected of passing) {
    it(`passes: ${expected}`, async () => {
      const evaluation = await evaluate(expected);
      expect(evaluation.passed, evaluation.thought).to.equal(true);
      expect(evaluation.title).to.equal(null);
      expect(evaluation.thought).to.match(
        /^Checked (the expected result|\d+ expectations) on http:\/\/127\.0\.0\.1:\d+\/orders\/7\?tab=items \(title "Checkout"\):\n✓ /,
      );
    });
  }

  const failing: [string, string, RegExp][] = [
    [
      "'Welcome, Bob' is shown",
      'Expected "Welcome, Bob" to be shown',
      /✗ "Welcome, Bob" was not shown within 1\.5 s on http:\/\/\S+\. Closest text on the page: heading "Welcome, Ada"/,
    ],
    [
      "'Order placed' is shown",
      'Expected "Order placed" to be shown',
      /✗ "Order placed" was not shown within 1\.5 s on http:\/\/\S+\. Closest text on the page: columnheader "Order", link "Orders"\.$/,
    ],
    [
      "'3 items left' is not shown",
      'Expected "3 items left" not to be shown',
      /✗ "3 items left" was still shown after 1\.5 s \(paragraph "3 items left"\)\./,
    ],
    [
      "The URL contains '/cart'",
      'Expected the URL to contain "/cart"',
      /✗ the URL is http:\/\/127\.0\.0\.1:\d+\/orders\/7\?tab=items, which does not contain "\/cart"\./,
    ],
    ["The title is 'Cart'", 'Expected the title to be "Cart"', /✗ the title is "Checkout", not "Cart"\./],
    [
      'There are 5 items in the list',
      'Expected 5 items in the list',
      /✗ expected 5 items in the list, but the lists on the page have 3 items\./,
    ],
    [
      'There are 2 rows in the table',
      'Expected 2 rows in the table',
      /✗ expected 2 rows in the table, but the tables on the page have 3 rows\./,
    ],
  ];
  for (const [expected, title, thought] of failing) {
    it(`fails: ${expected}`, async () => {
      const evaluation = await evaluate(expected);
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.title).to.equal(title);
      expect(evaluation.thought).to.match(thought);
    });
  }

  it('with several failures, titles the first and counts the rest, and the thought lists every check', async () => {
    const evaluation = await evaluate("'Welcome, Ada' is shown and the title is 'Cart' and the URL contains '/cart'");
    expect(evaluation.passed).to.equal(false);
    expect(evaluation.title).to.equal('Expected the title to be "Cart" (and 1 more)');
    expect(evaluation.expectations).to.have.length(3);
    const lines = evaluation.thought.split('\n');
    expect(lines[0]).to.match(/^Checked 3 expectations on /);
    expect(lines[1]).to.match(/^✓ "Welcome, Ada" is shown \(heading "Welcome, Ada"\)\.$/);
    expect(lines[2]).to.match(/^✗ the title is "Checkout", not "Cart"\.$/);
    expect(lines[3]).to.match(/^✗ the URL is /);
  });

  describe('a count on a page whose items are cards', () => {
    beforeEach(() => page.goto(`${site.url}/shop`));

    it('counts the tiles of a grid, beside a menu list: "4 products are shown" passes', async () => {
      const evaluation = await evaluate('4 products are shown');
      expect(evaluation.passed, evaluation.thought).to.equal(true);
    });

    it('counts neither chips nor filter labels nor form rows as cards: "3 products" fails, saying what it saw', async () => {
      const evaluation = await evaluate('3 products are shown');
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.thought).to.match(
        /✗ expected 3 products, but the lists on the page have 2 items; the groups of cards on the page have 4 cards\./,
      );
    });
  });

  describe("a message said in the sentence's own words", () => {
    beforeEach(() => page.goto(`${site.url}/search`));

    it('passes when an alert says every content word: "An error asks you to choose the dates"', async () => {
      const evaluation = await evaluate('An error asks you to choose the dates');
      expect(evaluation.passed, evaluation.thought).to.equal(true);
      expect(evaluation.thought).to.include('"Please choose your check-in and check-out dates."');
    });

    it('"An error says the passwords do not match" passes on "Passwords don\'t match."; "... says the passwords match" fails', async () => {
      const said = await evaluate('An error says the passwords do not match');
      expect(said.passed, said.thought).to.equal(true);
      const opposite = await evaluate('A message confirms that the passwords match');
      expect(opposite.passed, opposite.thought).to.equal(false);
    });

    it('an element whose class says "err" is a message: "An error says the postcode is not valid"', async () => {
      const evaluation = await evaluate('An error says the postcode is not valid');
      expect(evaluation.passed, evaluation.thought).to.equal(true);
    });

    it('fails when no message says them all, though a heading does, naming the messages shown', async () => {
      const evaluation = await evaluate('An error asks you to choose the room');
      expect(evaluation.passed).to.equal(false);
      expect(evaluation.thought).to.match(
        /✗ no message says every word of "choose the room" within 1\.5 s: the messages shown are "Please choose your check-in and check-out dates\.", "Passwords don't match\.", "Postcode isn’t valid"\./,
      );
    });
  });

  it('an expected result it does not understand is an error, not a verdict', async () => {
    const error = await evaluate('It works nicely').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NotUnderstood);
    expect((error as Error).message).to.match(
      /^Could not understand the expected result "It works nicely"\. Understood phrasings/,
    );
  });
});
