// The test case form's addresses: New test case (from the project's list), Edit (from a test case's
// page), Try it (a try of the goal, run by a worker) and the try's own page, which the form's page
// polls. Members and above only (a viewer's GET and POST get 403); every POST after its CSRF token.
// A try is its starter's: anyone else, and any other project's address, gets the 404 of nothing.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../app/errors.js';
import { ownGoalTry, shownGoalTry } from '../../../app/goal-tries/read-try.js';
import { saveTestCaseForm } from '../../../app/goal-tries/save-test-case.js';
import { startGoalTry } from '../../../app/goal-tries/start-try.js';
import type { TestCaseForm, TestCaseFormChoices } from '../../../app/ports/goal-tries.js';
import { projectCaller } from '../../../app/project-caller.js';
import { testCaseDetails } from '../../../app/test-case-details.js';
import { findTestCase } from '../../../app/test-case-state.js';
import { tryState } from '../../../domain/goal-try.js';
import type { AppState } from '../../state.js';
import { requireUser } from '../access.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import { projectPage, type ProjectPage } from '../project-context.js';
import { renderPage } from '../render.js';
import { formAddress, TestCaseFormPage, TryPage } from './test-case-form.js';

const WHAT = 'create, change or try test cases';

/** The form's fields as sent: text trimmed, lists as given (checked again by the use cases). */
export function readTestCaseForm(form: URLSearchParams): TestCaseForm {
  return {
    name: field(form, 'name'),
    goal: field(form, 'goal'),
    expectedResult: field(form, 'expectedResult'),
    environment: field(form, 'environment'),
    configs: form.getAll('configs'),
    plans: form.getAll('plans'),
    resumeFrom: field(form, 'resumeFrom'),
    waitFor: form.getAll('waitFor'),
  };
}

/** A new test case's form: the first application's default environment chosen. */
function emptyForm(choices: TestCaseFormChoices): TestCaseForm {
  const app = choices.applications.find((a) => a.environments.length > 0);
  const env = app?.environments.find((e) => e.isDefault) ?? app?.environments[0];
  return {
    name: '',
    goal: '',
    expectedResult: '',
    environment: env?.shortId ?? '',
    configs: [],
    plans: [],
    resumeFrom: '',
    waitFor: [],
  };
}

/** The form of a test case as it is stored (its texts masked), on its application's default environment. */
async function storedForm(app: AppContext, id: string, choices: TestCaseFormChoices): Promise<TestCaseForm> {
  const { testCase, plans } = await testCaseDetails(app, id);
  const application = choices.applications.find((a) => a.id === testCase.applicationId);
  const env = application?.environments.find((e) => e.isDefault) ?? application?.environments[0];
  return {
    name: testCase.name,
    goal: testCase.goal,
    expectedResult: testCase.expectedResult ?? '',
    environment: env?.shortId ?? '',
    configs: testCase.configIds.flatMap((cid) => choices.configs.find((c) => c.id === cid)?.shortId ?? []),
    plans: plans.map((p) => p.shortId),
    resumeFrom: testCase.resumeFromId ?? '',
    waitFor: testCase.waitForIds,
  };
}

/** The user's try `tryId` of this project, masked, with its state; 404 when it is not theirs. */
async function ownTry(app: AppContext, ctx: Context, page: ProjectPage, tryId: string) {
  const record = await ownGoalTry(app, { userId: requireUser(ctx).id, projectId: page.project.id }, tryId);
  return { record: await shownGoalTry(app, record), state: tryState(record, app.now()) };
}

interface FormPageOptions {
  page: ProjectPage;
  testCase?: { id: string; name: string; createdVia: 'api' | 'apply' };
  /** What was sent (shown again); absent: the try's form, else the stored test case, else an empty one. */
  form?: TestCaseForm;
  tryId?: string | null;
  error?: AppError | null;
}

async function showForm(app: AppContext, ctx: Context, options: FormPageOptions): Promise<void> {
  const { page, testCase, error } = options;
  const choices = await app.store.goalTries.formChoices(page.project.id);
  // A refusal shows the form as sent; the try it names only if it is still there.
  const tried = options.tryId
    ? await ownTry(app, ctx, page, options.tryId).catch((e: unknown) => {
        if (error) return null;
        throw e;
      })
    : null;
  const form =
    options.form ?? tried?.record.form ?? (testCase ? await storedForm(app, testCase.id, choices) : emptyForm(choices));
  if (error) {
    ctx.set((error as { headers?: Record<string, string> }).headers ?? {});
  }
  renderPage(
    ctx,
    {
      title: testCase ? `Edit ${testCase.name}` : 'New test case',
      project: page.nav,
      section: 'test-cases',
      status: error?.status,
    },
    <TestCaseFormPage
      projectSlug={page.nav.slug}
      testCase={testCase}
      form={form}
      choices={choices}
      csrf={csrfToken(ctx)}
      error={error?.message}
      tried={tried}
    />,
  );
}

