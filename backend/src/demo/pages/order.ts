// `/orders/<number>`: the confirmation. The first time it is shown it also empties the cart.
import { CLEAR_CART_SCRIPT } from '../client/clear-cart.js';
import { formatPrice } from '../catalog.js';
import { html, type SafeHtml } from '../html.js';
import type { Order } from '../orders.js';
import { layout } from './layout.js';

export function orderPage(order: Order, clearCart: boolean): SafeHtml {
  return layout({
    title: 'Order confirmed',
    path: `/orders/${order.number}`,
    signedIn: true,
    main: html`<h1>Thank you for your order</h1>
<p>Order number ${order.number}, shipping to ${order.name}, ${order.country}.</p>
<table>
<thead><tr><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Price</th></tr></thead>
<tbody>
${order.lines.map((l) => html`<tr><th scope="row">${l.product.name}</th><td>${l.quantity}</td><td>${formatPrice(l.product.price * l.quantity)}</td></tr>\n`)}</tbody>
</table>
<p>Total: ${formatPrice(order.total)}</p>
<p><a href="/products">Continue shopping</a></p>`,
    scripts: clearCart ? [CLEAR_CART_SCRIPT] : [],
  });
}
