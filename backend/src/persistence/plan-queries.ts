// The dashboard's plan queries: a project's plans in four queries whatever their number (plans, their
// test cases, the applications with the environment and preset each runs with, the schedules), and
// a plan's badge (runs_plan_created finds its last finished run).
import type { EntityManager } from 'typeorm';
import type { PlanBadge, PlanDetails, PlanQueries } from '../app/ports/plan-queries.js';
import type { StoredEmailChannel, StoredTeamsChannel } from './notification-columns.js';

export function planQueries(m: EntityManager): PlanQueries {
  return {
    async plans(projectId) {
      const plans = await m.query<
        {
          id: string;
          short_id: string;
          name: string;
          description: string | null;
          owner: string | null;
          slack_channel: string | null;
          slack_notify_on: 'always' | 'failure' | null;
          email_notifications: StoredEmailChannel[] | null;
          teams_notifications: StoredTeamsChannel[] | null;
          badge_token: string;
          is_default: boolean | null;
        }[]
      >(
        `SELECT tp.id, tp.short_id, tp.name, tp.description, tp.owner, tp.slack_channel, tp.slack_notify_on, tp.email_notifications, tp.teams_notifications, tp.badge_token, (p.default_test_plan_id = tp.id) AS is_default
           FROM test_plans tp JOIN projects p ON p.id = tp.project_id
          WHERE tp.project_id = $1
          ORDER BY lower(tp.name), tp.name`,
        [projectId],
      );
      if (plans.length === 0) return [];
      const ids = plans.map((p) => p.id);
      const [members, applications, schedules] = await Promise.all([
        m.query<
          {
            test_plan_id: string;
            id: string;
            name: string;
            is_enabled: boolean;
            generation_status: PlanDetails['testCases'][number]['generationStatus'];
          }[]
        >(
          `SELECT m.test_plan_id, tc.id, tc.name, tc.is_enabled, tc.generation_status
             FROM test_plan_test_cases m JOIN test_cases tc ON tc.id = m.test_case_id
            WHERE m.test_plan_id = ANY($1::uuid[])
            ORDER BY m.position`,
          [ids],
        ),
        m.query<
          {
            test_plan_id: string;
            name: string;
            environment_name: string | null;
            environment_url: string | null;
            from_plan: boolean;
            device_preset: string | null;
          }[]
        >(
          `WITH used AS (
             SELECT DISTINCT m.test_plan_id, tc.application_id FROM test_plan_test_cases m JOIN test_cases tc ON tc.id = m.test_case_id WHERE m.test_plan_id = ANY($1::uuid[])
             UNION
             SELECT test_plan_id, application_id FROM test_plan_applications WHERE test_plan_id = ANY($1::uuid[])
           )
           SELECT u.test_plan_id, a.name, COALESCE(pe.name, de.name) AS environment_name, COALESCE(pe.url, de.url) AS environment_url,
                  (tpa.environment_id IS NOT NULL) AS from_plan, dp.name AS device_preset
             FROM used u
             JOIN applications a ON a.id = u.application_id
             JOIN projects p ON p.id = a.project_id
             LEFT JOIN test_plan_applications tpa ON tpa.test_plan_id = u.test_plan_id AND tpa.application_id = u.application_id
             LEFT JOIN environments pe ON pe.id = tpa.environment_id
             LEFT JOIN environments de ON de.application_id = a.id AND de.is_default
             LEFT JOIN device_presets dp ON dp.id = COALESCE(tpa.device_preset_id, p.default_device_preset_id)
            ORDER BY lower(a.name), a.name`,
          [ids],
        ),
        m.query<{ test_plan_id: string; cron: string; description: string; timezone: string; enabled: boolean }[]>(
          `SELECT test_plan_id, cron, description, timezone, enabled FROM test_plan_schedules WHERE test_plan_id = ANY($1::uuid[]) ORDER BY created_at, id`,
          [ids],
        ),
      ]);
      return plans.map((p) => ({
        id: p.id,
        shortId: p.short_id,
        name: p.name,
        description: p.description,
        owner: p.owner,
        isDefault: p.is_default === true,
        testCases: members
          .filter((t) => t.test_plan_id === p.id)
          .map((t) => ({ id: t.id, name: t.name, isEnabled: t.is_enabled, generationStatus: t.generation_status })),
        applications: applications
          .filter((a) => a.test_plan_id === p.id)
          .map((a) => ({
            name: a.name,
            environment:
              a.environment_name !== null && a.environment_url !== null
                ? { name: a.environment_name, url: a.environment_url }
                : null,
            fromPlan: a.from_plan,
            devicePreset: a.device_preset,
          })),
        schedules: schedules
          .filter((s) => s.test_plan_id === p.id)
          .map((s) => ({ cron: s.cron, description: s.description, timezone: s.timezone, enabled: s.enabled })),
        slack: p.slack_channel ? { channel: p.slack_channel, notifyOn: p.slack_notify_on ?? 'always' } : null,
        email: p.email_notifications?.map((e) => ({ to: e.to, notifyOn: e.notifyOn })) ?? null,
        teams: p.teams_notifications?.map((t) => ({ label: t.label, notifyOn: t.notifyOn })) ?? null,
        badgeToken: p.badge_token,
      }));
    },

    async badge(planShortId) {
      const [row] = await m.query<
        {
          name: string;
          badge_token: string;
          public_results: boolean;
          status: NonNullable<PlanBadge['lastFinished']>['status'] | null;
          result: NonNullable<PlanBadge['lastFinished']>['result'];
        }[]
      >(
        `SELECT tp.name, tp.badge_token, p.public_results, last.status, last.result
           FROM test_plans tp
           JOIN projects p ON p.id = tp.project_id
           LEFT JOIN LATERAL (
             SELECT status, result FROM runs WHERE test_plan_id = tp.id AND status IN ('COMPLETED', 'ERROR') ORDER BY created_at DESC LIMIT 1
           ) last ON true
          WHERE tp.short_id = $1`,
        [planShortId],
      );
      if (!row) return null;
      return {
        name: row.name,
        badgeToken: row.badge_token,
        publicResults: row.public_results,
        lastFinished: row.status ? { status: row.status, result: row.result } : null,
      };
    },
  };
}
