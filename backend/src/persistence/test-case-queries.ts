// The dashboard's test case queries: a page of test cases with their application and plans (one query),
// the last results of the test cases on it (one query, run_test_cases_test_case keeps it an index
// read per test case), a test case's history.
import type { EntityManager } from 'typeorm';
import type {
  FinishedResultRow,
  TestCaseFilter,
  TestCaseHistoryRow,
  TestCaseListRow,
  TestCaseQueries,
} from '../app/ports/test-case-queries.js';

/** The WHERE of a filter, its values numbered from `first`. */
function where(filter: TestCaseFilter, first: number): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const next = (value: unknown) => {
    values.push(value);
    return `$${first + values.length - 1}`;
  };
  if (filter.search) parts.push(`tc.name ILIKE ${next(`%${filter.search.replace(/[\\%_]/g, '\\$&')}%`)}`);
  if (filter.planShortId) {
    parts.push(
      `EXISTS (SELECT 1 FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id WHERE m.test_case_id = tc.id AND p.short_id = ${next(filter.planShortId)})`,
    );
  }
  if (filter.state === 'failed-burn-in') parts.push(`tc.generation_status = 'FAILED'`);
  if (filter.state === 'burning-in') parts.push(`tc.generation_status = 'GENERATING'`);
  if (filter.state === 'disabled') parts.push('NOT tc.is_enabled');
  if (filter.state === 'enabled') parts.push('tc.is_enabled');
  if (filter.ids) parts.push(`tc.id = ANY(${next(filter.ids)}::uuid[])`);
  return { sql: parts.map((p) => ` AND ${p}`).join(''), values };
}

interface ListRow {
  id: string;
  name: string;
  application_name: string;
  generation_status: TestCaseListRow['generationStatus'];
  generation_error: string | null;
  is_enabled: boolean;
  created_via: 'api' | 'apply';
  plans: { shortId: string; name: string }[];
  total: number;
  failed_burn_in: number;
  burning_in: number;
  disabled: number;
}

/** The counts of the matching test cases; `over`: ' OVER ()' to count them beside each row. */
const counts = (over = '') =>
  `count(*)${over} AS total, count(*) FILTER (WHERE tc.generation_status = 'FAILED')${over} AS failed_burn_in,
   count(*) FILTER (WHERE tc.generation_status = 'GENERATING')${over} AS burning_in, count(*) FILTER (WHERE NOT tc.is_enabled)${over} AS disabled`;

const toCounts = (
  r:
    | {
        total: number | string;
        failed_burn_in: number | string;
        burning_in: number | string;
        disabled: number | string;
      }
    | undefined,
) => ({
  total: Number(r?.total ?? 0),
  failedBurnIn: Number(r?.failed_burn_in ?? 0),
  burningIn: Number(r?.burning_in ?? 0),
  disabled: Number(r?.disabled ?? 0),
});

