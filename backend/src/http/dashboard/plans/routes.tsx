// The plans page of a project and its Run now buttons, and the plans' status badges: an SVG of the
// last finished run, public for a project with `publicResults`, else only at the address with the
// plan's secret badge token. Badges need no session and are not kept by caches for long.
import { timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { AppError, NotFound } from '../../../app/errors.js';
import { projectCaller } from '../../../app/project-caller.js';
import { startRun } from '../../../app/start-run.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { PASS_RATE_DAYS } from '../home.js';
import { projectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { badgeMessage, badgeSvg } from './badge-svg.js';
import { PlansPage } from './plans-page.js';

async function showPlans(
  app: AppContext,
  ctx: Context,
  slug: string,
  error: { planShortId: string; message: string; status: number } | null = null,
): Promise<void> {
  const { project, nav, role } = await projectPage(app, ctx, slug, 'read', 'see the test plans');
  const now = app.now();
  const [plans, summaries, channels] = await Promise.all([
    app.store.planQueries.plans(project.id),
    app.store.overview.plans([project.id], new Date(now.getTime() - PASS_RATE_DAYS * 86_400_000)),
    app.store.projects.notificationChannels(project.id, null),
  ]);
  renderPage(
    ctx,
    { title: `Plans · ${project.name}`, project: nav, section: 'plans', status: error?.status },
    <PlansPage
      projectName={project.name}
      projectSlug={project.slug}
      publicResults={project.publicResults}
      plans={plans}
      projectChannels={channels.project}
      summaries={summaries}
      role={role}
      csrf={csrfToken(ctx)}
      links={app.links}
      now={now}
      passRateDays={PASS_RATE_DAYS}
      error={error}
    />,
  );
}

function sameToken(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const NO_BADGE =
  'There is no badge at this address. A project whose results are not public has its badges only at the address with the secret shown on its plans page.';

async function sendBadge(app: AppContext, ctx: Context, shortId: string, token: string | null): Promise<void> {
  const badge = await app.store.planQueries.badge(shortId);
  // Unknown plan, private results, wrong token: the same 404, so nothing tells them apart.
  if (!badge || (token === null ? !badge.publicResults : !sameToken(token, badge.badgeToken)))
    throw new NotFound(NO_BADGE);
  ctx.type = 'image/svg+xml; charset=utf-8';
  // The result changes with every run: caches ask again each time.
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  ctx.body = badgeSvg(badge.name, badgeMessage(badge.lastFinished));
}

export function planRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/p/:slug/plans', (ctx) => showPlans(app, ctx, ctx.params.slug!));

  router.post('/p/:slug/plans/:shortId/run', async (ctx) => {
    await requireCsrf(ctx, {
      page: 'plans page',
      alternative: "Open the project's plans page and press Run now there, or use POST /v1/run with an API token.",
    });
    const { project } = await projectPage(app, ctx, ctx.params.slug!, 'run', 'start runs');
    const shortId = ctx.params.shortId!;
    try {
      const run = await startRun(app, await projectCaller(app, project.id), {
        testPlanShortId: shortId,
        storedTrigger: 'MANUAL',
        actor: requireUser(ctx).email,
      });
      ctx.redirect(`/runs/${encodeURIComponent(run.shortId)}`);
    } catch (error) {
      if (!(error instanceof AppError) || ![400, 402, 409].includes(error.status)) throw error;
      await showPlans(app, ctx, ctx.params.slug!, {
        planShortId: shortId,
        message: error.message,
        status: error.status,
      });
    }
  });

  router.get('/badges/:shortId.svg', (ctx) => sendBadge(app, ctx, ctx.params.shortId!, null));
  router.get('/badges/:shortId/:token.svg', (ctx) => sendBadge(app, ctx, ctx.params.shortId!, ctx.params.token!));

  return router;
}
