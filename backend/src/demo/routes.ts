// Every page of the demo shop, by method and path.
import { logout, showAccount, showLogin, submitLogin } from './handlers/auth.js';
import { sendContact, showContact } from './handlers/contact.js';
import { showHome, showTodo } from './handlers/pages.js';
import { placeOrder, showCart, showCheckout, showOrder, showProducts } from './handlers/shop.js';
import type { Route } from './router.js';

export const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/', handler: showHome },
  { method: 'GET', path: '/login', handler: showLogin },
  { method: 'POST', path: '/login', handler: submitLogin },
  { method: 'POST', path: '/logout', handler: logout },
  { method: 'GET', path: '/account', handler: showAccount },
  { method: 'GET', path: '/products', handler: showProducts },
  { method: 'GET', path: '/cart', handler: showCart },
  { method: 'GET', path: '/checkout', handler: showCheckout },
  { method: 'POST', path: '/checkout', handler: placeOrder },
  { method: 'GET', path: '/orders/:number', handler: showOrder },
  { method: 'GET', path: '/todo', handler: showTodo },
  { method: 'GET', path: '/contact', handler: showContact },
  { method: 'POST', path: '/contact', handler: sendContact },
];
