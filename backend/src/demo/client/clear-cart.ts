// The order confirmation, the first time it is shown: the cart has been bought, empty it.
export const CLEAR_CART_SCRIPT = `window.demoCart.clear();`;
