// The dashboard home's read queries: one for the projects, one for their plans with the latest run and
// the pass rate (runs_project_created and the plan's runs by date keep both cheap).
import type { EntityManager } from 'typeorm';
import type { OverviewQueries, ProjectSummary, ResultRef } from '../app/ports/overview.js';
import type { RunResult, RunStatus } from '../domain/run-state.js';

interface ProjectRow {
  id: string;
  name: string;
  slug: string;
  organization_id: string;
  organization_name: string;
  public_results: boolean;
}
const toProject = (r: ProjectRow): ProjectSummary => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  publicResults: r.public_results,
});
const PROJECT_SELECT = `SELECT p.id, p.name, p.slug, p.organization_id, o.name AS organization_name, p.public_results
  FROM projects p JOIN organizations o ON o.id = p.organization_id`;

const RESULT_TABLES: Record<ResultRef['kind'], string> = { run: 'runs', review: 'reviews', 'test-case': 'test_cases' };

export function overviewQueries(m: EntityManager): OverviewQueries {
  return {
    async projects(organizationIds) {
      const rows = await m.query<ProjectRow[]>(
        `${PROJECT_SELECT} WHERE $1::uuid[] IS NULL OR p.organization_id = ANY($1::uuid[]) ORDER BY o.name, p.name`,
        [organizationIds],
      );
      return rows.map(toProject);
    },
    async projectBySlug(slug) {
      const [row] = await m.query<ProjectRow[]>(`${PROJECT_SELECT} WHERE p.slug = $1`, [slug]);
      return row ? toProject(row) : null;
    },
    async publishedResult(ref) {
      // An id is a UUID (the caller checks its form): compared as one, so the primary key answers.
      const [match, value] = 'shortId' in ref ? ['t.short_id = $1', ref.shortId] : ['t.id = $1::uuid', ref.id];
      const [row] = await m.query<{ published: boolean }[]>(
        `SELECT EXISTS (SELECT 1 FROM ${RESULT_TABLES[ref.kind]} t JOIN projects p ON p.id = t.project_id
                         WHERE ${match} AND p.public_results) AS published`,
        [value],
      );
      return row?.published === true;
    },
    async plans(projectIds, since) {
      if (projectIds.length === 0) return [];
      const rows = await m.query<
        {
          id: string;
          project_id: string;
          name: string;
          short_id: string;
          run_short_id: string | null;
          run_status: RunStatus;
          run_result: RunResult | null;
          run_created_at: Date | null;
          finished: number;
          passed: number;
        }[]
      >(
        `SELECT tp.id, tp.project_id, tp.name, tp.short_id, latest.short_id AS run_short_id, latest.status AS run_status, latest.result AS run_result,
                latest.created_at AS run_created_at, COALESCE(period.finished, 0)::int AS finished, COALESCE(period.passed, 0)::int AS passed
           FROM test_plans tp
           LEFT JOIN LATERAL (SELECT short_id, status, result, created_at FROM runs WHERE test_plan_id = tp.id ORDER BY created_at DESC LIMIT 1) latest ON true
           LEFT JOIN LATERAL (
             SELECT count(*) FILTER (WHERE status IN ('COMPLETED', 'ERROR')) AS finished, count(*) FILTER (WHERE result = 'PASSED') AS passed
               FROM runs WHERE test_plan_id = tp.id AND created_at >= $2) period ON true
          WHERE tp.project_id = ANY($1::uuid[])
          ORDER BY tp.name`,
        [projectIds, since],
      );
      return rows.map((r) => ({
        id: r.id,
        projectId: r.project_id,
        name: r.name,
        shortId: r.short_id,
        latestRun: r.run_short_id
          ? { shortId: r.run_short_id, status: r.run_status, result: r.run_result, createdAt: r.run_created_at! }
          : null,
        finishedRuns: r.finished,
        passedRuns: r.passed,
      }));
    },
  };
}
