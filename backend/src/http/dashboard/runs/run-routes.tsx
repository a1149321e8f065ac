// The runs section: the project's run list, a run's page (the API's `url` field points at it) and
// its actions. Reading needs a member (or, for the run page, a project with `publicResults`);
// Rerun failed, Rerun all and Cancel need a member who may run, checked again on every POST.
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { BadRequest, NotFound } from '../../../app/errors.js';
import { runPage } from '../../../app/pages.js';
import type { Caller, RunRecord, RunTestCaseRecord } from '../../../app/records.js';
import { rerun } from '../../../app/rerun.js';
import { cancelRun } from '../../../app/run-engine/cancel-run.js';
import { can } from '../../../domain/access.js';
import { hostLinks } from '../../../domain/host-links.js';
import { isFailedOutcome } from '../../../domain/run-state.js';
import type { AppState } from '../../state.js';
import { currentUser, requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { projectPage, type ProjectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { runListPage } from './run-list.js';
import { RUN_NOTICES, RunPage, stepPlanSentences } from './run-page.js';
import { isLive } from './run-words.js';
import { insideCaller } from '../../../app/project-caller.js';

/** The run and the project it belongs to, with the viewer's access for `action` checked. */
async function runOfProject(
  app: AppContext,
  ctx: Context,
  shortId: string,
  action: 'read' | 'run',
  what: string,
): Promise<{ run: RunRecord; testCases: RunTestCaseRecord[]; page: ProjectPage }> {
  const { run, testCases } = await runPage(app, shortId);
  const project = await app.store.projects.findById(run.projectId);
  if (!project) throw new NotFound(`Run ${shortId} was not found.`);
  const page = await projectPage(app, ctx, project.slug, action, what, { results: true });
  return { run, testCases, page };
}

/** The steps each run test case ran: its recorded step version, else its own step plan (a burn-in that failed). */
async function stepsOf(app: AppContext, testCases: RunTestCaseRecord[]): Promise<Map<string, string[]>> {
  const versions = testCases.flatMap((t) =>
    t.testCaseId && t.stepVersion ? [{ testCaseId: t.testCaseId, version: t.stepVersion }] : [],
  );
  const recorded = await app.store.runQueries.stepSentences(versions);
  return new Map(
    testCases.map((t) => [
      t.id,
      recorded.get(`${t.testCaseId}:${t.stepVersion}`) ?? stepPlanSentences(t.promptExamples),
    ]),
  );
}

async function callerOf(app: AppContext, projectId: string): Promise<Caller> {
  const project = (await app.store.projects.findById(projectId))!;
  const organization = (await app.store.organizations.findById(project.organizationId))!;
  return insideCaller(project, organization);
}

const place = (action: string) => ({
  page: 'run page',
  alternative: `Open the run's page and press ${action} there, or use ${action === 'Cancel run' ? 'POST /v1/run/{shortId}/cancel' : 'POST /v1/run/{shortId}'} with an API token.`,
});

export function runRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/p/:slug/runs', (ctx) => runListPage(app, ctx, ctx.params.slug!));

  router.get('/runs/:shortId', async (ctx) => {
    const { run, testCases, page } = await runOfProject(app, ctx, ctx.params.shortId!, 'read', 'see this run');
    const [steps, previous, rerunOf, review, repository] = await Promise.all([
      stepsOf(app, testCases),
      app.store.runQueries.previousOfPlan(run),
      run.rerunOfRunId ? app.store.runQueries.byId(run.rerunOfRunId) : null,
      app.store.reviews.byRun(run.id),
      app.store.runQueries.repositoryOf(run.projectId),
    ]);
    // The run's own repository (a CI job's) on the connected host, else the connected repository.
    const links = repository
      ? hostLinks(repository.host, repository.apiUrl, run.repository ?? repository.repository)
      : null;
    const notice = typeof ctx.query.notice === 'string' && RUN_NOTICES[ctx.query.notice] ? ctx.query.notice : null;
    renderPage(
      ctx,
      { title: `Run ${run.shortId}`, project: page.nav, section: 'runs', live: isLive(run.status) },
      <RunPage
        data={{
          run,
          testCases,
          project: page.nav,
          steps,
          previous,
          rerunOf,
          review,
          host: repository && links ? { kind: repository.host, links } : null,
          viewer: { mayRun: can(page.role, 'run'), signedIn: currentUser(ctx) !== null },
          csrf: csrfToken(ctx),
          notice,
        }}
      />,
    );
  });

  const back = (ctx: Context, shortId: string, notice: keyof typeof RUN_NOTICES) =>
    ctx.redirect(`/runs/${encodeURIComponent(shortId)}?notice=${notice}`);

  router.post('/runs/:shortId/cancel', async (ctx) => {
    await requireCsrf(ctx, place('Cancel run'));
    const { run } = await runOfProject(app, ctx, ctx.params.shortId!, 'run', 'cancel runs');
    if (!isLive(run.status)) return back(ctx, run.shortId, 'ended');
    try {
      await cancelRun(app, null, run.shortId);
    } catch (error) {
      // It ended meanwhile.
      if (error instanceof BadRequest) return back(ctx, run.shortId, 'ended');
      throw error;
    }
    back(ctx, run.shortId, 'cancelling');
  });

  for (const failedOnly of [false, true]) {
    router.post(`/runs/:shortId/${failedOnly ? 'rerun-failed' : 'rerun'}`, async (ctx) => {
      await requireCsrf(ctx, place(failedOnly ? 'Rerun failed' : 'Rerun all'));
      const { run, testCases } = await runOfProject(app, ctx, ctx.params.shortId!, 'run', 'rerun runs');
      const user = requireUser(ctx);
      // The page offers no rerun until the run has ended (docs/dashboard.md): what it would rerun is
      // not known yet, and a second run of the same test cases would race the first.
      if (isLive(run.status)) return back(ctx, run.shortId, 'still-running');
      const chosen = testCases.filter((t) => t.testCaseId && (!failedOnly || isFailedOutcome(t)));
      if (chosen.length === 0)
        return back(
          ctx,
          run.shortId,
          failedOnly && testCases.some((t) => t.testCaseId) ? 'nothing-failed' : 'nothing-to-rerun',
        );
      // As Slack's Rerun failed: a manual run, by the person who pressed the button.
      const started = await rerun(
        app,
        await callerOf(app, run.projectId),
        run.shortId,
        failedOnly ? { failedOnly: true } : {},
        { trigger: 'MANUAL', actor: user.name || user.email },
      );
      ctx.redirect(`/runs/${encodeURIComponent(started.shortId)}`);
    });
  }

  return router;
}
