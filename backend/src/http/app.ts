// The Koa application: middlewares, routes, error shape. It never listens itself (main.ts does).
import Koa from 'koa';
import type { Logger } from 'pino';
import type { AppContext } from '../app/context.js';
import type { DatabaseStatus } from '../app/ports/database-status.js';
import type { ReadinessCheck } from '../app/ports/readiness.js';
import type { EvidenceStore } from '../app/ports/evidence.js';
import type { SignInHost } from '../app/ports/sign-in-host.js';
import { BadRequest } from '../app/errors.js';
import type { ProxyTrust } from '../domain/forwarded-for.js';
import { goalieVersion } from '../version.js';
import { cachedCliBundle } from './cli-bundle.js';
import { believeForwardedHeaders } from './forwarded-headers.js';
import { requireToken } from './middlewares/authenticate.js';
import { errors } from './middlewares/errors.js';
import { jsonBody } from './middlewares/json-body.js';
import { requestContext } from './middlewares/request-context.js';
import { dashboardRoutes, dashboardSession } from './dashboard/index.js';
import { errorPage } from './dashboard/error-pages.js';
import { cliRoutes } from './routes/cli.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes, type MetricsEndpoint } from './routes/metrics.js';
import { requestMetrics } from './middlewares/request-metrics.js';
import { securityHeaders } from './middlewares/security-headers.js';
import { legacyRunRoutes } from './routes/legacy/runs.js';
import { mcpRoutes } from './routes/mcp.js';
import { v1Routes } from './routes/v1/index.js';
import { slackRoutes, type SlackEventsHandler } from './routes/slack.js';
import { webhookRoutes } from './routes/webhooks/index.js';
import type { AppState } from './state.js';

export interface HttpOptions {
  logger: Logger;
  outboundIps: readonly string[];
  bodyLimitBytes: number;
  evidence: EvidenceStore;
  /** The Slack app's request handler (POST /slack/events). */
  slackEvents: SlackEventsHandler;
  /** GOALIE_PUBLIC_URL is https: the dashboard's cookies are Secure. */
  secureCookies?: boolean;
  /** GOALIE_TRUST_PROXY: whose X-Forwarded-* headers are believed; absent: nobody's. */
  trustProxy?: ProxyTrust;
  /** GET /readyz, and the 503 of requests that failed because the database could not be reached. */
  database: DatabaseStatus;
  /** GOALIE_METRICS=token: GET /metrics behind the token; absent: not served here. */
  metricsEndpoint?: MetricsEndpoint;
  /** What else GET /readyz asks (migrations, a worker's browser); read at every probe. */
  readiness?: readonly ReadinessCheck[];
  /** GitHub and GitLab to sign in with, where configured. */
  signInHosts?: SignInHost[];
}

export function createHttpApp(app: AppContext, options: HttpOptions): Koa<AppState> {
  const koa = new Koa<AppState>();
  believeForwardedHeaders(koa, options.trustProxy ?? { kind: 'none' }, {
    secureCookies: options.secureCookies ?? false,
  });
  koa.silent = true;
  const guard = [requireToken(app), jsonBody(options.bodyLimitBytes)];
  const yamlGuard = [requireToken(app), jsonBody(options.bodyLimitBytes, { acceptYaml: true })];
  // The sign-in hosts' own pages, where their sign-in forms' redirects lead.
  const signInOrigins = (options.signInHosts ?? []).map(
    (host) => new URL(host.authorizeUrl({ state: '', codeChallenge: '' })).origin,
  );

  koa.use(securityHeaders({ formTargets: signInOrigins }));
  if (app.metrics) koa.use(requestMetrics(app.metrics));
  koa.use(requestContext(options.logger));
  koa.use(errors(options.database, errorPage));
  koa.use(async (ctx, next) => {
    // No ID holds a NUL character (PostgreSQL text cannot store one): say so instead of asking the database.
    if (/%00/.test(ctx.path))
      throw new BadRequest(
        `The request path ${ctx.path} contains a NUL character (%00); no run, project or test case ID has one.`,
      );
    await next();
  });
  const dashboard = {
    evidence: options.evidence,
    secureCookies: options.secureCookies ?? false,
    signInHosts: options.signInHosts,
  };
  const pages = dashboardRoutes(app, dashboard);
  koa.use(dashboardSession(app, { secureCookies: options.secureCookies ?? false }, pages));
  koa.use(async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    // The router answers 501 for a method it implements nowhere (TRACE, CONNECT): on a known route
    // that is still a method not allowed there, as docs/api.md says.
    if (ctx.status === 501 && ctx.response.get('Allow')) ctx.status = 405;
    if (ctx.status === 405) {
      ctx.body = {
        message: `Method ${ctx.method} is not allowed on ${ctx.path}; allowed: ${ctx.response.get('Allow')}.`,
      };
      ctx.status = 405;
    } else if (ctx.status === 404) {
      if (errorPage(ctx, 404, `Nothing is at ${ctx.path}.`)) return;
      ctx.body = {
        message: `No route for ${ctx.method} ${ctx.path}. The API lives under /v1; its description is at /v1/openapi.json.`,
      };
      ctx.status = 404;
    }
  });

  const routers = [
    healthRoutes(options.database, options.readiness),
    v1Routes(app, options.outboundIps, guard, yamlGuard),
    legacyRunRoutes(app, guard),
    mcpRoutes(app, guard, goalieVersion()),
    ...pages,
    webhookRoutes(app, options.bodyLimitBytes),
    slackRoutes(options.slackEvents, options.bodyLimitBytes),
    cliRoutes(cachedCliBundle(), goalieVersion()),
  ];
  if (options.metricsEndpoint) routers.unshift(metricsRoutes(options.metricsEndpoint));
  for (const router of routers) {
    koa.use(router.routes());
    koa.use(router.allowedMethods());
  }
  return koa;
}
