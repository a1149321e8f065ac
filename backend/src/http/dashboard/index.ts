// The dashboard: server-rendered pages for people, signed in with a session cookie (loaded by
// `dashboardSession` for every address but the API's, webhooks' and assets').
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppContext } from '../../app/context.js';
import type { EvidenceStore } from '../../app/ports/evidence.js';
import type { AppState } from '../state.js';
import type { SignInHost } from '../../app/ports/sign-in-host.js';
import { accountRoutes } from './account/account-page.js';
import { hostSignInRoutes, signInButtons } from './account/host-sign-in.js';
import { invitationRoutes } from './account/invitation.js';
import { passwordResetRoutes } from './account/password-reset.js';
import { signInRoutes } from './account/sign-in.js';
import { assetRoutes } from './assets.js';
import { homeRoutes } from './home.js';
import { projectExportRoutes } from './project-export.js';
import { resultsRoutes } from './results-routes.js';
import { runRoutes } from './runs/run-routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { planRoutes } from './plans/routes.js';
import { testCaseRoutes } from './test-cases/routes.js';
import { isDashboardPath } from './error-pages.js';
import { loadSession } from './session.js';
import { refuseSignedOut } from './signed-out.js';

export interface DashboardOptions {
  evidence: EvidenceStore;
  /** GOALIE_PUBLIC_URL is https: cookies are Secure. */
  secureCookies: boolean;
  /** GitHub and GitLab, where their OAuth applications are configured: their sign-in buttons. */
  signInHosts?: SignInHost[];
}

export function dashboardRoutes(app: AppContext, options: DashboardOptions): Router<AppState>[] {
  const hosts = options.signInHosts ?? [];
  const buttons = signInButtons(hosts);
  const providers = () => buttons;
  return [
    assetRoutes(),
    signInRoutes(app, providers),
    passwordResetRoutes(app),
    invitationRoutes(app, providers),
    hostSignInRoutes(app, hosts),
    accountRoutes(app, hosts),
    homeRoutes(app),
    runRoutes(app),
    resultsRoutes(app, options.evidence),
    projectExportRoutes(app),
    reviewsRoutes(app),
    settingsRoutes(app),
    testCaseRoutes(app),
    planRoutes(app),
  ];
}

/**
 * Loads the signed-in session on the dashboard's addresses, before any route runs, and sends someone
 * signed out to sign in unless the address is open to them (signed-out.ts). An address no page
 * answers gets its 404 as before: it says nothing about what exists, and an API client that
 * mistyped a path learns where the API is.
 */
export function dashboardSession(
  app: AppContext,
  options: Pick<DashboardOptions, 'secureCookies'>,
  pages: readonly Router<AppState>[],
): Middleware<AppState> {
  const load = loadSession(app, options.secureCookies);
  const gate: Middleware<AppState> = async (ctx, next) => {
    if (pages.some((router) => router.match(ctx.path, ctx.method).path.length > 0)) await refuseSignedOut(app, ctx);
    await next();
  };
  return (ctx, next) => (isDashboardPath(ctx.path) ? load(ctx, () => gate(ctx, next)) : next());
}
