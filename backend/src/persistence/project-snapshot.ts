// Reads a stored project back in the shape of its `goalie apply` file (the dashboard's "Download as
// YAML"): names instead of ids, in a stable order, and no secret values.
import { In, type EntityManager } from 'typeorm';
import type { WebhookEvent } from '../../../shared/src/project-file/schema.js';
import type { ProjectSnapshot } from '../app/ports/projects-as-code.js';
import {
  ApplicationEntity,
  ConfigEntity,
  DevicePresetEntity,
  EnvironmentEntity,
  OrganizationEntity,
  ProjectEntity,
  RepositoryConnectionEntity,
  ScenarioEntity,
  TestCaseConfigEntity,
  TestCaseEntity,
  TestCaseWaitForEntity,
  TestPlanApplicationEntity,
  TestPlanEntity,
  TestPlanScheduleEntity,
  TestPlanTestCaseEntity,
} from './entities/index.js';
import { declaredChannels } from './notification-columns.js';

const byName = <T extends { name: string }>(rows: T[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
const byPosition = <T extends { position: number }>(rows: T[]) => [...rows].sort((a, b) => a.position - b.position);

/**
 * Runs the reads in parallel on the pool, one after the other inside a transaction (a dry run of an
 * apply reads what it wrote before rolling back): one connection runs one query at a time.
 */
async function readAll<T extends readonly unknown[]>(
  m: EntityManager,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!m.queryRunner) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export async function readProjectSnapshot(m: EntityManager, projectId: string): Promise<ProjectSnapshot | null> {
  const project = await m.findOne(ProjectEntity, { where: { id: projectId } });
  if (!project) return null;
  const [organization, apps, presets, configs, scenarios, testCases, plans, repository, webhooks] = await readAll(m, [
    () => m.findOneOrFail(OrganizationEntity, { where: { id: project.organizationId } }),
    () => m.find(ApplicationEntity, { where: { projectId }, order: { name: 'ASC' } }),
    () => m.find(DevicePresetEntity, { where: { projectId } }),
    () => m.find(ConfigEntity, { where: { projectId } }),
    () => m.find(ScenarioEntity, { where: { projectId } }),
    () => m.find(TestCaseEntity, { where: { projectId }, order: { createdAt: 'ASC', name: 'ASC' } }),
    () => m.find(TestPlanEntity, { where: { projectId } }),
    () => m.findOne(RepositoryConnectionEntity, { where: { projectId } }),
    () =>
      m.query<{ name: string; events: WebhookEvent[]; urlDigest: string }[]>(
        `SELECT name, events, md5(url) AS "urlDigest" FROM outbound_webhooks WHERE project_id = $1 ORDER BY name`,
        [projectId],
      ),
  ] as const);
  const appIds = apps.map((a) => a.id);
  const caseIds = testCases.map((t) => t.id);
  const planIds = plans.map((p) => p.id);
  const none = async () => [];
  const [envs, caseConfigs, waits, members, planApps, schedules] = await readAll(m, [
    appIds.length
      ? () =>
          m.find(EnvironmentEntity, {
            where: { applicationId: In(appIds), isPreview: false },
            order: { createdAt: 'ASC', name: 'ASC' },
          })
      : none,
    caseIds.length ? () => m.find(TestCaseConfigEntity, { where: { testCaseId: In(caseIds) } }) : none,
    caseIds.length ? () => m.find(TestCaseWaitForEntity, { where: { testCaseId: In(caseIds) } }) : none,
    planIds.length ? () => m.find(TestPlanTestCaseEntity, { where: { testPlanId: In(planIds) } }) : none,
    planIds.length ? () => m.find(TestPlanApplicationEntity, { where: { testPlanId: In(planIds) } }) : none,
    planIds.length
      ? () => m.find(TestPlanScheduleEntity, { where: { testPlanId: In(planIds) }, order: { createdAt: 'ASC' } })
      : none,
  ] as const);
  const names = new Map<string, string>(
    [...apps, ...envs, ...presets, ...configs, ...scenarios, ...testCases, ...plans].map((row) => [row.id, row.name]),
  );
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  const namesOf = (ids: string[]) => ids.map((id) => names.get(id)).filter((n): n is string => n !== undefined);
  const access = project.browserAccess;

  return {
    organization: { name: organization.name, usageLimit: organization.usageLimit },
    project: {
      name: project.name,
      slug: project.slug,
      defaultDevicePreset: nameOf(project.defaultDevicePresetId),
      sshTunnelProxy: project.sshTunnelProxy,
      allowLoopback: access?.allowLoopback ?? null,
      allowPrivate: access?.allowPrivate ?? null,
      previewOrigins: access?.previewOrigins ?? null,
      publicResults: project.publicResults,
      evidenceRetentionDays: project.evidenceRetentionDays,
      slackDefaultChannel: project.slackDefaultChannel,
      slackNotifyOn: project.slackNotifyOn,
      notifications: declaredChannels(project),
    },
    applications: apps.map((a) => ({
      name: a.name,
      environments: envs
        .filter((e) => e.applicationId === a.id)
        .map((e) => ({ name: e.name, url: e.url, isDefault: e.isDefault })),
    })),
    devicePresets: byName(presets).map((p) => ({
      name: p.name,
      viewportWidth: p.viewportWidth,
      viewportHeight: p.viewportHeight,
      locale: p.locale,
      timezone: p.timezone,
      userAgent: p.userAgent,
      extraHeaders: p.extraHeaders,
      colorScheme: p.colorScheme,
    })),
    configs: byName(configs).map((c) => ({
      name: c.name,
      entries: c.entries.map((e) => ({ key: e.key, secret: e.secret, value: e.secret ? null : e.value })),
    })),
    scenarios: byName(scenarios).map((s) => ({ name: s.name, description: s.description, examples: s.examples })),
    testCases: testCases.map((t) => ({
      name: t.name,
      application: nameOf(t.applicationId) ?? '',
      goal: t.goal,
      expectedResult: t.expectedResult,
      configs: namesOf(byPosition(caseConfigs.filter((c) => c.testCaseId === t.id)).map((c) => c.configId)),
      scenario: nameOf(t.scenarioId),
      resumeFrom: nameOf(t.resumeFromId),
      waitFor: namesOf(waits.filter((w) => w.testCaseId === t.id).map((w) => w.dependsOnId)).sort(),
      enabled: t.isEnabled,
    })),
    testPlans: byName(plans).map((p) => ({
      name: p.name,
      isDefault: project.defaultTestPlanId === p.id,
      description: p.description,
      owner: p.owner,
      testCases: namesOf(byPosition(members.filter((x) => x.testPlanId === p.id)).map((x) => x.testCaseId)),
      applications: planApps
        .filter((a) => a.testPlanId === p.id)
        .map((a) => ({
          application: nameOf(a.applicationId) ?? '',
          environment: nameOf(a.environmentId) ?? '',
          devicePreset: nameOf(a.devicePresetId),
        }))
        .sort((a, b) => a.application.localeCompare(b.application)),
      schedules: schedules
        .filter((s) => s.testPlanId === p.id)
        .map((s) => ({ cron: s.cron, description: s.description, timezone: s.timezone, enabled: s.enabled })),
      slackChannel: p.slackChannel,
      slackNotifyOn: p.slackNotifyOn,
      notifications: declaredChannels(p),
    })),
    repository: repository && {
      host: repository.host,
      apiUrl: repository.apiUrl,
      repository: repository.repository,
      app:
        repository.appId && repository.installationId
          ? { appId: Number(repository.appId), installationId: Number(repository.installationId) }
          : null,
      reviewContext: repository.reviewContext,
      autoRun: repository.autoRun,
      includeDrafts: repository.includeDrafts,
      postCommentOnOpened: repository.postCommentOnOpened,
      mention: repository.mention,
      minimumPermission: repository.minimumPermission,
      allowForks: repository.allowForks,
      reviewTestPlan: nameOf(repository.reviewTestPlanId),
      environmentMapping: repository.environmentMapping.map((e) => ({
        environment: e.environment,
        application: nameOf(e.applicationId) ?? '',
      })),
    },
    webhooks,
  };
}
