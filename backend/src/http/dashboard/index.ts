// The dashboard: server-rendered pages for people, signed in with a session cookie (loaded by
// `dashboardSession` for every address but the API's, webhooks' and assets').
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppContext } from '../../app/context.js';
import type { EvidenceStore } from '../../app/ports/evidence.js';
import type { AppState } from '../state.js';
import { invitationRoutes } from './account/invitation.js';
import { passwordResetRoutes } from './account/password-reset.js';
import { signInRoutes, type SignInProvider } from './account/sign-in.js';
import { assetRoutes } from './assets.js';
import { homeRoutes } from './home.js';
import { resultsRoutes } from './results-routes.js';
import { planRoutes } from './plans/routes.js';
import { testCaseRoutes } from './test-cases/routes.js';
import { isDashboardPath } from './error-pages.js';
import { loadSession } from './session.js';

export interface DashboardOptions {
  evidence: EvidenceStore;
  /** GOALIE_PUBLIC_URL is https: cookies are Secure. */
  secureCookies: boolean;
  /** Sign-in with GitHub or GitLab, when configured. */
  providers?: () => SignInProvider[];
}

export function dashboardRoutes(app: AppContext, options: DashboardOptions): Router<AppState>[] {
  const providers = options.providers ?? (() => []);
  return [
    assetRoutes() as unknown as Router<AppState>,
    signInRoutes(app, providers),
    passwordResetRoutes(app),
    invitationRoutes(app, providers),
    homeRoutes(app),
    resultsRoutes(app, options.evidence),
    testCaseRoutes(app),
    planRoutes(app),
  ];
}

/** Loads the signed-in session on the dashboard's addresses, before any route runs. */
export function dashboardSession(app: AppContext, options: Pick<DashboardOptions, 'secureCookies'>): Middleware<AppState> {
  const load = loadSession(app, options.secureCookies);
  return (ctx, next) => (isDashboardPath(ctx.path) ? load(ctx, next) : next());
}
