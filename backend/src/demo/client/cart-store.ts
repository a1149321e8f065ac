// Runs on every page: the cart in localStorage (`demo-cart`, `[{"id":"blue-mug","quantity":1}]`)
// as window.demoCart, and the count in the navigation ("Cart (2)"), kept current across tabs.
export const CART_STORE_SCRIPT = `
(() => {
  const KEY = 'demo-cart';
  const read = () => {
    try {
      const lines = JSON.parse(localStorage.getItem(KEY) || '[]');
      return Array.isArray(lines)
        ? lines.filter((l) => l && typeof l.id === 'string' && Number.isInteger(l.quantity) && l.quantity > 0)
        : [];
    } catch {
      return [];
    }
  };
  const count = () => read().reduce((n, l) => n + l.quantity, 0);
  const showCount = () => {
    for (const el of document.querySelectorAll('[data-cart-count]')) el.textContent = String(count());
  };
  const write = (lines) => {
    localStorage.setItem(KEY, JSON.stringify(lines));
    showCount();
  };
  const add = (id) => {
    const lines = read();
    const line = lines.find((l) => l.id === id);
    if (line) line.quantity += 1;
    else lines.push({ id, quantity: 1 });
    write(lines);
  };
  const remove = (id) => write(read().filter((l) => l.id !== id));
  const clear = () => {
    localStorage.removeItem(KEY);
    showCount();
  };
  window.demoCart = { read, write, add, remove, clear, count, showCount };
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) showCount();
  });
  showCount();
})();
`;
