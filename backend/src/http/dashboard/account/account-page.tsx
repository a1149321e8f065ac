// The signed-in user's own page: who they are, how they sign in (password, linked GitHub and GitLab
// accounts: link one, unlink one while another way to sign in remains), changing (or, without one,
// setting) the password, and their organizations.
import Router from '@koa/router';
import type { Context } from 'koa';
import { unlinkIdentity } from '../../../app/accounts/host-sign-in.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../app/accounts/passwords.js';
import { changePassword } from '../../../app/accounts/users.js';
import type { AppContext } from '../../../app/context.js';
import { AppError, BadRequest } from '../../../app/errors.js';
import type { IdentityProvider, IdentityRecord, MembershipRecord, UserRecord } from '../../../app/ports/accounts.js';
import type { SignInHost } from '../../../app/ports/sign-in-host.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { Notice, PostForm } from '../components.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import { renderPage } from '../render.js';
import { deviceTokensOf, rememberDevice } from './device-cookie.js';
import { startPath } from './host-sign-in.js';
import { startAndRedirect } from './sign-in.js';

const PLACE = { page: 'account page', alternative: 'Open /account in a browser and press the button there.' };
const LABELS: Record<IdentityProvider, string> = { github: 'GitHub', gitlab: 'GitLab' };

/** The result a redirect back to the page names (`?result=...&host=...`), in words. */
function resultNotice(query: Context['query']): string | null {
  if (query.result === 'password')
    return 'Your new password is set. Every other browser where you were signed in is signed out.';
  const host = LABELS[query.host as IdentityProvider];
  if (!host) return null;
  switch (query.result) {
    case 'linked':
      return `Your ${host} account is linked: from now on you can sign in with it.`;
    case 'already-linked':
      return `This ${host} account was linked to you already: you can sign in with it.`;
    case 'unlinked':
      return `The ${host} account is unlinked: it no longer signs you in.`;
    default:
      return null;
  }
}

interface AccountProps {
  user: UserRecord;
  identities: IdentityRecord[];
  memberships: MembershipRecord[];
  hosts: SignInHost[];
  csrf: string;
  notice?: string | null;
  error?: string;
}

