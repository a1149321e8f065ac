// /cart: the cart's rows (built from localStorage and the catalog), "Remove" per row, the total,
// and the "Checkout" button only when there is something to check out.
export const CART_PAGE_SCRIPT = `
(() => {
  const products = JSON.parse(document.getElementById('catalog').textContent);
  const table = document.getElementById('cart-table');
  const rows = document.getElementById('cart-rows');
  const empty = document.getElementById('cart-empty');
  const total = document.getElementById('cart-total');
  const checkout = document.getElementById('checkout-action');
  const status = document.getElementById('cart-status');
  const cell = (tag, text) => {
    const el = document.createElement(tag);
    el.textContent = text;
    return el;
  };
  const render = () => {
    const lines = window.demoCart.read().filter((l) => products[l.id]);
    rows.replaceChildren(
      ...lines.map((line) => {
        const product = products[line.id];
        const tr = document.createElement('tr');
        const name = cell('th', product.name);
        name.scope = 'row';
        const remove = cell('button', 'Remove');
        remove.type = 'button';
        remove.dataset.remove = line.id;
        const actions = document.createElement('td');
        actions.append(remove);
        tr.append(name, cell('td', String(line.quantity)), cell('td', product.price * line.quantity + ' €'), actions);
        return tr;
      }),
    );
    const sum = lines.reduce((s, l) => s + products[l.id].price * l.quantity, 0);
    total.textContent = 'Total: ' + sum + ' €';
    table.hidden = total.hidden = checkout.hidden = lines.length === 0;
    empty.hidden = lines.length > 0;
  };
  rows.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-remove]');
    if (!button) return;
    window.demoCart.remove(button.dataset.remove);
    status.textContent = products[button.dataset.remove].name + ' removed from the cart';
    render();
  });
  document.getElementById('checkout-button').addEventListener('click', () => location.assign('/checkout'));
  window.addEventListener('storage', render);
  render();
})();
`;
