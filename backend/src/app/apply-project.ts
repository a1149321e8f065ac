// `goalie apply`: make a project what its YAML says. Objects are matched by name; every reference is
// checked (in the file, then in the database) before anything is written; everything is written in one
// transaction. Objects the file does not mention are left alone.
import { randomBytes, randomUUID } from 'node:crypto';
import type { ProjectFile } from '../../../shared/src/project-file/schema.js';
import { findCycle, topologicalOrder, type DependencyEdges } from '../domain/dependency-graph.js';
import { makeShortId, randomSuffix, slugify } from '../domain/short-id.js';
import type { AppContext } from './context.js';
import { BadRequest } from './errors.js';
import type { ExistingProject, ProjectWrite, RepositoryWrite } from './ports/projects-as-code.js';
import { UniqueViolation } from './ports/store.js';
import { DEFAULT_EVIDENCE_RETENTION_DAYS } from './expire-evidence.js';
import { compareSnapshots, type ApplyChanges, type ApplyStatus } from './apply-changes.js';
import { connectRepository, type RepositorySummary } from './apply/connect-repository.js';

export { connectRepository, type RepositorySummary } from './apply/connect-repository.js';

export type DocPath = (string | number)[];

export class ProjectInvalid extends BadRequest {
  constructor(readonly problems: { path: DocPath; message: string }[]) {
    super(problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('\n'));
  }
}

export interface AppliedObject {
  name: string;
  id: string;
  shortId?: string;
  created: boolean;
  /** What this apply did to it (a changed Slack or repository secret alone leaves the project `unchanged`). */
  status: ApplyStatus;
}

/** Names of stored objects the file does not mention: apply leaves them as they are. */
export interface LeftAlone {
  applications: string[];
  devicePresets: string[];
  configs: string[];
  scenarios: string[];
  testCases: string[];
  testPlans: string[];
}

export interface ApplySummary {
  organization: AppliedObject;
  project: AppliedObject & { slug: string; defaultTestPlan: string | null };
  applications: (AppliedObject & { environments: (AppliedObject & { url: string; default: boolean })[] })[];
  devicePresets: AppliedObject[];
  configs: AppliedObject[];
  scenarios: AppliedObject[];
  testCases: (AppliedObject & { enabled: boolean; generationStatus: string; regenerate: boolean })[];
  testPlans: (AppliedObject & { default: boolean; schedules: number })[];
  /** Test cases whose steps must be (re)generated: new, or goal or application changed. */
  toGenerate: string[];
  leftAlone: LeftAlone;
  repository: RepositorySummary | null;
}

/** A name -> id table that knows objects of the file and of the database. */
function lookup<T extends { name: string }>(existing: readonly T[]) {
  return new Map(existing.map((e) => [e.name, e]));
}

export async function applyProject(ctx: AppContext, doc: ProjectFile): Promise<ApplySummary> {
  // Two applies of a new organization or project at once both plan to create it; the one whose
  // write hits the unique constraint plans again, and now finds what the other one created.
  for (let attempt = 1; ; attempt++) {
    try {
      const summary = await applyOnce(ctx, doc);
      // A suspension or a renamed project applied by this process counts from its next API request on.
      ctx.callers?.clear();
      return summary;
    } catch (error) {
      if (!(error instanceof UniqueViolation) || attempt >= 5) throw error;
    }
  }
}

