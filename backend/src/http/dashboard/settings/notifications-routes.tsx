// Settings › Integrations › Email and Teams: the project's default recipients and Teams channel.
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AppContext } from '../../../app/context.js';
import { saveNotificationDefaults } from '../../../app/notifications/notification-defaults.js';
import type { AppState } from '../../state.js';
import { csrfToken, requireCsrf } from '../csrf.js';
import { field } from '../form.js';
import type { ProjectPage } from '../project-context.js';
import { settingsPath } from './frame.js';
import { NotificationsPage, type NotificationsPageProps } from './notifications.js';
import { attempt, renderSettings, settingsPage } from './settings-page.js';

const NOTIFICATION_FORM = {
  page: 'settings page (Settings › Integrations › Email and Teams)',
  alternative: 'Use the form on that page, or project.notifications in the project file and `goalie apply`.',
};

async function renderNotifications(
  app: AppContext,
  ctx: Context,
  page: ProjectPage,
  outcome: Pick<NotificationsPageProps, 'notice' | 'typed'> = {},
  status?: number,
): Promise<void> {
  const { project } = await app.store.projects.notificationChannels(page.project.id, null);
  const saved = ctx.query.saved !== undefined ? { kind: 'ok' as const, text: 'The defaults are saved.' } : undefined;
  renderSettings(
    ctx,
    page,
    'notifications',
    'Email and Teams',
    <NotificationsPage
      slug={page.project.slug}
      csrf={csrfToken(ctx)}
      email={project.email}
      teams={project.teams}
      smtpConfigured={app.smtpConfigured ?? false}
      notice={outcome.notice ?? saved}
      typed={outcome.typed}
    />,
    status,
  );
}

/** Adds this section's pages and forms to the settings router. */
export function notificationRoutes(app: AppContext, router: Router<AppState>): void {
  // Integrations › Email and Teams: the project's defaults.
  router.get('/p/:slug/settings/notifications', async (ctx) => {
    await renderNotifications(app, ctx, await settingsPage(app, ctx, 'see or change the settings'));
  });

  router.post('/p/:slug/settings/notifications', async (ctx) => {
    const form = await requireCsrf(ctx, NOTIFICATION_FORM);
    const page = await settingsPage(app, ctx, 'change the email and Teams defaults');
    const typed = {
      emails: field(form, 'emails'),
      emailNotifyOn: field(form, 'emailNotifyOn'),
      teamsNotifyOn: field(form, 'teamsNotifyOn'),
    };
    await attempt(
      async () => {
        await saveNotificationDefaults(app, page.project.id, {
          ...typed,
          teamsUrl: field(form, 'teamsUrl'),
          removeTeams: field(form, 'removeTeams') === '1',
        });
        ctx.redirect(`${settingsPath(page.project.slug, 'notifications')}?saved=1`);
      },
      (error) =>
        renderNotifications(app, ctx, page, { notice: { kind: 'error', text: error.message }, typed }, error.status),
    );
  });
}
