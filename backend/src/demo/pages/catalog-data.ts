// The catalog for page scripts that turn the localStorage cart (ids and quantities) into names and prices.
import { PRODUCTS } from '../catalog.js';
import { html, jsonForScript, type SafeHtml } from '../html.js';

export function catalogData(): SafeHtml {
  const byId = Object.fromEntries(PRODUCTS.map((p) => [p.id, { name: p.name, price: p.price }]));
  return html`<script type="application/json" id="catalog">${jsonForScript(byId)}</script>`;
}
