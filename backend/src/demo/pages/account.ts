// `/account`: who is signed in, their orders, and "Sign out".
import { formatPrice } from '../catalog.js';
import { html, type SafeHtml } from '../html.js';
import type { Order } from '../orders.js';
import type { DemoUser } from '../users.js';
import { layout } from './layout.js';

export function accountPage(user: DemoUser, orders: readonly Order[]): SafeHtml {
  return layout({
    title: 'Account',
    path: '/account',
    signedIn: true,
    main: html`<h1>Welcome, ${user.firstName}</h1>
<p>You are signed in as ${user.email}.</p>
<h2>Your orders</h2>
${
  orders.length
    ? html`<ul>${orders.map((o) => html`<li><a href="/orders/${o.number}">Order ${o.number}</a>: ${formatPrice(o.total)}</li>`)}</ul>`
    : html`<p>No orders yet.</p>`
}
<form method="post" action="/logout"><button type="submit">Sign out</button></form>`,
  });
}
