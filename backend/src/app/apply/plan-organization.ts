// The organization and the project of an apply: their ids, the project's slug, and the rows written.
import { randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../../shared/src/project-file/schema.js';
import { slugify } from '../../domain/short-id.js';
import type { AppContext } from '../context.js';
import { DEFAULT_EVIDENCE_RETENTION_DAYS } from '../expire-evidence.js';
import { teamsChannel } from '../notifications/channels.js';
import type { ExistingProject, ProjectWrite } from '../ports/projects-as-code.js';
import { UniqueViolation } from '../ports/store.js';
import { problemList, type Problem } from './planning.js';

export interface OrganizationPlan {
  organizationId: string;
  projectId: string;
  slug: string;
  problems: Problem[];
}

export async function planOrganization(
  ctx: AppContext,
  doc: ProjectFile,
  existing: ExistingProject,
): Promise<OrganizationPlan> {
  const { problems, problem } = problemList();
  const organizationId = existing.organization?.id ?? randomUUID();
  const projectId = existing.project?.id ?? randomUUID();
  const slug = doc.project.slug ?? existing.project?.slug ?? slugify(doc.project.name);
  if (!slug) problem(['project', 'name'], 'gives no usable slug (letters or digits); add project.slug');
  const owner = slug ? await ctx.store.projectsAsCode.slugOwner(slug) : null;
  // The project this file names, created by an apply that ran at the same time, after `load`:
  // not another project's slug. Planning again finds it.
  if (
    owner &&
    !existing.project &&
    owner.organizationName === doc.organization.name &&
    owner.projectName === doc.project.name
  )
    throw new UniqueViolation('projects_slug');
  if (owner && owner.projectId !== existing.project?.id) {
    problem(
      ['project', doc.project.slug ? 'slug' : 'name'],
      `uses the slug ${JSON.stringify(slug)}, which project ${owner.projectName} of organization ${owner.organizationName} already has; set project.slug to another value`,
    );
  }
  return { organizationId, projectId, slug, problems };
}

/** The organization and project rows; the defaults come from the planners of presets and plans. */
export function organizationRows(
  doc: ProjectFile,
  plan: OrganizationPlan,
  defaults: { defaultDevicePresetId: string | null | undefined; defaultTestPlanId: string | undefined },
): Pick<ProjectWrite, 'organization' | 'project'> {
  const { organizationId, projectId: id, slug } = plan;
  const slack = doc.project.slack;
  return {
    organization: {
      id: organizationId,
      name: doc.organization.name,
      usageLimit: doc.organization.usageLimit,
      suspended: doc.organization.suspended,
    },
    project: {
      id,
      organizationId,
      name: doc.project.name,
      slug,
      sshTunnelProxy: doc.project.sshTunnelProxy,
      // Written every time: taking the line out of the file makes the results private again.
      publicResults: doc.project.publicResults ?? false,
      // Also written every time: taking the line out brings back the default.
      evidenceRetentionDays: doc.project.evidenceRetentionDays ?? DEFAULT_EVIDENCE_RETENTION_DAYS,
      browserAccess: {
        allowLoopback: doc.project.network?.allowLoopback ?? null,
        allowPrivate: doc.project.network?.allowPrivate ?? null,
        previewOrigins: doc.repository?.reviews.previewOrigins ?? null,
      },
      // An empty value (a `${VAR:-}` whose variable is unset) turns Slack off instead of storing ''.
      slackBotToken: slack?.botToken === '' ? null : slack?.botToken,
      slackSigningSecret: slack?.signingSecret === '' ? null : slack?.signingSecret,
      slackDefaultChannel: slack?.defaultChannel,
      slackNotifyOn: slack?.notifyOn,
      emailNotifications: doc.project.notifications?.email ?? null,
      teamsNotifications: doc.project.notifications?.teams?.map(teamsChannel) ?? null,
      defaultDevicePresetId: defaults.defaultDevicePresetId,
      defaultTestPlanId: defaults.defaultTestPlanId,
    },
  };
}