async function applyOnce(ctx: AppContext, doc: ProjectFile): Promise<ApplySummary> {
  const problems: { path: DocPath; message: string }[] = [];
  const problem = (path: DocPath, message: string) => problems.push({ path, message });
  const existing: ExistingProject = await ctx.store.projectsAsCode.load(doc.organization.name, doc.project.name);
  const projectLabel = `project ${doc.project.name}`;

  // Organization and project.
  const organizationId = existing.organization?.id ?? randomUUID();
  const projectId = existing.project?.id ?? randomUUID();
  const slug = doc.project.slug ?? existing.project?.slug ?? slugify(doc.project.name);
  if (!slug) problem(['project', 'name'], 'gives no usable slug (letters or digits); add project.slug');
  const owner = slug ? await ctx.store.projectsAsCode.slugOwner(slug) : null;
  // The project this file names, created by an apply that ran at the same time, after `load` above:
  // not another project's slug. Planning again finds it.
  if (owner && !existing.project && owner.organizationName === doc.organization.name && owner.projectName === doc.project.name) throw new UniqueViolation('projects_slug');
  if (owner && owner.projectId !== existing.project?.id) {
    problem(['project', doc.project.slug ? 'slug' : 'name'], `uses the slug ${JSON.stringify(slug)}, which project ${owner.projectName} of organization ${owner.organizationName} already has; set project.slug to another value`);
  }

  // Applications and their environments.
  const oldApps = lookup(existing.applications);
  const apps = doc.applications.map((a) => {
    const old = oldApps.get(a.name);
    return { name: a.name, id: old?.id ?? randomUUID(), shortId: old?.shortId ?? makeShortId('application', a.name), created: !old };
  });
  const appByName = new Map([...existing.applications.map((a) => [a.name, a.id] as const), ...apps.map((a) => [a.name, a.id] as const)]);
  const environments: ProjectWrite['environments'] = [];
  const envSummaries = new Map<string, (Omit<AppliedObject, 'status'> & { url: string; default: boolean })[]>();
  /** application id -> environment name -> id, file first, then database. */
  const envIndex = new Map<string, Map<string, string>>();
  for (const a of existing.applications) envIndex.set(a.id, new Map(a.environments.map((e) => [e.name, e.id])));
  doc.applications.forEach((a, ai) => {
    const app = apps[ai]!;
    const old = lookup(oldApps.get(a.name)?.environments ?? []);
    const defaults = a.environments.filter((e) => e.default);
    if (defaults.length > 1) problem(['applications', ai, 'environments'], `marks ${defaults.length} environments default: true; mark exactly one`);
    // With none marked, the first declared environment is the default.
    const defaultName = defaults[0]?.name ?? a.environments[0]?.name;
    const index = envIndex.get(app.id) ?? new Map<string, string>();
    envIndex.set(app.id, index);
    envSummaries.set(app.id, []);
    for (const e of a.environments) {
      const prev = old.get(e.name);
      const row = { id: prev?.id ?? randomUUID(), shortId: prev?.shortId ?? makeShortId('environment', e.name), applicationId: app.id, name: e.name, url: e.url, isDefault: e.name === defaultName };
      environments.push(row);
      index.set(e.name, row.id);
      envSummaries.get(app.id)!.push({ name: e.name, id: row.id, shortId: row.shortId, created: !prev, url: e.url, default: row.isDefault });
    }
  });

  // Device presets, configs, scenarios.
  const named = <D extends { name: string }>(docs: D[], old: ExistingProject['devicePresets'], kind: 'devicePreset' | 'config' | 'scenario') =>
    docs.map((d) => {
      const prev = old.find((o) => o.name === d.name);
      return { doc: d, id: prev?.id ?? randomUUID(), shortId: prev?.shortId ?? makeShortId(kind, d.name), created: !prev };
    });
  const presets = named(doc.devicePresets, existing.devicePresets, 'devicePreset');
  const configs = named(doc.configs, existing.configs, 'config');
  const scenarios = named(doc.scenarios, existing.scenarios, 'scenario');
  const index = (file: { doc: { name: string }; id: string }[], db: { name: string; id: string }[]) =>
    new Map([...db.map((o) => [o.name, o.id] as const), ...file.map((o) => [o.doc.name, o.id] as const)]);
  const presetByName = index(presets, existing.devicePresets);
  const configByName = index(configs, existing.configs);
  const scenarioByName = index(scenarios, existing.scenarios);

  let defaultDevicePresetId: string | null | undefined;
  if (doc.project.defaultDevicePreset === null) defaultDevicePresetId = null;
  else if (doc.project.defaultDevicePreset !== undefined) {
    defaultDevicePresetId = presetByName.get(doc.project.defaultDevicePreset);
    if (!defaultDevicePresetId) problem(['project', 'defaultDevicePreset'], `names no device preset ${JSON.stringify(doc.project.defaultDevicePreset)} in this file or in ${projectLabel}`);
  }

  // Test cases: ids first, so dependencies can point at test cases declared later in the file.
  const oldTestCases = lookup(existing.testCases);
  const testCaseIds = new Map(existing.testCases.map((t) => [t.name, t.id]));
  const declared = doc.testCases.map((t) => {
    const prev = oldTestCases.get(t.name);
    const id = prev?.id ?? randomUUID();
    testCaseIds.set(t.name, id);
    return { doc: t, id, prev };
  });
  const graph = new Map<string, DependencyEdges>(existing.testCases.map((t) => [t.id, { resumeFrom: t.resumeFromId, waitFor: t.waitForIds }]));
  const testCases: ProjectWrite['testCases'] = [];
  declared.forEach(({ doc: t, id, prev }, ti) => {
    const at = (...rest: (string | number)[]) => ['testCases', ti, ...rest];
    const applicationId = appByName.get(t.application);
    if (!applicationId) problem(at('application'), `names no application ${JSON.stringify(t.application)} in this file or in ${projectLabel}`);
    const configIds = t.configs.flatMap((c, ci) => {
      const cid = configByName.get(c);
      if (!cid) problem(at('configs', ci), `names no config ${JSON.stringify(c)} in this file or in ${projectLabel}`);
      return cid ? [cid] : [];
    });
    const scenarioId = t.scenario ? scenarioByName.get(t.scenario) : undefined;
    if (t.scenario && !scenarioId) problem(at('scenario'), `names no scenario ${JSON.stringify(t.scenario)} in this file or in ${projectLabel}`);
    const resumeFromId = t.resumeFrom ? testCaseIds.get(t.resumeFrom) : undefined;
    if (t.resumeFrom && !resumeFromId) problem(at('resumeFrom'), `names no test case ${JSON.stringify(t.resumeFrom)} in this file or in ${projectLabel}`);
    if (new Set(t.waitFor).size !== t.waitFor.length) problem(at('waitFor'), 'lists a test case more than once');
    const waitForIds = t.waitFor.flatMap((w, wi) => {
      const wid = testCaseIds.get(w);
      if (!wid) problem(at('waitFor', wi), `names no test case ${JSON.stringify(w)} in this file or in ${projectLabel}`);
      return wid ? [wid] : [];
    });
    graph.set(id, { resumeFrom: resumeFromId ?? null, waitFor: waitForIds });
    const regenerate = !prev || prev.goal !== t.goal || prev.applicationId !== applicationId;
    testCases.push({
      id,
      applicationId: applicationId ?? '',
      name: t.name,
      goal: t.goal,
      expectedResult: t.expectedResult ?? null,
      scenarioId: scenarioId ?? null,
      resumeFromId: resumeFromId ?? null,
      waitForIds: [...new Set(waitForIds)],
      configIds: [...new Set(configIds)],
      isEnabled: t.enabled,
      generationStatus: regenerate ? 'GENERATING' : prev.generationStatus,
      regenerate,
    });
  });
  const cycle = findCycle(graph);
  if (cycle) {
    const nameOf = new Map([...testCaseIds].map(([name, id]) => [id, name]));
    const first = declared.findIndex((d) => cycle.includes(d.id));
    problem(first >= 0 ? ['testCases', first] : ['testCases'], `dependencies form a cycle: ${cycle.map((id) => nameOf.get(id) ?? id).join(' → ')}; a test case cannot depend on itself, directly or through others`);
  }

  // Test plans.
  const oldPlans = lookup(existing.testPlans);
  const defaults = doc.testPlans.filter((p) => p.default);
  if (defaults.length > 1) problem(['testPlans'], `marks ${defaults.length} plans default: true (${defaults.map((p) => p.name).join(', ')}); mark at most one`);
  const testPlans: ProjectWrite['testPlans'] = doc.testPlans.map((p, pi) => {
    const at = (...rest: (string | number)[]) => ['testPlans', pi, ...rest];
    const prev = oldPlans.get(p.name);
    if (new Set(p.testCases).size !== p.testCases.length) problem(at('testCases'), 'lists a test case more than once');
    const members = p.testCases.flatMap((name, i) => {
      const id = testCaseIds.get(name);
      if (!id) problem(at('testCases', i), `names no test case ${JSON.stringify(name)} in this file or in ${projectLabel}`);
      return id ? [id] : [];
    });
    const params = Object.entries(p.applications).flatMap(([appName, settings]) => {
      const applicationId = appByName.get(appName);
      if (!applicationId) {
        problem(at('applications', appName), `names no application ${JSON.stringify(appName)} in this file or in ${projectLabel}`);
        return [];
      }
      const environmentId = envIndex.get(applicationId)?.get(settings.environment);
      if (!environmentId) problem(at('applications', appName, 'environment'), `names no environment ${JSON.stringify(settings.environment)} of application ${appName}`);
      const devicePresetId = settings.devicePreset ? presetByName.get(settings.devicePreset) : null;
      if (settings.devicePreset && !devicePresetId) problem(at('applications', appName, 'devicePreset'), `names no device preset ${JSON.stringify(settings.devicePreset)} in this file or in ${projectLabel}`);
      return environmentId ? [{ applicationId, environmentId, devicePresetId: devicePresetId ?? null }] : [];
    });
    const oldSchedules = prev?.schedules ?? [];
    return {
      id: prev?.id ?? randomUUID(),
      shortId: prev?.shortId ?? makeShortId('testPlan', p.name),
      name: p.name,
      description: p.description ?? null,
      owner: p.owner ?? null,
      slackChannel: p.notifications?.slack.channel ?? null,
      slackNotifyOn: p.notifications?.slack.notifyOn ?? null,
      testCaseIds: [...new Set(members)],
      applications: params,
      schedules: p.schedules.map((s) => ({
        // Same cron and time zone: the same schedule, so it keeps its firing history.
        id: oldSchedules.find((o) => o.cron === s.cron && o.timezone === s.timezone)?.id ?? randomUUID(),
        cron: s.cron,
        description: s.description,
        timezone: s.timezone,
        enabled: s.enabled,
      })),
    };
  });

  const repository = planRepository(doc, existing, appByName, new Map([...existing.testPlans.map((p) => [p.name, p.id] as const), ...testPlans.map((p) => [p.name, p.id] as const)]), problem);

  if (problems.length > 0) throw new ProjectInvalid(problems);

  const defaultPlan = defaults[0] ? testPlans[doc.testPlans.indexOf(defaults[0])]! : null;
  const defaultTestPlanId = defaultPlan ? defaultPlan.id : existing.project?.defaultTestPlanId ? undefined : (testPlans[0]?.id ?? undefined);
  const order = topologicalOrder(testCases.map((t) => t.id), graph);
  const byId = new Map(testCases.map((t) => [t.id, t]));
  const slack = doc.project.slack;

  const write: ProjectWrite = {
    organization: { id: organizationId, name: doc.organization.name, usageLimit: doc.organization.usageLimit, suspended: doc.organization.suspended },
    project: {
      id: projectId,
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
      defaultDevicePresetId,
      defaultTestPlanId,
    },
    applications: apps.map(({ id, shortId, name }) => ({ id, shortId, name })),
    environments,
    devicePresets: presets.map(({ doc: d, id, shortId }) => ({
      id,
      shortId,
      name: d.name,
      viewportWidth: d.viewport?.width ?? null,
      viewportHeight: d.viewport?.height ?? null,
      locale: d.locale ?? null,
      timezone: d.timezone ?? null,
      userAgent: d.userAgent ?? null,
      extraHeaders: d.extraHeaders ?? {},
      colorScheme: d.colorScheme ?? null,
    })),
    configs: configs.map(({ doc: c, id, shortId }) => ({
      id,
      shortId,
      name: c.name,
      entries: Object.entries(c.values).map(([key, value]) =>
        typeof value === 'object' ? { key, value: String(value.secret), secret: true } : { key, value: String(value), secret: false },
      ),
    })),
    scenarios: scenarios.map(({ doc: s, id, shortId }) => ({ id, shortId, name: s.name, description: s.description ?? null, examples: s.examples ?? null })),
    testCases: order.map((id) => byId.get(id)!),
    testPlans,
    repository,
  };
  // Read outside the transaction: a snapshot's queries run in parallel, which one transaction's
  // connection cannot. Only the report depends on them.
  const before = existing.project ? await ctx.store.projectsAsCode.snapshot(projectId) : null;
  await ctx.store.transaction(async (tx) => {
    await tx.projectsAsCode.write(write);
    const generate = write.testCases.filter((t) => t.regenerate).map((t) => ({ queue: 'generate-test-case' as const, data: { testCaseId: t.id } }));
    if (generate.length) await ctx.queue.enqueue(generate, tx.sql);
  });

  const changes: ApplyChanges = compareSnapshots(before, (await ctx.store.projectsAsCode.snapshot(projectId))!);
  // Snapshots hold no secret values: a config whose secret values alone changed is found here.
  for (const c of write.configs) {
    const stored = existing.configs.find((o) => o.id === c.id)?.secretValues;
    const secrets = Object.fromEntries(c.entries.filter((e) => e.secret).map((e) => [e.key, e.value]));
    if (stored && changes.objects.configs.get(c.name) === 'unchanged' && JSON.stringify(Object.entries(stored).sort()) !== JSON.stringify(Object.entries(secrets).sort())) {
      changes.objects.configs.set(c.name, 'changed');
    }
  }
  const status = (kind: keyof ApplyChanges['objects'], name: string): ApplyStatus => changes.objects[kind].get(name) ?? 'unchanged';
  const notIn = (stored: { name: string }[], declared: { name: string }[]) => stored.map((o) => o.name).filter((n) => !declared.some((d) => d.name === n)).sort();
  const finalDefaultPlanId = defaultTestPlanId === undefined ? (existing.project?.defaultTestPlanId ?? null) : defaultTestPlanId;
  return {
    organization: { name: doc.organization.name, id: organizationId, created: !existing.organization, status: !existing.organization ? 'created' : existing.project ? changes.project : 'unchanged' },
    project: {
      name: doc.project.name,
      id: projectId,
      slug,
      created: !existing.project,
      status: changes.project,
      defaultTestPlan: testPlans.find((p) => p.id === finalDefaultPlanId)?.shortId ?? existing.testPlans.find((p) => p.id === finalDefaultPlanId)?.shortId ?? null,
    },
    applications: apps.map((a) => ({
      ...a,
      status: status('applications', a.name),
      environments: (envSummaries.get(a.id) ?? []).map((e) => ({ ...e, status: changes.environments.get(a.name)?.get(e.name) ?? 'unchanged' })),
    })),
    devicePresets: presets.map(({ doc: d, id, shortId, created }) => ({ name: d.name, id, shortId, created, status: status('devicePresets', d.name) })),
    configs: configs.map(({ doc: c, id, shortId, created }) => ({ name: c.name, id, shortId, created, status: status('configs', c.name) })),
    scenarios: scenarios.map(({ doc: s, id, shortId, created }) => ({ name: s.name, id, shortId, created, status: status('scenarios', s.name) })),
    testCases: testCases.map((t) => ({
      name: t.name,
      id: t.id,
      created: !oldTestCases.has(t.name),
      status: status('testCases', t.name),
      enabled: t.isEnabled,
      generationStatus: t.generationStatus,
      regenerate: t.regenerate,
    })),
    testPlans: testPlans.map((p) => ({ name: p.name, id: p.id, shortId: p.shortId, created: !oldPlans.has(p.name), status: status('testPlans', p.name), default: p.id === finalDefaultPlanId, schedules: p.schedules.length })),
    toGenerate: testCases.filter((t) => t.regenerate).map((t) => t.id),
    leftAlone: {
      applications: notIn(existing.applications, doc.applications),
      devicePresets: notIn(existing.devicePresets, doc.devicePresets),
      configs: notIn(existing.configs, doc.configs),
      scenarios: notIn(existing.scenarios, doc.scenarios),
      testCases: notIn(existing.testCases, doc.testCases),
      testPlans: notIn(existing.testPlans, doc.testPlans),
    },
    repository: repository ? await connectRepository(ctx, repository.id) : null,
  };
}

