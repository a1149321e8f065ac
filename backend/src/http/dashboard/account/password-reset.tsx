// A password reset link (issued by a server administrator): choose a new password, then signed in.
import Router from '@koa/router';
import { PASSWORD_MIN } from '../../../app/accounts/passwords.js';
import { resetPassword } from '../../../app/accounts/users.js';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import type { AppState } from '../../state.js';
import { Notice, PostForm } from '../components.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { renderPage } from '../render.js';
import { startAndRedirect } from './sign-in.js';

function ResetForm({ action, csrf, error }: { action: string; csrf: string; error?: string }) {
  return (
    <>
      <h1>Choose a new password</h1>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <PostForm action={action} csrf={csrf} class="stack">
        <label>
          New password <span class="hint">at least {PASSWORD_MIN} characters</span>
          <input type="password" name="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />
        </label>
        <div class="actions">
          <button type="submit">Set the password and sign in</button>
        </div>
      </PostForm>
    </>
  );
}

export function passwordResetRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/password-reset/:token', (ctx) => {
    renderPage(ctx, { title: 'New password' }, <ResetForm action={ctx.path} csrf={csrfToken(ctx)} />);
  });
  router.post('/password-reset/:token', async (ctx) => {
    const form = await requireCsrf(ctx, {
      page: 'password reset page',
      alternative: 'Open the reset link in a browser and choose the password there.',
    });
    try {
      const user = await resetPassword(app, ctx.params.token!, form.get('password') ?? '');
      await startAndRedirect(app, ctx, user.id, '/');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      renderPage(
        ctx,
        { title: 'New password', status: error.status },
        <ResetForm action={ctx.path} csrf={csrfToken(ctx)} error={error.message} />,
      );
    }
  });
  return router;
}
