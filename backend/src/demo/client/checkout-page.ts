// /checkout: shows what is being ordered and sends the cart (from localStorage) with the form.
export const CHECKOUT_PAGE_SCRIPT = `
(() => {
  const products = JSON.parse(document.getElementById('catalog').textContent);
  const summary = document.getElementById('order-summary');
  const empty = document.getElementById('checkout-empty');
  const form = document.getElementById('checkout');
  const field = document.getElementById('checkout-cart');
  const fill = () => {
    const lines = window.demoCart.read().filter((l) => products[l.id]);
    field.value = JSON.stringify(lines);
    summary.replaceChildren(
      ...lines.map((l) => {
        const li = document.createElement('li');
        li.textContent = products[l.id].name + ' × ' + l.quantity + ': ' + products[l.id].price * l.quantity + ' €';
        return li;
      }),
    );
    summary.hidden = lines.length === 0;
    empty.hidden = lines.length > 0;
  };
  form.addEventListener('submit', fill);
  fill();
})();
`;
