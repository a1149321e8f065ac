// The test case list of a project, a test case's page (the API's `url` of a test case) and its
// actions: enable, disable, burn in again, run now, delete; the form that creates, tries and edits
// test cases is in form-routes.tsx. The page is
// readable by anyone for a project with `publicResults`; every action needs a member who may edit
// (or run), and is checked again on the POST, after its CSRF token.
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAllowed } from '../../../app/accounts/access.js';
import type { AppContext } from '../../../app/context.js';
import { AppError, NotFound } from '../../../app/errors.js';
import { projectCaller } from '../../../app/project-caller.js';
import { startTestCaseRun } from '../../../app/start-run.js';
import { testCaseDetails } from '../../../app/test-case-details.js';
import { deleteTestCase } from '../../../app/delete-test-case.js';
import { burnInAgain, findTestCase, setTestCaseEnabled } from '../../../app/test-case-state.js';
import { can, type Action } from '../../../domain/access.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { projectPage, type ProjectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import type { FormPlace } from '../same-origin.js';
import { renderTestCaseList } from './list-page.js';
import { testCaseFormRoutes } from './form-routes.js';
import { TestCasePage } from './test-case-page.js';
import { testCaseYaml } from './yaml-snippet.js';

/** The project of a test case, with the viewer's role checked for `action`. */
async function projectOf(
  app: AppContext,
  ctx: Context,
  projectId: string,
  action: Action,
  what: string,
): Promise<ProjectPage> {
  const project = await app.store.projects.findById(projectId);
  if (!project) throw new NotFound('Nothing was found at this address, or you are not a member of its organization.');
  return projectPage(app, ctx, project.slug, action, what, { results: action === 'read' });
}

async function showTestCase(
  app: AppContext,
  ctx: Context,
  id: string,
  notice: { done?: string | null; error?: string | null; status?: number } = {},
): Promise<void> {
  const details = await testCaseDetails(app, id);
  const { nav, role } = await projectOf(app, ctx, details.testCase.projectId, 'read', 'see this test case');
  const { testCase } = details;
  // A test case of a project file just saved here: the entry that keeps the change at the next apply.
  const yaml =
    testCase.createdVia === 'apply' &&
    notice.done?.startsWith('edited') &&
    notice.done !== 'edited-unchanged' &&
    can(role, 'edit')
      ? testCaseYaml({
          name: testCase.name,
          application: details.applicationName,
          goal: testCase.goal,
          expectedResult: testCase.expectedResult,
          configs: (await app.store.goalTries.formChoices(testCase.projectId)).configs
            .filter((c) => testCase.configIds.includes(c.id))
            .sort((a, b) => testCase.configIds.indexOf(a.id) - testCase.configIds.indexOf(b.id))
            .map((c) => c.name),
          resumeFrom: details.resumeFrom?.name ?? null,
          waitFor: details.waitFor.map((w) => w.name),
          enabled: testCase.isEnabled,
          plans: details.plans.map((p) => p.name),
        })
      : null;
  renderPage(
    ctx,
    {
      title: details.testCase.name,
      project: nav,
      section: 'test-cases',
      live: details.testCase.generationStatus === 'GENERATING',
      status: notice.status,
    },
    <TestCasePage
      details={details}
      role={role}
      csrf={csrfToken(ctx)}
      projectSlug={nav.slug}
      done={notice.done}
      error={notice.error}
      yaml={yaml}
    />,
  );
}

/**
 * A POST on a test case: its token, the test case, the role for `action`; then `act`. A refusal the
 * member can act on (409, 400) is shown on the test case's page, with its status.
 */
function testCaseAction(
  app: AppContext,
  place: FormPlace,
  action: Action,
  what: string,
  act: (ctx: Context, id: string) => Promise<string>,
) {
  return async (ctx: Context) => {
    await requireCsrf(ctx, place);
    const id = (ctx.params as { id: string }).id;
    const testCase = await findTestCase(app, null, id);
    await projectOf(app, ctx, testCase.projectId, action, what);
    let next: string;
    try {
      next = await act(ctx, testCase.id);
    } catch (error) {
      if (!(error instanceof AppError) || ![400, 402, 409].includes(error.status)) throw error;
      return showTestCase(app, ctx, testCase.id, { error: error.message, status: error.status });
    }
    ctx.redirect(next);
  };
}

const place = (button: string, alternative: string): FormPlace => ({
  page: 'test case page',
  alternative: `Open the test case's page and press ${button} there${alternative}.`,
});

export function testCaseRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  const page = (id: string, done: string) => `/test-cases/${encodeURIComponent(id)}?done=${done}`;

  router.get('/p/:slug/test-cases', (ctx) => renderTestCaseList(app, ctx, ctx.params.slug!));

  router.get('/test-cases/:id', (ctx) => {
    const done = typeof ctx.query.done === 'string' ? ctx.query.done : null;
    return showTestCase(app, ctx, ctx.params.id!, { done });
  });

  for (const verb of ['enable', 'disable'] as const) {
    router.post(
      `/test-cases/:id/${verb}`,
      testCaseAction(
        app,
        place(
          verb === 'enable' ? 'Enable' : 'Disable',
          `, run goalie test-case ${verb} <id>, or use PATCH /v1/test-cases/{id} with an API token`,
        ),
        'edit',
        `${verb} test cases`,
        async (_ctx, id) => {
          await setTestCaseEnabled(app, null, id, verb === 'enable');
          return page(id, `${verb}d`);
        },
      ),
    );
  }

  testCaseFormRoutes(app, router);

  router.post(
    '/test-cases/:id/delete',
    testCaseAction(
      app,
      place('Delete', ', run goalie test-case delete <id>, or use DELETE /v1/test-cases/{id} with an API token'),
      'edit',
      'delete test cases',
      async (ctx, id) => {
        const testCase = await findTestCase(app, null, id);
        const project = (await app.store.projects.findById(testCase.projectId))!;
        // As a token needs the admin scope to delete what a project file declares, a person needs the admin role.
        if (testCase.createdVia === 'apply')
          requireAllowed(
            (await projectOf(app, ctx, project.id, 'edit', 'delete test cases')).role,
            'settings',
            `delete ${testCase.name}, which a project file declares (the next goalie apply of the file creates it again; take it out of the file)`,
          );
        await deleteTestCase(app, { ...(await projectCaller(app, project.id)), scope: 'admin' }, id);
        return `/p/${encodeURIComponent(project.slug)}/test-cases?done=deleted`;
      },
    ),
  );

  router.post(
    '/test-cases/:id/burn-in',
    testCaseAction(app, place('Burn in again', ''), 'edit', 'burn test cases in again', async (_ctx, id) => {
      await burnInAgain(app, null, id);
      return page(id, 'burn-in');
    }),
  );

  router.post(
    '/test-cases/:id/run',
    testCaseAction(
      app,
      place('Run now', ', or start a run of its plan with POST /v1/run and an API token'),
      'run',
      'run test cases',
      async (ctx, id) => {
        const testCase = await findTestCase(app, null, id);
        const run = await startTestCaseRun(
          app,
          await projectCaller(app, testCase.projectId),
          id,
          requireUser(ctx).email,
        );
        return `/runs/${encodeURIComponent(run.shortId)}`;
      },
    ),
  );

  return router;
}
