// GET /p/:slug/export.yaml: "Download as YAML", the project as the `goalie apply` file that
// recreates it. For those who may change the settings: the file holds every goal, config value and
// repository setting (never a secret value; see app/export-project.ts).
import Router from '@koa/router';
import type { AppContext } from '../../app/context.js';
import { exportProjectYaml } from '../../app/export-project.js';
import type { AppState } from '../state.js';
import { projectPage } from './project-context.js';

export function projectExportRoutes(app: AppContext): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/p/:slug/export.yaml', async (ctx) => {
    const { project } = await projectPage(app, ctx, ctx.params.slug!, 'settings', 'download the project as YAML');
    ctx.set('Content-Type', 'application/yaml; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${project.slug}.goalie.yaml"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await exportProjectYaml(app, project);
  });
  return router;
}
