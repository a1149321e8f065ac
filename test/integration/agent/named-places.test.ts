// Expected results that say where ("Milk is no longer in the list", "The dialog says 'Are you sure?'",
// "Green teapot is in the cart", "Admin is shown in the row of Ada", "Reports is not in the sidebar",
// "'Order 7' is listed under Recent orders") are checked there only, on real pages with the traps:
// a placeholder "e.g. Milk", the same text in the navigation or a "deleted" notice, two lists, a
// place the page does not show (which fails either way, naming it).
import { expect } from 'chai';
import { itJudges, useAgentPages } from '../../helpers/agent-pages.js';
import { html } from '../../helpers/site.js';

const PAGES = {
  // Milk was deleted: the placeholder and the notice still say "Milk", the list does not.
  '/groceries': html(
    'Groceries',
    `<header><h1>Groceries</h1><input class="new-todo" placeholder="e.g. Milk"></header>
     <p class="notice">Milk was deleted. <button>Undo</button></p>
     <section class="main"><ul class="todo-list"><li>Bread</li><li>Eggs</li></ul></section>
     <footer><ul class="filters"><li><a href="#/">All</a></li><li><a href="#/active">Active</a></li></ul></footer>
     <template><li>Milk</li></template><ul hidden><li>Milk</li></ul>`,
  ),
  // "Milk" is a link of the navigation; the page's list of things is the other one.
  '/navigation': html(
    'Shop',
    `<nav><ul><li><a href="#milk">Milk</a></li><li><a href="#recipes">Recipes</a></li></ul></nav>
     <main><h1>Basket ideas</h1><ul class="ideas"><li>Bread and butter</li><li>Cheese</li></ul></main>`,
  ),
  // Two lists of things, neither said: which one "the list" is cannot be told.
  '/two-lists': html('Lists', `<ul><li>Bread</li><li>Milk</li></ul><ul><li>Tea</li><li>Coffee</li></ul>`),
  // A todo app with no todos left hides its empty list: nothing is in it.
  '/no-todos': html(
    'Todos',
    `<input placeholder="e.g. Milk"><section style="display: none"><ul class="todo-list"></ul></section>`,
  ),
  '/no-list': html('Note', `<p>Milk is good for you.</p>`),
  '/shop': html(
    'Shop',
    `<header><a href="/cart">Cart (1)</a></header>
     <main><div class="product"><b>Blue mug</b> $12 <button>Add to cart</button></div>
       <div class="product"><b>Green teapot</b> €24 <button>Add to cart</button></div></main>
     <aside id="cart"><h2>Your cart</h2><ul><li>Green teapot €24</li></ul></aside>`,
  ),
  // The cart is a drawer nobody opened: what it holds cannot be told.
  '/closed-cart': html(
    'Shop',
    `<button>Cart (1)</button><main><b>Blue mug</b></main>
     <div class="cart-drawer" style="display: none"><ul><li>Green teapot</li></ul></div>`,
  ),
  '/dialog': html(
    'Project',
    `<p>Saving changes</p>
     <div role="dialog" aria-label="Confirm"><p>Are you sure?</p><button>Delete</button></div>`,
  ),
  '/no-dialog': html('Project', `<p>Error: nothing saved</p>`),
  '/people': html(
    'People',
    `<table><thead><tr><th>Name</th><th>Role</th></tr></thead><tbody>
     <tr><td>Ada Lovelace</td><td>Admin</td></tr><tr><td>Grace Hopper</td><td>Editor</td></tr></tbody></table>`,
  ),
  '/sidebar': html(
    'App',
    `<aside class="sidebar"><a href="#r">Reports</a><a href="#s">Settings</a></aside>
     <main><h1>Invoices</h1><p>No invoices yet</p></main>`,
  ),
  // A header and cards drawn with divs: the area is what the id or class says, not a card's own header.
  '/div-header': html(
    'Account',
    `<div class="page-header"><span>Mr. Mary Jones</span></div>
     <ul><li><div class="card-header">Paris office</div></li></ul>
     <main><h1>Settings</h1></main>`,
  ),
  '/orders': html(
    'Orders',
    `<h2>Recent orders</h2><ul><li>Order 7</li><li>Order 8</li></ul>
     <h2>Archived orders</h2><ul><li>Order 3</li></ul>
     <section><h2>Billing</h2><p>Status: Paid</p></section>`,
  ),
};

