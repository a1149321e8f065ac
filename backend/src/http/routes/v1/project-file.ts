// Goalie extensions (docs/api.md): a project's YAML over the API, for tokens of the plan or admin scope.
// POST /project-file/plan answers what an apply would do and writes nothing; POST /project-file/apply
// applies; GET /project-file answers the project as the file that recreates it ({file, text}, the
// shape the other two take).
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { projectFileRequestSchema } from '../../../../../shared/src/api/project-file-request.js';
import { applyOverApi, ProjectFileRefused, type ProjectFileInput } from '../../../app/apply-over-api.js';
import type { AppContext } from '../../../app/context.js';
import { exportProjectYaml } from '../../../app/export-project.js';
import { requireScope } from '../../../app/tokens.js';
import { YAML_TYPES } from '../../middlewares/json-body.js';
import type { AppState } from '../../state.js';
import { bodyObject, parse } from '../../validate.js';

/**
 * JSON ({file, text, variables}) or the YAML itself (`curl --data-binary @goalie.yaml -H
 * 'Content-Type: application/yaml'`), which then has no variables: only `${NAME:-default}` works.
 */
function fileInput(ctx: Context & { state: AppState }): ProjectFileInput {
  if (ctx.is(YAML_TYPES)) {
    const file = typeof ctx.query.file === 'string' && ctx.query.file ? ctx.query.file : 'goalie.yaml';
    return parse(projectFileRequestSchema, { file, text: ctx.state.rawBody?.toString('utf8') ?? '' });
  }
  return parse(projectFileRequestSchema, bodyObject(ctx.state.body, { required: true }));
}

export function projectFileRoutes(app: AppContext, guard: Middleware<AppState>[]): Router<AppState> {
  const router = new Router<AppState>();

  for (const [path, dryRun] of [
    ['/project-file/plan', true],
    ['/project-file/apply', false],
  ] as const) {
    router.post(path, ...guard, async (ctx) => {
      try {
        ctx.body = await applyOverApi(app, ctx.state.caller!, fileInput(ctx), { dryRun });
      } catch (error) {
        if (!(error instanceof ProjectFileRefused)) throw error;
        // Every problem at once, each with its place in the file, so one round trip fixes them all.
        ctx.status = error.status;
        ctx.body = { message: error.message, problems: error.problems };
      }
    });
  }

  router.get('/project-file', ...guard, async (ctx) => {
    const caller = ctx.state.caller!;
    // Every goal and config value of the project: as the dashboard's Download as YAML, for admins.
    requireScope(caller, 'admin', 'download the project file');
    ctx.set('Cache-Control', 'private, no-store');
    const { name, slug } = caller.project;
    ctx.body = {
      file: `${slug}.goalie.yaml`,
      project: { name, slug },
      text: await exportProjectYaml(app, caller.project),
    };
  });
  return router;
}
