// The dashboard's test case list: a page of a project's test cases with their last results and
// whether they are flaky. Flakiness is judged from results (domain/flaky.ts), so filtering by it reads
// the results of every matching test case first (one query), then pages the flaky ones.
import { FLAKY_WINDOW, flakiness, type Flakiness } from '../domain/flaky.js';
import type { AppContext } from './context.js';
import type { FinishedResultRow, StoredState, TestCaseCounts, TestCaseListRow } from './ports/test-case-queries.js';

export type TestCaseState = StoredState | 'flaky';
export const TEST_CASE_STATES: readonly TestCaseState[] = [
  'failed-burn-in',
  'burning-in',
  'disabled',
  'enabled',
  'flaky',
];

export interface TestCaseListQuery {
  search: string | null;
  planShortId: string | null;
  state: TestCaseState | null;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface TestCaseListItem extends TestCaseListRow {
  /** Its last finished results, oldest first. */
  results: FinishedResultRow[];
  flakiness: Flakiness;
}

export interface TestCaseList {
  items: TestCaseListItem[];
  /** Of all that match the filters (not only this page). */
  counts: TestCaseCounts;
  plans: { shortId: string; name: string }[];
}

function resultsBy(rows: FinishedResultRow[]): Map<string, FinishedResultRow[]> {
  const out = new Map<string, FinishedResultRow[]>();
  for (const row of rows) out.set(row.testCaseId, [...(out.get(row.testCaseId) ?? []), row]);
  return out;
}

export async function listTestCases(
  ctx: AppContext,
  projectId: string,
  query: TestCaseListQuery,
): Promise<TestCaseList> {
  const q = ctx.store.testCaseQueries;
  const paging = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const filter = {
    search: query.search,
    planShortId: query.planShortId,
    state: query.state === 'flaky' ? null : query.state,
    ids: null,
  };
  const rows = async () => {
    if (query.state !== 'flaky') {
      const page = await q.page(projectId, filter, paging);
      return {
        page,
        results: resultsBy(
          await q.lastResults(
            page.rows.map((r) => r.id),
            FLAKY_WINDOW,
          ),
        ),
      };
    }
    const results = resultsBy(await q.lastResults(await q.matchingIds(projectId, filter), FLAKY_WINDOW));
    const flaky = [...results].filter(([, mine]) => flakiness(mine).flaky).map(([id]) => id);
    return { page: await q.page(projectId, { ...filter, ids: flaky }, paging), results };
  };
  const [plans, { page, results }] = await Promise.all([q.planChoices(projectId), rows()]);
  return {
    counts: page.counts,
    plans,
    items: page.rows.map((row) => {
      const mine = results.get(row.id) ?? [];
      return { ...row, results: mine, flakiness: flakiness(mine) };
    }),
  };
}
