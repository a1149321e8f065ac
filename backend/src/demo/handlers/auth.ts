// Signing in and out, and the account page behind the session cookie.
import { clearedSessionCookie, sessionCookie } from '../cookies.js';
import { accountPage } from '../pages/account.js';
import { loginPage } from '../pages/login.js';
import { htmlResponse, redirect, safeNext, signInFirst } from '../responses.js';
import type { Handler } from '../router.js';
import { authenticate } from '../users.js';

export const showLogin: Handler = (request) =>
  htmlResponse(loginPage({ signedIn: request.user !== null, next: safeNext(request.query.get('next')) }));

export const submitLogin: Handler = (request, state) => {
  const email = request.form.get('email') ?? '';
  const next = safeNext(request.form.get('next'));
  const user = authenticate(email, request.form.get('password') ?? '');
  if (!user)
    return htmlResponse(
      loginPage({ signedIn: request.user !== null, email, next, error: 'Wrong email or password' }),
      401,
    );
  if (request.session) state.sessions.delete(request.session.token);
  const session = state.sessions.create(user.email);
  return redirect(next ?? '/account', { 'set-cookie': sessionCookie(session.token) });
};

export const logout: Handler = (request, state) => {
  if (request.session) state.sessions.delete(request.session.token);
  return redirect('/', { 'set-cookie': clearedSessionCookie() });
};

export const showAccount: Handler = (request, state) => {
  if (!request.user) return signInFirst('/account');
  return htmlResponse(accountPage(request.user, state.orders.byEmail(request.user.email)));
};
