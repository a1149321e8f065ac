// "Download as YAML": a stored project as the `goalie apply` file that recreates it. Secret values
// never leave the server: the file names environment variables for the secrets that `apply` needs
// again, and leaves out those that `apply` keeps when they are absent.
import type { DeclaredChannels } from './notifications/channels.js';
import { DEFAULT_HOST_API_URLS } from '../../../shared/src/project-file/schema.js';
import { projectYaml } from '../../../shared/src/project-file/write.js';
import type { ProjectSnapshot } from './ports/projects-as-code.js';
import { NotFound } from './errors.js';
import { DEFAULT_EVIDENCE_RETENTION_DAYS } from './expire-evidence.js';
import type { AppContext } from './context.js';

export interface ProjectExport {
  /** The `goalie apply` document, in the file's key order. */
  document: Record<string, unknown>;
  /** `${NAME}` references in the document, and what each must hold. */
  variables: { name: string; holds: string }[];
  /** Secrets the server keeps that the file leaves out (applying the file keeps them). */
  keptOnServer: string[];
}

/** NAME_LIKE_THIS from free text, unique among `taken`. */
function variableName(parts: string[], taken: Set<string>): string {
  const base = parts
    .map((p) =>
      p
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_+|_+$/g, ''),
    )
    .filter(Boolean)
    .join('_');
  let name = /^[A-Z_]/.test(base) ? base : `_${base}`;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

