// `/login`: the sign-in form. `next` is where to go afterwards (set when a page needed a session).
import { html, type SafeHtml } from '../html.js';
import { alertBox, layout } from './layout.js';

export interface LoginView {
  signedIn: boolean;
  email?: string;
  next: string | null;
  error?: string;
}

export function loginPage(view: LoginView): SafeHtml {
  return layout({
    title: 'Sign in',
    path: '/login',
    signedIn: view.signedIn,
    main: html`<h1>Sign in</h1>
${view.next && !view.error ? html`<p class="notice">Please sign in to continue.</p>` : null}
${alertBox(view.error ? [view.error] : [])}
<form method="post" action="/login" novalidate>
${view.next ? html`<input type="hidden" name="next" value="${view.next}">` : null}
<label for="login-email">Email</label>
<input type="email" id="login-email" name="email" autocomplete="username" value="${view.email ?? ''}">
<label for="login-password">Password</label>
<input type="password" id="login-password" name="password" autocomplete="current-password">
<div><button type="submit">Sign in</button></div>
</form>`,
  });
}
