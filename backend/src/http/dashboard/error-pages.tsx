// Errors as pages for people: a browser asking for a dashboard address gets an HTML page (and, when it
// must sign in first, the sign-in page); the API, webhooks and scripts keep their JSON.
import type { Context } from 'koa';
import { SignInNeeded } from './access.js';
import { renderPage } from './render.js';

const MACHINE_PATHS = /^\/(v1|api|webhooks|slack|cli|healthz|readyz|metrics|assets|badges)(\/|$)/;

/** Not the API, webhooks, the CLI bundle, health checks, static files or badges: a page for people. */
export function isDashboardPath(path: string): boolean {
  return !MACHINE_PATHS.test(path);
}

/** A browser (it prefers HTML) asking for something other than the API. */
export function wantsPage(ctx: Context): boolean {
  return isDashboardPath(ctx.path) && ctx.accepts('json', 'html') === 'html';
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign in',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Not allowed',
  409: 'Conflict',
  413: 'Too large',
  429: 'Too many attempts',
};

/** Answers the error as a page, or says false to leave it to the JSON answer. */
export function errorPage(ctx: Context, status: number, message: string, error?: unknown): boolean {
  if (!wantsPage(ctx)) return false;
  if (error instanceof SignInNeeded) {
    ctx.redirect(`/sign-in?next=${encodeURIComponent(error.next)}`);
    return true;
  }
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Error');
  // Without the session loaded (an unknown address), the page shows no user: it reads none.
  ctx.state.session ??= null;
  renderPage(
    ctx,
    { title, status },
    <>
      <h1>{title}</h1>
      <p>{message}</p>
      <p>
        <a href="/">Go to your projects</a>
      </p>
    </>,
  );
  return true;
}
