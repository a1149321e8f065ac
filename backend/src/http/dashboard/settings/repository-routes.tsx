// Settings › Integrations › Repository: the review settings and the webhook they set up.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { saveReviewSettings, type ReviewSettingsInput } from '../../../app/review/review-settings.js';
import { excerpt, MESSAGE_CHARS } from '../../../domain/excerpt.js';
import type { AppState } from '../../state.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import type { ProjectPage } from '../project-context.js';
import { settingsPath } from './frame.js';
import { RepositoryPage, type RepositoryPageProps } from './repository.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';

const REPOSITORY_FORM = {
  page: 'settings page (Settings › Integrations › Repository)',
  alternative: 'Use the form on that page, or the repository block of the project file and `goalie apply`.',
};

async function renderRepository(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<RepositoryPageProps, 'notice' | 'typed'> = {},
  status?: number,
): Promise<void> {
  const { project } = page;
  const [connection, applications] = await Promise.all([
    app.store.reviews.connectionOfProject(project.id),
    app.store.catalog.applicationsOfProject(project.id),
  ]);
  let notice = outcome.notice;
  if (!notice && connection && ctx.query.saved !== undefined) {
    notice = connection.webhookError
      ? {
          kind: 'error',
          text: `The review settings are saved, but the webhook could not be set up: ${excerpt(connection.webhookError, MESSAGE_CHARS)}. Saving again retries.`,
        }
      : {
          kind: 'ok',
          text: 'The review settings are saved, and the webhook is set up. Put them in the project file as well, or its next apply undoes them.',
        };
  }
  renderSettings(
    ctx,
    page,
    'repository',
    'Repository',
    <RepositoryPage
      slug={project.slug}
      connection={connection}
      applications={applications}
      webhookUrl={connection ? app.links.webhook(connection.host, connection.shortId) : null}
      csrf={csrfToken(ctx)}
      typed={outcome.typed}
      notice={notice}
    />,
    status,
  );
}

/** The repository form's fields; the mapping is rows of two same-named fields, in order. */
function repositoryForm(form: URLSearchParams): ReviewSettingsInput {
  const environments = form.getAll('environment');
  const applications = form.getAll('application');
  return {
    reviewContext: form.get('reviewContext') ?? '',
    autoRun: form.has('autoRun'),
    includeDrafts: form.has('includeDrafts'),
    postCommentOnOpened: form.has('postCommentOnOpened'),
    environments: Array.from({ length: Math.max(environments.length, applications.length) }, (_, i) => ({
      environment: environments[i] ?? '',
      applicationId: applications[i] ?? '',
    })),
  };
}

/** Adds this section's pages and forms to the settings router. */
export function repositoryRoutes(app: AppContext, router: Router<AppState>): void {
  // Integrations › Repository: the review settings.
  router.get('/p/:slug/settings/repository', async (ctx) => {
    await renderRepository(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/repository', async (ctx) => {
    const form = await requireCsrf(ctx, REPOSITORY_FORM);
    const page = await settingsPage(app, ctx, 'change the review settings');
    const typed = repositoryForm(form);
    await attempt(
      async () => {
        await saveReviewSettings(app, page.project.id, typed);
        ctx.redirect(`${settingsPath(page.project.slug, 'repository')}?saved=1`);
      },
      (error) =>
        renderRepository(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });
}
