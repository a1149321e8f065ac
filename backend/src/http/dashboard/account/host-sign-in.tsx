// Signing in with GitHub or GitLab: GET /auth/<host>/start sends the browser to the host (from the
// sign-in or an invitation page), POST /auth/<host>/start does the same to link an account (from the
// account page), and /auth/<host>/callback finishes: it checks the state, exchanges the code, and
// signs in, joins, links, or says why not. Nothing is signed in unless every check passed.
import Router from '@koa/router';
import type { Context } from 'koa';
import { finishHostSignIn, type HostSignInOutcome, type SignInIntent } from '../../../app/accounts/host-sign-in.js';
import type { AppContext } from '../../../app/context.js';
import { AppError, NotFound } from '../../../app/errors.js';
import type { UserRecord } from '../../../app/ports/accounts.js';
import { SignInHostError, type HostAccount, type SignInHost } from '../../../app/ports/sign-in-host.js';
import type { AppState } from '../../state.js';
import { currentUser, SignInNeeded } from '../access.js';
import { safeNext } from '../components.js';
import { requireCsrf } from '../csrf.js';
import { renderPage } from '../render.js';
import type { SignInProvider } from './sign-in.js';
import { startAndRedirect } from './sign-in.js';
import {
  checkSignInState,
  codeChallenge,
  newSignInState,
  setStateCookie,
  SIGN_IN_STATE_MINUTES,
  takeStateCookie,
  type StateProblem,
} from './sign-in-state.js';

const ACCOUNT_PAGE = {
  page: 'account page',
  alternative: 'Open /account in a browser and press the Link button there.',
};
const MAX_NEXT = 1000;
const INVITATION_PATH = /^\/invitations\/([A-Za-z0-9_-]+)$/;

/** The sign-in page's and invitation page's buttons, one per configured host. */
export function signInButtons(hosts: SignInHost[]): SignInProvider[] {
  return hosts.map((host) => ({
    label: `Sign in with ${host.label}`,
    start: (next) => `/auth/${host.provider}/start?next=${encodeURIComponent(next)}`,
  }));
}

/** Where a button (or a form) starts signing in with the host. */
export const startPath = (host: Pick<SignInHost, 'provider'>) => `/auth/${host.provider}/start`;

function hostFor(hosts: SignInHost[], name: string | undefined): SignInHost {
  const host = hosts.find((h) => h.provider === name);
  if (host) return host;
  if (name === 'github' || name === 'gitlab') {
    const label = name === 'github' ? 'GitHub' : 'GitLab';
    throw new NotFound(
      `Signing in with ${label} is not set up on this Goalie. An administrator sets GOALIE_${name.toUpperCase()}_OAUTH_CLIENT_ID and GOALIE_${name.toUpperCase()}_OAUTH_CLIENT_SECRET (docs/configuration.md); until then, sign in with your password.`,
    );
  }
  throw new NotFound('Goalie signs in with GitHub (/auth/github/...) or GitLab (/auth/gitlab/...) only.');
}

function start(app: AppContext, ctx: Context, host: SignInHost, next: string, intent: SignInIntent): void {
  const state = newSignInState(host.provider, next, intent, app.now());
  setStateCookie(ctx, state);
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(host.authorizeUrl({ state: state.state, codeChallenge: codeChallenge(state.codeVerifier) }));
}

const query = (ctx: Context, name: string): string | undefined =>
  typeof ctx.query[name] === 'string' ? ctx.query[name] : undefined;

export function hostSignInRoutes(app: AppContext, hosts: SignInHost[]): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/auth/:provider/start', (ctx) => {
    const host = hostFor(hosts, ctx.params.provider);
    // A long `next` would make the state cookie too big for the browser to keep: then the projects page.
    const asked = safeNext(query(ctx, 'next'));
    const next = asked.length <= MAX_NEXT ? asked : '/';
    // From an invitation page: the invitation goes along, so a new person joins with this account.
    const invitation = INVITATION_PATH.exec(next);
    start(app, ctx, host, next, invitation ? { kind: 'invitation', token: invitation[1]! } : { kind: 'sign-in' });
  });

  router.post('/auth/:provider/start', async (ctx) => {
    await requireCsrf(ctx, ACCOUNT_PAGE);
    const user = currentUser(ctx);
    if (!user) throw new SignInNeeded('/account');
    start(app, ctx, hostFor(hosts, ctx.params.provider), '/account', { kind: 'link', userId: user.id });
  });

  router.get('/auth/:provider/callback', async (ctx) => {
    const host = hostFor(hosts, ctx.params.provider);
    const log = ctx.state.log;
    const saved = checkSignInState(host.provider, takeStateCookie(ctx, host.provider), query(ctx, 'state'), app.now());
    if ('problem' in saved) {
      log.warn(
        { signIn: { host: host.url, problem: saved.problem } },
        `sign-in with ${host.label} refused: its state is ${saved.problem}`,
      );
      return problemPage(
        ctx,
        host,
        400,
        'This sign-in cannot be finished',
        [stateMessage(host, saved.problem), 'Nothing was signed in.'],
        { next: '/', linking: false },
      );
    }
    const back: Back = {
      next: saved.intent.kind === 'link' ? '/account' : saved.next,
      linking: saved.intent.kind === 'link',
    };
    const error = query(ctx, 'error');
    if (error) {
      // What the host says is logged (it names no secret); the code never is, nor is the token.
      log.warn(
        { signIn: { host: host.url, error, description: query(ctx, 'error_description')?.slice(0, 300) } },
        `sign-in with ${host.label} came back with an error`,
      );
      return error === 'access_denied'
        ? problemPage(
            ctx,
            host,
            403,
            `${host.label} did not let Goalie in`,
            [
              `You did not allow Goalie to read your ${host.label} account, so nothing was signed in or linked. To use it, start again and press Authorize on ${host.label}.`,
            ],
            back,
          )
        : problemPage(
            ctx,
            host,
            502,
            `${host.label} refused the sign-in`,
            [
              `${host.label} said ${JSON.stringify(error)}${query(ctx, 'error_description') ? `: ${query(ctx, 'error_description')!.slice(0, 300)}` : ''}.`,
              `An administrator should check the OAuth application on ${host.label} (docs/configuration.md).`,
            ],
            back,
          );
    }
    const code = query(ctx, 'code');
    if (!code)
      return problemPage(
        ctx,
        host,
        400,
        'This sign-in cannot be finished',
        [`${host.label} sent the browser back without a code. Start again.`, 'Nothing was signed in.'],
        back,
      );

    let account: HostAccount;
    try {
      account = await host.account({ code, codeVerifier: saved.codeVerifier });
    } catch (error) {
      if (!(error instanceof SignInHostError)) throw error;
      log.warn(
        { signIn: { host: host.url, reason: error.reason }, err: { message: error.message } },
        `sign-in with ${host.label} failed`,
      );
      const status = error.reason === 'timeout' ? 504 : 502;
      return problemPage(
        ctx,
        host,
        status,
        `${host.label} could not sign you in`,
        [error.message, 'Nothing was signed in. Try again in a moment; if it keeps failing, tell an administrator.'],
        back,
      );
    }

    let outcome: HostSignInOutcome;
    try {
      outcome = await finishHostSignIn(app, host, account, saved.intent, currentUser(ctx));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return problemPage(ctx, host, error.status, titleFor(error.status), [error.message], back);
    }
    return finish(app, ctx, host, account, outcome, saved.next);
  });

  return router;
}

