// A project acted on from inside the service (the dashboard, a schedule, Slack): the same Caller an
// API token resolves to, without a token.
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { Caller, OrganizationRecord, ProjectRecord } from './records.js';

/** No token, so the scope of the spec's REST API: runs and test cases, never a project file. */
export function insideCaller(project: ProjectRecord, organization: OrganizationRecord): Caller {
  return { tokenId: '', scope: 'run', project, organization };
}

export async function projectCaller(ctx: AppContext, projectId: string): Promise<Caller> {
  const project = await ctx.store.projects.findById(projectId);
  const organization = project && (await ctx.store.organizations.findById(project.organizationId));
  if (!project || !organization) throw new NotFound('This project no longer exists.');
  return insideCaller(project, organization);
}
