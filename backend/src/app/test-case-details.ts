// Everything the test case's page shows: the test case and its recorded steps with secret values
// masked (test-case-state.ts), its application, plans and dependencies, its history of results, and
// whether it is flaky, judged as on the list (domain/flaky.ts).
import { FLAKY_WINDOW, flakiness, type Flakiness } from '../domain/flaky.js';
import type { AppContext } from './context.js';
import type { FinishedResultRow, TestCaseHistoryRow } from './ports/test-case-queries.js';
import type { TestCaseRecord } from './records.js';
import { findTestCase, readTestCase, type RecordedSteps } from './test-case-state.js';

/** How many of its runs the page lists. */
export const HISTORY_LENGTH = 30;

export interface TestCaseDetails {
  testCase: TestCaseRecord;
  steps: RecordedSteps | null;
  applicationName: string;
  plans: { shortId: string; name: string }[];
  resumeFrom: { id: string; name: string } | null;
  waitFor: { id: string; name: string }[];
  history: TestCaseHistoryRow[];
  /** Its last finished results, oldest first. */
  results: FinishedResultRow[];
  flakiness: Flakiness;
}

/** `id`: the test case's UUID (its page's address); any project's. */
export async function testCaseDetails(ctx: AppContext, id: string): Promise<TestCaseDetails> {
  const record = await findTestCase(ctx, null, id);
  const dependencyIds = [...(record.resumeFromId ? [record.resumeFromId] : []), ...record.waitForIds];
  const [read, apps, plans, history, results, dependencies] = await Promise.all([
    readTestCase(ctx, record),
    ctx.store.catalog.applicationsById(record.projectId, [record.applicationId]),
    ctx.store.testCaseQueries.plansOf(record.id),
    ctx.store.testCaseQueries.history(record.id, HISTORY_LENGTH),
    ctx.store.testCaseQueries.lastResults([record.id], FLAKY_WINDOW),
    dependencyIds.length ? ctx.store.testCases.findByIds(record.projectId, dependencyIds) : Promise.resolve([]),
  ]);
  const named = (depId: string) => ({ id: depId, name: dependencies.find((d) => d.id === depId)?.name ?? depId });
  return {
    ...read,
    applicationName: apps[0]?.name ?? '',
    plans,
    resumeFrom: record.resumeFromId ? named(record.resumeFromId) : null,
    waitFor: record.waitForIds.map(named),
    history,
    results,
    flakiness: flakiness(results),
  };
}
