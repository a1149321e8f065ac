// Answers for paths and methods the shop does not have, and for its own failures.
import { html, type SafeHtml } from '../html.js';
import { layout } from './layout.js';

export function notFoundPage(path: string, signedIn: boolean, what = 'Page'): SafeHtml {
  return layout({
    title: `${what} not found`,
    path,
    signedIn,
    main: html`<h1>${what} not found</h1>
<p>There is nothing at ${path}. Go back to the <a href="/">home page</a>.</p>`,
  });
}

export function problemPage(path: string, title: string, message: string): SafeHtml {
  return layout({ title, path, signedIn: false, main: html`<h1>${title}</h1>\n<p>${message}</p>` });
}
