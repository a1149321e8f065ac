// The project a /p/:slug/... page is about: found by its slug, with the viewer's role checked for what
// the page does, and what the header shows.
import type { Context } from 'koa';
import type { AppContext } from '../../app/context.js';
import { NotFound } from '../../app/errors.js';
import type { ProjectSummary } from '../../app/ports/overview.js';
import type { Action, Role } from '../../domain/access.js';
import { projectAccess } from './access.js';
import type { NavProject } from './layout.js';

export interface ProjectPage {
  project: ProjectSummary;
  nav: NavProject;
  /** The viewer's role (null only on a public results page read by someone who is not a member). */
  role: Role | null;
}

/** `what`: the action in words, for the 403 ("see the runs", "change the settings"). */
export async function projectPage(
  app: AppContext,
  ctx: Context,
  slug: string,
  action: Action,
  what: string,
  options: { results?: boolean } = {},
): Promise<ProjectPage> {
  const project = await app.store.overview.projectBySlug(slug);
  if (!project) throw new NotFound('Nothing was found at this address, or you are not a member of its organization.');
  const role = await projectAccess(app, ctx, project, action, what, options);
  return { project, role, nav: { slug: project.slug, name: project.name, organizationName: project.organizationName } };
}
