// The dashboard's tries of a goal (app/ports/goal-tries.ts) over plain statements on goal_tries.
import type { EntityManager } from 'typeorm';
import type {
  GoalTries,
  GoalTryRecord,
  GoalTryStatus,
  TestCaseForm,
  TestCaseFormChoices,
} from '../app/ports/goal-tries.js';
import type { Step } from '../domain/steps.js';
import { projectBrowserAccess } from './browser-access.js';
import { configValuesOf, projectSecretValues } from './config-values.js';
import { DevicePresetEntity } from './entities/index.js';
import { toDevicePreset } from './mappers.js';
import { resumeChain } from './resume-chain.js';
import type { SecretBox } from './secret-box.js';
import { storable } from './storable.js';

interface GoalTryRow {
  id: string;
  project_id: string;
  user_id: string;
  test_case_id: string | null;
  application_id: string;
  environment_id: string;
  goal: string;
  expected_result: string | null;
  config_ids: string[];
  resume_from_id: string | null;
  form: TestCaseForm;
  status: GoalTryStatus;
  goal_done: boolean;
  checking: boolean;
  steps: Step[];
  screenshots: (string | null)[];
  final_screenshot: string | null;
  result_title: string | null;
  result_thought: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

function toGoalTry(row: GoalTryRow): GoalTryRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    userId: row.user_id,
    testCaseId: row.test_case_id,
    applicationId: row.application_id,
    environmentId: row.environment_id,
    goal: row.goal,
    expectedResult: row.expected_result,
    configIds: row.config_ids,
    resumeFromId: row.resume_from_id,
    form: row.form,
    status: row.status,
    goalDone: row.goal_done,
    checking: row.checking,
    steps: row.steps,
    screenshots: row.screenshots,
    finalScreenshot: row.final_screenshot,
    resultTitle: row.result_title,
    resultThought: row.result_thought,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The rows of an UPDATE ... RETURNING, which the driver answers as [rows, count]. */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

export function goalTriesStore(m: EntityManager, secrets: SecretBox): GoalTries {
  return {
    async lockAndCountLive(projectId, since) {
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE`, [projectId]);
      const [row] = await m.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM goal_tries
          WHERE project_id = $1 AND status IN ('QUEUED', 'RUNNING') AND created_at >= $2`,
        [projectId, since],
      );
      return row?.n ?? 0;
    },

    async create(t, at) {
      await m.query(
        `INSERT INTO goal_tries (id, project_id, user_id, test_case_id, application_id, environment_id, goal,
                                 expected_result, config_ids, resume_from_id, form, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::uuid[], $10, $11::jsonb, $12)`,
        [
          t.id,
          t.projectId,
          t.userId,
          t.testCaseId,
          t.applicationId,
          t.environmentId,
          storable(t.goal),
          storable(t.expectedResult),
          t.configIds,
          t.resumeFromId,
          JSON.stringify(storable(t.form)),
          at,
        ],
      );
    },

    async find(id) {
      const [row] = await m.query<GoalTryRow[]>(`SELECT * FROM goal_tries WHERE id = $1`, [id]);
      return row ? toGoalTry(row) : null;
    },

    async start(id, at) {
      const [row] = returned<GoalTryRow & { url: string; default_device_preset_id: string | null }>(
        await m.query(
          `UPDATE goal_tries t
            SET status = 'RUNNING', started_at = $2, goal_done = false, checking = false,
                steps = '[]'::jsonb, screenshots = '[]'::jsonb, final_screenshot = NULL
           FROM environments e, projects p
          WHERE t.id = $1 AND t.status IN ('QUEUED', 'RUNNING') AND e.id = t.environment_id AND p.id = t.project_id
      RETURNING t.*, e.url, p.default_device_preset_id`,
          [id, at],
        ),
      );
      if (!row) return null;
      const preset = row.default_device_preset_id
        ? await m.findOne(DevicePresetEntity, { where: { id: row.default_device_preset_id } })
        : null;
      return {
        id: row.id,
        projectId: row.project_id,
        goal: row.goal,
        expectedResult: row.expected_result,
        baseUrl: row.url,
        devicePreset: toDevicePreset(preset),
        configs: await configValuesOf(m, secrets, row.config_ids),
        preludes: await resumeChain(
          m,
          secrets,
          row.resume_from_id,
          new Set(row.test_case_id ? [row.test_case_id] : []),
        ),
        access: await projectBrowserAccess(m, { projectId: row.project_id }),
        secrets: await projectSecretValues(m, secrets, row.project_id),
      };
    },

    async addStep(id, step, screenshot) {
      await m.query(
        `UPDATE goal_tries SET steps = steps || jsonb_build_array($2::jsonb), screenshots = screenshots || jsonb_build_array($3::text)
          WHERE id = $1 AND status = 'RUNNING'`,
        [id, JSON.stringify(storable(step)), screenshot],
      );
    },

    async markChecking(id) {
      await m.query(`UPDATE goal_tries SET goal_done = true, checking = true WHERE id = $1 AND status = 'RUNNING'`, [
        id,
      ]);
    },

    async finish(id, outcome, at) {
      const rows = returned<{ id: string }>(
        await m.query(
          `UPDATE goal_tries
            SET status = $2, goal_done = $3, checking = false, steps = $4::jsonb, final_screenshot = $5,
                result_title = $6, result_thought = $7, finished_at = $8
          WHERE id = $1 AND status IN ('QUEUED', 'RUNNING')
      RETURNING id`,
          [
            id,
            outcome.status,
            outcome.goalDone,
            JSON.stringify(storable(outcome.steps)),
            outcome.finalScreenshot,
            storable(outcome.resultTitle),
            storable(outcome.resultThought),
            at,
          ],
        ),
      );
      return rows.length > 0;
    },

    async createdBefore(before, limit) {
      const rows = await m.query<{ id: string }[]>(
        `SELECT id FROM goal_tries WHERE created_at < $1 ORDER BY created_at LIMIT $2`,
        [before, limit],
      );
      return rows.map((r) => r.id);
    },

    async delete(ids) {
      if (ids.length) await m.query(`DELETE FROM goal_tries WHERE id = ANY($1::uuid[])`, [ids]);
    },

    async formChoices(projectId): Promise<TestCaseFormChoices> {
      const [environments, configs, plans, testCases] = await Promise.all([
        m.query<
          {
            app_id: string;
            app_short_id: string;
            app_name: string;
            id: string | null;
            short_id: string | null;
            name: string | null;
            url: string | null;
            is_default: boolean | null;
          }[]
        >(
          `SELECT a.id AS app_id, a.short_id AS app_short_id, a.name AS app_name,
                  e.id, e.short_id, e.name, e.url, e.is_default
             FROM applications a
             LEFT JOIN environments e ON e.application_id = a.id AND e.is_preview = false
            WHERE a.project_id = $1
            ORDER BY a.name, e.is_default DESC, e.name`,
          [projectId],
        ),
        m.query<{ id: string; short_id: string; name: string }[]>(
          `SELECT id, short_id, name FROM configs WHERE project_id = $1 ORDER BY name`,
          [projectId],
        ),
        m.query<{ id: string; short_id: string; name: string }[]>(
          `SELECT id, short_id, name FROM test_plans WHERE project_id = $1 ORDER BY name`,
          [projectId],
        ),
        m.query<{ id: string; name: string }[]>(`SELECT id, name FROM test_cases WHERE project_id = $1 ORDER BY name`, [
          projectId,
        ]),
      ]);
      const applications: TestCaseFormChoices['applications'] = [];
      for (const row of environments) {
        let app = applications.find((a) => a.id === row.app_id);
        if (!app) {
          app = { id: row.app_id, shortId: row.app_short_id, name: row.app_name, environments: [] };
          applications.push(app);
        }
        if (row.id)
          app.environments.push({
            id: row.id,
            shortId: row.short_id!,
            name: row.name!,
            url: row.url!,
            isDefault: row.is_default === true,
          });
      }
      const named = (r: { id: string; short_id: string; name: string }) => ({
        id: r.id,
        shortId: r.short_id,
        name: r.name,
      });
      return { applications, configs: configs.map(named), plans: plans.map(named), testCases };
    },

    projectSecrets: (projectId) => projectSecretValues(m, secrets, projectId),
  };
}
