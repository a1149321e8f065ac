// `/cart`: the rows come from localStorage (client/cart-page.ts); "Checkout" goes to /checkout,
// which asks to sign in first when there is no session.
import { CART_PAGE_SCRIPT } from '../client/cart-page.js';
import { html, type SafeHtml } from '../html.js';
import { catalogData } from './catalog-data.js';
import { layout } from './layout.js';

export function cartPage(signedIn: boolean): SafeHtml {
  return layout({
    title: 'Cart',
    path: '/cart',
    signedIn,
    main: html`<h1>Cart</h1>
<p id="cart-empty" hidden>Your cart is empty.</p>
<table id="cart-table" hidden>
<thead><tr><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Price</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="cart-rows"></tbody>
</table>
<p id="cart-total" hidden></p>
<p id="checkout-action" hidden><button type="button" id="checkout-button">Checkout</button></p>
<p role="status" id="cart-status"></p>
${catalogData()}`,
    scripts: [CART_PAGE_SCRIPT],
  });
}
