// The dashboard's run list and run page reads. A page of the list is one statement: the runs matching
// the filter (walking runs_project_created newest first from the cursor, or runs_project_branch and
// runs_project_commit for a branch or commit filter; LIMIT size + 1 to know whether more follow), their
// test cases counted per run (run_test_cases_run), and whether runs exist on the other side of the
// cursor.
import type { EntityManager } from 'typeorm';
import type { RunCounts, RunFilter, RunListRow, RunNeighbour, RunQueries } from '../app/ports/run-queries.js';
import type { StoredTrigger } from '../app/records.js';
import type { RepositoryHost } from '../domain/host-links.js';
import type { RunResult, RunStatus } from '../domain/run-state.js';
import { runStatus } from './run-status-query.js';

/** The counts come as RunCounts' own names. */
interface ListRow extends RunCounts {
  cursor_found: boolean;
  other_side: boolean;
  short_id: string | null;
  test_plan_name: string;
  test_plan_short_id: string;
  status: RunStatus;
  result: RunResult | null;
  trigger: StoredTrigger;
  actor: string | null;
  branch: string | null;
  commit_hash: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** The filter as SQL conditions on `r`, with its parameters numbered from `first`. */
function conditions(filter: RunFilter, first: number): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${first + params.length - 1}`));
  };
  if (filter.planShortId) add((p) => `r.test_plan_short_id = ${p}`, filter.planShortId);
  if (filter.status) add((p) => `r.status = ${p}`, filter.status);
  // A run's result counts once it has ended (the API shows none before).
  if (filter.result) add((p) => `r.result = ${p} AND r.status NOT IN ('INITIATED', 'RUNNING')`, filter.result);
  if (filter.trigger) add((p) => `r.trigger = ${p}`, filter.trigger);
  if (filter.branch) add((p) => `r.branch = ${p}`, filter.branch);
  if (filter.commitPrefix) add((p) => `lower(r.commit_hash) LIKE ${p}`, `${filter.commitPrefix}%`);
  if (filter.author) add((p) => `r.actor ILIKE ${p} ESCAPE '\\'`, `%${filter.author.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.createdFrom) add((p) => `r.created_at >= ${p}`, filter.createdFrom);
  if (filter.createdBefore) add((p) => `r.created_at < ${p}`, filter.createdBefore);
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

const counts = (r: ListRow): RunCounts => ({
  total: r.total,
  passed: r.passed,
  failed: r.failed,
  errored: r.errored,
  skipped: r.skipped,
  cancelled: r.cancelled,
  toGo: r.toGo,
});

const toNeighbour = (r: {
  short_id: string;
  status: RunStatus;
  result: RunResult | null;
  created_at: Date;
}): RunNeighbour => ({
  shortId: r.short_id,
  status: r.status,
  result: r.result,
  createdAt: r.created_at,
});

export function runQueries(m: EntityManager): RunQueries {
  return {
    async planOptions(projectId) {
      const rows = await m.query<{ short_id: string; name: string }[]>(
        `SELECT short_id, name FROM test_plans WHERE project_id = $1 ORDER BY name`,
        [projectId],
      );
      return rows.map((r) => ({ shortId: r.short_id, name: r.name }));
    },

    async list(projectId, filter, cursor, size) {
      const where = conditions(filter, 4);
      const cursorId = cursor ? ('before' in cursor ? cursor.before : cursor.after) : null;
      // Newest first, or (after a cursor, towards newer runs) oldest first and turned round below.
      const towardsNewer = cursor !== null && 'after' in cursor;
      const [pageSide, otherSide, order] = !cursor
        ? ['true', 'false', 'DESC']
        : towardsNewer
          ? ['(r.created_at, r.id) > (c.created_at, c.id)', '(r.created_at, r.id) <= (c.created_at, c.id)', 'ASC']
          : ['(r.created_at, r.id) < (c.created_at, c.id)', '(r.created_at, r.id) >= (c.created_at, c.id)', 'DESC'];
      const rows = await m.query<ListRow[]>(
        `WITH c AS (SELECT created_at, id FROM runs WHERE project_id = $1 AND short_id = $2),
              page AS (
                SELECT r.id, r.short_id, r.test_plan_name, r.test_plan_short_id, r.status, r.result, r.trigger, r.actor, r.branch, r.commit_hash,
                       r.created_at, r.started_at, r.finished_at
                  FROM runs r LEFT JOIN c ON true
                 WHERE r.project_id = $1 AND ($2::text IS NULL OR c.id IS NOT NULL) AND ${pageSide}${where.sql}
                 ORDER BY r.created_at ${order}, r.id ${order}
                 LIMIT $3),
              other AS (
                SELECT EXISTS (SELECT 1 FROM c) AS cursor_found,
                       EXISTS (SELECT 1 FROM runs r, c WHERE r.project_id = $1 AND ${otherSide}${where.sql}) AS other_side)
         SELECT other.cursor_found, other.other_side, page.*, tc.*
           FROM other
           LEFT JOIN page ON true
           LEFT JOIN LATERAL (
             SELECT count(*)::int AS total,
                    count(*) FILTER (WHERE status = 'COMPLETED' AND result = 'PASSED')::int AS passed,
                    count(*) FILTER (WHERE status = 'COMPLETED' AND result = 'FAILED')::int AS failed,
                    count(*) FILTER (WHERE status = 'ERROR')::int AS errored,
                    count(*) FILTER (WHERE status = 'SKIPPED')::int AS skipped,
                    count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled,
                    count(*) FILTER (WHERE status IN ('PENDING', 'RUNNING'))::int AS "toGo"
               FROM run_test_cases WHERE run_id = page.id) tc ON page.id IS NOT NULL
          ORDER BY page.created_at ${order}, page.id ${order}`,
        [projectId, cursorId, size + 1, ...where.params],
      );
      const found = rows.filter((r) => r.short_id !== null);
      const more = found.length > size;
      const listed: RunListRow[] = found.slice(0, size).map((r) => ({
        shortId: r.short_id!,
        planName: r.test_plan_name,
        planShortId: r.test_plan_short_id,
        status: r.status,
        result: r.result,
        trigger: r.trigger,
        actor: r.actor,
        branch: r.branch,
        commitHash: r.commit_hash,
        createdAt: r.created_at,
        startedAt: r.started_at,
        finishedAt: r.finished_at,
        counts: counts(r),
      }));
      const head = rows[0]!;
      if (towardsNewer) listed.reverse();
      return {
        rows: listed,
        newer: towardsNewer ? more : head.other_side,
        older: towardsNewer ? head.other_side : more,
        cursorFound: cursor === null || head.cursor_found,
      };
    },

    async previousOfPlan(run) {
      const [row] = await m.query<
        { short_id: string; status: RunStatus; result: RunResult | null; created_at: Date }[]
      >(
        `SELECT short_id, status, result, created_at FROM runs
          WHERE project_id = $1 AND test_plan_short_id = $2 AND (created_at, id) < ($3, $4)
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [run.projectId, run.testPlanShortId, run.createdAt, run.id],
      );
      return row ? toNeighbour(row) : null;
    },

    async byId(id) {
      const [row] = await m.query<
        {
          short_id: string;
          status: RunStatus;
          result: RunResult | null;
          created_at: Date;
        }[]
      >(`SELECT short_id, status, result, created_at FROM runs WHERE id = $1`, [id]);
      return row ? toNeighbour(row) : null;
    },

    async stepSentences(versions) {
      const found = new Map<string, string[]>();
      if (versions.length === 0) return found;
      const rows = await m.query<{ test_case_id: string; version: number; steps: { sentence?: unknown }[] }[]>(
        `SELECT v.test_case_id, v.version, v.steps
           FROM test_case_step_versions v
           JOIN unnest($1::uuid[], $2::int[]) AS wanted(test_case_id, version) ON wanted.test_case_id = v.test_case_id AND wanted.version = v.version`,
        [versions.map((v) => v.testCaseId), versions.map((v) => v.version)],
      );
      for (const row of rows) {
        found.set(
          `${row.test_case_id}:${row.version}`,
          (Array.isArray(row.steps) ? row.steps : []).map((s) => (typeof s?.sentence === 'string' ? s.sentence : '')),
        );
      }
      return found;
    },

    runStatus: (projectId, shortId, withTestCases, extensions) =>
      runStatus(m, projectId, shortId, withTestCases, extensions),

    async repositoryOf(projectId) {
      const [row] = await m.query<
        {
          host: RepositoryHost;
          api_url: string;
          repository: string;
        }[]
      >(`SELECT host, api_url, repository FROM repository_connections WHERE project_id = $1`, [projectId]);
      return row ? { host: row.host, apiUrl: row.api_url, repository: row.repository } : null;
    },
  };
}