/** Refusals the person can act on are shown on the form with their status; anything else is thrown. */
function shownOnForm(error: unknown): AppError {
  if (error instanceof AppError && [400, 404, 409, 429].includes(error.status)) return error;
  throw error;
}

const queryTry = (ctx: Context) => (typeof ctx.query.try === 'string' ? ctx.query.try : null);

/** The project of a test case being edited, with the role for `what`; 404 for a test case of no project the user sees. */
async function editedTestCase(app: AppContext, ctx: Context, id: string) {
  const testCase = await findTestCase(app, null, id);
  const project = await app.store.projects.findById(testCase.projectId);
  const page = await projectPage(app, ctx, project?.slug ?? '', 'edit', WHAT);
  return { testCase, page };
}

export function testCaseFormRoutes(app: AppContext, router: Router<AppState>): void {
  router.get('/p/:slug/test-cases/new', async (ctx) => {
    const page = await projectPage(app, ctx, ctx.params.slug!, 'edit', WHAT);
    await showForm(app, ctx, { page, tryId: queryTry(ctx) });
  });

  router.get('/test-cases/:id/edit', async (ctx) => {
    const { testCase, page } = await editedTestCase(app, ctx, ctx.params.id!);
    await showForm(app, ctx, { page, testCase, tryId: queryTry(ctx) });
  });

  const save = (testCaseId: (ctx: Context) => string | null) => async (ctx: Context) => {
    const sent = await requireCsrf(ctx, {
      page: 'test case form',
      alternative:
        'Open the test case form in the dashboard and press Save there, or use the REST API with an API token.',
    });
    const id = testCaseId(ctx);
    const edited = id ? await editedTestCase(app, ctx, id) : null;
    const page = edited?.page ?? (await projectPage(app, ctx, (ctx.params as { slug: string }).slug, 'edit', WHAT));
    const form = readTestCaseForm(sent);
    const tryId = field(sent, 'try') || null;
    try {
      const saved = await saveTestCaseForm(app, await projectCaller(app, page.project.id), requireUser(ctx).id, form, {
        testCaseId: edited?.testCase.id ?? null,
        tryId,
      });
      const done = `${edited ? 'edited' : 'created'}-${saved.steps}`;
      ctx.redirect(`/test-cases/${encodeURIComponent(saved.id)}?done=${done}`);
    } catch (error) {
      await showForm(app, ctx, { page, testCase: edited?.testCase, form, tryId, error: shownOnForm(error) });
    }
  };
  router.post(
    '/p/:slug/test-cases/new',
    save(() => null),
  );
  router.post(
    '/test-cases/:id/edit',
    save((ctx) => ctx.params.id!),
  );

  router.post('/p/:slug/tries', async (ctx) => {
    const sent = await requireCsrf(ctx, {
      page: 'test case form',
      alternative: 'Open the test case form in the dashboard and press Try it there.',
    });
    const page = await projectPage(app, ctx, ctx.params.slug!, 'edit', WHAT);
    const caller = await projectCaller(app, page.project.id);
    const editedId = field(sent, 'testCase') || null;
    // Another project's test case (or none) is not found in this one.
    const testCase = editedId ? await findTestCase(app, caller, editedId) : null;
    const form = readTestCaseForm(sent);
    try {
      const id = await startGoalTry(app, caller, requireUser(ctx).id, form, testCase?.id ?? null);
      ctx.status = 303;
      ctx.redirect(`${formAddress(page.nav.slug, testCase?.id)}?try=${encodeURIComponent(id)}#try`);
    } catch (error) {
      await showForm(app, ctx, {
        page,
        testCase: testCase ?? undefined,
        form,
        tryId: field(sent, 'try') || null,
        error: shownOnForm(error),
      });
    }
  });

  router.get('/p/:slug/tries/:id', async (ctx) => {
    const page = await projectPage(app, ctx, ctx.params.slug!, 'edit', WHAT);
    const { record, state } = await ownTry(app, ctx, page, ctx.params.id!);
    renderPage(
      ctx,
      { title: 'Try of a goal', project: page.nav, section: 'test-cases' },
      <TryPage tried={record} state={state} projectSlug={page.nav.slug} />,
    );
  });
}
