// Storage of `goalie apply`: upserts by primary key (ids were chosen by the use case), list-valued
// parts (plan members, plan parameters, schedules, config entries, dependencies) replaced as a whole.
import { In, Not, type EntityManager } from 'typeorm';
import type { ExistingProject, ProjectsAsCode, ProjectWrite } from '../app/ports/projects-as-code.js';
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
import { sealCredentials } from './connection-credentials.js';
import { readProjectSnapshot } from './project-snapshot.js';
import { sealTeams } from './notification-columns.js';
import type { SecretBox } from './secret-box.js';

const EMPTY: ExistingProject = {
  organization: null,
  project: null,
  applications: [],
  devicePresets: [],
  configs: [],
  scenarios: [],
  testCases: [],
  testPlans: [],
  repository: null,
};

/** Only the keys whose value is not undefined: undefined means "leave as stored". */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function projectsAsCode(m: EntityManager, secrets: SecretBox): ProjectsAsCode {
  return {
    async isEmpty() {
      return (await m.count(OrganizationEntity)) === 0;
    },

    snapshot: (projectId) => readProjectSnapshot(m, projectId),

    async slugOwner(slug) {
      const project = await m.findOne(ProjectEntity, { where: { slug } });
      if (!project) return null;
      const org = await m.findOneOrFail(OrganizationEntity, { where: { id: project.organizationId } });
      return { projectId: project.id, organizationName: org.name, projectName: project.name };
    },

    async load(organizationName, projectName) {
      const organization = await m.findOne(OrganizationEntity, { where: { name: organizationName } });
      if (!organization) return EMPTY;
      const project = await m.findOne(ProjectEntity, { where: { organizationId: organization.id, name: projectName } });
      if (!project) return { ...EMPTY, organization: { id: organization.id, name: organization.name } };
      const projectId = project.id;
      const [apps, presets, configs, scenarios, testCases, plans, repository] = await Promise.all([
        m.find(ApplicationEntity, { where: { projectId } }),
        m.find(DevicePresetEntity, { where: { projectId } }),
        m.find(ConfigEntity, { where: { projectId } }),
        m.find(ScenarioEntity, { where: { projectId } }),
        m.find(TestCaseEntity, { where: { projectId } }),
        m.find(TestPlanEntity, { where: { projectId } }),
        m.findOne(RepositoryConnectionEntity, { where: { projectId }, select: { id: true, shortId: true } }),
      ]);
      const [envs, waits, schedules] = await Promise.all([
        apps.length
          ? m.find(EnvironmentEntity, { where: { applicationId: In(apps.map((a) => a.id)), isPreview: false } })
          : [],
        testCases.length
          ? m.find(TestCaseWaitForEntity, { where: { testCaseId: In(testCases.map((t) => t.id)) } })
          : [],
        plans.length ? m.find(TestPlanScheduleEntity, { where: { testPlanId: In(plans.map((p) => p.id)) } }) : [],
      ]);
      const named = (e: { id: string; shortId: string; name: string }) => ({
        id: e.id,
        shortId: e.shortId,
        name: e.name,
      });
      return {
        organization: { id: organization.id, name: organization.name },
        project: { id: project.id, slug: project.slug, defaultTestPlanId: project.defaultTestPlanId },
        applications: apps.map((a) => ({
          ...named(a),
          environments: envs
            .filter((e) => e.applicationId === a.id)
            .map((e) => ({ ...named(e), url: e.url, isDefault: e.isDefault })),
        })),
        devicePresets: presets.map(named),
        configs: configs.map((c) => ({
          ...named(c),
          secretValues: Object.fromEntries(
            c.entries.filter((e) => e.secret && e.encrypted !== null).map((e) => [e.key, secrets.open(e.encrypted!)]),
          ),
        })),
        scenarios: scenarios.map(named),
        testCases: testCases.map((t) => ({
          id: t.id,
          name: t.name,
          applicationId: t.applicationId,
          goal: t.goal,
          generationStatus: t.generationStatus,
          resumeFromId: t.resumeFromId,
          waitForIds: waits.filter((w) => w.testCaseId === t.id).map((w) => w.dependsOnId),
        })),
        testPlans: plans.map((p) => ({
          ...named(p),
          schedules: schedules
            .filter((s) => s.testPlanId === p.id)
            .map((s) => ({ id: s.id, cron: s.cron, timezone: s.timezone })),
        })),
        repository: repository ? { id: repository.id, shortId: repository.shortId } : null,
      };
    },

    async write(state: ProjectWrite) {
      const now = new Date();
      const { organization: org, project } = state;
      await m.upsert(OrganizationEntity, { ...defined(org), updatedAt: now }, ['id']);

      // The defaults point at presets and plans written below; they are set once those exist.
      const {
        slackBotToken,
        slackSigningSecret,
        teamsNotifications,
        defaultTestPlanId: _plan,
        defaultDevicePresetId: _preset,
        ...projectFields
      } = project;
      await m.upsert(
        ProjectEntity,
        {
          ...defined(projectFields),
          ...(slackBotToken !== undefined
            ? { slackBotToken: slackBotToken === null ? null : secrets.seal(slackBotToken) }
            : {}),
          ...(slackSigningSecret !== undefined
            ? { slackSigningSecret: slackSigningSecret === null ? null : secrets.seal(slackSigningSecret) }
            : {}),
          teamsNotifications: sealTeams(teamsNotifications, secrets),
          updatedAt: now,
        },
        ['id'],
      );
      const projectId = project.id;

      if (state.applications.length)
        await m.upsert(
          ApplicationEntity,
          state.applications.map((a) => ({ ...a, projectId, updatedAt: now })),
          ['id'],
        );
      const appIds = [...new Set(state.environments.map((e) => e.applicationId))];
      // One default per application: clear first, so moving the default never collides with the old one.
      if (appIds.length)
        await m.update(EnvironmentEntity, { applicationId: In(appIds), isDefault: true }, { isDefault: false });
      if (state.environments.length)
        await m.upsert(
          EnvironmentEntity,
          state.environments.map((e) => ({ ...e, isPreview: false, updatedAt: now })),
          ['id'],
        );

      if (state.devicePresets.length)
        await m.upsert(
          DevicePresetEntity,
          state.devicePresets.map((p) => ({ ...p, projectId, updatedAt: now })),
          ['id'],
        );
      if (project.defaultDevicePresetId !== undefined)
        await m.update(ProjectEntity, { id: projectId }, { defaultDevicePresetId: project.defaultDevicePresetId });

      if (state.configs.length) {
        await m.upsert(
          ConfigEntity,
          state.configs.map((c) => ({
            id: c.id,
            shortId: c.shortId,
            name: c.name,
            projectId,
            updatedAt: now,
            entries: c.entries.map((e) =>
              e.secret
                ? { key: e.key, secret: true, value: null, encrypted: secrets.seal(e.value) }
                : { key: e.key, secret: false, value: e.value, encrypted: null },
            ),
          })),
          ['id'],
        );
      }
      if (state.scenarios.length)
        await m.upsert(
          ScenarioEntity,
          state.scenarios.map((s) => ({ ...s, projectId, updatedAt: now })),
          ['id'],
        );

      // Dependencies first (the use case ordered them), so resume_from always points at a stored row.
      for (const t of state.testCases) {
        const { waitForIds: _w, configIds: _c, regenerate, ...fields } = t;
        await m.upsert(
          TestCaseEntity,
          {
            ...fields,
            projectId,
            createdVia: 'apply',
            updatedAt: now,
            ...(regenerate ? { generationError: null } : {}),
          },
          ['id'],
        );
      }
      const testCaseIds = state.testCases.map((t) => t.id);
      if (testCaseIds.length) {
        await m.delete(TestCaseWaitForEntity, { testCaseId: In(testCaseIds) });
        await m.delete(TestCaseConfigEntity, { testCaseId: In(testCaseIds) });
        const waits = state.testCases.flatMap((t) =>
          t.waitForIds.map((dependsOnId) => ({ testCaseId: t.id, dependsOnId })),
        );
        const configs = state.testCases.flatMap((t) =>
          t.configIds.map((configId, position) => ({ testCaseId: t.id, configId, position })),
        );
        if (waits.length) await m.insert(TestCaseWaitForEntity, waits);
        if (configs.length) await m.insert(TestCaseConfigEntity, configs);
      }

      for (const p of state.testPlans) {
        await m.upsert(
          TestPlanEntity,
          {
            id: p.id,
            shortId: p.shortId,
            name: p.name,
            description: p.description,
            owner: p.owner,
            slackChannel: p.slackChannel,
            slackNotifyOn: p.slackNotifyOn,
            emailNotifications: p.emailNotifications,
            teamsNotifications: sealTeams(p.teamsNotifications, secrets),
            projectId,
            updatedAt: now,
          },
          ['id'],
        );
        await m.delete(TestPlanTestCaseEntity, { testPlanId: p.id });
        if (p.testCaseIds.length)
          await m.insert(
            TestPlanTestCaseEntity,
            p.testCaseIds.map((testCaseId, position) => ({ testPlanId: p.id, testCaseId, position })),
          );
        await m.delete(TestPlanApplicationEntity, { testPlanId: p.id });
        if (p.applications.length)
          await m.insert(
            TestPlanApplicationEntity,
            p.applications.map((a) => ({ ...a, testPlanId: p.id })),
          );
        const keep = p.schedules.map((s) => s.id);
        await m.delete(
          TestPlanScheduleEntity,
          keep.length ? { testPlanId: p.id, id: Not(In(keep)) } : { testPlanId: p.id },
        );
        if (p.schedules.length)
          await m.upsert(
            TestPlanScheduleEntity,
            p.schedules.map((s) => ({ ...s, testPlanId: p.id })),
            ['id'],
          );
      }
      if (project.defaultTestPlanId !== undefined)
        await m.update(ProjectEntity, { id: projectId }, { defaultTestPlanId: project.defaultTestPlanId });

      if (state.repository) {
        const { credentials, webhookSecret, ...fields } = state.repository;
        const row = { ...fields, projectId, ...sealCredentials(credentials, secrets), updatedAt: now };
        // Without a new secret the row exists (apply generates one for a new connection); an upsert's
        // INSERT half would still need the NOT NULL secret, so update the stored row instead.
        if (webhookSecret === undefined) await m.update(RepositoryConnectionEntity, { id: fields.id }, row);
        else await m.upsert(RepositoryConnectionEntity, { ...row, webhookSecret: secrets.seal(webhookSecret) }, ['id']);
      }
    },
  };
}