async function finish(
  app: AppContext,
  ctx: Context,
  host: SignInHost,
  account: HostAccount,
  outcome: HostSignInOutcome,
  next: string,
): Promise<void> {
  switch (outcome.kind) {
    case 'signed-in':
      return startAndRedirect(app, ctx, outcome.user.id, next);
    case 'joined':
      return startAndRedirect(app, ctx, outcome.user.id, '/');
    case 'linked':
      return ctx.redirect(`/account?result=${outcome.already ? 'already-linked' : 'linked'}&host=${host.provider}`);
    case 'no-account':
      return noAccountPage(ctx, host, account, currentUser(ctx));
  }
}

function stateMessage(host: SignInHost, problem: StateProblem): string {
  switch (problem) {
    case 'missing':
      return `This browser has no sign-in with ${host.label} waiting to be finished: it was finished already, started in another browser, or the link back from ${host.label} was opened twice. Start again from the sign-in page.`;
    case 'mismatch':
      return `The answer from ${host.label} belongs to another sign-in than the one this browser started, so it may not be yours. Start again from the sign-in page.`;
    case 'expired':
      return `The sign-in with ${host.label} took longer than ${SIGN_IN_STATE_MINUTES} minutes. Start again from the sign-in page.`;
  }
}

const TITLES: Record<number, string> = { 403: 'Not allowed', 404: 'Not found', 409: 'Already linked elsewhere' };
const titleFor = (status: number) => TITLES[status] ?? 'This sign-in cannot be finished';

/** Where the flow was headed (a local path), and whether it was linking from the account page. */
interface Back {
  next: string;
  linking: boolean;
}

/** Where "back" goes: the account page (linking), the invitation (joining), or signing in again. */
function backLink(back: Back): { href: string; label: string } {
  if (back.linking) return { href: '/account', label: 'Back to your account' };
  if (INVITATION_PATH.test(back.next)) return { href: back.next, label: 'Back to the invitation' };
  return { href: `/sign-in?next=${encodeURIComponent(back.next)}`, label: 'Back to signing in' };
}

function problemPage(ctx: Context, host: SignInHost, status: number, title: string, lines: string[], back: Back): void {
  const link = backLink(back);
  renderPage(
    ctx,
    { title, status },
    <>
      <h1>{title}</h1>
      {lines.map((line) => (
        <p>{line}</p>
      ))}
      <p class="actions">
        <a class="button" href={link.href}>
          {link.label}
        </a>
        {back.linking ? null : (
          <a class="button secondary" href={`${startPath(host)}?next=${encodeURIComponent(back.next)}`}>
            Try {host.label} again
          </a>
        )}
      </p>
    </>,
  );
}

function noAccountPage(ctx: Context, host: SignInHost, account: HostAccount, user: UserRecord | null): void {
  const title = `No Goalie account uses this ${host.label} account`;
  renderPage(
    ctx,
    { title, status: 403 },
    <>
      <h1>{title}</h1>
      <p>
        You are signed in on {host.label} as <strong>@{account.username}</strong>, and no Goalie account is linked to
        it, so nothing was signed in. Goalie accounts are made by invitation only.
      </p>
      <p>
        Ask an admin of your organization for an invitation, or sign in with your password and link it on your account
        page.
      </p>
      <p class="actions">
        {user ? (
          <a class="button" href="/account">
            Link it on your account page
          </a>
        ) : (
          <a class="button" href="/sign-in?next=%2Faccount">
            Sign in with your password
          </a>
        )}
      </p>
      <p class="muted">
        Goalie never links a {host.label} account to a Goalie account by its email address: an address on {host.label}{' '}
        does not prove that the Goalie account is yours.
      </p>
    </>,
  );
}
