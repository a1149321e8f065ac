// "Apply the promo code SAVE10 in the cart": the code typed into the shop's code field and applied;
// the field is in the cart drawer, which is opened first (a recorded step) when the page does not
// show it, by its button's accessible name ("Cart, 1 item"). "Lower the quantity to 1 in the cart"
// opens it the same way.
import { expect } from 'chai';
import { useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const SHOP = html(
  'Shop',
  `<header><button id="cart-btn" aria-label="Cart, 2 items">Bag<span>2</span></button></header>
  <main><h1>Wool Beanie</h1><p>$12.00</p></main>
  <aside id="drawer" hidden><h2>Your bag</h2>
    <label>Quantity of Wool Beanie <input id="qty" value="2"></label>
    <div><input id="promo" placeholder="Promo code"><button id="apply">Apply</button></div>
    <p id="out"></p></aside>
  <script>
    document.getElementById('cart-btn').onclick = () => { drawer.hidden = false; };
    apply.onclick = () => { out.textContent = promo.value === 'SAVE10' ? 'SAVE10 applied: 10% off' : 'Unknown code'; };
  </script>`,
);

describe('built-in agent: a promotion code, in the cart', function () {
  const pages = useAgentPages({ '/shop': SHOP });

  it('opens the cart, types the code into its field and applies it, and replays', async () => {
    const steps = await pages.burnIn('/shop', 'Apply the promo code SAVE10 in the cart');
    expect(await pages.page.locator('#out').innerText()).to.equal('SAVE10 applied: 10% off');
    expect(steps.map((s) => s.sentence)[0]).to.equal("Open the 'Cart, 2 items' button");
    const fresh = await pages.replay('/shop', steps);
    expect(await fresh.locator('#out').innerText()).to.equal('SAVE10 applied: 10% off');
  });

  it('"lower the quantity to 1 in the cart" opens the cart for its quantity field', async () => {
    await pages.burnIn('/shop', 'Lower the quantity to 1 in the cart');
    expect(await pages.page.locator('#qty').inputValue()).to.equal('1');
  });
});
