// `/checkout`: Name, Country, the terms, and "Place order". The cart travels in a hidden field
// that the page script fills from localStorage.
import { CHECKOUT_PAGE_SCRIPT } from '../client/checkout-page.js';
import { COUNTRIES } from '../catalog.js';
import { html, raw, type SafeHtml } from '../html.js';
import { catalogData } from './catalog-data.js';
import { alertBox, layout } from './layout.js';

export interface CheckoutView {
  name?: string;
  country?: string;
  termsAccepted?: boolean;
  errors?: readonly string[];
}

export function checkoutPage(view: CheckoutView = {}): SafeHtml {
  const selected = (country: string) => (view.country === country ? raw(' selected') : '');
  return layout({
    title: 'Checkout',
    path: '/checkout',
    signedIn: true,
    main: html`<h1>Checkout</h1>
${alertBox(view.errors ?? [])}
<h2>Your order</h2>
<ul id="order-summary"></ul>
<p id="checkout-empty" hidden>Your cart is empty.</p>
<form id="checkout" method="post" action="/checkout" novalidate>
<input type="hidden" id="checkout-cart" name="cart" value="[]">
<label for="checkout-name">Name</label>
<input type="text" id="checkout-name" name="name" autocomplete="name" value="${view.name ?? ''}">
<label for="checkout-country">Country</label>
<select id="checkout-country" name="country">
<option value=""${view.country ? '' : raw(' selected')}>Choose a country</option>
${COUNTRIES.map((c) => html`<option${selected(c)}>${c}</option>\n`)}</select>
<p><input type="checkbox" id="checkout-terms" name="terms"${view.termsAccepted ? raw(' checked') : ''}> <label class="inline" for="checkout-terms">I accept the terms</label></p>
<button type="submit">Place order</button>
</form>
${catalogData()}`,
    scripts: [CHECKOUT_PAGE_SCRIPT],
  });
}
