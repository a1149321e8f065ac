// Signing in and out with an email address and a password (GitHub and GitLab sign-in add their
// buttons through `providers`).
import Router from '@koa/router';
import type { Context } from 'koa';
import { endSession, startSession } from '../../../app/accounts/sessions.js';
import { signInWithPassword } from '../../../app/accounts/sign-in.js';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import type { AppState } from '../../state.js';
import { currentUser } from '../access.js';
import { Notice, PostForm, safeNext } from '../components.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import { renderPage } from '../render.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../session.js';
import { deviceTokensOf, rememberDevice } from './device-cookie.js';

/** A way to sign in besides the password (GitHub, GitLab): a button that starts it. */
export interface SignInProvider {
  label: string;
  /** Where the button goes; `next` is where to come back to. */
  start(next: string): string;
}

const SIGN_IN_PAGE = {
  page: 'sign-in page',
  alternative: 'Open /sign-in in a browser and sign in there; scripts use the REST API with an API token instead.',
};

function SignInForm(props: {
  csrf: string;
  next: string;
  email?: string;
  error?: string;
  providers: SignInProvider[];
}) {
  return (
    <>
      <h1>Sign in to Goalie</h1>
      {props.error ? <Notice kind="error">{props.error}</Notice> : null}
      <PostForm action="/sign-in" csrf={props.csrf} class="stack">
        <input type="hidden" name="next" value={props.next} />
        <label>
          Email address
          <input type="email" name="email" autoComplete="username" required value={props.email ?? ''} />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required />
        </label>
        <div class="actions">
          <button type="submit">Sign in</button>
        </div>
      </PostForm>
      {props.providers.length ? (
        <div class="actions">
          {props.providers.map((p) => (
            <a class="button secondary" href={p.start(props.next)}>
              {p.label}
            </a>
          ))}
        </div>
      ) : null}
      <p class="muted">
        No account yet? Ask an admin of your organization for an invitation link. Forgot your password? A server
        administrator can give you a reset link (<code>goalie user reset-link --email you@example.com</code>).
      </p>
    </>
  );
}

export function signInRoutes(app: AppContext, providers: () => SignInProvider[]): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/sign-in', (ctx) => {
    const next = safeNext(typeof ctx.query.next === 'string' ? ctx.query.next : null);
    if (currentUser(ctx)) return ctx.redirect(next);
    renderPage(ctx, { title: 'Sign in' }, <SignInForm csrf={csrfToken(ctx)} next={next} providers={providers()} />);
  });

  router.post('/sign-in', async (ctx) => {
    const form = await requireCsrf(ctx, SIGN_IN_PAGE);
    const next = safeNext(form.get('next'));
    const email = field(form, 'email');
    try {
      const { user, deviceToken } = await signInWithPassword(app, {
        email,
        password: form.get('password') ?? '',
        client: ctx.ip,
        deviceTokens: deviceTokensOf(ctx),
      });
      rememberDevice(ctx, deviceToken);
      await startAndRedirect(app, ctx, user.id, next);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if ('headers' in error) ctx.set(error.headers as Record<string, string>);
      renderPage(
        ctx,
        { title: 'Sign in', status: error.status },
        <SignInForm csrf={csrfToken(ctx)} next={next} email={email} error={error.message} providers={providers()} />,
      );
    }
  });

  router.post('/sign-out', async (ctx) => {
    await requireCsrf(ctx, { page: 'pages', alternative: 'Press Sign out at the top of any page.' });
    await endSession(app, ctx.cookies.get(SESSION_COOKIE));
    clearSessionCookie(ctx);
    ctx.redirect('/sign-in');
  });

  return router;
}

/** Starts a session for the user and goes on to `next`. */
export async function startAndRedirect(app: AppContext, ctx: Context, userId: string, next: string): Promise<void> {
  // A new session on every sign-in: an old cookie (say, planted before) never becomes signed in.
  await endSession(app, ctx.cookies.get(SESSION_COOKIE));
  setSessionCookie(ctx, await startSession(app, userId));
  ctx.redirect(safeNext(next));
}