export function testCaseQueries(m: EntityManager): TestCaseQueries {
  async function matchingIds(projectId: string, filter: TestCaseFilter): Promise<string[]> {
    const w = where(filter, 2);
    const rows = await m.query<{ id: string }[]>(`SELECT tc.id FROM test_cases tc WHERE tc.project_id = $1${w.sql}`, [
      projectId,
      ...w.values,
    ]);
    return rows.map((r) => r.id);
  }

  return {
    matchingIds,

    async page(projectId, filter, page) {
      const w = where(filter, 4);
      const rows = await m.query<ListRow[]>(
        `SELECT tc.id, tc.name, a.name AS application_name, tc.generation_status, tc.generation_error, tc.is_enabled, tc.created_via,
                COALESCE(plans.list, '[]'::json) AS plans, ${counts(' OVER ()')}
           FROM test_cases tc
           JOIN applications a ON a.id = tc.application_id
           LEFT JOIN LATERAL (
             SELECT json_agg(json_build_object('shortId', p.short_id, 'name', p.name) ORDER BY p.name) AS list
               FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id WHERE m.test_case_id = tc.id) plans ON true
          WHERE tc.project_id = $1${w.sql}
          ORDER BY lower(tc.name), tc.name
          LIMIT $2 OFFSET $3`,
        [projectId, page.limit, page.offset, ...w.values],
      );
      // A page past the end has no rows to carry the counts: count them alone.
      const w2 = where(filter, 2);
      const matching = rows[0]
        ? toCounts(rows[0])
        : toCounts(
            (
              await m.query(`SELECT ${counts()} FROM test_cases tc WHERE tc.project_id = $1${w2.sql}`, [
                projectId,
                ...w2.values,
              ])
            )[0],
          );
      return {
        counts: matching,
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          applicationName: r.application_name,
          generationStatus: r.generation_status,
          generationError: r.generation_error,
          isEnabled: r.is_enabled,
          createdVia: r.created_via,
          plans: r.plans,
        })),
      };
    },

    async lastResults(testCaseIds, count) {
      if (testCaseIds.length === 0) return [];
      const rows = await m.query<
        {
          test_case_id: string;
          run_short_id: string;
          run_test_case_short_id: string;
          outcome: FinishedResultRow['outcome'];
          result_title: string | null;
          commit_hash: string | null;
          finished_at: Date;
        }[]
      >(
        `SELECT ids.id AS test_case_id, last.*
           FROM unnest($1::uuid[]) AS ids(id)
           CROSS JOIN LATERAL (
             SELECT r.short_id AS run_short_id, rtc.short_id AS run_test_case_short_id, COALESCE(rtc.result, rtc.status) AS outcome,
                    rtc.result_title, r.commit_hash, rtc.finished_at
               FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id
              WHERE rtc.test_case_id = ids.id AND rtc.status IN ('COMPLETED', 'ERROR', 'SKIPPED') AND rtc.finished_at IS NOT NULL
              ORDER BY rtc.finished_at DESC
              LIMIT $2) last
          ORDER BY last.finished_at`,
        [testCaseIds, count],
      );
      return rows.map((r) => ({
        testCaseId: r.test_case_id,
        runShortId: r.run_short_id,
        runTestCaseShortId: r.run_test_case_short_id,
        outcome: r.outcome,
        resultTitle: r.result_title,
        commitHash: r.commit_hash,
        finishedAt: r.finished_at,
      }));
    },

    async history(testCaseId, limit) {
      const rows = await m.query<
        {
          run_short_id: string;
          run_test_case_short_id: string;
          status: TestCaseHistoryRow['status'];
          result: TestCaseHistoryRow['result'];
          result_title: string | null;
          trigger: TestCaseHistoryRow['trigger'];
          actor: string | null;
          branch: string | null;
          commit_hash: string | null;
          created_at: Date;
          finished_at: Date | null;
        }[]
      >(
        `SELECT r.short_id AS run_short_id, rtc.short_id AS run_test_case_short_id, rtc.status, rtc.result, rtc.result_title,
                r.trigger, r.actor, r.branch, r.commit_hash, r.created_at, rtc.finished_at
           FROM run_test_cases rtc JOIN runs r ON r.id = rtc.run_id
          WHERE rtc.test_case_id = $1
          ORDER BY rtc.finished_at DESC NULLS FIRST, r.created_at DESC
          LIMIT $2`,
        [testCaseId, limit],
      );
      return rows.map((r) => ({
        runShortId: r.run_short_id,
        runTestCaseShortId: r.run_test_case_short_id,
        status: r.status,
        result: r.result,
        resultTitle: r.result_title,
        trigger: r.trigger,
        actor: r.actor,
        branch: r.branch,
        commitHash: r.commit_hash,
        createdAt: r.created_at,
        finishedAt: r.finished_at,
      }));
    },

    async plansOf(testCaseId) {
      return await m.query<{ shortId: string; name: string }[]>(
        `SELECT p.short_id AS "shortId", p.name FROM test_plan_test_cases m JOIN test_plans p ON p.id = m.test_plan_id WHERE m.test_case_id = $1 ORDER BY p.name`,
        [testCaseId],
      );
    },

    async planChoices(projectId) {
      return await m.query<{ shortId: string; name: string }[]>(
        `SELECT short_id AS "shortId", name FROM test_plans WHERE project_id = $1 ORDER BY name`,
        [projectId],
      );
    },
  };
}
