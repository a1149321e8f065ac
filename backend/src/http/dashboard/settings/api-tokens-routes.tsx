// Settings › Integrations › API: the project's tokens. A new token is shown in the answer to its
// form, the only time it is ever shown.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { createProjectToken, revokeProjectToken, tokenScope } from '../../../app/tokens.js';
import type { AppState } from '../../state.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import type { ProjectPage } from '../project-context.js';
import { ApiPage, type ApiPageProps } from './api-tokens.js';
import { settingsPath } from './frame.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';

const API_FORMS = {
  page: 'settings page (Settings › Integrations › API)',
  alternative: 'Use the forms on that page, or `goalie token create|revoke` on the server.',
};

type Outcome = Pick<ApiPageProps, 'created' | 'notice' | 'name' | 'scope'>;

async function renderApi(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Outcome = {},
  status?: number,
): Promise<void> {
  const { project } = page;
  const tokens = await app.store.tokens.list(project.id);
  const revoked = typeof ctx.query.revoked === 'string' ? tokens.find((t) => t.id === ctx.query.revoked) : undefined;
  const notice =
    outcome.notice ??
    (revoked
      ? {
          kind: 'ok' as const,
          text: `The token “${revoked.name || revoked.prefix}” (${revoked.prefix}…) is revoked: clients that still send it get 403.`,
        }
      : undefined);
  renderSettings(
    ctx,
    page,
    'api',
    'API tokens',
    <ApiPage
      slug={project.slug}
      project={project}
      tokens={tokens}
      serverUrl={app.links.server()}
      csrf={csrfToken(ctx)}
      {...outcome}
      notice={notice}
    />,
    status,
  );
}

/** Adds this section's pages and forms to the settings router. */
export function apiTokenRoutes(app: AppContext, router: Router<AppState>): void {
  // Integrations › API: tokens.
  router.get('/p/:slug/settings/api', async (ctx) => {
    await renderApi(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/api/tokens', async (ctx) => {
    const form = await requireCsrf(ctx, API_FORMS);
    const page = await settingsPage(app, ctx, 'create API tokens');
    const name = field(form, 'name');
    const scopeField = field(form, 'scope');
    await attempt(
      async () =>
        renderApi(
          app,
          ctx,
          page,
          { created: await createProjectToken(app, page.project.id, name, tokenScope(scopeField)) },
          201,
        ),
      (error) =>
        renderApi(
          app,
          ctx,
          page,
          {
            notice: { kind: 'error', text: error.message },
            name,
            scope: scopeField === 'admin' || scopeField === 'plan' ? scopeField : 'run',
          },
          error.status,
        ),
    );
  });

  router.post('/p/:slug/settings/api/tokens/:id/revoke', async (ctx) => {
    await requireCsrf(ctx, API_FORMS);
    const page = await settingsPage(app, ctx, 'revoke API tokens');
    await attempt(
      async () => {
        const token = await revokeProjectToken(app, page.project.id, ctx.params.id!);
        ctx.redirect(`${settingsPath(page.project.slug, 'api')}?revoked=${encodeURIComponent(token.id)}`);
      },
      (error) => renderApi(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
    );
  });
}
