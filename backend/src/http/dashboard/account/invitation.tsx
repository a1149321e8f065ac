// An invitation link: join the organization as the user you are signed in as, or create an account
// (with a password here, or with GitHub or GitLab through the sign-in buttons). When the server can
// send mail, the account form asks only for an address and mails it what to do next, whether or not
// it has an account (app/accounts/invitation-sign-up.ts); the mailed link makes the account here.
import Router from '@koa/router';
import type { Context } from 'koa';
import { askToJoin, finishSignUp, openSignUp } from '../../../app/accounts/invitation-sign-up.js';
import { acceptInvitationIn, checkInvitedAddress, openInvitation } from '../../../app/accounts/invitations.js';
import { PASSWORD_MIN } from '../../../app/accounts/passwords.js';
import { createUserIn, normalEmail } from '../../../app/accounts/users.js';
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

/** A new account's fields: the address only when it is not known already (a mailed link's). */
function AccountFields(props: { email?: string; name: string }) {
  return (
    <>
      {props.email !== undefined ? (
        <label>
          Email address
          <input type="email" name="email" autoComplete="email" required value={props.email} />
        </label>
      ) : null}
      <label>
        Name
        <input type="text" name="name" autoComplete="name" value={props.name} />
      </label>
      <label>
        Password <span class="hint">at least {PASSWORD_MIN} characters</span>
        <input type="password" name="password" autoComplete="new-password" required minLength={PASSWORD_MIN} />
      </label>
      <div class="actions">
        <button type="submit">Create the account and join</button>
      </div>
    </>
  );
}

function InvitationPage(props: {
  ctx: Context;
  invitation: InvitationRecord;
  /** The server sends mail: the account form asks only for the address. */
  byMail: boolean;
  error?: string;
  values?: { email: string; name: string };
  providers: SignInProvider[];
}) {
  const { ctx, invitation } = props;
  const user = currentUser(ctx);
  const csrf = csrfToken(ctx);
  const email = props.values?.email ?? invitation.email ?? '';
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
          {props.byMail ? (
            <PostForm action={ctx.path} csrf={csrf} class="stack">
              <label>
                Email address
                <input type="email" name="email" autoComplete="email" required value={email} />
              </label>
              <div class="actions">
                <button type="submit">Email me a link to join</button>
              </div>
            </PostForm>
          ) : (
            <PostForm action={ctx.path} csrf={csrf} class="stack">
              <AccountFields email={email} name={props.values?.name ?? ''} />
            </PostForm>
          )}
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

/** The same answer for every address: only its mailbox says whether it has an account. */
function MailSent(props: { invitation: InvitationRecord; email: string }) {
  return (
    <>
      <h1>Check your mail</h1>
      <Notice kind="ok">
        We sent a message to <strong>{props.email}</strong>. It says how to join {props.invitation.organizationName}.
      </Notice>
      <p class="muted">
        Nothing after a few minutes? Look in the spam folder, check the address, and send the form of the invitation
        link again.
      </p>
    </>
  );
}

/** The mailed link: the new account's name and password. */
function SignUpPage(props: {
  ctx: Context;
  invitation: InvitationRecord;
  email: string;
  name?: string;
  error?: string;
}) {
  const { invitation, ctx } = props;
  return (
    <>
      <h1>Join {invitation.organizationName}</h1>
      <p>
        Make your account for <strong>{props.email}</strong> and join <strong>{invitation.organizationName}</strong> as{' '}
        <strong>{invitation.role}</strong>.
      </p>
      {props.error ? <Notice kind="error">{props.error}</Notice> : null}
      <PostForm action={ctx.path} csrf={csrfToken(ctx)} class="stack">
        <AccountFields name={props.name ?? ''} />
      </PostForm>
    </>
  );
}

export function invitationRoutes(app: AppContext, providers: () => SignInProvider[]): Router<AppState> {
  const router = new Router<AppState>();

  const byMail = () => app.mailer !== undefined;

  // The mailed link: two segments, so never taken for an invitation's token.
  router.get('/invitations/confirm/:code', async (ctx) => {
    const { email, invitation } = await openSignUp(app, ctx.params.code!);
    renderPage(
      ctx,
      { title: `Join ${invitation.organizationName}` },
      <SignUpPage ctx={ctx} invitation={invitation} email={email} />,
    );
  });

  router.post('/invitations/confirm/:code', async (ctx) => {
    const form = await requireCsrf(ctx, PLACE);
    const code = ctx.params.code!;
    const { email, invitation } = await openSignUp(app, code);
    const name = field(form, 'name');
    try {
      const user = await finishSignUp(app, code, { name, password: form.get('password') ?? '' });
      await startAndRedirect(app, ctx, user.id, '/');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      renderPage(
        ctx,
        { title: `Join ${invitation.organizationName}`, status: error.status },
        <SignUpPage ctx={ctx} invitation={invitation} email={email} name={name} error={error.message} />,
      );
    }
  });

  router.get('/invitations/:token', async (ctx) => {
    const invitation = await openInvitation(app, ctx.params.token!);
    renderPage(
      ctx,
      { title: `Join ${invitation.organizationName}` },
      <InvitationPage ctx={ctx} invitation={invitation} byMail={byMail()} providers={providers()} />,
    );
  });

  router.post('/invitations/:token', async (ctx) => {
    const form = await requireCsrf(ctx, PLACE);
    const invitation = await openInvitation(app, ctx.params.token!);
    const signedIn = currentUser(ctx);
    const values = { email: field(form, 'email'), name: field(form, 'name') };
    try {
      if (!signedIn) checkInvitedAddress(invitation, normalEmail(values.email));
      if (!signedIn && app.mailer) {
        const email = await askToJoin(app, app.mailer, invitation, ctx.params.token!, values.email, ctx.ip);
        return renderPage(ctx, { title: 'Check your mail' }, <MailSent invitation={invitation} email={email} />);
      }
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
      // A limit's Retry-After.
      if ('headers' in error) ctx.set(error.headers as Record<string, string>);
      renderPage(
        ctx,
        { title: `Join ${invitation.organizationName}`, status: error.status },
        <InvitationPage
          ctx={ctx}
          invitation={invitation}
          byMail={byMail()}
          error={error.message}
          values={values}
          providers={providers()}
        />,
      );
    }
  });

  return router;
}
