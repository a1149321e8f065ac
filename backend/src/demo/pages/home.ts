// `/`: the shop's front page, with the <demo-banner> shadow-DOM component.
import { DEMO_BANNER_SCRIPT } from '../client/demo-banner.js';
import { html, type SafeHtml } from '../html.js';
import { layout } from './layout.js';

export function homePage(signedIn: boolean): SafeHtml {
  return layout({
    title: 'Demo shop',
    path: '/',
    signedIn,
    main: html`<h1>Demo shop</h1>
<demo-banner></demo-banner>
<p>A small web shop to try Goalie on: browse the products, fill a cart, place an order, keep a todo list or write to us.</p>
<p>The test account is ada@example.com with the password lovelace.</p>`,
    scripts: [DEMO_BANNER_SCRIPT],
  });
}
