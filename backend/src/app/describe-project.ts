// `goalie project list` and `goalie project show`: a project's UUID and short IDs, and the URLs that
// clients (QA.tech's action, the legacy route, the repository host's webhook) need, without applying
// a file again.
import type { AppContext } from './context.js';
import { NotFound } from './errors.js';
import type { ProjectSummary } from './ports/overview.js';
import { findProject } from './tokens.js';

export interface NamedShortId {
  name: string;
  shortId: string;
}

export interface ProjectDescription {
  organization: { id: string; name: string };
  project: { id: string; name: string; slug: string };
  /** GOALIE_PUBLIC_URL: what clients set as GOALIE_API_URL. */
  apiUrl: string;
  /** The deprecated `/api/projects/{projectUuid}/runs` route (docs/api.md). */
  legacyRunsUrl: string;
  testPlans: (NamedShortId & { default: boolean })[];
  applications: (NamedShortId & { environments: (NamedShortId & { url: string; default: boolean })[] })[];
  configs: NamedShortId[];
  devicePresets: (NamedShortId & { default: boolean })[];
  scenarios: NamedShortId[];
  /** Test cases by burn-in state: GENERATING, COMPLETED, FAILED. */
  testCases: Record<string, number>;
  /** The repository connection's webhook; null when the project has no `repository`. */
  repository: { host: string; repository: string; webhookUrl: string; webhookError: string | null } | null;
}

export async function listProjects(ctx: AppContext): Promise<ProjectSummary[]> {
  return ctx.store.overview.projects(null);
}

const byName = <T extends { name: string }>(items: T[]): T[] => [...items].sort((a, b) => a.name.localeCompare(b.name));
const named = (o: { name: string; shortId: string }): NamedShortId => ({ name: o.name, shortId: o.shortId });

export async function describeProject(ctx: AppContext, slugOrName: string): Promise<ProjectDescription> {
  let record;
  try {
    record = await findProject(ctx, slugOrName);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    const slugs = (await listProjects(ctx)).map((p) => p.slug);
    throw new NotFound(
      `No project has the slug or name ${JSON.stringify(slugOrName)}. ${slugs.length ? `Projects in this database: ${slugs.join(', ')} (goalie project list).` : 'This database has no project yet: declare one in a project YAML and run goalie apply.'}`,
    );
  }
  const summary = (await ctx.store.overview.projectBySlug(record.slug))!;
  const [existing, connection, testCases] = await Promise.all([
    ctx.store.projectsAsCode.load(summary.organizationName, summary.name),
    ctx.store.reviews.connectionOfProject(record.id),
    ctx.store.testCases.listByProject(record.id),
  ]);
  const server = ctx.links.server();
  const states: Record<string, number> = {};
  for (const t of testCases) states[t.generationStatus] = (states[t.generationStatus] ?? 0) + 1;
  return {
    organization: { id: record.organizationId, name: summary.organizationName },
    project: { id: record.id, name: record.name, slug: record.slug },
    apiUrl: server,
    legacyRunsUrl: `${server}/api/projects/${record.id}/runs`,
    testPlans: byName(existing.testPlans).map((p) => ({ ...named(p), default: p.id === record.defaultTestPlanId })),
    applications: byName(existing.applications).map((a) => ({
      ...named(a),
      environments: byName(a.environments).map((e) => ({ ...named(e), url: e.url, default: e.isDefault })),
    })),
    configs: byName(existing.configs).map(named),
    devicePresets: byName(existing.devicePresets).map((d) => ({
      ...named(d),
      default: d.id === record.defaultDevicePresetId,
    })),
    scenarios: byName(existing.scenarios).map(named),
    testCases: states,
    repository: connection
      ? {
          host: connection.host,
          repository: connection.repository,
          webhookUrl: ctx.links.webhook(connection.host, connection.shortId),
          webhookError: connection.webhookError,
        }
      : null,
  };
}
