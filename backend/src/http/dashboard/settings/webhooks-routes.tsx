// Settings › Integrations › Webhooks: add, remove, enable again. A generated secret is shown in the
// answer to its form, the only time it is ever shown.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { addWebhook, enableWebhook, removeWebhook } from '../../../app/webhooks/webhook-settings.js';
import type { AppState } from '../../state.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import type { ProjectPage } from '../project-context.js';
import { settingsPath } from './frame.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';
import { DELIVERIES_SHOWN, WebhooksPage, type WebhooksPageProps } from './webhooks.js';

const WEBHOOK_FORMS = {
  page: 'settings page (Settings › Integrations › Webhooks)',
  alternative: 'Use the forms on that page, or project.webhooks in the project file and `goalie apply`.',
};

async function renderWebhooks(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<WebhooksPageProps, 'notice' | 'typed' | 'created'> = {},
  status?: number,
): Promise<void> {
  const endpoints = await app.store.webhooks.endpointsWithDeliveries(page.project.id, DELIVERIES_SHOWN);
  // The notice of a redirect names the webhook only as it stands, so a crafted link cannot put words on the page.
  const done = (verb: string) => {
    const name = ctx.query[verb];
    if (typeof name !== 'string' || endpoints.some((e) => e.name === name) === (verb === 'removed')) return undefined;
    return { kind: 'ok' as const, text: `The webhook “${name}” is ${verb}.` };
  };
  renderSettings(
    ctx,
    page,
    'webhooks',
    'Webhooks',
    <WebhooksPage
      slug={page.project.slug}
      csrf={csrfToken(ctx)}
      endpoints={endpoints}
      {...outcome}
      notice={outcome.notice ?? done('added') ?? done('removed') ?? done('enabled')}
    />,
    status,
  );
}

/** Adds this section's pages and forms to the settings router. */
export function webhookRoutes(app: AppContext, router: Router<AppState>): void {
  // Integrations › Webhooks: add, remove, enable again.
  router.get('/p/:slug/settings/webhooks', async (ctx) => {
    await renderWebhooks(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/webhooks', async (ctx) => {
    const form = await requireCsrf(ctx, WEBHOOK_FORMS);
    const page = await settingsPage(app, ctx, 'change the webhooks');
    const typed = { name: field(form, 'name'), url: field(form, 'url'), events: form.getAll('events') };
    await attempt(
      async () => {
        const added = await addWebhook(app, page.project.id, { ...typed, secret: field(form, 'secret') });
        // A generated secret is shown in this answer only; otherwise back to the page.
        if (added.generatedSecret)
          await renderWebhooks(app, ctx, page, { created: { name: added.name, secret: added.generatedSecret } }, 201);
        else ctx.redirect(`${settingsPath(page.project.slug, 'webhooks')}?added=${encodeURIComponent(added.name)}`);
      },
      (error) =>
        renderWebhooks(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });

  for (const [action, work] of [
    ['remove', removeWebhook],
    ['enable', enableWebhook],
  ] as const) {
    router.post(`/p/:slug/settings/webhooks/:id/${action}`, async (ctx) => {
      await requireCsrf(ctx, WEBHOOK_FORMS);
      const page = await settingsPage(app, ctx, 'change the webhooks');
      await attempt(
        async () => {
          const name = await work(app, page.project.id, ctx.params.id!);
          ctx.redirect(`${settingsPath(page.project.slug, 'webhooks')}?${action}d=${encodeURIComponent(name)}`);
        },
        (error) => renderWebhooks(app, ctx, page, { notice: { kind: 'error', text: error.message } }, error.status),
      );
    });
  }
}
