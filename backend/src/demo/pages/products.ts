// `/products`: the catalog as a table, one "Add to cart" button per row.
import { PRODUCTS_PAGE_SCRIPT } from '../client/products-page.js';
import { formatPrice, PRODUCTS } from '../catalog.js';
import { html, type SafeHtml } from '../html.js';
import { layout } from './layout.js';

export function productsPage(signedIn: boolean): SafeHtml {
  return layout({
    title: 'Products',
    path: '/products',
    signedIn,
    main: html`<h1>Products</h1>
<table>
<thead><tr><th scope="col">Product</th><th scope="col">Price</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>
${PRODUCTS.map(
  (p) =>
    html`<tr><th scope="row">${p.name}</th><td>${formatPrice(p.price)}</td><td><button type="button" data-add-to-cart="${p.id}" data-product-name="${p.name}">Add to cart</button></td></tr>\n`,
)}</tbody>
</table>
<p role="status" id="cart-status"></p>`,
    scripts: [PRODUCTS_PAGE_SCRIPT],
  });
}
