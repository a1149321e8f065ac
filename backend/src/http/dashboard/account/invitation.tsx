// An invitation link: join the organization as the user you are signed in as, or create an account
// (with a password here, or with GitHub or GitLab through the sign-in buttons).
import Router from '@koa/router';
import type { Context } from 'koa';
import { acceptInvitationIn, openInvitation } from '../../../app/accounts/invitations.js';
import { PASSWORD_MIN } from '../../../app/accounts/passwords.js';
import { createUserIn } from '../../../app/accounts/users.js';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import type { InvitationRecord } from '../../../app/ports/accounts.js';
import type { AppState } from '../../state.js';
import { currentUser } from '../access.js';
import { Notice, PostForm } from '../components.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import { renderPage } from '../render.js';
import type { SignInProvider } from './sign-in.js';
import { startAndRedirect } from './sign-in.js';

const PLACE = { page: 'invitation page', alternative: 'Open the invitation link in a browser and accept it there.' };

function InvitationPage(props: {
  ctx: Context;
  invitation: InvitationRecord;
  error?: string;
  values?: { email: string; name: string };
  providers: SignInProvider[];
}) {
  const { ctx, invitation } = props;
  const user = currentUser(ctx);
  const csrf = csrfToken(ctx);
  return (
    <>
      <h1>Join {invitation.organizationName}</h1>
      <p>
        {invitation.createdByName ? `${invitation.createdByName} invited you` : 'You are invited'} to the organization{' '}
        <strong>{invitation.organizationName}</strong> as <strong>{invitation.role}</strong>
        {invitation.email ? ` (for ${invitation.email})` : ''}.
      </p>
      {props.error ? <Notice kind="error">{props.error}</Notice> : null}
      {user ? (
        <PostForm action={ctx.path} csrf={csrf}>
          <p>You are signed in as {user.email}.</p>
          <button type="submit">Join {invitation.organizationName}</button>
        </PostForm>
      ) : (
        <>
          <h2>Create your account</h2>
          <PostForm action={ctx.path} csrf={csrf} class="stack">
            <label>
              Email address
              <input
                type="email"
                name="email"
                autoComplete="email"
                required
                value={props.values?.email ?? invitation.email ?? ''}
              />
            </label>
            <label>
              Name
              <input type="text" name="name" autoComplete="name" value={props.values?.name ?? ''} />
            </label>
            <label>
              Password <span class="hint">at least {PASSWORD_MIN} characters</span>
              <input type="password" name="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />
            </label>
            <div class="actions">
              <button type="submit">Create the account and join</button>
            </div>
          </PostForm>
          <p>
            Have an account already? <a href={`/sign-in?next=${encodeURIComponent(ctx.path)}`}>Sign in</a> and open this
            link again.
          </p>
          {props.providers.length ? (
            <div class="actions">
              {props.providers.map((p) => (
                <a class="button secondary" href={p.start(ctx.path)}>
                  {p.label}
                </a>
              ))}
            </div>
          ) : null}
        </>
      )}
    </>
  );
}

export function invitationRoutes(app: AppContext, providers: () => SignInProvider[]): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/invitations/:token', async (ctx) => {
    const invitation = await openInvitation(app, ctx.params.token!);
    renderPage(
      ctx,
      { title: `Join ${invitation.organizationName}` },
      <InvitationPage ctx={ctx} invitation={invitation} providers={providers()} />,
    );
  });

  router.post('/invitations/:token', async (ctx) => {
    const form = await requireCsrf(ctx, PLACE);
    const invitation = await openInvitation(app, ctx.params.token!);
    const signedIn = currentUser(ctx);
    const values = { email: field(form, 'email'), name: field(form, 'name') };
    try {
      const user = await app.store.transaction(async (tx) => {
        const user =
          signedIn ??
          (await createUserIn(tx, {
            email: values.email,
            name: values.name,
            password: form.get('password') ?? '',
            isAdmin: false,
          }));
        await acceptInvitationIn(app, tx, invitation, user);
        return user;
      });
      if (signedIn) ctx.redirect('/');
      else await startAndRedirect(app, ctx, user.id, '/');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      renderPage(
        ctx,
        { title: `Join ${invitation.organizationName}`, status: error.status },
        <InvitationPage
          ctx={ctx}
          invitation={invitation}
          error={error.message}
          values={values}
          providers={providers()}
        />,
      );
    }
  });

  return router;
}