describe('built-in agent: an expected result checked only in the place it names', function () {
  const pages = useAgentPages(PAGES);
  itJudges(pages, [
    // A placeholder, a notice, a <template> and a hidden list say "Milk"; the list does not.
    ['/groceries', 'Milk is no longer in the list', true],
    ['/groceries', 'Milk is removed from the list', true],
    ['/groceries', 'Milk is shown in the list', false],
    ['/groceries', 'Milk is in the list', false],
    ['/groceries', 'Bread is in the list', true],
    ['/groceries', 'Bread is no longer in the list', false],
    ['/groceries', 'Eggs is not in the todo list', false],
    // The navigation's "Milk" is not in the page's list.
    ['/navigation', 'Milk is in the list', false],
    ['/navigation', 'Milk is not in the list', true],
    ['/navigation', 'Cheese is in the list', true],
    ['/two-lists', 'Milk is in the list', false],
    ['/two-lists', 'Milk is no longer in the list', false],
    ['/no-todos', 'Milk is no longer in the list', true],
    ['/no-todos', 'Milk is in the list', false],
    ['/no-list', 'Milk is not in the list', false],
    ['/no-list', 'Milk is in the list', false],
    // The cart: the panel headed "Your cart", not the products beside it nor the indicator.
    ['/shop', 'Green teapot is shown in the cart', true],
    ['/shop', 'The cart contains Green teapot', true],
    ['/shop', 'Blue mug is in the cart', false],
    ['/shop', 'Blue mug is not in the cart', true],
    ['/shop', "'Blue mug' is deleted from the cart", true],
    ['/shop', 'Green teapot is no longer in the cart', false],
    ['/closed-cart', 'Blue mug is not in the cart', false],
    ['/closed-cart', 'Green teapot is in the cart', false],
    // The dialog, by any name and by its own.
    ['/dialog', "The dialog says 'Are you sure?'", true],
    ['/dialog', 'The Confirm dialog says Are you sure', true],
    ['/dialog', 'The dialog says Saving changes', false],
    ['/dialog', "'Saving changes' is not in the dialog", true],
    ['/dialog', 'The modal does not say Are you sure', false],
    ['/dialog', 'The Settings dialog says Are you sure', false],
    ['/no-dialog', 'The dialog does not say Error', false],
    ['/no-dialog', "'Error' is not shown in the dialog", false],
    // The row of an item: that row only.
    ['/people', 'Admin is shown in the row of Ada Lovelace', true],
    ['/people', 'Admin is shown in the row of Grace Hopper', false],
    ['/people', "Admin is not shown in Grace Hopper's row", true],
    ['/people', 'Admin is shown in the row of Linus', false],
    ['/sidebar', 'Reports is shown in the sidebar', true],
    ['/sidebar', 'Invoices is not in the sidebar', true],
    ['/sidebar', 'Invoices is in the sidebar', false],
    ['/sidebar', 'The sidebar does not show Reports', false],
    ['/div-header', 'The header says Mr. Mary Jones', true],
    ['/div-header', 'The header says Paris office', false],
    ['/div-header', "'Paris office' is not in the header", true],
    // A part of the page by its heading.
    ['/orders', "'Order 7' is listed under Recent orders", true],
    ['/orders', "'Order 3' is listed under Recent orders", false],
    ['/orders', 'Order 3 is not under Recent orders', true],
    ['/orders', 'Paid is shown in the Billing section', true],
    ['/orders', 'Paid is not in the Billing section', false],
    ['/orders', 'Order 7 is in the Shipping section', false],
  ]);

  it('says which place was not found, and which places could be meant', async () => {
    const context = { baseUrl: pages.site.url, configs: {} };
    const judge = async (path: string, expected: string) => {
      await pages.page.goto(pages.site.url + path);
      return (await pages.failingAgent.evaluate(pages.page, expected, context)).thought;
    };
    expect(await judge('/closed-cart', 'Blue mug is not in the cart')).to.contain('the cart was not found on the page');
    expect(await judge('/no-dialog', 'The dialog does not say Error')).to.contain('the dialog was not found');
    expect(await judge('/two-lists', 'Milk is in the list')).to.match(/2 places could be the list/);
    expect(await judge('/groceries', 'Milk is shown in the list')).to.contain('"Bread", "Eggs"');
    expect(await judge('/people', 'Admin is shown in the row of Linus')).to.contain(
      'no row, list item or card shows "Linus"',
    );
  });
});