const DEFAULT_API_URLS = { github: 'https://api.github.com', gitlab: 'https://gitlab.com' } as const;

/** The repository block, checked and turned into what is stored; null when the file has none. */
function planRepository(
  doc: ProjectFile,
  existing: ExistingProject,
  appByName: Map<string, string>,
  planByName: Map<string, string>,
  problem: (path: DocPath, message: string) => void,
): RepositoryWrite | null {
  const r = doc.repository;
  if (!r) return null;
  const at = (...rest: string[]) => ['repository', ...rest];
  const reviewTestPlanId = r.reviews.testPlan ? (planByName.get(r.reviews.testPlan) ?? null) : null;
  if (r.reviews.testPlan && !reviewTestPlanId) problem(at('reviews', 'testPlan'), `names no test plan ${JSON.stringify(r.reviews.testPlan)} in this file or in project ${doc.project.name}`);
  const environmentMapping = Object.entries(r.reviews.environments).flatMap(([environment, appName]) => {
    const applicationId = appByName.get(appName);
    if (!applicationId) problem(at('reviews', 'environments', environment), `names no application ${JSON.stringify(appName)} in this file or in project ${doc.project.name}`);
    return applicationId ? [{ environment, applicationId }] : [];
  });
  return {
    id: existing.repository?.id ?? randomUUID(),
    // Part of the webhook URL: random, so the URL alone does not tell which project it serves.
    shortId: existing.repository?.shortId ?? `repo_${randomSuffix(12)}`,
    host: r.host,
    apiUrl: (r.url ?? DEFAULT_API_URLS[r.host]).replace(/\/+$/, ''),
    repository: r.repository,
    credentials: r.credentials,
    // A new connection gets a generated secret; an existing one keeps its own unless the file sets one.
    webhookSecret: r.webhookSecret ?? (existing.repository ? undefined : randomBytes(24).toString('base64url')),
    reviewContext: r.reviews.context ?? null,
    autoRun: r.reviews.autoRun,
    includeDrafts: r.reviews.includeDrafts,
    postCommentOnOpened: r.reviews.postCommentOnOpened,
    mention: r.reviews.mention,
    minimumPermission: r.reviews.minimumPermission,
    allowForks: r.reviews.allowForks,
    reviewTestPlanId,
    environmentMapping,
  };
}