function AccountPage({ user, identities, memberships, hosts, csrf, notice, error }: AccountProps) {
  const waysToSignIn = identities.length + (user.hasPassword ? 1 : 0);
  const unlinked = hosts.filter((h) => !identities.some((i) => i.provider === h.provider && i.providerUrl === h.url));
  return (
    <>
      <h1>Your account</h1>
      {notice ? <Notice kind="ok">{notice}</Notice> : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
      <dl class="facts">
        <dt>Email address</dt>
        <dd>{user.email}</dd>
        <dt>Name</dt>
        <dd>{user.name || <span class="muted">not given</span>}</dd>
        <dt>Password</dt>
        <dd>
          {user.hasPassword
            ? 'set'
            : 'none: you sign in with a linked account. A server administrator can give you a link to set a password.'}
        </dd>
        {user.isAdmin ? (
          <>
            <dt>Server administrator</dt>
            <dd>yes: an owner of every organization</dd>
          </>
        ) : null}
      </dl>

      <h2>Linked accounts</h2>
      {identities.length ? (
        <table>
          <caption class="visually-hidden">GitHub and GitLab accounts that sign you in</caption>
          <thead>
            <tr>
              <th scope="col">Host</th>
              <th scope="col">Account</th>
              <th scope="col">Address</th>
              <th scope="col">
                <span class="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {identities.map((identity) => {
              const account = identity.username ? `@${identity.username}` : `user ${identity.providerUserId}`;
              return (
                <tr>
                  <td>{LABELS[identity.provider]}</td>
                  <td>{account}</td>
                  <td>{identity.providerUrl}</td>
                  <td>
                    {waysToSignIn > 1 ? (
                      <PostForm
                        action="/account/identities/unlink"
                        csrf={csrf}
                        class="inline"
                        confirm={`Unlink the ${LABELS[identity.provider]} account ${account}? It will no longer sign you in.`}
                      >
                        <input type="hidden" name="provider" value={identity.provider} />
                        <input type="hidden" name="providerUrl" value={identity.providerUrl} />
                        <input type="hidden" name="providerUserId" value={identity.providerUserId} />
                        <button
                          type="submit"
                          class="secondary"
                          aria-label={`Unlink ${LABELS[identity.provider]} ${account}`}
                        >
                          Unlink
                        </button>
                      </PostForm>
                    ) : (
                      <span class="muted">
                        Your only way to sign in: link another account or set a password before unlinking it.
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p>No GitHub or GitLab account is linked: you sign in with your password.</p>
      )}
      {unlinked.length ? (
        <div class="actions">
          {unlinked.map((host) => (
            <PostForm action={startPath(host)} csrf={csrf} class="inline">
              <button type="submit" class="secondary">
                Link a {host.label} account
              </button>
            </PostForm>
          ))}
        </div>
      ) : null}
      {hosts.length ? (
        <p class="muted">
          Linking takes you to the host to allow Goalie to read your account (your id, username, name and verified email
          addresses), then back here.
        </p>
      ) : (
        <p class="muted">
          Signing in with GitHub or GitLab is not set up on this Goalie: a server administrator configures it
          (docs/configuration.md).
        </p>
      )}

      <h2>{user.hasPassword ? 'Change your password' : 'Set a password'}</h2>
      <PostForm action="/account/password" csrf={csrf} class="stack">
        {user.hasPassword ? (
          <label>
            Current password
            <input type="password" name="current" autoComplete="current-password" required />
          </label>
        ) : (
          <p class="muted">You have no password yet: with one, you can also sign in with your email address.</p>
        )}
        <label>
          New password <span class="muted">(at least {PASSWORD_MIN} characters)</span>
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            required
          />
        </label>
        <label>
          New password again
          <input type="password" name="again" autoComplete="new-password" required />
        </label>
        <div class="actions">
          <button type="submit">{user.hasPassword ? 'Change password' : 'Set password'}</button>
        </div>
      </PostForm>

      <h2>Organizations</h2>
      {memberships.length ? (
        <ul>
          {memberships.map((m) => (
            <li>
              {m.organizationName}: {m.role}
            </li>
          ))}
        </ul>
      ) : (
        <p>
          You are not a member of any organization yet
          {user.isAdmin ? ' (as a server administrator you may still open every project)' : ''}.
        </p>
      )}
    </>
  );
}

export function accountRoutes(app: AppContext, hosts: SignInHost[]): Router<AppState> {
  const router = new Router<AppState>();

  const render = async (
    ctx: Context,
    user: UserRecord,
    extra: { notice?: string | null; error?: string; status?: number } = {},
  ) => {
    const [fresh, identities, memberships] = await Promise.all([
      app.store.accounts.userById(user.id),
      app.store.accounts.identitiesOf(user.id),
      app.store.accounts.membershipsOf(user.id),
    ]);
    renderPage(
      ctx,
      { title: 'Your account', status: extra.status },
      <AccountPage
        user={fresh ?? user}
        identities={identities}
        memberships={memberships}
        hosts={hosts}
        csrf={csrfToken(ctx)}
        notice={extra.notice}
        error={extra.error}
      />,
    );
  };

  router.get('/account', async (ctx) => {
    await render(ctx, requireUser(ctx), { notice: resultNotice(ctx.query) });
  });

  router.post('/account/identities/unlink', async (ctx) => {
    const form = await requireCsrf(ctx, PLACE);
    const user = requireUser(ctx);
    try {
      const provider = field(form, 'provider');
      if (!Object.hasOwn(LABELS, provider))
        throw new BadRequest('The host must be github or gitlab. Press Unlink on your account page.');
      const identity = await unlinkIdentity(app, user, {
        provider: provider as IdentityProvider,
        providerUrl: field(form, 'providerUrl'),
        providerUserId: field(form, 'providerUserId'),
      });
      ctx.redirect(`/account?result=unlinked&host=${identity.provider}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await render(ctx, user, { error: error.message, status: error.status });
    }
  });

  router.post('/account/password', async (ctx) => {
    const form = await requireCsrf(ctx, PLACE);
    const user = requireUser(ctx);
    try {
      const password = form.get('password') ?? '';
      if (password !== (form.get('again') ?? ''))
        throw new BadRequest('The two new passwords differ: nothing was changed. Write the same one twice.');
      const device = await changePassword(app, user, {
        current: form.get('current') ?? '',
        password,
        client: ctx.ip,
        deviceTokens: deviceTokensOf(ctx),
      });
      rememberDevice(ctx, device);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if ('headers' in error) ctx.set(error.headers as Record<string, string>);
      return render(ctx, user, { error: error.message, status: error.status });
    }
    // Every session ended with the change; this browser gets a new one.
    await startAndRedirect(app, ctx, user.id, '/account?result=password');
  });

  return router;
}
