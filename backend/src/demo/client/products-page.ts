// /products: "Add to cart" puts the row's product in the cart and says so in a status line.
export const PRODUCTS_PAGE_SCRIPT = `
(() => {
  const status = document.getElementById('cart-status');
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-add-to-cart]');
    if (!button) return;
    window.demoCart.add(button.dataset.addToCart);
    status.textContent = button.dataset.productName + ' added to the cart';
  });
})();
`;
