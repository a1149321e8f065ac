// The Store port over TypeORM. Every repository method runs on the EntityManager it was built with,
// so inside `transaction` all of them share one database transaction.
import { webhookStore } from './webhook-store.js';
import { In, IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import { UniqueViolation, type Repositories, type Store } from '../app/ports/store.js';
import type { ApplicationRecord, NamedRecord, TestCaseRecord, TestPlanRecord } from '../app/records.js';
import {
  ApiTokenEntity,
  ApplicationEntity,
  ConfigEntity,
  DevicePresetEntity,
  EnvironmentEntity,
  OrganizationEntity,
  ProjectEntity,
  RunEntity,
  RunTestCaseEntity,
  ScenarioEntity,
  TestCaseConfigEntity,
  TestCaseEntity,
  TestCaseStepVersionEntity,
  TestCaseWaitForEntity,
  TestPlanApplicationEntity,
  TestPlanEntity,
  TestPlanTestCaseEntity,
} from './entities/index.js';
import { declaredChannels, sealTeams, type StoredTeamsChannel } from './notification-columns.js';
import { toEnvironment, toOrganization, toProject, toRun, toRunTestCase, toToken, tokensOf } from './mappers.js';
import { accountsStore } from './accounts-store.js';
import { findCaller } from './caller-query.js';
import { insertRunTestCases } from './run-test-case-insert.js';
import { projectBrowserAccess } from './browser-access.js';
import { overviewQueries } from './overview-queries.js';
import { planQueries } from './plan-queries.js';
import { testCaseQueries } from './test-case-queries.js';
import { testCaseChanges } from './test-case-changes.js';
import { evidenceRetentionStore } from './evidence-retention-store.js';
import { executionStore } from './execution-store.js';
import { goalTriesStore } from './goal-tries-store.js';
import { projectsAsCode } from './projects-as-code.js';
import { reviewStore } from './review-store.js';
import { runQueries } from './run-queries.js';
import { reviewsQueries } from './reviews-queries.js';
import type { SecretBox } from './secret-box.js';

/** A test_cases row as the driver gives it. */
interface TestCaseRow {
  id: string;
  project_id: string;
  application_id: string;
  name: string;
  goal: string;
  expected_result: string | null;
  generation_status: TestCaseRecord['generationStatus'];
  generation_error: string | null;
  is_enabled: boolean;
  scenario_id: string | null;
  resume_from_id: string | null;
  created_via: TestCaseRecord['createdVia'];
  burn_in_prompt_tokens: number | null;
  burn_in_completion_tokens: number | null;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const named = (e: { id: string; shortId: string; name: string }): NamedRecord => ({
  id: e.id,
  shortId: e.shortId,
  name: e.name,
});

function repositories(m: EntityManager, secrets: SecretBox, afterCommit: (done: () => void) => void): Repositories {
  async function applications(
    projectId: string,
    where: { shortId?: string[]; id?: string[] },
  ): Promise<ApplicationRecord[]> {
    const apps = await m.find(ApplicationEntity, {
      where: {
        projectId,
        ...(where.shortId ? { shortId: In(where.shortId) } : {}),
        ...(where.id ? { id: In(where.id) } : {}),
      },
    });
    if (apps.length === 0) return [];
    const defaults = await m.find(EnvironmentEntity, {
      where: { applicationId: In(apps.map((a) => a.id)), isDefault: true },
    });
    return apps.map((a) => ({
      ...named(a),
      defaultEnvironmentId: defaults.find((d) => d.applicationId === a.id)?.id ?? null,
    }));
  }

  async function testCasesWhere(projectId: string | null, ids?: string[]): Promise<TestCaseRecord[]> {
    // Plain statements: building TypeORM entities for a project of thousands of test cases took
    // longer than reading them (a plan of 10,000 is started from this list).
    const rows = await m.query<TestCaseRow[]>(
      `SELECT id, project_id, application_id, name, goal, expected_result, generation_status, generation_error, is_enabled,
              scenario_id, resume_from_id, created_via, burn_in_prompt_tokens, burn_in_completion_tokens
         FROM test_cases
        WHERE ($1::uuid IS NULL OR project_id = $1) AND ($2::uuid[] IS NULL OR id = ANY($2))
        ORDER BY created_at, name`,
      [projectId, ids ?? null],
    );
    if (rows.length === 0) return [];
    const rowIds = rows.map((r) => r.id);
    const [waits, configs] = await Promise.all([
      m.query<{ test_case_id: string; depends_on_id: string }[]>(
        `SELECT test_case_id, depends_on_id FROM test_case_wait_for WHERE test_case_id = ANY($1::uuid[])`,
        [rowIds],
      ),
      m.query<{ test_case_id: string; config_id: string }[]>(
        `SELECT test_case_id, config_id FROM test_case_configs WHERE test_case_id = ANY($1::uuid[]) ORDER BY position`,
        [rowIds],
      ),
    ]);
    // Grouped once: a project of thousands of test cases must not scan every wait per test case.
    const waitsOf = groupBy(waits, (w) => w.test_case_id);
    const configsOf = groupBy(configs, (c) => c.test_case_id);
    return rows.map((r) => ({
      id: r.id,
      projectId: r.project_id,
      applicationId: r.application_id,
      name: r.name,
      goal: r.goal,
      expectedResult: r.expected_result,
      generationStatus: r.generation_status,
      generationError: r.generation_error,
      isEnabled: r.is_enabled,
      scenarioId: r.scenario_id,
      resumeFromId: r.resume_from_id,
      waitForIds: (waitsOf.get(r.id) ?? []).map((w) => w.depends_on_id),
      configIds: (configsOf.get(r.id) ?? []).map((c) => c.config_id),
      createdVia: r.created_via,
      burnInTokens: tokensOf(r.burn_in_prompt_tokens, r.burn_in_completion_tokens),
    }));
  }

  async function plan(where: { projectId: string; shortId?: string; id?: string }): Promise<TestPlanRecord | null> {
    const row = await m.findOne(TestPlanEntity, { where });
    if (!row) return null;
    const [members, apps] = await Promise.all([
      m.find(TestPlanTestCaseEntity, { where: { testPlanId: row.id }, order: { position: 'ASC' } }),
      m.find(TestPlanApplicationEntity, { where: { testPlanId: row.id } }),
    ]);
    return {
      ...named(row),
      projectId: row.projectId,
      testCaseIds: members.map((x) => x.testCaseId),
      applications: apps.map((a) => ({
        applicationId: a.applicationId,
        environmentId: a.environmentId,
        devicePresetId: a.devicePresetId,
      })),
      slack: row.slackChannel ? { channel: row.slackChannel, notifyOn: row.slackNotifyOn ?? 'always' } : null,
    };
  }

  return {
    afterCommit,
    projectsAsCode: projectsAsCode(m, secrets),
    execution: executionStore(m, secrets),
    reviews: reviewStore(m, secrets),
    evidenceRetention: evidenceRetentionStore(m),
    accounts: accountsStore(m),
    overview: overviewQueries(m),
    runQueries: runQueries(m),
    reviewsQueries: reviewsQueries(m),
    testCaseQueries: testCaseQueries(m),
    testCaseChanges: testCaseChanges(m),
    planQueries: planQueries(m),
    webhooks: webhookStore(m, secrets),
    goalTries: goalTriesStore(m, secrets),
    sql: {
      async executeSql(text, values) {
        const result = await m.query(text, values);
        return { rows: Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result };
      },
    },

    tokens: {
      findCaller: (tokenHash) => findCaller(m, tokenHash),
      async touch(tokenId, at) {
        await m.update(ApiTokenEntity, { id: tokenId }, { lastUsedAt: at });
      },
      async create(token) {
        return toToken(await m.save(m.create(ApiTokenEntity, token)));
      },
      async list(projectId) {
        return (await m.find(ApiTokenEntity, { where: { projectId }, order: { createdAt: 'ASC' } })).map(toToken);
      },
      async revokeByPrefix(prefix, at) {
        const rows: ApiTokenEntity[] = await m
          .createQueryBuilder(ApiTokenEntity, 't')
          .where('t.prefix LIKE :prefix', { prefix: `${prefix.replace(/[\\%_]/g, '\\$&')}%` })
          .getMany();
        for (const row of rows) if (!row.revokedAt) await m.update(ApiTokenEntity, { id: row.id }, { revokedAt: at });
        return rows.map((row) => toToken({ ...row, revokedAt: row.revokedAt ?? at }));
      },
      async revokeById(projectId, id, at) {
        await m.update(ApiTokenEntity, { id, projectId, revokedAt: IsNull() }, { revokedAt: at });
        const row = await m.findOne(ApiTokenEntity, { where: { id, projectId } });
        return row ? toToken(row) : null;
      },
    },

    organizations: {
      async consumeUsage(organizationId, period) {
        // One statement: the row lock serialises concurrent runs, and the WHERE refuses past the limit.
        const rows: { usage_count: number }[] = await m
          .query(
            `UPDATE organizations
              SET usage_count = CASE WHEN usage_period = $2 THEN usage_count + 1 ELSE 1 END,
                  usage_period = $2
            WHERE id = $1
              AND (usage_limit IS NULL OR (CASE WHEN usage_period = $2 THEN usage_count ELSE 0 END) < usage_limit)
        RETURNING usage_count`,
            [organizationId, period],
          )
          .then(
            (result: unknown) =>
              (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as { usage_count: number }[],
          );
        if (rows.length > 0) return { ok: true, count: rows[0]!.usage_count };
        const org = await m.findOneOrFail(OrganizationEntity, { where: { id: organizationId } });
        return { ok: false, limit: org.usageLimit ?? 0, period };
      },
      async findById(id) {
        const org = await m.findOne(OrganizationEntity, { where: { id } });
        return org ? toOrganization(org) : null;
      },
    },

    projects: {
      async findBySlugOrName(slugOrName) {
        const rows = await m.find(ProjectEntity, { where: [{ slug: slugOrName }, { name: slugOrName }] });
        return rows.map(toProject);
      },
      async findById(id) {
        const row = await m.findOne(ProjectEntity, { where: { id } });
        return row ? toProject(row) : null;
      },
      async slackSigningSecrets() {
        const rows = await m.find(ProjectEntity, {
          where: { slackSigningSecret: Not(IsNull()) },
          select: { id: true, slackSigningSecret: true },
        });
        return rows.map((r) => ({ projectId: r.id, signingSecret: secrets.open(r.slackSigningSecret!) }));
      },
      async connectedToChannel(channel) {
        const rows = await m
          .createQueryBuilder(ProjectEntity, 'p')
          .where('p.slack_default_channel = :channel', { channel })
          .orWhere('EXISTS (SELECT 1 FROM test_plans tp WHERE tp.project_id = p.id AND tp.slack_channel = :channel)', {
            channel,
          })
          .getMany();
        return rows.map(toProject);
      },
      browserAccess: (projectId) => projectBrowserAccess(m, { projectId }),
      async notificationChannels(projectId, testPlanId) {
        const columns = { id: true, emailNotifications: true, teamsNotifications: true } as const;
        const [project, plan] = await Promise.all([
          m.findOne(ProjectEntity, { where: { id: projectId }, select: columns }),
          testPlanId ? m.findOne(TestPlanEntity, { where: { id: testPlanId, projectId }, select: columns }) : null,
        ]);
        const none = { email: null, teams: null };
        return {
          project: project ? declaredChannels(project) : none,
          plan: plan ? declaredChannels(plan) : none,
        };
      },
      async updateNotificationDefaults(projectId, { email, teams }) {
        let teamsNotifications: StoredTeamsChannel[] | null;
        if (teams && !Array.isArray(teams)) {
          // Kept URLs stay sealed as they are: only when they post changes.
          const row = await m.findOne(ProjectEntity, {
            where: { id: projectId },
            select: { id: true, teamsNotifications: true },
          });
          teamsNotifications = row?.teamsNotifications?.map((t) => ({ ...t, notifyOn: teams.notifyOn })) ?? null;
        } else teamsNotifications = sealTeams(teams, secrets);
        await m.update(
          ProjectEntity,
          { id: projectId },
          { emailNotifications: email, teamsNotifications, updatedAt: new Date() },
        );
      },
      async teamsWebhookUrls(projectId) {
        const [project, plans] = await Promise.all([
          m.findOne(ProjectEntity, { where: { id: projectId }, select: { id: true, teamsNotifications: true } }),
          m.find(TestPlanEntity, { where: { projectId }, select: { id: true, teamsNotifications: true } }),
        ]);
        return [project, ...plans].flatMap((row) =>
          (row?.teamsNotifications ?? []).map((t) => ({ key: t.key, url: secrets.open(t.url) })),
        );
      },
      async updateSlack(projectId, settings) {
        const seal = (value: string | null | undefined) =>
          value === undefined ? {} : { value: value === null ? null : secrets.seal(value) };
        const token = seal(settings.botToken);
        const signing = seal(settings.signingSecret);
        await m.update(
          ProjectEntity,
          { id: projectId },
          {
            slackDefaultChannel: settings.defaultChannel,
            slackNotifyOn: settings.notifyOn,
            ...('value' in token ? { slackBotToken: token.value } : {}),
            ...('value' in signing ? { slackSigningSecret: signing.value } : {}),
            updatedAt: new Date(),
          },
        );
      },
      async slackBotToken(projectId) {
        const row = await m.findOne(ProjectEntity, {
          where: { id: projectId },
          select: { id: true, slackBotToken: true },
        });
        return row?.slackBotToken ? secrets.open(row.slackBotToken) : null;
      },
    },

    catalog: {
      applicationsByShortId: (projectId, shortIds) => applications(projectId, { shortId: shortIds }),
      applicationsById: (projectId, ids) => applications(projectId, { id: ids }),
      applicationsOfProject: (projectId) => applications(projectId, {}),
      async environmentsByShortId(projectId, shortIds) {
        const rows = await m
          .createQueryBuilder(EnvironmentEntity, 'e')
          .innerJoin(ApplicationEntity, 'a', 'a.id = e.application_id')
          .where('a.project_id = :projectId AND e.short_id IN (:...shortIds)', {
            projectId,
            shortIds: shortIds.length ? shortIds : [''],
          })
          .getMany();
        return rows.map(toEnvironment);
      },
      async environmentsById(ids) {
        if (ids.length === 0) return [];
        return (await m.find(EnvironmentEntity, { where: { id: In(ids) } })).map(toEnvironment);
      },
      async devicePresetsByShortId(projectId, shortIds) {
        return (await m.find(DevicePresetEntity, { where: { projectId, shortId: In(shortIds) } })).map(named);
      },
      async configsByShortId(projectId, shortIds) {
        return (await m.find(ConfigEntity, { where: { projectId, shortId: In(shortIds) } })).map(named);
      },
      async scenariosByShortId(projectId, shortIds) {
        return (await m.find(ScenarioEntity, { where: { projectId, shortId: In(shortIds) } })).map(named);
      },
      async createEnvironment(environment) {
        await m.insert(EnvironmentEntity, { ...environment, isDefault: false });
      },
    },

    testPlans: {
      findByShortId: (projectId, shortId) => plan({ projectId, shortId }),
      findById: (projectId, id) => plan({ projectId, id }),
      async listByProject(projectId) {
        const rows = await m.find(TestPlanEntity, { where: { projectId }, order: { name: 'ASC' } });
        return (await Promise.all(rows.map((r) => plan({ projectId, id: r.id })))).filter(
          (p): p is TestPlanRecord => p !== null,
        );
      },
    },

    testCases: {
      listByProject: (projectId) => testCasesWhere(projectId),
      findByIds: (projectId, ids) => (ids.length ? testCasesWhere(projectId, ids) : Promise.resolve([])),
      async findAnywhere(id) {
        return (await testCasesWhere(null, [id]))[0] ?? null;
      },
      async latestSteps(id) {
        const row = await m.findOne(TestCaseStepVersionEntity, {
          where: { testCaseId: id },
          order: { version: 'DESC' },
        });
        return row ? { version: row.version, steps: row.steps, createdAt: row.createdAt } : null;
      },
      async create(tc) {
        await m.insert(TestCaseEntity, {
          id: tc.id,
          projectId: tc.projectId,
          applicationId: tc.applicationId,
          name: tc.name,
          goal: tc.goal,
          expectedResult: tc.expectedResult,
          generationStatus: 'GENERATING',
          isEnabled: tc.isEnabled,
          scenarioId: tc.scenarioId,
          resumeFromId: tc.resumeFromId,
          createdVia: tc.createdVia,
        });
        if (tc.configIds.length) {
          await m.insert(
            TestCaseConfigEntity,
            tc.configIds.map((configId, position) => ({ testCaseId: tc.id, configId, position })),
          );
        }
        if (tc.waitForIds.length) {
          await m.insert(
            TestCaseWaitForEntity,
            tc.waitForIds.map((dependsOnId) => ({ testCaseId: tc.id, dependsOnId })),
          );
        }
      },
      async setEnabled(id, enabled, at) {
        const where = enabled ? { id, generationStatus: 'COMPLETED' as const } : { id };
        const result = await m.update(TestCaseEntity, where, { isEnabled: enabled, updatedAt: at });
        return (result.affected ?? 0) > 0;
      },
      async restartBurnIn(id, at) {
        await m.update(
          TestCaseEntity,
          { id },
          { generationStatus: 'GENERATING', generationError: null, updatedAt: at },
        );
      },
      async secretValues(id) {
        // Every config of the project, not only those linked now: a message recorded while a config
        // was linked still holds its values after the link is gone.
        const testCase = await m.findOne(TestCaseEntity, { where: { id }, select: { projectId: true } });
        if (!testCase) return [];
        const configs = await m.find(ConfigEntity, { where: { projectId: testCase.projectId } });
        return configs.flatMap((c) =>
          c.entries
            .filter((e) => e.secret && e.encrypted)
            .map((e) => ({ placeholder: `{{config.${e.key}}}`, value: secrets.open(e.encrypted!) })),
        );
      },
    },

    runs: {
      async findByShortId(projectId, shortId) {
        const row = await m.findOne(RunEntity, { where: { projectId, shortId } });
        return row ? toRun(row) : null;
      },
      async findAnywhere(shortId) {
        const row = await m.findOne(RunEntity, { where: { shortId } });
        return row ? toRun(row) : null;
      },
      async findById(id) {
        const row = await m.findOne(RunEntity, { where: { id } });
        return row ? toRun(row) : null;
      },
      async testCasesOf(runId) {
        return (await m.find(RunTestCaseEntity, { where: { runId }, order: { position: 'ASC' } })).map(toRunTestCase);
      },
      async create(run) {
        await m.insert(RunEntity, { ...run, notifications: run.notifications ?? null });
      },
      addTestCases: (testCases) => insertRunTestCases(m, testCases),
    },
  };
}

function translate(error: unknown): never {
  const driverError =
    (error as { driverError?: { code?: string; constraint?: string } }).driverError ??
    (error as { code?: string; constraint?: string });
  if (driverError?.code === '23505') throw new UniqueViolation(driverError.constraint ?? 'unknown');
  throw error;
}

export function createStore(dataSource: DataSource, secrets: SecretBox): Store {
  return {
    // Outside a transaction every statement has committed already.
    ...repositories(dataSource.manager, secrets, (done) => done()),
    async transaction(work) {
      const committed: (() => void)[] = [];
      const result = await dataSource
        .transaction((manager) => work(repositories(manager, secrets, (done) => committed.push(done))))
        .catch(translate);
      for (const done of committed) done();
      return result;
    },
  };
}
