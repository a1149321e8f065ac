// The frame of every page: <title>, the navigation with the cart count, <main>, and the scripts.
import { CART_STORE_SCRIPT } from '../client/cart-store.js';
import { html, raw, type HtmlValue, type SafeHtml } from '../html.js';

export interface PageFrame {
  /** The document title, exactly as a test would read it ("Order confirmed"). */
  title: string;
  /** The current path, to mark the navigation link of this page. */
  path: string;
  signedIn: boolean;
  main: HtmlValue;
  /** Inline scripts (our own code) run after the cart store, in order. */
  scripts?: readonly string[];
}

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d1d1f; }
header { background: #f2f4f7; border-bottom: 1px solid #d8dde3; }
nav { display: flex; gap: 1.25rem; max-width: 48rem; margin: 0 auto; padding: .75rem 1rem; }
nav a[aria-current="page"] { font-weight: bold; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
label { display: block; margin-top: .75rem; }
label.inline, li label { display: inline; margin: 0; }
input[type="text"], input[type="email"], input[type="password"], select, textarea { font: inherit; padding: .35rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
button { font: inherit; margin-top: .75rem; padding: .35rem .9rem; cursor: pointer; }
td button, li button { margin-top: 0; }
table { border-collapse: collapse; }
th, td { text-align: left; padding: .4rem .8rem; border-bottom: 1px solid #e3e6ea; }
.alert { background: #fdecea; border: 1px solid #e6a39b; padding: .5rem 1rem; border-radius: 6px; }
.notice { background: #e8f4ea; border: 1px solid #9bcba4; padding: .5rem 1rem; border-radius: 6px; }
#todo-list { list-style: none; padding: 0; }
#todo-list li { padding: .3rem 0; }
#todo-list li.done label { text-decoration: line-through; color: #6b7280; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

function navLink(href: string, label: HtmlValue, current: string): SafeHtml {
  return html`<a href="${href}"${current === href ? raw(' aria-current="page"') : ''}>${label}</a>`;
}

export function layout(frame: PageFrame): SafeHtml {
  const account = frame.signedIn
    ? navLink('/account', 'Account', frame.path)
    : navLink('/login', 'Sign in', frame.path);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title}</title>
<link rel="icon" href="data:,">
<style>${raw(STYLE)}</style>
</head>
<body>
<header>
<nav aria-label="Main">
${navLink('/', 'Home', frame.path)}
${navLink('/products', 'Products', frame.path)}
${account}
${navLink('/cart', html`Cart (<span data-cart-count>0</span>)`, frame.path)}
${navLink('/todo', 'Todo', frame.path)}
${navLink('/contact', 'Contact', frame.path)}
</nav>
</header>
<main>
${frame.main}
</main>
<script>${raw(CART_STORE_SCRIPT)}</script>
${(frame.scripts ?? []).map((script) => html`<script>${raw(script)}</script>\n`)}
</body>
</html>
`;
}

/** Problems with what was submitted, announced to screen readers (and readable by a test). */
export function alertBox(messages: readonly string[]): HtmlValue {
  return messages.length ? html`<div class="alert" role="alert">${messages.map((m) => html`<p>${m}</p>`)}</div>` : null;
}
