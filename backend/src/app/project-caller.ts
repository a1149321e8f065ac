// A project acted on from inside the service (the dashboard, a schedule, Slack): the same Caller an
// API token resolves to, without a token.
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { Caller } from './records.js';

export async function projectCaller(ctx: AppContext, projectId: string): Promise<Caller> {
  const project = await ctx.store.projects.findById(projectId);
  const organization = project && (await ctx.store.organizations.findById(project.organizationId));
  if (!project || !organization) throw new NotFound('This project no longer exists.');
  return { tokenId: '', project, organization };
}
