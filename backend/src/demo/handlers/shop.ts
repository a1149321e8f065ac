// Products, cart, checkout and order confirmations. The cart itself lives in the browser;
// checking out needs a session and receives the cart with the form.
import { COUNTRIES } from '../catalog.js';
import { parseCart } from '../orders.js';
import { cartPage } from '../pages/cart.js';
import { checkoutPage } from '../pages/checkout.js';
import { notFoundPage } from '../pages/not-found.js';
import { orderPage } from '../pages/order.js';
import { productsPage } from '../pages/products.js';
import { htmlResponse, redirect, signInFirst } from '../responses.js';
import type { Handler } from '../router.js';

export const showProducts: Handler = (request) => htmlResponse(productsPage(request.user !== null));

export const showCart: Handler = (request) => htmlResponse(cartPage(request.user !== null));

export const showCheckout: Handler = (request) =>
  request.user ? htmlResponse(checkoutPage()) : signInFirst('/checkout');

export const placeOrder: Handler = (request, state) => {
  if (!request.user) return signInFirst('/checkout');
  const name = (request.form.get('name') ?? '').trim();
  const country = request.form.get('country') ?? '';
  const termsAccepted = request.form.has('terms');
  const lines = parseCart(request.form.get('cart') ?? '[]');
  const errors: string[] = [];
  if (!lines || lines.length === 0) errors.push('Your cart is empty: add a product on the Products page first.');
  if (!name) errors.push('Please fill in Name.');
  if (!COUNTRIES.includes(country)) errors.push('Please choose a Country.');
  if (!termsAccepted) errors.push('Please accept the terms.');
  if (errors.length || !lines) return htmlResponse(checkoutPage({ name, country, termsAccepted, errors }), 422);
  const order = state.orders.place({ email: request.user.email, name, country, lines });
  return redirect(`/orders/${order.number}`);
};

export const showOrder: Handler = (request, state) => {
  const path = `/orders/${request.params.number}`;
  if (!request.user) return signInFirst(path);
  const order = /^\d{1,9}$/.test(request.params.number ?? '') ? state.orders.get(Number(request.params.number)) : null;
  if (!order || order.email !== request.user.email) return htmlResponse(notFoundPage(path, true, 'Order'), 404);
  const clearCart = !order.cartCleared;
  order.cartCleared = true;
  return htmlResponse(orderPage(order, clearCart));
};