/** Only the keys whose value says something: null, undefined, false-by-default and empty are left out. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) =>
        v !== null &&
        v !== undefined &&
        !(Array.isArray(v) && v.length === 0) &&
        !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0),
    ),
  );
}

export function projectDocument(s: ProjectSnapshot): ProjectExport {
  const variables: ProjectExport['variables'] = [];
  const taken = new Set<string>();
  const reference = (parts: string[], holds: string) => {
    const name = variableName(parts, taken);
    variables.push({ name, holds });
    return `\${${name}}`;
  };
  const keptOnServer = ['the Slack bot token and signing secret (if set)', 'the repository webhook secret'];
  // A file without `webhooks` keeps the stored endpoints. Counted, not named: a name defaults to the
  // URL, which may carry a token (Discord, Slack), and this header ends up in repositories.
  const hooks = s.webhooks.length;
  if (hooks) keptOnServer.push(`the ${hooks} outbound webhook endpoint${hooks > 1 ? 's' : ''}, with URLs and secrets`);
  const network = compact({
    allowLoopback: s.project.allowLoopback ?? undefined,
    allowPrivate: s.project.allowPrivate ?? undefined,
  });
  // Teams webhook URLs are secrets: a variable to set, like a config's secret values. `keepEmpty`
  // for a plan: its empty list turns the project's default off, where a missing one inherits it.
  const channels = (c: DeclaredChannels, owner: string[], ownerWords: string, keepEmpty = false) => {
    const declared = {
      email: c.email?.map((e) => ({ to: e.to, notifyOn: e.notifyOn })),
      teams: c.teams?.map((t, i) => ({
        webhookUrl: reference(
          ['GOALIE', ...owner, 'TEAMS', String(i + 1)],
          `the Teams webhook URL ${t.label} of ${ownerWords}`,
        ),
        notifyOn: t.notifyOn,
      })),
    };
    return keepEmpty ? Object.fromEntries(Object.entries(declared).filter(([, v]) => v)) : compact(declared);
  };
  const slack = compact({
    defaultChannel: s.project.slackDefaultChannel,
    notifyOn: s.project.slackNotifyOn === 'always' ? undefined : s.project.slackNotifyOn,
  });

  const document: Record<string, unknown> = {
    organization: compact({ name: s.organization.name, usageLimit: s.organization.usageLimit }),
    project: compact({
      name: s.project.name,
      slug: s.project.slug,
      defaultDevicePreset: s.project.defaultDevicePreset,
      sshTunnelProxy: s.project.sshTunnelProxy || undefined,
      network,
      publicResults: s.project.publicResults || undefined,
      evidenceRetentionDays:
        s.project.evidenceRetentionDays === DEFAULT_EVIDENCE_RETENTION_DAYS
          ? undefined
          : s.project.evidenceRetentionDays,
      slack,
      notifications: channels(s.project.notifications, ['PROJECT'], 'the project'),
    }),
    applications: s.applications.map((a) => ({
      name: a.name,
      environments: a.environments.map((e) =>
        compact({ name: e.name, url: e.url, default: a.environments.length > 1 && e.isDefault ? true : undefined }),
      ),
    })),
    devicePresets: s.devicePresets.map((p) =>
      compact({
        name: p.name,
        viewport:
          p.viewportWidth !== null && p.viewportHeight !== null
            ? { width: p.viewportWidth, height: p.viewportHeight }
            : undefined,
        locale: p.locale,
        timezone: p.timezone,
        userAgent: p.userAgent,
        extraHeaders: p.extraHeaders,
        colorScheme: p.colorScheme,
      }),
    ),
    configs: s.configs.map((c) => ({
      name: c.name,
      values: Object.fromEntries(
        c.entries.map((e) => [
          e.key,
          e.secret
            ? { secret: reference(['GOALIE', c.name, e.key], `the secret value ${e.key} of config ${c.name}`) }
            : (e.value ?? ''),
        ]),
      ),
    })),
    scenarios: s.scenarios.map((sc) => compact({ name: sc.name, description: sc.description, examples: sc.examples })),
    testCases: s.testCases.map((t) =>
      compact({
        name: t.name,
        application: t.application,
        goal: t.goal,
        expectedResult: t.expectedResult,
        configs: t.configs,
        scenario: t.scenario,
        resumeFrom: t.resumeFrom,
        waitFor: t.waitFor,
        enabled: t.enabled ? undefined : false,
      }),
    ),
    testPlans: s.testPlans.map((p) =>
      compact({
        name: p.name,
        default: p.isDefault || undefined,
        description: p.description,
        owner: p.owner,
        testCases: p.testCases,
        applications: Object.fromEntries(
          p.applications.map((a) => [
            a.application,
            compact({ environment: a.environment, devicePreset: a.devicePreset }),
          ]),
        ),
        schedules: p.schedules.map((x) =>
          compact({
            cron: x.cron,
            description: x.description || undefined,
            timezone: x.timezone === 'UTC' ? undefined : x.timezone,
            enabled: x.enabled ? undefined : false,
          }),
        ),
        notifications: {
          ...compact({
            slack: p.slackChannel ? { channel: p.slackChannel, notifyOn: p.slackNotifyOn ?? 'always' } : undefined,
          }),
          ...channels(p.notifications, ['PLAN', p.name], `test plan ${p.name}`, true),
        },
      }),
    ),
  };
  const r = s.repository;
  if (r) {
    const credentials = r.app
      ? {
          app: {
            appId: r.app.appId,
            installationId: r.app.installationId,
            privateKey: reference(['GITHUB_APP_PRIVATE_KEY'], "the GitHub App's private key (the whole .pem file)"),
          },
        }
      : {
          token: reference(
            [r.host === 'github' ? 'GITHUB_TOKEN' : 'GITLAB_TOKEN'],
            `an access token for ${r.repository} on ${r.host === 'github' ? 'GitHub' : 'GitLab'}`,
          ),
        };
    document.repository = compact({
      host: r.host,
      url: r.apiUrl === DEFAULT_HOST_API_URLS[r.host] ? undefined : r.apiUrl,
      repository: r.repository,
      ...credentials,
      reviews: compact({
        autoRun: r.autoRun,
        includeDrafts: r.includeDrafts,
        postCommentOnOpened: r.postCommentOnOpened,
        mention: r.mention,
        context: r.reviewContext,
        testPlan: r.reviewTestPlan,
        environments: Object.fromEntries(r.environmentMapping.map((e) => [e.environment, e.application])),
        previewOrigins: s.project.previewOrigins ?? undefined,
        minimumPermission: r.minimumPermission,
        allowForks: r.allowForks,
      }),
    });
  }
  return { document, variables, keptOnServer };
}

export async function exportProject(ctx: AppContext, projectId: string): Promise<ProjectExport> {
  const snapshot = await ctx.store.projectsAsCode.snapshot(projectId);
  if (!snapshot) throw new NotFound('This project no longer exists.');
  return projectDocument(snapshot);
}

/** The project file as YAML, with a header that says where and when it was downloaded from. */
export async function exportProjectYaml(ctx: AppContext, project: { id: string; slug: string }): Promise<string> {
  const exported = await exportProject(ctx, project.id);
  const source = `${ctx.links.server()} (project ${project.slug}) on ${ctx.now().toISOString().slice(0, 10)}`;
  return projectYaml(exported.document, {
    source,
    variables: exported.variables,
    keptOnServer: exported.keptOnServer,
  });
}
