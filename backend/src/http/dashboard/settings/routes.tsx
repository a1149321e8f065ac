// /p/:slug/settings: the overview, and its sub-pages (sections.ts lists them). Every page and form
// needs an admin or owner of the project's organization ('settings'); each form checks its CSRF token
// first, then the role, then hands over to the use case, which checks the rules again. Results come
// back as a redirect to the page with a notice, except a new token or invitation link: that is shown
// in the answer to its form, the only time it is ever shown.
import Router from '@koa/router';
import type { AppContext } from '../../../app/context.js';
import type { AppState } from '../../state.js';
import { renderPage } from '../render.js';
import { apiTokenRoutes } from './api-tokens-routes.js';
import { SettingsFrame } from './frame.js';
import { memberRoutes } from './members-routes.js';
import { notificationRoutes } from './notifications-routes.js';
import { SettingsOverview } from './overview.js';
import { ProjectFilePage } from './project-file.js';
import { repositoryRoutes } from './repository-routes.js';
import { SETTINGS_SECTIONS } from './sections.js';
import { renderSettings, settingsPage } from './settings-page.js';
import { slackRoutes } from './slack-routes.js';
import { webhookRoutes } from './webhooks-routes.js';

export function settingsRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/p/:slug/settings', async (ctx) => {
    const { project, nav } = await settingsPage(app, ctx, 'see or change the settings');
    const states = await Promise.all(
      SETTINGS_SECTIONS.map((s) => (s.state ? s.state(app, project) : Promise.resolve(null))),
    );
    renderPage(
      ctx,
      { title: `Settings · ${project.name}`, project: nav, section: 'settings' },
      <SettingsFrame slug={project.slug} current={null}>
        <SettingsOverview
          slug={project.slug}
          projectName={project.name}
          organizationName={project.organizationName}
          states={states}
        />
      </SettingsFrame>,
    );
  });

  // Each section's pages and forms, in the order of the navigation.
  apiTokenRoutes(app, router);
  repositoryRoutes(app, router);
  slackRoutes(app, router);
  notificationRoutes(app, router);
  webhookRoutes(app, router);

  // Project › Project file.
  router.get('/p/:slug/settings/project-file', async (ctx) => {
    const page = await settingsPage(app, ctx, 'see or change the settings');
    renderSettings(ctx, page, 'project-file', 'Project file', <ProjectFilePage slug={page.project.slug} />);
  });

  memberRoutes(app, router);

  return router;
}
